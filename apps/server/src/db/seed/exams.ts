import { eq } from 'drizzle-orm';
import { examBodySchema, type ExamBody } from '@kaopei/shared/contracts/exam';
import { examCandidates } from '../schema';
import { createExam, publishExam } from '../../modules/exam/exam.service';
import { updateExam } from '../../modules/exam/exam.repo';
import { seededRng, type Rng } from '../../modules/paper/paper.rng';
import { simulateAttempts, type Sitting } from './attempts';
import { adminContext, DAY_MS, need, recordDemoActivity, type Demo } from './demo';

/** The demo's exams: one not yet open, one open now (zhangsan has not started it), one finished last week. */
export const DEMO_EXAM_NAMES = {
  upcoming: '前端开发岗位技能考核',
  running: '全员安全生产知识考试',
  finished: '安全生产月度考核',
} as const;

const HOUR_MS = 3600_000;
const BEIJING_OFFSET_MS = 8 * HOUR_MS;

/** `days` from the seeding day at `hour` o'clock Beijing time (the demo's people are in China). */
function beijingAt(now: number, days: number, hour: number): number {
  const dayStart = Math.floor((now + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
  return dayStart + days * DAY_MS + hour * HOUR_MS;
}

/** Every department (the top ones with their sub-departments). */
function everyone(demo: Demo): ExamBody['audience'] {
  const top = ['总经办', '技术部', '人力资源部', '市场部'];
  return {
    mode: 'assigned',
    departmentIds: top.map((name) => need(demo.departments, name)),
    includeSubDepartments: true,
  };
}

/** Creates and publishes an exam through the exams module, as the administrator does. */
async function publish(demo: Demo, body: ExamBody) {
  const ctx = adminContext(demo);
  const input = examBodySchema.parse(body);
  const created = await createExam(demo.db, ctx, input);
  const exam = await publishExam(demo.db, ctx, created.id);
  return { id: exam.id, passScore: exam.passScore, settings: input.settings };
}

/** The exam's candidates (resolved from its audience at publish). */
async function candidatesOf(demo: Demo, examId: number): Promise<number[]> {
  const rows = await demo.db
    .select({ userId: examCandidates.userId })
    .from(examCandidates)
    .where(eq(examCandidates.examId, examId))
    .orderBy(examCandidates.userId);
  return rows.map((row) => row.userId);
}

/** Start times spread over [from, to), most people early in the window. */
function sittings(userIds: number[], from: number, to: number, rng: Rng): Sitting[] {
  return userIds.map((userId) => ({ userId, startAt: Math.round(from + rng() ** 1.5 * (to - from)) }));
}

/** Next Thursday's skills exam for 技术部, with the random paper: published, nobody can start yet. */
async function upcomingExam(demo: Demo): Promise<void> {
  await publish(demo, {
    name: DEMO_EXAM_NAMES.upcoming,
    description: '技术部前端开发岗位技能考核，试题从岗位技能题库随机抽取。',
    paperIds: [need(demo.papers, 'random')],
    startAt: beijingAt(demo.now, 3, 9),
    endAt: beijingAt(demo.now, 3, 18),
    durationMinutes: 60,
    audience: {
      mode: 'assigned',
      departmentIds: [need(demo.departments, '技术部')],
      includeSubDepartments: true,
    },
  });
}

/**
 * The exam open this week for everyone, with the fixed paper: about a third of the simulated staff have
 * sat it; zhangsan (and the other named people) have not, so a new user can take it.
 */
async function runningExam(demo: Demo, rng: Rng): Promise<void> {
  const startAt = beijingAt(demo.now, -1, 9);
  const durationMinutes = 45;
  const exam = await publish(demo, {
    name: DEMO_EXAM_NAMES.running,
    description: '全体员工参加，客观题提交后立即出分。',
    paperIds: [need(demo.papers, 'manual')],
    startAt,
    endAt: beijingAt(demo.now, 6, 18),
    durationMinutes,
    audience: everyone(demo),
    settings: { showScore: 'immediately' },
  });
  const simulated = new Set(demo.staff);
  const sat = (await candidatesOf(demo, exam.id)).filter((userId) => simulated.has(userId) && rng() < 0.35);
  const latest = demo.now - (durationMinutes + 10) * 60_000;
  await simulateAttempts(
    demo,
    {
      examId: exam.id,
      paperId: need(demo.papers, 'manual'),
      passScore: exam.passScore,
      durationMinutes,
      endAt: beijingAt(demo.now, 6, 18),
      partialCredit: exam.settings.partialCredit,
    },
    sittings(sat, startAt, Math.max(startAt + 60_000, latest), rng),
    rng,
    demo.now,
  );
  await recordDemoActivity(demo, [
    { at: startAt - DAY_MS, action: '发布考试', detail: `发布了考试「${DEMO_EXAM_NAMES.running}」` },
  ]);
}

/**
 * Last week's monthly exam with the paper that has short answers: almost everyone sat it (the named
 * staff too), the administrator marked the short answers the day after it closed. Published while open
 * (the exams module refuses to publish a closed window), then moved to last week.
 */
async function finishedExam(demo: Demo, rng: Rng): Promise<void> {
  const startAt = beijingAt(demo.now, -9, 9);
  const endAt = beijingAt(demo.now, -7, 18);
  const durationMinutes = 60;
  const paperId = need(demo.papers, 'subjective');
  const exam = await publish(demo, {
    name: DEMO_EXAM_NAMES.finished,
    description: '本月安全生产考核，含简答题，阅卷后公布成绩。',
    paperIds: [paperId],
    startAt,
    endAt: demo.now + HOUR_MS,
    durationMinutes,
    audience: everyone(demo),
    notify: false,
  });
  const named = new Set(
    [...demo.people.entries()].filter(([account]) => account !== 'admin').map(([, id]) => id),
  );
  const sat = (await candidatesOf(demo, exam.id)).filter(
    (userId) => named.has(userId) || (userId !== need(demo.people, 'admin') && rng() < 0.93),
  );
  const markedAt = endAt + DAY_MS;
  await simulateAttempts(
    demo,
    {
      examId: exam.id,
      paperId,
      passScore: exam.passScore,
      durationMinutes,
      endAt,
      partialCredit: exam.settings.partialCredit,
    },
    sittings(sat, startAt, endAt - durationMinutes * 60_000, rng),
    rng,
    markedAt,
  );
  await updateExam(demo.db, exam.id, { endAt: new Date(endAt), publishedAt: new Date(startAt - 2 * DAY_MS) });
  await recordDemoActivity(demo, [
    { at: startAt - 2 * DAY_MS, action: '发布考试', detail: `发布了考试「${DEMO_EXAM_NAMES.finished}」` },
    {
      at: markedAt,
      action: '阅卷',
      detail: `完成了考试「${DEMO_EXAM_NAMES.finished}」的阅卷（${sat.length} 份答卷）`,
    },
  ]);
}

/** Demo step: the three exams, with the simulated candidates' attempts. */
export async function seedDemoExams(demo: Demo): Promise<void> {
  const rng = seededRng('kaopei-demo-exams');
  await finishedExam(demo, rng);
  await runningExam(demo, rng);
  await upcomingExam(demo);
  await recordDemoActivity(demo, [
    { at: demo.now - HOUR_MS, action: '发布考试', detail: `发布了考试「${DEMO_EXAM_NAMES.upcoming}」` },
  ]);
}
