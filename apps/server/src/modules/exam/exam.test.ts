import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionType } from '@kaopei/shared';
import {
  attemptQuestions,
  examAttempts,
  exams,
  noticeReceives,
  notices,
  paperQuestions,
  paperSections,
  papers,
  questionBanks,
  questions,
  users,
} from '../../db/schema';
import {
  call,
  createOrg,
  createTestApp,
  unique,
  uniquePhone,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import { readSmsOutbox } from '../../core/sms';
import {
  closeExpiredAttempts,
  SAVE_GRACE_MS,
  type AttemptResult,
  type AttemptView,
} from './exam-attempt.service';
import type { ExamRow } from './exam.service';
import type { ExamineeRow, PersonalReport, ResultRow } from './exam-result.service';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;

const E = '/exam/api/v1/exam';
const C = '/exam/api/v1/candidate';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

/** One approved question of every type, keyed by type, with knowable answers. */
const QUESTIONS = [
  { type: QuestionType.TRUE_FALSE, stem: '<p>地球是圆的</p>', options: null, answer: true },
  {
    type: QuestionType.SINGLE,
    stem: '<p>1+1=?</p>',
    options: [
      { content: '1', correct: false },
      { content: '2', correct: true },
      { content: '3', correct: false },
    ],
    answer: null,
  },
  {
    type: QuestionType.MULTIPLE,
    stem: '<p>哪些是偶数</p>',
    options: [
      { content: '2', correct: true },
      { content: '3', correct: false },
      { content: '4', correct: true },
    ],
    answer: null,
  },
  {
    type: QuestionType.FILL,
    stem: '<p>中国的首都是____</p>',
    options: null,
    answer: { blanks: [{ answers: ['北京', '北京市'] }], caseSensitive: false },
  },
  {
    type: QuestionType.SHORT,
    stem: '<p>简述安全生产的意义</p>',
    options: null,
    answer: { reference: '保障人身安全', scoringPoints: [] },
  },
  {
    type: QuestionType.CODE,
    stem: '<p>输出 hello</p>',
    options: null,
    answer: {
      languages: ['python'],
      templates: { python: 'print()' },
      testCases: [
        { input: '', output: 'hello', sample: true },
        { input: 'secret-input', output: 'secret-output', sample: false },
      ],
      timeLimit: 1000,
      memoryLimit: 256,
    },
  },
];

/** A saved paper of the organisation: one section with a question of every type (or of `types`), 10 points each. */
async function newPaper(
  o: TestOrg,
  types: readonly number[] = QUESTIONS.map((q) => q.type),
): Promise<{ paperId: number; questionIds: number[] }> {
  const { db } = t.app.deps;
  const [bank] = await db
    .insert(questionBanks)
    .values({ organizationId: o.id, name: unique('题库') })
    .returning();
  if (!bank) throw new Error('bank insert failed');
  const inserted = await db
    .insert(questions)
    .values(
      QUESTIONS.filter((q) => types.includes(q.type)).map((q) => ({
        organizationId: o.id,
        bankId: bank.id,
        type: q.type,
        stem: q.stem,
        stemText: q.stem.replace(/<[^>]+>/g, ''),
        options: q.options,
        answer: q.answer,
        analysis: '解析',
        status: 1,
      })),
    )
    .returning({ id: questions.id });
  const [paper] = await db
    .insert(papers)
    .values({
      organizationId: o.id,
      name: unique('试卷'),
      status: 1,
      questionCount: inserted.length,
      totalScore: 10 * inserted.length,
    })
    .returning();
  if (!paper) throw new Error('paper insert failed');
  const [section] = await db.insert(paperSections).values({ paperId: paper.id, name: '综合题' }).returning();
  if (!section) throw new Error('section insert failed');
  await db.insert(paperQuestions).values(
    inserted.map((q, sort) => ({
      paperId: paper.id,
      sectionId: section.id,
      questionId: q.id,
      sort,
      points: 10,
    })),
  );
  return { paperId: paper.id, questionIds: inserted.map((q) => q.id) };
}

function examBody(paperId: number, departmentId: number, overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    name: unique('安全考试'),
    paperIds: [paperId],
    startAt: now - 60_000,
    endAt: now + 3600_000,
    durationMinutes: 30,
    passScore: 30,
    audience: { mode: 'assigned', departmentIds: [departmentId] },
    ...overrides,
  };
}

async function publishedExam(
  o: TestOrg,
  overrides: Record<string, unknown> = {},
  types?: readonly number[],
): Promise<{ exam: ExamRow; paperId: number; questionIds: number[] }> {
  const { paperId, questionIds } = await newPaper(o, types);
  const created = await call(t, 'POST', `${E}/add`, {
    user: o.admin,
    body: examBody(paperId, o.departmentIds[1] ?? 0, overrides),
  });
  expect(created.body.message).toBe('成功');
  const exam = data<ExamRow>(created);
  const published = await call(t, 'POST', `${E}/publish?examId=${exam.examId}`, { user: o.admin });
  expect(published.body.message).toBe('成功');
  return { exam: data<ExamRow>(published), paperId, questionIds };
}

async function start(user: TestUser, examId: number): Promise<AttemptView> {
  const res = await call(t, 'POST', `${C}/start?examId=${examId}`, { user });
  expect(res.body.message).toBe('成功');
  return data<AttemptView>(res);
}

/** Every key of every object inside `value`. */
function keysOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      found.add(key);
      keysOf(inner, found);
    }
  }
  return found;
}

