import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TagType } from '@kaopei/shared';
import { bankContracts } from '@kaopei/shared/contracts/bank';
import { examContracts } from '@kaopei/shared/contracts/exam';
import { examCandidateContracts } from '@kaopei/shared/contracts/exam-candidate';
import { paperCategoryContracts } from '@kaopei/shared/contracts/paper-category';
import { paperContracts } from '@kaopei/shared/contracts/paper';
import { questionContracts } from '@kaopei/shared/contracts/question';
import { tagContracts } from '@kaopei/shared/contracts/tag';
import type { ExamAnalysis, QuestionAcrossRow, RescoreResult } from '@kaopei/shared/contracts/exam-analysis';
import {
  call,
  createOrg,
  createTestApp,
  unique,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import { api } from '../../../test/factories';
import { createMember, download, readWorkbook, sheetRows } from '../../../test/support';
import { examAnalyses, examAttempts } from '../../db/schema';

const A = '/exam/api/v1/analysis';
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let examId: number;
let bankId: number;
let questionIds: number[];
let people: TestUser[];
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;
const db = () => t.app.deps.db;

const OPTIONS = ['甲', '乙', '丙', '丁'];
const single = (stem: string, key: number) => ({
  type: 1,
  stem,
  options: OPTIONS.map((content, i) => ({ content, correct: i === key })),
  difficulty: 3,
});

/*
 * Five candidates (A–E, in attempt order) × three 单选 of 10 points. Q3 is keyed 乙 (B) by mistake; the
 * strong candidates answer 甲 (A), the true answer.
 *   picks   Q1 Q2 Q3   scores (Q3 keyed B)   total    after the key is fixed to A
 *   A       A  A  A    10 10  0              20       30
 *   B       A  A  A    10 10  0              20       30
 *   C       A  B  B    10  0 10              20       10
 *   D       B  A  B     0 10 10              20       10
 *   E       B  C  B     0  0 10              10        0
 * Groups of one (27 % of 5 rounded): upper A, lower E (ties go by order). Before: Q3 p = .6, D = 0 − 1 = −1;
 * mean 18, pass (20) rate 4/5. After: Q3 p = .4, D = 1 − 0 = 1; mean 16, pass rate 2/5.
 */
const PICKS = [
  [0, 0, 0],
  [0, 0, 0],
  [0, 1, 1],
  [1, 0, 1],
  [1, 2, 1],
];

async function sit(user: TestUser, picks: number[]) {
  const attempt = await api(t, user, examCandidateContracts.start, { query: { examId } });
  await api(t, user, examCandidateContracts.saveAnswers, {
    query: { attemptId: attempt.attemptId },
    body: picks.map((answer, i) => ({ questionId: questionIds[i] as number, answer, seq: 1 })),
  });
  await api(t, user, examCandidateContracts.submit, { query: { attemptId: attempt.attemptId } });
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  const admin = org.admin;
  const tag = await api(t, admin, tagContracts.add, {
    body: { type: TagType.QUESTION_BANK, name: unique('标签') },
  });
  bankId = (await api(t, admin, bankContracts.add, { body: { name: unique('题库'), tagIds: [tag.tagId] } }))
    .bankId;
  questionIds = [];
  for (const [stem, key] of [
    ['第一题', 0],
    ['第二题', 0],
    ['第三题', 1],
  ] as const) {
    const q = await api(t, admin, questionContracts.add, { body: { bankId, ...single(stem, key) } });
    await api(t, admin, questionContracts.check, {
      query: { questionId: q.questionId, status: 1 },
      body: {},
    });
    questionIds.push(q.questionId);
  }
  const category = await api(t, admin, paperCategoryContracts.add, { body: { name: unique('分类') } });
  const paper = await api(t, admin, paperContracts.create, {
    body: {
      name: unique('试卷'),
      status: 'saved',
      categoryId: category.categoryId,
      sectionVOS: [
        { name: '单选题', questionVOS: questionIds.map((questionId) => ({ questionId, points: 10 })) },
      ],
    },
  });
  people = [];
  for (let i = 0; i < 5; i += 1)
    people.push(await createMember(t, org, 'staff', { departmentId: org.departmentIds[0] }));
  const now = Date.now();
  examId = (
    await api(t, admin, examContracts.add, {
      body: {
        name: unique('分析考试'),
        paperIds: [paper.paperId],
        startAt: now - 60_000,
        endAt: now + 3600_000,
        durationMinutes: 30,
        passScore: 20,
        audience: { mode: 'assigned', userIds: people.map((p) => p.id) },
        notify: false,
      },
    })
  ).examId;
  await api(t, admin, examContracts.publish, { query: { examId } });
  for (const [i, person] of people.entries()) await sit(person, PICKS[i] as number[]);
});
afterAll(() => t.close());

