import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icc, normalDraw, seededRandom } from '@kaopei/shared';
import { bankContracts } from '@kaopei/shared/contracts/bank';
import { examContracts } from '@kaopei/shared/contracts/exam';
import { paperContracts } from '@kaopei/shared/contracts/paper';
import { questionContracts } from '@kaopei/shared/contracts/question';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import { api } from '../../../test/factories';
import { download, multipart, readWorkbook, sheetRows } from '../../../test/support';
import { attemptQuestions, examAttempts, questionCalibration, users } from '../../db/schema';

const A = '/user/api/v1/analysis/question';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let bankId: number;
let questionIds: number[];
let paperId: number;
let examId: number;

/** Known 2PL parameters of the five questions (the simulated candidates answer by them). */
const TRUTH = [
  { a: 1.2, b: -1.5 },
  { a: 0.8, b: -0.5 },
  { a: 1.5, b: 0 },
  { a: 1.0, b: 0.8 },
  { a: 1.8, b: 1.5 },
];

interface Job {
  status: string;
  result: {
    total: number;
    imported: number;
    failedRows: number;
    errors: { row: number; field: string; reason: string }[];
  } | null;
  error: string | null;
}

async function jobOf(jobId: number, user = org.admin): Promise<Job> {
  await t.app.deps.jobs.idle();
  const res = await call(t, 'GET', `/user/api/v1/jobs/${jobId}`, { user });
  return res.body.res?.data as Job;
}

/** A bank of five single-choice questions (A right), a paper of them, a published exam. */
async function buildExam(o: TestOrg) {
  const admin = o.admin;
  const bank = await api(t, admin, bankContracts.add, { body: { name: unique('题库') } });
  const ids: number[] = [];
  for (let i = 0; i < TRUTH.length; i += 1) {
    const q = await api(t, admin, questionContracts.add, {
      body: {
        bankId: bank.bankId,
        type: 1,
        stem: `第 ${i + 1} 题`,
        options: [
          { content: '对的', correct: true },
          { content: '错的', correct: false },
          { content: '也错', correct: false },
        ],
        difficulty: 5,
      },
    });
    await api(t, admin, questionContracts.check, {
      query: { questionId: q.questionId, status: 1 },
      body: {},
    });
    ids.push(q.questionId);
  }
  const paper = await api(t, admin, paperContracts.create, {
    body: {
      name: unique('试卷'),
      status: 'saved',
      sectionVOS: [{ name: '单选题', questionVOS: ids.map((questionId) => ({ questionId, points: 2 })) }],
    },
  });
  const now = Date.now();
  const exam = await api(t, admin, examContracts.add, {
    body: {
      name: unique('考试'),
      paperIds: [paper.paperId],
      startAt: now - 60_000,
      endAt: now + 3600_000,
      durationMinutes: 30,
      passScore: 6,
      audience: { mode: 'assigned', userIds: [o.staff.id] },
      notify: false,
    },
  });
  await api(t, admin, examContracts.publish, { query: { examId: exam.examId } });
  return { bankId: bank.bankId, questionIds: ids, paperId: paper.paperId, examId: exam.examId };
}

/** 400 simulated closed attempts (one staff member, attempt numbers 1…400), answered by TRUTH. */
async function simulateAttempts() {
  const random = seededRandom(42);
  const { db } = t.app.deps;
  const now = new Date();
  const attempts = await db
    .insert(examAttempts)
    .values(
      Array.from({ length: 400 }, (_, i) => ({
        examId,
        organizationId: org.id,
        userId: org.staff.id,
        attemptNo: i + 1,
        paperId,
        status: 2,
        deadlineAt: now,
        submittedAt: now,
        totalPoints: 10,
        score: 0,
      })),
    )
    .returning({ id: examAttempts.id });
  const rows = attempts.flatMap(({ id }) => {
    const theta = normalDraw(random);
    return TRUTH.map(({ a, b }, i) => {
      const right = random() < icc(a, b, theta);
      return {
        attemptId: id,
        questionId: questionIds[i]!,
        sectionName: '单选题',
        sort: i,
        points: 2,
        answer: right ? 0 : 1,
        score: right ? 2 : 0,
      };
    });
  });
  await db.insert(attemptQuestions).values(rows);
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  ({ bankId, questionIds, paperId, examId } = await buildExam(org));
}, 60_000);
afterAll(() => t.close());

