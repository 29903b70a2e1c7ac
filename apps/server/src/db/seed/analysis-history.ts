import { examBodySchema } from '@kaopei/shared/contracts/exam';
import { createExam, publishExam } from '../../modules/exam/exam.service';
import { updateExam } from '../../modules/exam/exam.repo';
import { seededRng } from '../../modules/paper/paper.rng';
import { simulateAttempts } from './attempts';
import { adminContext, DAY_MS, need, type Demo } from './demo';

/**
 * Demo data of issue 19 (staff analysis): a monthly knowledge quiz in each of the four months before the
 * seeding month, sat by a fifth to a third of the simulated staff (its only candidates), so that the analysis pages' monthly trends
 * show more than one month. Built like the other demo exams: published through the exams module while
 * open, attempts simulated on the objective paper, then the window moved into its month.
 */
export const HISTORY_EXAM_PREFIX = '月度知识测验';
const HOUR_MS = 3600_000;
const BEIJING_OFFSET_MS = 8 * HOUR_MS;
const MONTHS_BACK = 4;

/** The 10th of the month `back` months before `now`'s (Beijing), 09:00 Beijing time. */
function tenthOf(now: number, back: number): { at: number; label: string } {
  const local = new Date(now + BEIJING_OFFSET_MS);
  const first = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 10, 9) - BEIJING_OFFSET_MS;
  const d = new Date(first + BEIJING_OFFSET_MS);
  return { at: first, label: `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月` };
}

async function monthlyQuiz(demo: Demo, back: number, share: number, rng: () => number): Promise<void> {
  const { at: startAt, label } = tenthOf(demo.now, back);
  const endAt = startAt + 3 * DAY_MS;
  const durationMinutes = 30;
  const paperId = need(demo.papers, 'manual');
  const ctx = adminContext(demo);
  // Only the simulated staff who sit it are its candidates: the named demo people's lists stay as they were.
  const sat = demo.staff.filter(() => rng() < share);
  const input = examBodySchema.parse({
    name: `${HISTORY_EXAM_PREFIX}（${label}）`,
    description: '每月一次的岗位知识测验（演示数据：往月记录）。',
    paperIds: [paperId],
    startAt: demo.now - HOUR_MS,
    endAt: demo.now + HOUR_MS,
    durationMinutes,
    audience: { mode: 'assigned', userIds: sat },
    notify: false,
  });
  const created = await createExam(demo.db, ctx, input);
  const exam = await publishExam(demo.db, ctx, created.id);
  const latest = endAt - durationMinutes * 60_000;
  await simulateAttempts(
    demo,
    {
      examId: exam.id,
      paperId,
      passScore: exam.passScore,
      durationMinutes,
      endAt,
      partialCredit: input.settings.partialCredit,
    },
    sat.map((userId) => ({ userId, startAt: Math.round(startAt + rng() ** 1.5 * (latest - startAt)) })),
    rng,
    endAt,
  );
  await updateExam(demo.db, exam.id, {
    startAt: new Date(startAt),
    endAt: new Date(endAt),
    publishedAt: new Date(startAt - DAY_MS),
    // Created in its month, so lists newest first show this month's exams before it.
    createdAt: new Date(startAt - 2 * DAY_MS),
  });
}

/** Demo step: four past monthly quizzes (more people sat them as the months went on). */
export async function seedDemoAnalysisHistory(demo: Demo): Promise<void> {
  const rng = seededRng('kaopei-demo-analysis-history');
  for (let back = MONTHS_BACK; back >= 1; back--)
    await monthlyQuiz(demo, back, 0.2 + (MONTHS_BACK - back) * 0.05, rng);
}