describe('exam analysis', () => {
  it('computes the distribution and item statistics from the stored answers, and caches them', async () => {
    const res = await call(t, 'GET', `${A}/exam/detail?examId=${examId}`, { user: org.admin });
    expect(res.status).toBe(200);
    const a = data<ExamAnalysis>(res);
    expect(a.candidateCount).toBe(5);
    expect(a.fullScore).toBe(30);
    expect(a.summary).toMatchObject({
      n: 5,
      mean: 18,
      median: 20,
      min: 10,
      max: 20,
      passCount: 4,
      passRate: 0.8,
    });
    expect(a.histogram.reduce((s, b) => s + b.count, 0)).toBe(5);
    expect(a.byDepartment).toEqual([expect.objectContaining({ name: '研发部', n: 5 })]);
    expect(a.groupSize).toBe(1);
    const q3 = a.items[2];
    expect(q3).toMatchObject({ no: 3, questionId: questionIds[2], p: 0.6, discrimination: -1, bankId });
    expect(q3?.flags).toEqual(['negative_discrimination', 'unused_distractor']);
    expect(q3?.options?.map((o) => [o.label, o.correct, o.count, o.upper, o.lower])).toEqual([
      ['A', false, 2, 1, 0],
      ['B', true, 3, 0, 1],
      ['C', false, 0, 0, 0],
      ['D', false, 0, 0, 0],
    ]);
    expect(a.items[0]).toMatchObject({ p: 0.6, discrimination: 1, blankRate: 0 });
    expect(a.reliability?.method).toBe('KR-20');
    const [cached] = await db().select().from(examAnalyses).where(eq(examAnalyses.examId, examId));
    expect(cached?.organizationId).toBe(org.id);
    expect((cached?.payload as ExamAnalysis).summary.mean).toBe(18);
  });

  it('lists the exam with its figures', async () => {
    const res = await call(t, 'GET', `${A}/exam/list?page=0&size=10`, { user: org.admin });
    expect(res.status).toBe(200);
    const rows = data<{ examId: number; gradedCount: number; passRate: number; meanRatio: number }[]>(res);
    expect(rows).toEqual([expect.objectContaining({ examId, gradedCount: 5, passRate: 0.8 })]);
    expect(rows[0]?.meanRatio).toBeCloseTo(0.6, 5);
    const file = await download(t, 'GET', `${A}/exam/list/export`, { user: org.admin });
    expect(file.status).toBe(200);
    const sheet = sheetRows((await readWorkbook(file.data)).getWorksheet('考试'));
    expect(sheet.slice(1).map((r) => [r[0], r[3], r[4], r[5]])).toEqual([
      [expect.any(String), '5', '60.0%', '80.0%'],
    ]);
    const theirs = await call(t, 'GET', `${A}/exam/list?page=0&size=10`, { user: other.admin });
    expect(data<unknown[]>(theirs)).toEqual([]);
  });

  it('exports every table to Excel', async () => {
    const file = await download(t, 'GET', `${A}/exam/export?examId=${examId}`, { user: org.admin });
    expect(file.status).toBe(200);
    const workbook = await readWorkbook(file.data);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      '概况',
      '分数分布',
      '部门',
      '岗位',
      '试题',
      '选项',
    ]);
    const items = sheetRows(workbook.getWorksheet('试题'));
    expect(items[3]?.slice(0, 2)).toEqual(['3', '单选题']);
    expect(items[3]?.[9]).toBe('-1');
    expect(items[3]?.[14]).toBe('负区分度、干扰项无人选');
  });

  it("refuses another organisation's exam, bad ids and people without the menu, changing nothing", async () => {
    for (const [method, path] of [
      ['GET', 'detail'],
      ['POST', 'refresh'],
      ['POST', 'rescore'],
      ['GET', 'export'],
    ] as const) {
      const theirs = await call(t, method, `${A}/exam/${path}?examId=${examId}`, { user: other.admin });
      expect(theirs.status, path).toBe(404);
      expect(theirs.body.message).toBe('考试不存在');
      const bad = await call(t, method, `${A}/exam/${path}?examId=abc`, { user: org.admin });
      expect(bad.status, path).toBe(400);
      expect(bad.body.message).toContain('考试');
      const staff = await call(t, method, `${A}/exam/${path}?examId=${examId}`, { user: org.staff });
      expect(staff.status, path).toBe(403);
    }
    const scores = await db()
      .select({ score: examAttempts.score })
      .from(examAttempts)
      .where(eq(examAttempts.examId, examId));
    expect(scores.map((s) => s.score).sort()).toEqual([10, 20, 20, 20, 20]);
  });

  it('rescores objective answers against the fixed key and the analysis follows', async () => {
    await api(t, org.admin, questionContracts.modify, {
      query: { id: questionIds[2] as number },
      body: { bankId, ...single('第三题', 0) },
    });
    const res = await call(t, 'POST', `${A}/exam/rescore?examId=${examId}`, { user: org.admin });
    expect(res.status).toBe(200);
    expect(data<RescoreResult>(res)).toEqual({ questions: 1, answers: 5, attempts: 5 });
    const stored = await db()
      .select({ userId: examAttempts.userId, score: examAttempts.score, passed: examAttempts.passed })
      .from(examAttempts)
      .where(eq(examAttempts.examId, examId));
    const byUser = new Map(stored.map((s) => [s.userId, s]));
    expect(people.map((p) => byUser.get(p.id)?.score)).toEqual([30, 30, 10, 10, 0]);
    expect(people.map((p) => byUser.get(p.id)?.passed)).toEqual([1, 1, 0, 0, 0]);
    expect(await db().select().from(examAnalyses).where(eq(examAnalyses.examId, examId))).toEqual([]);
    const a = data<ExamAnalysis>(
      await call(t, 'GET', `${A}/exam/detail?examId=${examId}`, { user: org.admin }),
    );
    expect(a.summary).toMatchObject({ mean: 16, passRate: 0.4 });
    expect(a.items[2]).toMatchObject({ p: 0.4, discrimination: 1 });
    expect(a.items[2]?.flags).not.toContain('negative_discrimination');
    // A second rescore finds nothing to change.
    const again = await call(t, 'POST', `${A}/exam/rescore?examId=${examId}`, { user: org.admin });
    expect(data<RescoreResult>(again)).toEqual({ questions: 0, answers: 0, attempts: 0 });
  });

  it('drops the cached analysis when an attempt of the exam is graded again', async () => {
    await call(t, 'GET', `${A}/exam/detail?examId=${examId}`, { user: org.admin });
    expect(await db().select().from(examAnalyses).where(eq(examAnalyses.examId, examId))).toHaveLength(1);
    const { refreshAttempt } = await import('../exam/exam-result.service');
    const [attempt] = await db()
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(eq(examAttempts.examId, examId));
    await refreshAttempt(db(), attempt!.id);
    expect(await db().select().from(examAnalyses).where(eq(examAnalyses.examId, examId))).toEqual([]);
  });

  it("gives each question's figures across the exams that used it, by bank", async () => {
    const res = await call(t, 'GET', `${A}/question/list?page=0&size=10&bankId=${bankId}`, {
      user: org.admin,
    });
    expect(res.status).toBe(200);
    const rows = data<QuestionAcrossRow[]>(res);
    expect(rows.map((r) => r.questionId).sort()).toEqual([...questionIds].sort());
    const q3 = rows.find((r) => r.questionId === questionIds[2]);
    expect(q3).toMatchObject({ usage: 1, n: 5, p: 0.4, discrimination: 1 });
    const file = await download(t, 'GET', `${A}/question/list/export?bankId=${bankId}`, { user: org.admin });
    expect(file.status).toBe(200);
    const sheet = sheetRows((await readWorkbook(file.data)).getWorksheet('试题'));
    expect(sheet[0]).toEqual(['题干', '题型', '题库', '使用次数', '作答人数', '难度 P', '区分度 D']);
    expect(sheet.find((r) => r[0] === '第三题')?.slice(3)).toEqual(['1', '5', '0.4', '1']);
    const theirs = await call(t, 'GET', `${A}/question/list?page=0&size=10&bankId=${bankId}`, {
      user: other.admin,
    });
    expect(data<unknown[]>(theirs)).toEqual([]);
  });
});

describe('answer texts as the analysis reads them', () => {
  it('tells blanks and chosen options from the cut JSON text', async () => {
    const { parseCode } = await import('./exam-analysis.repo');
    for (const blank of ['', 'null', '""', '" "', '[]', '["", ""]', '["",""," "]'])
      expect(parseCode(blank), blank).toEqual({ blank: true, choices: [] });
    expect(parseCode('2')).toEqual({ blank: false, choices: [2] });
    expect(parseCode('[0, 2]')).toEqual({ blank: false, choices: [0, 2] });
    expect(parseCode('true')).toEqual({ blank: false, choices: null });
    expect(parseCode('["北京", ""]')).toEqual({ blank: false, choices: null });
    expect(parseCode('"保持冷静并拨打 119 报警；用湿毛巾捂住口鼻，低姿沿疏散指示标')).toEqual({
      blank: false,
      choices: null,
    });
  });
});