describe('IRT calibration of a bank', () => {
  it('refuses a bank with too few answers, changing nothing', async () => {
    const res = await call(t, 'POST', `${A}/calibrate`, { user: org.admin, body: { bankId } });
    expect(res.status).toBe(200);
    const job = await jobOf((res.body.res?.data as { jobId: number }).jobId);
    expect(job.status).toBe('failed');
    expect(job.error).toContain('至少需要 20 份');
    const stored = await t.app.deps.db
      .select()
      .from(questionCalibration)
      .where(eq(questionCalibration.bankId, bankId));
    expect(stored).toEqual([]);
  });

  it('calibrates from stored answers as a job and stores a, b, se and n per question', async () => {
    await simulateAttempts();
    const res = await call(t, 'POST', `${A}/calibrate`, { user: org.admin, body: { bankId } });
    const job = await jobOf((res.body.res?.data as { jobId: number }).jobId);
    expect(job.status).toBe('succeeded');
    expect(job.result).toMatchObject({ total: 5, imported: 5 });
    const list = await call(t, 'GET', `${A}/calibrations?bankId=${bankId}&page=0&size=20`, {
      user: org.admin,
    });
    expect(list.status).toBe(200);
    const rows = list.body.res?.data as {
      questionId: number;
      a: number;
      b: number;
      seB: number;
      n: number;
      stem: string;
    }[];
    expect(list.body.res?.total).toBe(5);
    // ordered by b, and every b near the truth (400 simulees: within 3 standard errors)
    expect(rows.map((r) => r.questionId)).toEqual(questionIds);
    rows.forEach((row, i) => {
      expect(row.n).toBe(400);
      expect(Math.abs(row.b - TRUTH[i]!.b)).toBeLessThan(3 * row.seB + 0.1);
      expect(row.a).toBeGreaterThan(0.3);
    });
    expect(rows[0]?.stem).toBe('第 1 题');
  });

  it('a new calibration replaces the bank’s rows', async () => {
    const res = await call(t, 'POST', `${A}/calibrate`, { user: org.admin, body: { bankId } });
    await jobOf((res.body.res?.data as { jobId: number }).jobId);
    const stored = await t.app.deps.db
      .select()
      .from(questionCalibration)
      .where(eq(questionCalibration.bankId, bankId));
    expect(stored).toHaveLength(5);
  });

  it('lets intelligent paper generation use the calibrated difficulty when asked', async () => {
    // every question was set to difficulty 5 (中等); by the answers the first one is easy (b ≈ −1.5 → 3)
    const rules = {
      bankIds: [bankId],
      typeRules: [{ type: 1, count: 1, points: 2 }],
      difficulty: { mode: 'distribution', SIMPLE: 100, MEDIUM: 0, HARD: 0 },
      seed: 'irt',
    };
    const asSet = await call(t, 'POST', '/question/api/v1/questions/get/auto/question', {
      user: org.admin,
      body: rules,
    });
    expect((asSet.body.res?.data as { feasible: boolean }).feasible).toBe(false);
    const calibrated = await call(t, 'POST', '/question/api/v1/questions/get/auto/question', {
      user: org.admin,
      body: { ...rules, useCalibratedDifficulty: true },
    });
    const report = calibrated.body.res?.data as {
      feasible: boolean;
      papers: { questions: { questionId: number }[] }[];
    };
    expect(report.feasible).toBe(true);
    expect(report.papers[0]?.questions.map((q) => q.questionId)).toEqual([questionIds[0]]);
  });

  it('exports the table to Excel', async () => {
    const res = await download(t, 'GET', `${A}/calibrations/export?bankId=${bankId}`, { user: org.admin });
    expect(res.status).toBe(200);
    const rows = sheetRows((await readWorkbook(res.data)).getWorksheet('IRT 校准'));
    expect(rows[0]?.slice(0, 5)).toEqual(['试题ID', '题干', '区分度 a', 'a 标准误', '难度 b']);
    expect(rows).toHaveLength(6);
  });

  it('gives the paper’s test information from its calibrated questions', async () => {
    const res = await call(t, 'GET', `${A}/paper-information?paperId=${paperId}`, { user: org.admin });
    const info = res.body.res?.data as {
      questionCount: number;
      calibratedCount: number;
      points: { theta: number; information: number }[];
    };
    expect(info).toMatchObject({ questionCount: 5, calibratedCount: 5 });
    expect(info.points).toHaveLength(81);
    expect(Math.max(...info.points.map((p) => p.information))).toBeGreaterThan(0.5);
  });

  it('refuses another organisation’s bank and paper, and bad input, naming the field', async () => {
    for (const [method, url, body] of [
      ['POST', `${A}/calibrate`, { bankId }],
      ['GET', `${A}/calibrations?bankId=${bankId}`, undefined],
      ['GET', `${A}/calibrations/export?bankId=${bankId}`, undefined],
      ['GET', `${A}/paper-information?paperId=${paperId}`, undefined],
    ] as const) {
      const res = await call(t, method, url, { user: other.admin, ...(body ? { body } : {}) });
      expect(res.status).toBe(404);
    }
    const bad = await call(t, 'POST', `${A}/calibrate`, { user: org.admin, body: { bankId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('题库');
    const staff = await call(t, 'GET', `${A}/calibrations?bankId=${bankId}`, { user: org.staff });
    expect(staff.status).toBe(403);
  });
});

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('答题表');
  ws.addRow(['考生', '第1题', '第2题', '第3题', '第4题', '第5题']);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importSheet(file: Buffer, exam: number, mode = 'all', user = org.admin) {
  const { payload, headers } = multipart({}, { name: '答题表.xlsx', data: file });
  const raw = await t.app.inject({
    method: 'POST',
    url: `${A}/offline-import?examId=${exam}&mode=${mode}`,
    headers: { ...headers, authorization: `Bearer ${user.token}` },
    payload,
  });
  return {
    status: raw.statusCode,
    body: raw.json() as { message: string; res: { data: { jobId: number } } | null },
  };
}

describe('offline results import', () => {
  let people: { account: string; id: number }[];
  beforeAll(async () => {
    people = await t.app.deps.db
      .insert(users)
      .values(
        ['线下甲', '线下乙', '线下丙'].map((realName) => ({
          organizationId: org.id,
          account: unique('off'),
          realName,
        })),
      )
      .returning({ account: users.account, id: users.id });
  });

  it('reports row errors and, in mode all, imports nothing', async () => {
    const file = await sheet([
      [people[0]!.account, 'A', 'B', 'A', 'A', 'A'],
      ['没有这个人', 'A', 'A', 'A', 'A', 'A'],
      [people[1]!.account, 'Z', 'A', 'A', 'A', 'A'],
      [people[0]!.account, '1', '0', '1', '0', '1'],
    ]);
    const res = await importSheet(file, examId);
    expect(res.status).toBe(200);
    const job = await jobOf(res.body.res!.data.jobId);
    expect(job.result).toMatchObject({ total: 4, imported: 0, failedRows: 3 });
    expect(job.result?.errors).toEqual([
      { row: 3, field: '考生', reason: '找不到账号或姓名为「没有这个人」的人员' },
      { row: 4, field: '第 1 题', reason: '单选题请填一个选项字母（A–C）或 1/0' },
      { row: 5, field: '考生', reason: '与第 2 行是同一人' },
    ]);
    const stored = await t.app.deps.db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, people[0]!.id)));
    expect(stored).toEqual([]);
  });

  it('in mode valid imports the good rows as graded attempts, by account or by name', async () => {
    const file = await sheet([
      [people[0]!.account, 'A', 'B', 'A', 'A', 'A'],
      ['线下乙', '1', '0', '1', '', 'a'],
      ['没有这个人', 'A', 'A', 'A', 'A', 'A'],
    ]);
    const job = await jobOf((await importSheet(file, examId, 'valid')).body.res!.data.jobId);
    expect(job.result).toMatchObject({ total: 3, imported: 2, failedRows: 1 });
    const { db } = t.app.deps;
    const [first] = await db.select().from(examAttempts).where(eq(examAttempts.userId, people[0]!.id));
    expect(first).toMatchObject({
      examId,
      status: 2,
      score: 8,
      totalPoints: 10,
      passed: 1,
      submitReason: 'offline',
    });
    const answers = await db.select().from(attemptQuestions).where(eq(attemptQuestions.attemptId, first!.id));
    expect(answers.map((a) => [a.questionId, a.answer, a.score])).toEqual(
      questionIds.map((id, i) => [id, i === 1 ? 1 : 0, i === 1 ? 0 : 2]),
    );
    const [second] = await db.select().from(examAttempts).where(eq(examAttempts.userId, people[1]!.id));
    expect(second).toMatchObject({ score: 6, passed: 1 });
  });

  it('gives the answer-sheet template and counts the imported attempts in the options', async () => {
    const res = await download(t, 'GET', `${A}/offline-import/template?examId=${examId}`, {
      user: org.admin,
    });
    expect(res.status).toBe(200);
    const rows = sheetRows((await readWorkbook(res.data)).getWorksheet('答题表'));
    expect(rows[0]).toEqual(['考生', '第1题', '第2题', '第3题', '第4题', '第5题']);
    expect(rows[1]?.[1]).toBe('单选：字母 或 1/0');
    const options = await call(t, 'GET', `${A}/options`, { user: org.admin });
    const data = options.body.res?.data as {
      exams: { id: number; attempts: number }[];
      banks: { id: number; calibrated: number }[];
    };
    // 400 simulated + 2 imported
    expect(data.exams.find((e) => e.id === examId)?.attempts).toBe(402);
    expect(data.banks.find((b) => b.id === bankId)?.calibrated).toBe(5);
    const foreign = await call(t, 'GET', `${A}/options`, { user: other.admin });
    expect((foreign.body.res?.data as { exams: unknown[] }).exams).toEqual([]);
    const foreignTemplate = await call(t, 'GET', `${A}/offline-import/template?examId=${examId}`, {
      user: other.admin,
    });
    expect(foreignTemplate.status).toBe(404);
  });

  it('refuses another organisation’s exam and a file that is not xlsx', async () => {
    const file = await sheet([[people[2]!.account, 'A', 'A', 'A', 'A', 'A']]);
    const foreign = await importSheet(file, examId, 'all', other.admin);
    expect(foreign.status).toBe(404);
    const { payload, headers } = multipart({}, { name: '答题表.csv', data: Buffer.from('a,b') });
    const raw = await t.app.inject({
      method: 'POST',
      url: `${A}/offline-import?examId=${examId}`,
      headers: { ...headers, authorization: `Bearer ${org.admin.token}` },
      payload,
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().message).toContain('.xlsx');
    const stored = await t.app.deps.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.userId, people[2]!.id));
    expect(stored).toEqual([]);
  });
});
