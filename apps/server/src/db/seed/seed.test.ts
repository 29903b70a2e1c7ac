import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  call,
  createOrg,
  createTestApp,
  tokenRequest,
  type TestApp,
  type TestUser,
} from '../../../test/harness';
import { rowsOf } from '../client';
import { DEMO_ORG_NAME, seedDemo } from './index';
import { DEMO_EXAM_NAMES } from './exams';
import { DEMO_PAPER_NAMES } from './papers';
import { SIMULATED_STAFF_COUNT } from './staff';
import { DEMO_EVALUATION } from './post-exams';
import { DEMO_PRACTICES } from './practices';
import { DEMO_MISKEYED } from './question-data';
import { DEMO_REPORT_SCHEDULE } from './analysis-reports';
import { DEMO_MENTAL_EXAMS } from './psych';
import { DEMO_AUTO_RULE } from './exam-auto';
import { DEMO_RECRUITMENT } from './recruitment';
import { demoDocx } from './recruitment-resumes';
import { docxText, resumeType } from '../../modules/recruitment/resume-text';
import type { ExamAnalysis } from '@kaopei/shared/contracts/exam-analysis';

/**
 * The demo organisation after a first start (issue 14): what the pages a new user opens first read
 * through the API shows papers of each kind, exams in each state and a finished exam's true results.
 */

const PASSWORD = 'Kaopei@2024';
let t: TestApp;
let admin: TestUser;
let zhangsan: TestUser;

