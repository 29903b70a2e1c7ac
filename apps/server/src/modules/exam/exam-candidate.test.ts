/**
 * The candidate's replies are stripped to their contract (packages/shared/src/contracts/exam-candidate.ts):
 * no answer key reaches a candidate before the exam releases it, even when a service hands one over.
 * The journey itself (start, save, submit, mark) is tested in exam.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QuestionType } from '@kaopei/shared';
import {
  examAttempts,
  exams,
  paperQuestions,
  paperSections,
  papers,
  questionBanks,
  questions,
} from '../../db/schema';
import {
  call,
  createOrg,
  createTestApp,
  unique,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import type * as AttemptService from './exam-attempt.service';
import type { AttemptResult, AttemptView } from './exam-attempt.service';

/** When on, the attempt service adds answer keys everywhere a careless change could put them. */
const leak = vi.hoisted(() => ({ on: false, score: false }));

vi.mock('./exam-attempt.service', async (importOriginal) => {
  const actual = await importOriginal<typeof AttemptService>();
  const secrets = {
    correct: true,
    analysis: '解析：泄露',
    key: { secret: 'leaked-key' },
    answerKey: 'leaked-key',
    testCases: [{ input: 'secret-input', output: 'secret-output' }],
  };
  const withKeys = <T extends AttemptView | AttemptResult>(view: T): T => ({
    ...view,
    ...secrets,
    sections: view.sections.map((section) => ({
      ...section,
      ...secrets,
      questions: section.questions.map((question) => ({
        ...question,
        ...secrets,
        ...(leak.score ? { score: 99, markComment: '泄露的评语' } : {}),
        options: question.options?.map((option) => ({ ...option, correct: true })) ?? null,
        ...('code' in question && question.code
          ? { code: { ...question.code, testCases: secrets.testCases } }
          : {}),
      })),
    })),
  });
  return {
    ...actual,
    startAttempt: async (...args: Parameters<typeof actual.startAttempt>) => {
      const view = await actual.startAttempt(...args);
      return leak.on ? withKeys(view) : view;
    },
    attemptView: async (...args: Parameters<typeof actual.attemptView>) => {
      const view = await actual.attemptView(...args);
      return leak.on ? withKeys(view) : view;
    },
    attemptResult: async (...args: Parameters<typeof actual.attemptResult>) => {
      const result = await actual.attemptResult(...args);
      return leak.on ? withKeys(result) : result;
    },
  };
});

let t: TestApp;
let org: TestOrg;

const E = '/exam/api/v1/exam';
const C = '/exam/api/v1/candidate';
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

const CODE_KEY = {
  languages: ['python'],
  templates: { python: 'print()' },
  testCases: [
    { input: '', output: 'hello', sample: true },
    { input: 'secret-input', output: 'secret-output', sample: false },
  ],
  timeLimit: 1000,
  memoryLimit: 256,
};

