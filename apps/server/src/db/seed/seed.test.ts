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
  const seeded = await seedDemo(db, PASSWORD);
  if (seeded) console.info(`demo seed: ${Math.round(performance.now() - started)} ms`);
  expect(await seedDemo(db, PASSWORD)).toBe(false);
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
    // With the post paper and exam of Java开发工程师 and the 测评 bank, paper and exam (post-exams.ts).
    expect(stats.figures).toMatchObject({ paperCount: 6, examCount: 5, questionBankCount: 3 });
    // The six named people and the simulated staff.
    expect(stats.figures.staffCount).toBe(6 + SIMULATED_STAFF_COUNT);
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
    expect(staff.total).toBe(6 + SIMULATED_STAFF_COUNT);
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
    expect(total).toBe(6);
    const general = papers.filter(
      (paper) => paper.postIds.length === 0 && paper.name !== DEMO_EVALUATION.paper,
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