async function signIn(account: string): Promise<TestUser> {
  const res = await tokenRequest(t, { username: account, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return { id: 0, account, phone: '', token: res.json().access_token as string };
}

type Data = Record<string, unknown>;
async function data<T = Data>(user: TestUser, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await call(t, method, url, { user, body });
  expect(res.status, `${url}: ${res.body.message}`).toBe(200);
  return { data: res.body.res?.data as T, total: res.body.res?.total };
}

interface ExamRowLike {
  id: number;
  name: string;
  state: string;
  passScore: number;
  candidateCount: number;
  submittedCount: number;
  papers: { paperId: number; totalScore?: number }[];
}

async function examNamed(name: string): Promise<ExamRowLike> {
  const { data: rows } = await data<ExamRowLike[]>(admin, 'POST', '/exam/api/v1/exam/search?pageSize=50', {
    keyword: name,
  });
  const exam = rows.find((row) => row.name === name);
  if (!exam) throw new Error(`exam ${name} missing`);
  return exam;
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.app.deps;
  // The shared PostgreSQL test database may already hold the demo (app.test.ts seeds it too).
  const started = performance.now();
  const seeded = await seedDemo(db, PASSWORD, t.app.deps.storage);
  if (seeded) console.info(`demo seed: ${Math.round(performance.now() - started)} ms`);
  expect(await seedDemo(db, PASSWORD, t.app.deps.storage)).toBe(false);
  admin = await signIn('admin');
  zhangsan = await signIn('zhangsan');
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('demo organisation', () => {
  it('fills the console: staff, papers, exams and an activity feed of what was done', async () => {
    const { data: stats } = await data<{
      figures: { staffCount: number; paperCount: number; examCount: number; questionBankCount: number };
      recentActivity: { action: string; detail: string | null }[];
    }>(admin, 'GET', '/user/api/v1/statistic/console');
    // With the post paper and exam of Java开发工程师 and the 测评 bank, paper and exam (post-exams.ts), and the
    // exam section of 新员工入职培训 (course-content.ts), four past monthly quizzes (analysis-history.ts), and
    // the first exam and paper of the automatic rule 每月安全抽考 (exam-auto.ts).
    expect(stats.figures).toMatchObject({ paperCount: 7, examCount: 11, questionBankCount: 3 });
    // The six named people, the simulated staff and the recruitment demo's hire.
    expect(stats.figures.staffCount).toBe(7 + SIMULATED_STAFF_COUNT);
    const details = stats.recentActivity.map((entry) => entry.detail ?? '');
    expect(details).toContain(`发布了考试「${DEMO_EXAM_NAMES.finished}」`);
    expect(
      details.some((detail) => detail.startsWith(`完成了考试「${DEMO_EXAM_NAMES.finished}」的阅卷`)),
    ).toBe(true);
    const staff = await data<{ realName: string; jobNumber: string | null }[]>(
      admin,
      'POST',
      '/user/api/v2/staff/search?pageSize=20',
      {},
    );
    expect(staff.total).toBe(7 + SIMULATED_STAFF_COUNT);
    expect(staff.data.every((row) => /^[\u4e00-\u9fa5]{2,5}$/.test(row.realName))).toBe(true);
  });

  it('lists a manual, a random and an intelligent paper, each saved with its questions and 100 points', async () => {
    const { data: papers, total } = await data<
      {
        name: string;
        type: number;
        status: number;
        totalScore: number;
        questionCount: number;
        postIds: number[];
      }[]
    >(admin, 'POST', '/paper/api/v1/paper/search', { page: { pageNumber: 1, pageSize: 20 } });
    // The post paper of Java开发工程师 and the 测评 paper (post-exams.ts) are listed with them.
    // …and the paper the automatic rule generated (exam-auto.ts).
    expect(total).toBe(7);
    const general = papers.filter(
      (paper) =>
        paper.postIds.length === 0 &&
        paper.name !== DEMO_EVALUATION.paper &&
        !paper.name.startsWith(DEMO_AUTO_RULE),
    );
    expect(new Set(general.map((paper) => paper.type))).toEqual(new Set([0, 4, 6]));
    expect(general.map((paper) => paper.name).sort()).toEqual(Object.values(DEMO_PAPER_NAMES).sort());
    for (const paper of general) {
      expect(paper).toMatchObject({ status: 1, totalScore: 100 });
      expect(paper.questionCount).toBeGreaterThan(10);
    }
  });

  it('has an upcoming, an ongoing and an ended exam, each with a pass mark within its paper total', async () => {
    const states = Object.fromEntries(
      await Promise.all(
        Object.values(DEMO_EXAM_NAMES).map(async (name) => [name, (await examNamed(name)).state] as const),
      ),
    );
    expect(states).toEqual({
      [DEMO_EXAM_NAMES.upcoming]: 'upcoming',
      [DEMO_EXAM_NAMES.running]: 'ongoing',
      [DEMO_EXAM_NAMES.finished]: 'ended',
    });
    for (const name of Object.values(DEMO_EXAM_NAMES)) {
      const exam = await examNamed(name);
      expect(exam.passScore).toBe(60);
      expect(exam.candidateCount).toBeGreaterThan(50);
    }
  });

  it('reports the finished exam from the stored attempts: count, pass rate and scores that add up', async () => {
    const exam = await examNamed(DEMO_EXAM_NAMES.finished);
    const results = await data<
      { score: number | null; passed: boolean | null; status: number; attemptId: number }[]
    >(admin, 'POST', `/exam/api/v1/exam/result/search?examId=${exam.id}&pageSize=1000`, {});
    const rows = results.data;
    expect(results.total).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(250);
    expect(rows.length).toBeLessThan(exam.candidateCount);
    for (const row of rows) {
      expect(row.status).toBe(2);
      expect(row.passed).toBe((row.score ?? -1) >= exam.passScore);
    }
    const passed = rows.filter((row) => row.passed).length;
    const { data: report } = await data<{
      submittedCount: number;
      gradedCount: number;
      passCount: number;
      passRate: number;
      hardestQuestions: unknown[];
      distribution: { count: number }[];
    }>(admin, 'GET', `/exam/api/v1/exam/report/exam?examId=${exam.id}`);
    expect(report).toMatchObject({
      submittedCount: rows.length,
      gradedCount: rows.length,
      passCount: passed,
    });
    expect(report.passRate).toBe(Math.round((passed / rows.length) * 1000) / 10);
    // Some fail, most pass.
    expect(report.passRate).toBeGreaterThan(55);
    expect(report.passRate).toBeLessThan(98);
    expect(report.hardestQuestions.length).toBe(10);
    expect(report.distribution.reduce((sum, band) => sum + band.count, 0)).toBe(rows.length);
    // Each stored score is the sum of its questions' scores, none above the question's points.
    const mismatched = rowsOf<{ n: number }>(
      await t.app.deps.db.execute(sql`
        select count(*)::int as n from exam_attempts a
        where a.exam_id = ${exam.id} and a.score <> (
          select sum(q.score) from attempt_questions q where q.attempt_id = a.id and q.score <= q.points)`),
    );
    expect(mismatched[0]?.n).toBe(0);
  });

  it('has the finished exam marked: no answer waits for a marker', async () => {
    const exam = await examNamed(DEMO_EXAM_NAMES.finished);
    const { data: overview } = await data<{
      pendingAttempts: number;
      submittedAttempts: number;
      questions: { pending: number }[];
    }>(admin, 'GET', `/exam/api/v1/exam/check/overview?examId=${exam.id}`);
    expect(overview.pendingAttempts).toBe(0);
    expect(overview.submittedAttempts).toBe(exam.submittedCount);
    expect(overview.questions.length).toBe(2);
  });

  it('analyses the finished exam: items that discriminate, and the miskeyed one flagged', async () => {
    const exam = await examNamed(DEMO_EXAM_NAMES.finished);
    const { data: a } = await data<ExamAnalysis>(
      admin,
      'GET',
      `/exam/api/v1/analysis/exam/detail?examId=${exam.id}`,
    );
    expect(a.summary.n).toBeGreaterThan(100);
    expect(a.reliability?.value).toBeGreaterThan(0.5);
    const flawed = a.items.find((item) => item.stem.includes(DEMO_MISKEYED.stem));
    expect(flawed?.discrimination).toBeLessThan(0);
    expect(flawed?.flags).toContain('negative_discrimination');
    const others = a.items.filter((item) => item !== flawed && item.discrimination !== null);
    expect(others.every((item) => (item.discrimination ?? 0) > 0)).toBe(true);
  });

  it('offers zhangsan the running exam, not started, and shows his result of last week', async () => {
    type Mine = {
      name: string;
      attemptsUsed: number;
      openAttemptId: number | null;
      bestScore: number | null;
    };
    const mine = async (tab: string) =>
      (await data<Mine[]>(zhangsan, 'GET', `/exam/api/v1/candidate/exams?tab=${tab}`)).data;
    const ongoing = (await mine('ongoing')).find((row) => row.name === DEMO_EXAM_NAMES.running);
    expect(ongoing).toMatchObject({ attemptsUsed: 0, openAttemptId: null });
    expect((await mine('upcoming')).map((row) => row.name)).toContain(DEMO_EXAM_NAMES.upcoming);
    const finished = (await mine('finished')).find((row) => row.name === DEMO_EXAM_NAMES.finished);
    expect(finished?.bestScore).toEqual(expect.any(Number));
  });

  it('gives zhangsan a running study task with some progress, and one that ended', async () => {
    const { data: mine } = await data<
      { name: string; status: string; doneCount: number; itemCount: number }[]
    >(zhangsan, 'GET', '/course/api/v1/study/task/mine?tab=all');
    const running = mine.find((row) => row.name === '技术部季度学习任务');
    expect(running).toMatchObject({ itemCount: 3, status: 'in_progress' });
    expect(running?.doneCount).toBeGreaterThanOrEqual(1);
    expect(mine.some((row) => row.name === '安全月学习任务')).toBe(true);
    const { data: tasks } = await data<
      { name: string; status: string; assigneeCount: number; completedCount: number }[]
    >(admin, 'POST', '/course/api/v1/study/task/search', {});
    const ended = tasks.find((row) => row.name === '安全月学习任务');
    expect(ended?.status).toBe('ended');
    expect(ended?.assigneeCount).toBeGreaterThan(0);
  });

  it('has two released practice sets with rounds, and zhangsan has questions to review today', async () => {
    type Row = {
      name: string;
      status: string;
      participants: number;
      questionCount: number;
      accuracy: number;
    };
    const { data: sets } = await data<Row[]>(admin, 'GET', '/course/api/v1/practice/list?size=50');
    for (const name of Object.values(DEMO_PRACTICES)) {
      const set = sets.find((row) => row.name === name);
      expect(set, name).toMatchObject({ status: 'released' });
      expect(set!.questionCount).toBeGreaterThan(4);
      expect(set!.participants).toBeGreaterThanOrEqual(20);
      expect(set!.accuracy).toBeGreaterThan(40);
      expect(set!.accuracy).toBeLessThan(100);
    }
    const { data: review } = await data<{ dueCount: number; bookCount: number; item: unknown }>(
      zhangsan,
      'GET',
      '/course/api/v1/practice/review/next',
    );
    expect(review.dueCount).toBeGreaterThanOrEqual(3);
    expect(review.bookCount).toBeGreaterThanOrEqual(5);
    expect(review.item).not.toBeNull();
    const { total: mistakes } = await data(admin, 'GET', '/course/api/v1/practice/mistakes?size=5');
    expect(mistakes).toBeGreaterThan(5);
  });

  it("gives zhangsan this quarter's targets with his value from his stored completions", async () => {
    type Mine = {
      targetId: number;
      name: string;
      metric: string;
      startDate: string;
      endDate: string;
      value: number;
    };
    const { data: mine } = await data<Mine[]>(zhangsan, 'GET', '/course/api/v1/target/member');
    expect(mine.map((m) => m.metric).sort()).toEqual(['courses', 'hours']);
    const hours = mine.find((m) => m.metric === 'hours') as Mine;
    const [stored] = rowsOf<{ minutes: number }>(
      await t.app.deps.db.execute(sql`
        select coalesce(sum(c.minutes), 0)::int as minutes from course_members m
        join courses c on c.id = m.course_id join users u on u.id = m.user_id
        where u.account = 'zhangsan' and u.organization_id = c.organization_id
          and (m.completed_at at time zone 'Asia/Shanghai')::date between ${hours.startDate}::date and ${hours.endDate}::date`),
    );
    expect(hours.value).toBe(Math.round(((stored?.minutes ?? 0) / 60) * 10) / 10);
    const people = await data(admin, 'GET', `/course/api/v1/target/chart/people?targetId=${hours.targetId}`);
    expect(people.total).toBeGreaterThan(1);
  });

  it('shows a calibrated demo bank on 试题分析 (IRT 校准), with finite estimates', async () => {
    type Options = { banks: { id: number; name: string; calibrated: number }[] };
    const { data: options } = await data<Options>(admin, 'GET', '/user/api/v1/analysis/question/options');
    const bank = options.banks.find((b) => b.calibrated > 0);
    expect(bank, 'a calibrated demo bank').toBeDefined();
    const { data: rows, total } = await data<{ a: number; b: number; n: number }[]>(
      admin,
      'GET',
      `/user/api/v1/analysis/question/calibrations?bankId=${bank!.id}&page=0&size=100`,
    );
    expect(total).toBe(bank!.calibrated);
    for (const row of rows) {
      expect(Number.isFinite(row.a) && Number.isFinite(row.b)).toBe(true);
      expect(row.n).toBeGreaterThanOrEqual(20);
    }
  });

  it('has a monthly 分析报告 schedule, and the finished exam’s report previews with its analysis', async () => {
    const { data: schedules } = await data<{ name: string; targetName: string; recipients: unknown[] }[]>(
      admin,
      'GET',
      '/user/api/v1/analysis/report/schedule/list',
    );
    expect(schedules).toContainEqual(
      expect.objectContaining({
        name: DEMO_REPORT_SCHEDULE,
        targetName: '技术部',
        recipients: [expect.anything()],
      }),
    );
    const exam = await examNamed(DEMO_EXAM_NAMES.finished);
    const { data: report } = await data<{ title: string; exam: ExamAnalysis }>(
      admin,
      'GET',
      `/user/api/v1/analysis/report/preview?kind=exam&examId=${exam.id}`,
    );
    expect(report.title).toBe(`${DEMO_EXAM_NAMES.finished} 考试报告`);
    expect(report.exam.summary.n).toBeGreaterThan(10);
  });

  it('schedules the IPIP scale: a named and an anonymous mental exam with group views, and zhangsan has one open', async () => {
    type Row = { mentalExamId: number; name: string; anonymous: boolean; takenCount: number; status: string };
    const { data: rows } = await data<Row[]>(admin, 'GET', '/exam/api/v1/psych/exam/list?size=20');
    for (const name of Object.values(DEMO_MENTAL_EXAMS)) {
      const exam = rows.find((row) => row.name === name);
      expect(exam, name).toBeDefined();
      expect(exam!.takenCount).toBeGreaterThan(10);
      const { data: group } = await data<{ departments: unknown[]; overall: unknown }>(
        admin,
        'GET',
        `/exam/api/v1/psych/result/group?mentalExamId=${exam!.mentalExamId}`,
      );
      expect(group.overall).not.toBeNull();
      expect(group.departments.length).toBeGreaterThan(1);
    }
    const { data: mine } = await data<Row[]>(zhangsan, 'GET', '/exam/api/v1/psych/my/list');
    expect(mine.find((row) => row.name === DEMO_MENTAL_EXAMS.anonymous)).toMatchObject({
      status: 'open',
      taken: false,
    });
    const { data: papers } = await data<{ ruleName: string; questionCount: number }[]>(
      admin,
      'GET',
      '/exam/api/v1/auto/papers',
    );
    expect(papers[0]).toMatchObject({ ruleName: DEMO_AUTO_RULE, questionCount: 3 });
  });

  it('has jobs in each state, a board over the stages with moves, a campus session and an overview', async () => {
    const R = '/recruit/api/v1';
    const jobs = await data<{ jobId: number; name: string; status: string; applicants: number }[]>(
      admin,
      'GET',
      `${R}/job/list?size=50`,
    );
    const byName = new Map(jobs.data.map((j) => [j.name, j]));
    expect(byName.get(DEMO_RECRUITMENT.draftJob)?.status).toBe('draft');
    expect(byName.get(DEMO_RECRUITMENT.closedJob)?.status).toBe('closed');
    const java = byName.get(DEMO_RECRUITMENT.javaJob);
    expect(java?.status).toBe('published');
    expect(jobs.data.reduce((sum, j) => sum + j.applicants, 0)).toBe(30);
    const board = await data<{
      job: { hasPaper: boolean };
      columns: { stage: string; total: number; cards: { name: string; applicantId: number }[] }[];
    }>(admin, 'GET', `${R}/application/board?jobId=${java?.jobId}`);
    expect(board.data.job.hasPaper).toBe(true);
    const column = (stage: string) => board.data.columns.find((c) => c.stage === stage);
    expect(column('screening')?.cards.map((c) => c.name)).toContain(DEMO_RECRUITMENT.screening);
    const offer = column('offer')?.cards.find((c) => c.name === DEMO_RECRUITMENT.offer);
    expect(offer).toBeDefined();
    const person = await data<{
      name: string;
      applications: { moves: { toStage: string }[] }[];
      resumes: { mime: string; text: string }[];
    }>(admin, 'GET', `${R}/applicant/get?applicantId=${offer?.applicantId}`);
    expect(person.data.applications[0]?.moves.map((m) => m.toStage)).toEqual([
      'applied',
      'screening',
      'test',
      'interview',
      'offer',
    ]);
    expect(person.data.resumes).toHaveLength(1);
    expect(person.data.resumes[0]?.text).toContain(`毕业院校：复旦大学`);
    const campus = await data<{ school: string; applicants: number }[]>(admin, 'GET', `${R}/campus/list`);
    expect(campus.data).toMatchObject([{ school: DEMO_RECRUITMENT.campusSchool, applicants: 5 }]);
    const overview = await data<{ openJobs: number; hired: number; funnel: unknown[] }>(
      admin,
      'GET',
      `${R}/overview`,
    );
    expect(overview.data).toMatchObject({ openJobs: 3, hired: 1 });
    expect(overview.data.funnel.length).toBeGreaterThanOrEqual(3);
    // The hire went through the real hire: a staff member of 人力资源部 on the HR post, listed in 员工管理.
    const hired = await data<{ realName: string; account: string; departmentName: string | null }[]>(
      admin,
      'POST',
      '/user/api/v2/staff/search?pageSize=20',
      { keyword: DEMO_RECRUITMENT.hired },
    );
    expect(hired.data).toMatchObject([
      { realName: DEMO_RECRUITMENT.hired, account: DEMO_RECRUITMENT.hiredAccount },
    ]);
  });

  it('makes demo résumés the server’s Word reader reads back', async () => {
    const file = Buffer.from(demoDocx(['林佳怡', '手机：13760001011', '学历：硕士 & 其他']));
    expect((await resumeType(file)).ext).toBe('docx');
    expect(docxText(file)).toBe('林佳怡\n手机：13760001011\n学历：硕士 & 其他');
  });

  it("keeps the demo's exams from another organisation", async () => {
    const exam = await examNamed(DEMO_EXAM_NAMES.finished);
    const other = await createOrg(t);
    const report = await call(t, 'GET', `/exam/api/v1/exam/report/exam?examId=${exam.id}`, {
      user: other.admin,
    });
    expect(report.status).toBe(404);
    const [org] = rowsOf<{ name: string }>(
      await t.app.deps.db
        .execute(sql`select o.name from exams e join organizations o on o.id = e.organization_id
        where e.id = ${exam.id}`),
    );
    expect(org?.name).toBe(DEMO_ORG_NAME);
  });
});