/** The right response to each question of the fixture, by type. */
function rightAnswer(q: AttemptView['sections'][number]['questions'][number]): unknown {
  switch (q.type) {
    case QuestionType.TRUE_FALSE:
      return true;
    case QuestionType.SINGLE:
      return q.options?.find((o) => o.content === '2')?.key;
    case QuestionType.MULTIPLE:
      return q.options?.filter((o) => o.content !== '3').map((o) => o.key);
    case QuestionType.FILL:
      return [' 北京市 '];
    case QuestionType.SHORT:
      return '保障人身安全，减少事故';
    default:
      return { language: 'python', code: "print('hello')" };
  }
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});

afterAll(async () => {
  await t.close();
});

describe('setting up exams', () => {
  it('creates, validates, copies, publishes to a department and notifies its staff', async () => {
    const { paperId } = await newPaper(org);
    const bad = await call(t, 'POST', `${E}/add`, {
      user: org.admin,
      body: { ...examBody(paperId, org.departmentIds[1] ?? 0), endAt: Date.now() - 3600_000 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('结束时间必须晚于开始时间');
    const noPaper = await call(t, 'POST', `${E}/add`, {
      user: org.admin,
      body: { ...examBody(paperId, 0), paperIds: [] },
    });
    expect(noPaper.status).toBe(400);
    expect(noPaper.body.message).toContain('请选择试卷');
    const { paperId: foreignPaper } = await newPaper(other);
    const foreign = await call(t, 'POST', `${E}/add`, {
      user: org.admin,
      body: examBody(foreignPaper, org.departmentIds[1] ?? 0),
    });
    expect(foreign.status).toBe(404);

    const created = data<ExamRow>(
      await call(t, 'POST', `${E}/add`, {
        user: org.admin,
        body: examBody(paperId, org.departmentIds[1] ?? 0),
      }),
    );
    expect(created).toMatchObject({ state: 'draft', stateLabel: '未发布', durationText: '30分钟' });
    const copy = data<ExamRow>(
      await call(t, 'POST', `${E}/copy?examId=${created.examId}`, { user: org.admin }),
    );
    expect(copy.name).toBe(`${created.name}（副本）`);
    expect(copy.papers.map((p) => p.paperId)).toEqual([paperId]);

    const published = data<ExamRow>(
      await call(t, 'POST', `${E}/publish?examId=${created.examId}`, { user: org.admin }),
    );
    expect(published).toMatchObject({
      state: 'ongoing',
      candidateCount: 1,
      startedCount: 0,
      submittedCount: 0,
    });
    const again = await call(t, 'POST', `${E}/publish?examId=${created.examId}`, { user: org.admin });
    expect(again.status).toBe(409);
    // One notice of this exam, received by its one candidate (the department's staff member) and nobody else.
    const received = await t.app.deps.db
      .select({ userId: noticeReceives.userId })
      .from(noticeReceives)
      .innerJoin(notices, eq(notices.id, noticeReceives.noticeId))
      .where(eq(notices.link, `/m/exams/${created.examId}`));
    expect(received).toEqual([{ userId: org.staff.id }]);
    // The bell's notice opens the exam's page for the candidate.
    const bell = await call(t, 'POST', '/user/api/v1/user/message/unread?page=0&size=10', {
      user: org.staff,
    });
    const notice = data<{ title: string; link: string | null }[]>(bell).find((n) => n.title === '考试通知');
    expect(notice?.link).toBe(`/m/exams/${created.examId}`);

    const listed = await call(t, 'POST', `${E}/search?page=0&size=10`, {
      user: org.admin,
      body: { keyword: created.name, state: 'ongoing' },
    });
    expect(data<ExamRow[]>(listed).map((e) => e.examId)).toEqual([created.examId]);
    const link = data<{ url: string }>(
      await call(t, 'GET', `${E}/link?examId=${created.examId}&type=1`, { user: org.admin }),
    );
    expect(link.url).toMatch(new RegExp(`/m/exams/${created.examId}$`));
  });

  it('keeps every setting it is given, anti-cheating included, through add, modify and copy', async () => {
    const { paperId } = await newPaper(org);
    const settings = {
      showScore: 'immediately',
      showAnswers: 'never',
      showAnalysis: false,
      shuffleQuestions: true,
      shuffleOptions: true,
      partialCredit: true,
      blindMarking: true,
      leaveLimit: 3,
      requireFullscreen: true,
      blockCopyPaste: true,
      webcamSnapshots: true,
      snapshotIntervalSeconds: 120,
    };
    const created = data<ExamRow>(
      await call(t, 'POST', `${E}/add`, {
        user: org.admin,
        body: examBody(paperId, org.departmentIds[1] ?? 0, { settings }),
      }),
    );
    expect(created.settings).toEqual(settings);
    const detail = data<ExamRow>(
      await call(t, 'GET', `${E}/detail?examId=${created.examId}`, { user: org.admin }),
    );
    expect(detail.settings).toEqual(settings);
    // Settings left out take their defaults (a whole exam is saved).
    const modified = data<ExamRow>(
      await call(t, 'POST', `${E}/modify?examId=${created.examId}`, {
        user: org.admin,
        body: examBody(paperId, org.departmentIds[1] ?? 0, { settings: { leaveLimit: 1 } }),
      }),
    );
    expect(modified.settings).toMatchObject({
      leaveLimit: 1,
      blockCopyPaste: false,
      snapshotIntervalSeconds: 60,
    });
    const bad = await call(t, 'POST', `${E}/modify?examId=${created.examId}`, {
      user: org.admin,
      body: examBody(paperId, org.departmentIds[1] ?? 0, { settings: { snapshotIntervalSeconds: 5 } }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('抓拍间隔');
    const copy = data<ExamRow>(
      await call(t, 'POST', `${E}/copy?examId=${created.examId}`, { user: org.admin }),
    );
    expect(copy.settings).toEqual(modified.settings);
  });

  it('checks the pass mark against the paper total: 60 % by default, equal allowed, above refused', async () => {
    const { paperId } = await newPaper(org);
    const [paper] = await t.app.deps.db.select().from(papers).where(eq(papers.id, paperId));
    const total = Number(paper?.totalScore);
    expect(total).toBeGreaterThan(0);
    const body = examBody(paperId, org.departmentIds[1] ?? 0);
    const add = (passScore: number | undefined) =>
      call(t, 'POST', `${E}/add`, { user: org.admin, body: { ...body, name: unique('及格线'), passScore } });
    const defaulted = await add(undefined);
    expect(data<ExamRow>(defaulted).passScore).toBe(Math.round(total * 0.6 * 10) / 10);
    const equal = await add(total);
    expect(data<ExamRow>(equal).passScore).toBe(total);
    const countBefore = (await t.app.deps.db.select().from(exams)).length;
    const above = await add(total + 0.5);
    expect(above.status).toBe(400);
    expect(above.body.message).toBe(`及格分不能超过试卷总分 ${total} 分`);
    expect((await t.app.deps.db.select().from(exams)).length).toBe(countBefore);
    // Modify: refused above the total, the stored mark unchanged; absent keeps the stored one.
    const examId = data<ExamRow>(equal).examId;
    const modify = (extra: Record<string, unknown>) =>
      call(t, 'POST', `${E}/modify?examId=${examId}`, { user: org.admin, body: { ...body, ...extra } });
    const tooHigh = await modify({ passScore: total + 1 });
    expect(tooHigh.status).toBe(400);
    const kept = await modify({ passScore: undefined });
    expect(data<ExamRow>(kept).passScore).toBe(total);
  });

  it('keeps other organisations and staff without the menu out', async () => {
    const { exam } = await publishedExam(org);
    expect((await call(t, 'GET', `${E}/detail?examId=${exam.examId}`, { user: other.admin })).status).toBe(
      404,
    );
    expect(
      (await call(t, 'POST', `${E}/delete`, { user: other.admin, body: { ids: [exam.examId] } })).status,
    ).toBe(404);
    expect((await call(t, 'GET', `${E}/detail?examId=${exam.examId}`, { user: org.staff })).status).toBe(403);
    expect((await call(t, 'POST', `${C}/start?examId=${exam.examId}`, { user: other.staff })).status).toBe(
      404,
    );
    expect((await call(t, 'POST', `${C}/start?examId=${exam.examId}`, { user: org.admin })).status).toBe(403);
  });
});

describe('taking an exam', () => {
  it('starts a paper drawn per candidate: the draw is frozen, shown and graded', async () => {
    const { questionIds } = await newPaper(org);
    const [first] = await t.app.deps.db
      .select({ bankId: questions.bankId })
      .from(questions)
      .where(eq(questions.id, questionIds[0] ?? 0));
    const created = await call(t, 'POST', '/paper/api/v1/paper/random/create', {
      user: org.admin,
      body: {
        name: unique('每人一卷'),
        settings: { drawPerCandidate: true },
        sections: [
          {
            name: '单选题',
            rules: [{ bankIds: [first?.bankId], type: QuestionType.SINGLE, count: 1, points: 5 }],
          },
          {
            name: '判断题',
            rules: [{ bankIds: [first?.bankId], type: QuestionType.TRUE_FALSE, count: 1, points: 5 }],
          },
        ],
      },
    });
    expect(created.body.message).toBe('成功');
    const paperId = data<{ paperId: number }>(created).paperId;
    const exam = data<ExamRow>(
      await call(t, 'POST', `${E}/add`, {
        user: org.admin,
        // The drawn paper is worth 10: the pass mark may not pass it.
        body: { ...examBody(paperId, org.departmentIds[1] ?? 0), passScore: 6 },
      }),
    );
    expect((await call(t, 'POST', `${E}/publish?examId=${exam.examId}`, { user: org.admin })).status).toBe(
      200,
    );
    const view = await start(org.staff, exam.examId);
    expect(view.sections.map((section) => section.name)).toEqual(['单选题', '判断题']);
    expect(view.totalPoints).toBe(10);
    const [single, tf] = view.sections.flatMap((section) => section.questions);
    expect(single?.options?.map((option) => option.content).sort()).toEqual(['1', '2', '3']);
    expect(tf?.type).toBe(QuestionType.TRUE_FALSE);
    // Starting again resumes; the answers are graded against the frozen keys.
    expect((await start(org.staff, exam.examId)).attemptId).toBe(view.attemptId);
    const answers = [single, tf].map((q, index) => ({
      questionId: q?.questionId,
      answer: q && rightAnswer(q),
      seq: index + 1,
    }));
    expect(
      (await call(t, 'POST', `${C}/answers?attemptId=${view.attemptId}`, { user: org.staff, body: answers }))
        .status,
    ).toBe(200);
    await call(t, 'POST', `${C}/submit?attemptId=${view.attemptId}`, { user: org.staff });
    const [attempt] = await t.app.deps.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, view.attemptId));
    expect(attempt).toMatchObject({ status: 2, score: 10 });
  });

  it('plans a start from the paper as it is now, cached or not: an edited paper changes later starts', async () => {
    const { exam, paperId, questionIds } = await publishedExam(org, { attemptsAllowed: 2 });
    const first = await start(org.staff, exam.examId);
    expect(first.totalPoints).toBe(60);
    expect(
      (await call(t, 'POST', `${C}/submit?attemptId=${first.attemptId}`, { user: org.staff })).status,
    ).toBe(200);
    const changed = await call(t, 'POST', `/paper/api/v1/question/modify/point?paperId=${paperId}`, {
      user: org.admin,
      body: [{ questionId: questionIds[0], points: 15 }],
    });
    expect(changed.body.message).toBe('成功');
    const second = await start(org.staff, exam.examId);
    expect(second.attemptNo).toBe(2);
    expect(second.totalPoints).toBe(65);
    expect(
      second.sections.flatMap((s) => s.questions).find((q) => q.questionId === questionIds[0])?.points,
    ).toBe(15);
  });

  it('never sends keys before release, saves idempotently, grades at submit and after marking', async () => {
    const { exam } = await publishedExam(org, {
      settings: { showScore: 'after_marking', showAnswers: 'after_end', shuffleOptions: true },
    });
    const mine = data<{ examId: number; openAttemptId: number | null }[]>(
      await call(t, 'GET', `${C}/exams?tab=ongoing`, { user: org.staff }),
    );
    expect(mine.map((e) => e.examId)).toContain(exam.examId);

    const view = await start(org.staff, exam.examId);
    expect(view.questionCount).toBe(6);
    expect(view.deadlineAt).toBeGreaterThan(Date.now());
    const keys = keysOf(view);
    for (const secret of ['correct', 'analysis', 'testCases', 'blanks', 'reference'])
      expect(keys.has(secret)).toBe(false);
    expect(JSON.stringify(view)).not.toContain('secret-input');
    // Starting again resumes the same attempt.
    expect((await start(org.staff, exam.examId)).attemptId).toBe(view.attemptId);
    // The candidate's paper rows as the view shows them: order, points and the shuffled option order.
    const stored = await t.app.deps.db
      .select()
      .from(attemptQuestions)
      .where(eq(attemptQuestions.attemptId, view.attemptId))
      .orderBy(attemptQuestions.sectionSort, attemptQuestions.sort);
    const shown = view.sections.flatMap((s) => s.questions);
    expect(stored.map((row) => [row.questionId, Number(row.points), row.sectionName])).toEqual(
      shown.map((q) => [q.questionId, 10, view.sections[0]?.name]),
    );
    for (const q of shown.filter((question) => question.options)) {
      const row = stored.find((r) => r.questionId === q.questionId);
      expect(row?.optionOrder).toEqual(q.options?.map((o) => o.key));
      expect([...(row?.optionOrder ?? [])].sort()).toEqual(q.options?.map((_, i) => i));
    }

    const all = view.sections.flatMap((s) => s.questions);
    const save = (body: unknown, user: TestUser = org.staff) =>
      call(t, 'POST', `${C}/answers?attemptId=${view.attemptId}`, { user, body });
    const saved = await save(all.map((q) => ({ questionId: q.questionId, answer: rightAnswer(q), seq: 2 })));
    expect(saved.body.message).toBe('成功');
    // A late, older save of the true/false question is ignored.
    const tf = all.find((q) => q.type === QuestionType.TRUE_FALSE);
    const stale = await save([{ questionId: tf?.questionId, answer: false, seq: 1 }]);
    expect(data<{ saved: { seq: number }[] }>(stale).saved[0]?.seq).toBe(2);
    expect((await save([{ questionId: 999_999_999, answer: true, seq: 3 }])).status).toBe(400);
    // A question not in the paper saves nothing, not even the others sent with it.
    const mixed = await save([
      { questionId: tf?.questionId, answer: false, seq: 3 },
      { questionId: 999_999_999, answer: true, seq: 3 },
    ]);
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe('题目不在这份试卷中');
    const [tfRow] = await t.app.deps.db
      .select({ answer: attemptQuestions.answer, seq: attemptQuestions.answerSeq })
      .from(attemptQuestions)
      .where(
        and(
          eq(attemptQuestions.attemptId, view.attemptId),
          eq(attemptQuestions.questionId, Number(tf?.questionId)),
        ),
      );
    expect(tfRow).toEqual({ answer: true, seq: 2 });
    expect((await save([{ questionId: tf?.questionId, answer: { x: 1 }, seq: 3 }])).status).toBe(400);
    // Somebody else's attempt is not theirs to write to.
    expect((await save([{ questionId: tf?.questionId, answer: true, seq: 3 }], org.admin)).status).toBe(404);
    expect(
      (await call(t, 'GET', `${C}/attempt?attemptId=${view.attemptId}`, { user: other.staff })).status,
    ).toBe(404);
    // Another device of the same candidate sees the same answers.
    const reloaded = data<AttemptView>(
      await call(t, 'GET', `${C}/attempt?attemptId=${view.attemptId}`, { user: org.staff }),
    );
    expect(reloaded.sections[0]?.questions.find((q) => q.type === QuestionType.TRUE_FALSE)?.answer).toBe(
      true,
    );

    const submitted = data<{ status: number; unanswered: number }>(
      await call(t, 'POST', `${C}/submit?attemptId=${view.attemptId}`, { user: org.staff }),
    );
    expect(submitted).toMatchObject({ status: 1, unanswered: 0 });
    expect((await save([{ questionId: tf?.questionId, answer: false, seq: 9 }])).status).toBe(409);
    let result = data<AttemptResult>(
      await call(t, 'GET', `${C}/result?attemptId=${view.attemptId}`, { user: org.staff }),
    );
    expect(result).toMatchObject({ scoreReleased: false, score: null, answersReleased: false });
    expect(keysOf(result).has('correct')).toBe(false);

    // The marker sees both subjective answers, scores them, and results are released.
    const overview = data<{ questions: { questionId: number; pending: number; type: number }[] }>(
      await call(t, 'GET', `${E}/check/overview?examId=${exam.examId}`, { user: org.admin }),
    );
    const pending = overview.questions.filter((q) => q.pending > 0);
    expect(pending.map((q) => q.type).sort()).toEqual([QuestionType.SHORT, QuestionType.CODE]);
    // Marking by question: the page carries the question and its key beside the answers.
    const answers = await call(
      t,
      'POST',
      `${E}/check/answers?examId=${exam.examId}&questionId=${pending[0]?.questionId}&page=0&size=10`,
      { user: org.admin },
    );
    expect(answers.status).toBe(200);
    expect(answers.body.res).toMatchObject({
      total: 1,
      data: [{ attemptId: view.attemptId, score: null, points: 10 }],
      question: { type: pending[0]?.type, analysis: '解析' },
    });
    const tooMuch = await call(t, 'POST', `${E}/check/mark`, {
      user: org.admin,
      body: { attemptId: view.attemptId, questionId: pending[0]?.questionId, score: 11 },
    });
    expect(tooMuch.status).toBe(400);
    for (const q of pending) {
      const marked = await call(t, 'POST', `${E}/check/mark`, {
        user: org.admin,
        body: { attemptId: view.attemptId, questionId: q.questionId, score: 8, comment: '要点基本齐全' },
      });
      expect(marked.body.message).toBe('成功');
    }
    result = data<AttemptResult>(
      await call(t, 'GET', `${C}/result?attemptId=${view.attemptId}`, { user: org.staff }),
    );
    expect(result).toMatchObject({
      status: 2,
      scoreReleased: true,
      score: 56,
      passed: true,
      answersReleased: false,
    });

    const results = data<ResultRow[]>(
      await call(t, 'POST', `${E}/result/search?examId=${exam.examId}&page=0&size=10`, {
        user: org.admin,
        body: {},
      }),
    );
    expect(results[0]).toMatchObject({ rank: 1, userId: org.staff.id, score: 56, passed: true });
    const report = data<PersonalReport>(
      await call(t, 'GET', `${E}/report/personal?attemptId=${view.attemptId}`, { user: org.admin }),
    );
    expect(report).toMatchObject({
      rank: 1,
      rankOf: 1,
      score: 56,
      sections: [{ name: '综合题', score: 56, points: 60 }],
    });
    const share = data<{ token: string }>(
      await call(t, 'POST', `${E}/report/share?attemptId=${view.attemptId}`, { user: org.admin }),
    );
    const shared = await call(
      t,
      'GET',
      `/exam/api/v1/public/report?token=${encodeURIComponent(share.token)}`,
    );
    expect(data<PersonalReport>(shared).score).toBe(56);
    // Marking by candidate reads the whole attempt; a comment shows on the report.
    const byCandidate = data<PersonalReport>(
      await call(t, 'GET', `${E}/check/attempt?attemptId=${view.attemptId}`, { user: org.admin }),
    );
    expect(byCandidate.questions.flatMap((section) => section.questions)).toHaveLength(6);
    const commented = await call(t, 'POST', `${E}/comment?attemptId=${view.attemptId}`, {
      user: org.admin,
      body: { comment: ' 继续保持 ' },
    });
    expect(data<{ attemptId: number }>(commented)).toEqual({ attemptId: view.attemptId });
    expect(
      data<PersonalReport>(
        await call(t, 'GET', `${E}/report/personal?attemptId=${view.attemptId}`, { user: org.admin }),
      ).comment,
    ).toBe('继续保持');
    expect((await call(t, 'GET', `/exam/api/v1/public/report?token=${share.token}x`)).status).toBe(404);
    expect(
      (await call(t, 'GET', `${E}/report/personal?attemptId=${view.attemptId}`, { user: other.admin }))
        .status,
    ).toBe(404);

    const exported = await t.app.inject({
      method: 'GET',
      url: `${E}/result/export?examId=${exam.examId}`,
      headers: { authorization: `Bearer ${org.admin.token}` },
    });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('成绩');
    expect(sheet?.getRow(2).getCell(2).value).toBe(
      (await t.app.deps.db.select().from(users).where(eq(users.id, org.staff.id)))[0]?.realName,
    );
    // The question list's "where used": this exam, and the candidate's answer to the short question.
    const shortId = pending.find((q) => q.type === QuestionType.SHORT)?.questionId;
    const usedBy = data<{ examId: number; answered: number; averageRatio: number }[]>(
      await call(t, 'POST', `/question/api/v1/questions/get/exam/by/question?questionId=${shortId}`, {
        user: org.admin,
      }),
    );
    expect(usedBy).toEqual([expect.objectContaining({ examId: exam.examId, answered: 1, averageRatio: 80 })]);
    const records = await call(
      t,
      'POST',
      `/question/api/v1/questions/get/exam/record/by/question?questionId=${shortId}&page=0&size=10&sortableField=score&sortType=desc`,
      { user: org.admin },
    );
    expect(records.body.res?.total).toBe(1);
    expect(data<{ userId: number; score: number; answer: unknown }[]>(records)[0]).toMatchObject({
      userId: org.staff.id,
      score: 8,
      answer: '保障人身安全，减少事故',
    });
    expect(
      (
        await call(t, 'POST', `/question/api/v1/questions/get/exam/by/question?questionId=${shortId}`, {
          user: other.admin,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          t,
          'POST',
          `/question/api/v1/questions/get/exam/record/by/question?questionId=${shortId}&page=0&size=10&sortableField=x`,
          { user: org.admin },
        )
      ).body.message,
    ).toContain('排序字段只能是');
    const row = data<ExamRow>(await call(t, 'GET', `${E}/detail?examId=${exam.examId}`, { user: org.admin }));
    expect(row).toMatchObject({ candidateCount: 1, startedCount: 1, submittedCount: 1 });
    const examReport = data<{ passRate: number; gradedCount: number }>(
      await call(t, 'GET', `${E}/report/exam?examId=${exam.examId}`, { user: org.admin }),
    );
    expect(examReport).toMatchObject({ passRate: 100, gradedCount: 1 });
  });

  it('closes an abandoned attempt at the deadline with the answers it has', async () => {
    const { exam } = await publishedExam(org, { settings: { showScore: 'immediately' } });
    const view = await start(org.staff, exam.examId);
    const tf = view.sections[0]?.questions.find((q) => q.type === QuestionType.TRUE_FALSE);
    await call(t, 'POST', `${C}/answers?attemptId=${view.attemptId}`, {
      user: org.staff,
      body: [{ questionId: tf?.questionId, answer: '正确', seq: 1 }],
    });
    // The browser is gone; time runs out.
    await t.app.deps.db
      .update(examAttempts)
      .set({ deadlineAt: sql`now() - make_interval(secs => ${SAVE_GRACE_MS / 1000 + 5})` })
      .where(eq(examAttempts.id, view.attemptId));
    const late = await call(t, 'POST', `${C}/answers?attemptId=${view.attemptId}`, {
      user: org.staff,
      body: [{ questionId: tf?.questionId, answer: false, seq: 2 }],
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('考试时间已到');
    expect(await closeExpiredAttempts(t.app.deps.db)).toBeGreaterThanOrEqual(1);
    const result = data<AttemptResult>(
      await call(t, 'GET', `${C}/result?attemptId=${view.attemptId}`, { user: org.staff }),
    );
    expect(result.score).toBe(10);
    const [attempt] = await t.app.deps.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, view.attemptId));
    expect(attempt?.submitReason).toBe('timeout');
  });
});

describe('managing candidates', () => {
  it('lists states, extends time, allows another attempt, forces submission and designates papers', async () => {
    const { exam } = await publishedExam(org);
    const list = async () =>
      data<ExamineeRow[]>(
        await call(t, 'POST', `${E}/examinee/search?examId=${exam.examId}&page=0&size=10`, {
          user: org.admin,
          body: {},
        }),
      );
    expect((await list()).map((r) => r.state)).toEqual(['not_started']);
    const view = await start(org.staff, exam.examId);
    expect((await list())[0]?.state).toBe('in_progress');
    const extended = await call(
      t,
      'POST',
      `${E}/examinee/extend?examId=${exam.examId}&userId=${org.staff.id}`,
      {
        user: org.admin,
        body: { minutes: 10 },
      },
    );
    expect(data<{ extraMinutes: number }>(extended).extraMinutes).toBe(10);
    const after = data<AttemptView>(
      await call(t, 'GET', `${C}/attempt?attemptId=${view.attemptId}`, { user: org.staff }),
    );
    expect(after.deadlineAt - view.deadlineAt).toBe(10 * 60_000);
    expect(
      (
        await call(t, 'POST', `${E}/examinee/remove?examId=${exam.examId}`, {
          user: org.admin,
          body: { userIds: [org.staff.id] },
        })
      ).status,
    ).toBe(409);
    await call(t, 'POST', `${E}/examinee/force-submit?examId=${exam.examId}&userId=${org.staff.id}`, {
      user: org.admin,
    });
    // Nothing was answered, so nothing waits for a marker.
    expect((await list())[0]).toMatchObject({ state: 'graded', score: 0 });
    expect((await call(t, 'POST', `${C}/start?examId=${exam.examId}`, { user: org.staff })).status).toBe(409);
    await call(t, 'POST', `${E}/examinee/attempt/grant?examId=${exam.examId}&userId=${org.staff.id}`, {
      user: org.admin,
    });
    const { paperId } = await newPaper(org);
    const designated = await call(t, 'POST', `${E}/examinee/designate?examId=${exam.examId}`, {
      user: org.admin,
      body: { userIds: [org.staff.id], paperId },
    });
    expect(data<{ count: number }>(designated).count).toBe(1);
    const second = await start(org.staff, exam.examId);
    expect(second.attemptNo).toBe(2);
    // exam/created/paper shows who sat which paper from the rows.
    expect((await list())[0]).toMatchObject({ latestAttemptId: second.attemptId, paperId });
    const [attempt] = await t.app.deps.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, second.attemptId));
    expect(attempt?.paperId).toBe(paperId);
    expect(
      (
        await call(t, 'POST', `${E}/examinee/add?examId=${exam.examId}`, {
          user: org.admin,
          body: { userIds: [other.staff.id] },
        })
      ).status,
    ).toBe(404);
    const added = await call(t, 'POST', `${E}/examinee/add?examId=${exam.examId}`, {
      user: org.admin,
      body: { userIds: [org.admin.id] },
    });
    expect(data<{ count: number }>(added).count).toBe(1);
    expect(
      (await call(t, 'POST', `${E}/delete`, { user: org.admin, body: { ids: [exam.examId] } })).status,
    ).toBe(409);
    expect((await call(t, 'POST', `${E}/unpublish?examId=${exam.examId}`, { user: org.admin })).status).toBe(
      409,
    );
  });
});

describe('open link exams', () => {
  it('lets anyone with the link prove a phone, register and take the exam', async () => {
    const { exam } = await publishedExam(org, {
      audience: { mode: 'open', registrationFields: ['工号'] },
    });
    const O = '/exam/api/v1/open';
    const link = data<{ url: string }>(
      await call(t, 'GET', `${E}/link?examId=${exam.examId}`, { user: org.admin }),
    );
    expect(link.url).toMatch(new RegExp(`/m/open/${exam.examId}$`));
    const info = await call(t, 'GET', `${O}/exam?examId=${exam.examId}`);
    expect(data<{ registrationFields: string[] }>(info).registrationFields).toEqual(['工号']);
    const phone = uniquePhone();
    expect((await call(t, 'POST', `${O}/sms?examId=${exam.examId}&phone=123`)).status).toBe(400);
    expect((await call(t, 'POST', `${O}/sms?examId=${exam.examId}&phone=${phone}`)).body.message).toBe(
      '成功',
    );
    const code = readSmsOutbox(t.config.dataDir)
      .filter((m) => m.phone === phone)
      .at(-1)
      ?.content.match(/\d{6}/)?.[0];
    const body = { realName: '访客', phone, code, fields: { 工号: 'A-001' } };
    const noField = await call(t, 'POST', `${O}/register?examId=${exam.examId}`, {
      body: { ...body, fields: {} },
    });
    expect(noField.status).toBe(400);
    expect(noField.body.message).toBe('请填写工号');
    const wrong = await call(t, 'POST', `${O}/register?examId=${exam.examId}`, {
      body: { ...body, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    const registered = data<{ access_token: string }>(
      await call(t, 'POST', `${O}/register?examId=${exam.examId}`, { body }),
    );
    const guest: TestUser = { id: 0, account: '', phone, token: registered.access_token };
    const view = await start(guest, exam.examId);
    expect(view.questionCount).toBe(6);
    const examinees = data<ExamineeRow[]>(
      await call(t, 'POST', `${E}/examinee/search?examId=${exam.examId}&page=0&size=10`, {
        user: org.admin,
        body: {},
      }),
    );
    expect(examinees.map((row) => [row.realName, row.state])).toEqual([['访客', 'in_progress']]);
    // An exam assigned to staff has no open link.
    const { exam: assigned } = await publishedExam(org);
    expect((await call(t, 'GET', `${O}/exam?examId=${assigned.examId}`)).status).toBe(404);
  });
});

describe('what candidates and markers rely on', () => {
  const save = (attemptId: number, body: unknown) =>
    call(t, 'POST', `${C}/answers?attemptId=${attemptId}`, { user: org.staff, body });
  const storedAnswer = async (attemptId: number, questionId: number) => {
    const [row] = await t.app.deps.db
      .select({ answer: attemptQuestions.answer, seq: attemptQuestions.answerSeq })
      .from(attemptQuestions)
      .where(and(eq(attemptQuestions.attemptId, attemptId), eq(attemptQuestions.questionId, questionId)));
    return row;
  };
  const trueFalseOf = (view: AttemptView) => {
    const q = view.sections[0]?.questions.find((question) => question.type === QuestionType.TRUE_FALSE);
    if (!q) throw new Error('no true/false question');
    return q.questionId;
  };
  const submitAs = (attemptId: number) =>
    call(t, 'POST', `${C}/submit?attemptId=${attemptId}`, { user: org.staff });
  const attemptRow = async (attemptId: number) =>
    (await t.app.deps.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId)))[0];

  it('keeps the stored answer when a save repeats its seq, and takes a newer one', async () => {
    const { exam } = await publishedExam(org);
    const view = await start(org.staff, exam.examId);
    const tf = trueFalseOf(view);
    expect((await save(view.attemptId, [{ questionId: tf, answer: true, seq: 5 }])).status).toBe(200);
    // A retry of seq 5 carrying another answer (a second tab, a replayed request) changes nothing.
    await save(view.attemptId, [{ questionId: tf, answer: false, seq: 5 }]);
    expect(await storedAnswer(view.attemptId, tf)).toEqual({ answer: true, seq: 5 });
    await save(view.attemptId, [{ questionId: tf, answer: false, seq: 6 }]);
    expect(await storedAnswer(view.attemptId, tf)).toEqual({ answer: false, seq: 6 });
  });

  it('saves inside the 30 s grace after the deadline and refuses after it', async () => {
    const { exam } = await publishedExam(org);
    const view = await start(org.staff, exam.examId);
    const tf = trueFalseOf(view);
    const setDeadline = (msAgo: number) =>
      t.app.deps.db
        .update(examAttempts)
        .set({ deadlineAt: new Date(Date.now() - msAgo) })
        .where(eq(examAttempts.id, view.attemptId));
    // 10 s after the deadline: a save still in flight when time ran out is kept.
    await setDeadline(10_000);
    expect((await save(view.attemptId, [{ questionId: tf, answer: true, seq: 1 }])).status).toBe(200);
    expect(await storedAnswer(view.attemptId, tf)).toEqual({ answer: true, seq: 1 });
    // Past the grace: refused, nothing stored.
    await setDeadline(SAVE_GRACE_MS + 5_000);
    const late = await save(view.attemptId, [{ questionId: tf, answer: false, seq: 2 }]);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('考试时间已到，答案未保存');
    expect(await storedAnswer(view.attemptId, tf)).toEqual({ answer: true, seq: 1 });
  });

  it('grades a partly right multiple choice by the exam’s partial-credit setting', async () => {
    const scoreWith = async (partialCredit: boolean) => {
      const { exam } = await publishedExam(org, { settings: { partialCredit } });
      const view = await start(org.staff, exam.examId);
      const multiple = view.sections[0]?.questions.find((q) => q.type === QuestionType.MULTIPLE);
      const two = multiple?.options?.find((o) => o.content === '2')?.key;
      await save(view.attemptId, [{ questionId: multiple?.questionId, answer: [two], seq: 1 }]);
      expect((await submitAs(view.attemptId)).status).toBe(200);
      return Number((await attemptRow(view.attemptId))?.score);
    };
    // One of the two right options, no wrong one: half the points with partial credit, none without.
    expect(await scoreWith(true)).toBe(5);
    expect(await scoreWith(false)).toBe(0);
  });

  it('passes a candidate whose marked score reaches the pass mark exactly', async () => {
    const { exam } = await publishedExam(org, { passScore: 20, settings: { showScore: 'immediately' } });
    const view = await start(org.staff, exam.examId);
    const short = view.sections[0]?.questions.find((q) => q.type === QuestionType.SHORT);
    await save(view.attemptId, [
      { questionId: trueFalseOf(view), answer: true, seq: 1 },
      { questionId: short?.questionId, answer: '保障人身安全', seq: 1 },
    ]);
    await submitAs(view.attemptId);
    // 10 points at submit; the short answer waits for a marker, so nothing is decided yet.
    expect(await attemptRow(view.attemptId)).toMatchObject({ status: 1, passed: null });
    const marked = await call(t, 'POST', `${E}/check/mark`, {
      user: org.admin,
      body: { attemptId: view.attemptId, questionId: short?.questionId, score: 10 },
    });
    expect(marked.status).toBe(200);
    expect(await attemptRow(view.attemptId)).toMatchObject({ status: 2, passed: 1 });
    expect(Number((await attemptRow(view.attemptId))?.score)).toBe(20);
    const result = data<AttemptResult>(
      await call(t, 'GET', `${C}/result?attemptId=${view.attemptId}`, { user: org.staff }),
    );
    expect(result).toMatchObject({ score: 20, passed: true });
  });

  it('decides an attempt with nothing to mark at submit: the pass mark itself passes, less fails', async () => {
    const outcome = async (trueFalse: boolean) => {
      // True/false and single choice only, 10 points each: graded in full when submitted.
      const { exam } = await publishedExam(org, { passScore: 10 }, [
        QuestionType.TRUE_FALSE,
        QuestionType.SINGLE,
      ]);
      const view = await start(org.staff, exam.examId);
      await save(view.attemptId, [{ questionId: trueFalseOf(view), answer: trueFalse, seq: 1 }]);
      expect((await submitAs(view.attemptId)).status).toBe(200);
      const row = await attemptRow(view.attemptId);
      return { status: row?.status, score: Number(row?.score), passed: row?.passed };
    };
    // The true/false question right, the single choice left blank: 10 of 20, exactly the pass mark.
    expect(await outcome(true)).toEqual({ status: 2, score: 10, passed: 1 });
    expect(await outcome(false)).toEqual({ status: 2, score: 0, passed: 0 });
  });

  it('lets no administrator of another organisation mark or comment on an attempt', async () => {
    const { exam } = await publishedExam(org);
    const view = await start(org.staff, exam.examId);
    const short = view.sections[0]?.questions.find((q) => q.type === QuestionType.SHORT);
    // An answered short question waits for a marker.
    await save(view.attemptId, [{ questionId: short?.questionId, answer: '保障人身安全', seq: 1 }]);
    await submitAs(view.attemptId);
    const before = await attemptRow(view.attemptId);
    const mark = await call(t, 'POST', `${E}/check/mark`, {
      user: other.admin,
      body: { attemptId: view.attemptId, questionId: short?.questionId, score: 10, comment: '越权' },
    });
    expect(mark.status).toBe(404);
    const comment = await call(t, 'POST', `${E}/comment?attemptId=${view.attemptId}`, {
      user: other.admin,
      body: { comment: '越权评语' },
    });
    expect(comment.status).toBe(404);
    const after = await attemptRow(view.attemptId);
    expect(after).toMatchObject({ score: before?.score, status: before?.status, comment: null });
    const [answer] = await t.app.deps.db
      .select({ score: attemptQuestions.score, markComment: attemptQuestions.markComment })
      .from(attemptQuestions)
      .where(
        and(
          eq(attemptQuestions.attemptId, view.attemptId),
          eq(attemptQuestions.questionId, Number(short?.questionId)),
        ),
      );
    expect(answer).toEqual({ score: null, markComment: null });
  });
});