/** A published exam of one question of each kind given (10 points each), for the organisation's staff. */
async function publishedExam(
  o: TestOrg,
  types: number[],
  settings: Record<string, unknown>,
): Promise<{ examId: number }> {
  const { db } = t.app.deps;
  const [bank] = await db
    .insert(questionBanks)
    .values({ organizationId: o.id, name: unique('题库') })
    .returning();
  if (!bank) throw new Error('bank insert failed');
  const fixtures: Record<
    number,
    { options: { content: string; correct: boolean }[] | null; answer: unknown }
  > = {
    [QuestionType.TRUE_FALSE]: { options: null, answer: true },
    [QuestionType.SINGLE]: {
      options: [
        { content: '1', correct: false },
        { content: '2', correct: true },
      ],
      answer: null,
    },
    [QuestionType.FILL]: { options: null, answer: { blanks: [{ answers: ['北京'] }], caseSensitive: false } },
    [QuestionType.SHORT]: { options: null, answer: { reference: '参考答案', scoringPoints: [] } },
    [QuestionType.CODE]: { options: null, answer: CODE_KEY },
  };
  const inserted = await db
    .insert(questions)
    .values(
      types.map((type) => ({
        organizationId: o.id,
        bankId: bank.id,
        type,
        stem: `<p>题目 ${type}</p>`,
        stemText: `题目 ${type}`,
        options: fixtures[type]?.options ?? null,
        answer: fixtures[type]?.answer ?? null,
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
      questionCount: types.length,
      totalScore: 10 * types.length,
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
  const now = Date.now();
  const created = await call(t, 'POST', `${E}/add`, {
    user: o.admin,
    body: {
      name: unique('公布考试'),
      paperIds: [paper.id],
      startAt: now - 60_000,
      endAt: now + 3600_000,
      durationMinutes: 30,
      passScore: 10,
      audience: { mode: 'assigned', departmentIds: [o.departmentIds[1]] },
      settings,
    },
  });
  expect(created.body.message).toBe('成功');
  const { examId } = data<{ examId: number }>(created);
  expect((await call(t, 'POST', `${E}/publish?examId=${examId}`, { user: o.admin })).body.message).toBe(
    '成功',
  );
  return { examId };
}

async function start(user: TestUser, examId: number): Promise<{ res: Res; view: AttemptView }> {
  const res = await call(t, 'POST', `${C}/start?examId=${examId}`, { user });
  expect(res.body.message).toBe('成功');
  return { res, view: data<AttemptView>(res) };
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

const questionsOf = (view: { sections: { questions: unknown[] }[] }) =>
  view.sections.flatMap((section) => section.questions) as Record<string, unknown>[];

const QUESTION_KEYS = [
  'answer',
  'answerSeq',
  'blankCount',
  'code',
  'flagged',
  'number',
  'options',
  'points',
  'questionId',
  'stem',
  'type',
  'typeLabel',
];
/** Keys of an answer key anywhere in a reply (`key` is an option's own key too: checked per question). */
const SECRET_KEYS = ['correct', 'analysis', 'answerKey', 'testCases', 'blanks', 'reference'];
/** A result's question when answers are withheld. */
const WITHHELD_KEYS = [
  'answer',
  'markComment',
  'number',
  'options',
  'points',
  'questionId',
  'score',
  'stem',
  'type',
  'typeLabel',
];

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
});

afterAll(async () => {
  leak.on = false;
  await t.close();
});

describe("the candidate's paper", () => {
  it('is served by routes registered from their contracts (candidate, open link, monitor, code runs)', () => {
    const mine = /^\S+ \/exam\/api\/v1\/(candidate|open|monitor)\//;
    expect(t.app.routesWithoutContract.filter((route) => mine.test(route))).toEqual([]);
  });

  it('carries no answer key on start or resume, even when the service hands one over', async () => {
    const { examId } = await publishedExam(
      org,
      [
        QuestionType.TRUE_FALSE,
        QuestionType.SINGLE,
        QuestionType.FILL,
        QuestionType.SHORT,
        QuestionType.CODE,
      ],
      { showAnswers: 'immediately', showScore: 'immediately' },
    );
    leak.on = true;
    try {
      const first = await start(org.staff, examId);
      const resumed = await start(org.staff, examId);
      const reloaded = await call(t, 'GET', `${C}/attempt?attemptId=${first.view.attemptId}`, {
        user: org.staff,
      });
      expect(resumed.view.attemptId).toBe(first.view.attemptId);
      for (const res of [first.res, resumed.res, reloaded]) {
        const view = data<AttemptView>(res);
        expect(view.questionCount).toBe(5);
        expect(Object.keys(view).sort()).toEqual(
          [
            'antiCheat',
            'attemptId',
            'attemptNo',
            'counts',
            'deadlineAt',
            'examId',
            'examName',
            'questionCount',
            'saveGraceMs',
            'sections',
            'serverNow',
            'startedAt',
            'status',
            'statusLabel',
            'totalPoints',
          ].sort(),
        );
        for (const section of view.sections)
          expect(Object.keys(section).sort()).toEqual(['name', 'questions']);
        for (const question of questionsOf(view)) {
          expect(Object.keys(question).sort()).toEqual(QUESTION_KEYS);
          for (const option of (question.options as object[] | null) ?? [])
            expect(Object.keys(option).sort()).toEqual(['content', 'key']);
          if (question.code)
            expect(Object.keys(question.code).sort()).toEqual(['languages', 'samples', 'templates']);
        }
        const keys = keysOf(view);
        for (const secret of SECRET_KEYS) expect(keys.has(secret)).toBe(false);
        expect(res.raw.body).not.toContain('secret-');
        expect(res.raw.body).not.toContain('leaked');
        expect(res.raw.body).not.toContain('解析');
      }
      // What a candidate may see of a code question: its languages, templates and sample cases.
      const code = questionsOf(first.view).find((q) => q.type === QuestionType.CODE);
      expect(code?.code).toEqual({
        languages: ['python'],
        templates: { python: 'print()' },
        samples: [{ input: '', output: 'hello' }],
      });
    } finally {
      leak.on = false;
    }
  });
});

describe("the candidate's result", () => {
  const submit = async (user: TestUser, examId: number) => {
    const { view } = await start(user, examId);
    const tf = questionsOf(view).find((q) => q.type === QuestionType.TRUE_FALSE);
    await call(t, 'POST', `${C}/answers?attemptId=${view.attemptId}`, {
      user,
      body: [{ questionId: tf?.questionId, answer: true, seq: 1 }],
    });
    const submitted = await call(t, 'POST', `${C}/submit?attemptId=${view.attemptId}`, { user });
    expect(submitted.body.message).toBe('成功');
    return view.attemptId;
  };
  const result = async (attemptId: number) => {
    const res = await call(t, 'GET', `${C}/result?attemptId=${attemptId}`, { user: org.staff });
    expect(res.body.message).toBe('成功');
    return { res, result: data<AttemptResult>(res) };
  };

  it('shows keys, correct flags and analysis only once the exam releases them', async () => {
    // Released on submit: the key of each kind, the correct option, the analysis; never hidden tests.
    const now = await publishedExam(org, [QuestionType.TRUE_FALSE, QuestionType.SINGLE, QuestionType.CODE], {
      showAnswers: 'immediately',
      showScore: 'immediately',
    });
    const open = await result(await submit(org.staff, now.examId));
    expect(open.result).toMatchObject({ answersReleased: true, scoreReleased: true });
    const shown = questionsOf(open.result);
    expect(shown.find((q) => q.type === QuestionType.TRUE_FALSE)).toMatchObject({
      key: true,
      analysis: '解析',
      score: 10,
    });
    const single = shown.find((q) => q.type === QuestionType.SINGLE);
    expect(
      (single?.options as { content: string; correct: boolean }[]).map((o) => [o.content, o.correct]),
    ).toEqual([
      ['1', false],
      ['2', true],
    ]);
    expect(shown.find((q) => q.type === QuestionType.CODE)?.key).toEqual({
      languages: ['python'],
      samples: [{ input: '', output: 'hello' }],
    });
    expect(open.res.raw.body).not.toContain('secret-');

    // Released after the end: withheld while the exam runs, shown once it has ended.
    const later = await publishedExam(org, [QuestionType.TRUE_FALSE, QuestionType.SINGLE], {
      showAnswers: 'after_end',
      showScore: 'immediately',
    });
    const attemptId = await submit(org.staff, later.examId);
    const before = await result(attemptId);
    expect(before.result).toMatchObject({ answersReleased: false, scoreReleased: true, score: 10 });
    for (const question of questionsOf(before.result))
      expect(Object.keys(question).sort()).toEqual(WITHHELD_KEYS);
    expect(keysOf(before.result).has('correct')).toBe(false);
    await t.app.deps.db
      .update(exams)
      .set({ startAt: sql`now() - interval '2 hours'`, endAt: sql`now() - interval '1 minute'` })
      .where(eq(exams.id, later.examId));
    const after = await result(attemptId);
    expect(after.result.answersReleased).toBe(true);
    expect(questionsOf(after.result).find((q) => q.type === QuestionType.TRUE_FALSE)).toMatchObject({
      key: true,
      analysis: '解析',
    });

    // Never released, even after the end.
    const never = await publishedExam(org, [QuestionType.TRUE_FALSE, QuestionType.SINGLE], {
      showAnswers: 'never',
      showScore: 'never',
    });
    const hidden = await submit(org.staff, never.examId);
    await t.app.deps.db
      .update(exams)
      .set({ startAt: sql`now() - interval '2 hours'`, endAt: sql`now() - interval '1 minute'` })
      .where(eq(exams.id, never.examId));
    const withheld = await result(hidden);
    expect(withheld.result).toMatchObject({
      answersReleased: false,
      scoreReleased: false,
      score: null,
      passed: null,
    });
    for (const question of questionsOf(withheld.result)) {
      expect(question.score).toBeNull();
      expect(Object.keys(question).sort()).toEqual(WITHHELD_KEYS);
    }
  });

  it('strips what is not released even when the service hands it over, and never answers a withheld score', async () => {
    const { examId } = await publishedExam(
      org,
      [QuestionType.TRUE_FALSE, QuestionType.SINGLE, QuestionType.CODE],
      {
        showAnswers: 'never',
        showScore: 'never',
      },
    );
    const attemptId = await submit(org.staff, examId);
    const [attempt] = await t.app.deps.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(attempt?.status).toBe(2);
    leak.on = true;
    try {
      const { res, result: stripped } = await result(attemptId);
      expect(stripped).toMatchObject({ answersReleased: false, scoreReleased: false, score: null });
      const keys = keysOf(stripped);
      for (const secret of SECRET_KEYS) expect(keys.has(secret)).toBe(false);
      expect(res.raw.body).not.toContain('secret-');
      expect(res.raw.body).not.toContain('leaked');
      expect(res.raw.body).not.toContain('解析');
      for (const question of questionsOf(stripped)) {
        expect(Object.keys(question).sort()).toEqual(WITHHELD_KEYS);
        for (const option of (question.options as object[] | null) ?? [])
          expect(Object.keys(option).sort()).toEqual(['content', 'key']);
      }
      // A withheld score cannot be stripped to null: the reply fails rather than show it.
      leak.score = true;
      const scored = await call(t, 'GET', `${C}/result?attemptId=${attemptId}`, { user: org.staff });
      expect(scored.status).toBe(500);
      expect(scored.raw.body).not.toContain('99');
      expect(scored.raw.body).not.toContain('泄露的评语');
    } finally {
      leak.on = false;
      leak.score = false;
    }
  });
});
