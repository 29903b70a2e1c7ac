import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankContracts } from '@kaopei/shared/contracts/bank';
import { examCandidateContracts } from '@kaopei/shared/contracts/exam-candidate';
import { examContracts } from '@kaopei/shared/contracts/exam';
import { knowledgeContracts } from '@kaopei/shared/contracts/knowledge';
import { paperContracts } from '@kaopei/shared/contracts/paper';
import { paperCategoryContracts } from '@kaopei/shared/contracts/paper-category';
import { questionContracts } from '@kaopei/shared/contracts/question';
import {
  practiceContracts,
  type PracticeAnswerResult,
  type PracticeRoundView,
  type ReviewAnswerResult,
  type ReviewNext,
} from '@kaopei/shared/contracts/practice';
import {
  call,
  createOrg,
  createTestApp,
  unique,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import { createMember } from '../../../test/support';
import { api } from '../../../test/factories';
import {
  practiceAnswers,
  practiceQuestions,
  practiceRounds,
  practices,
  questions,
  reviewCards,
  reviewLogs,
} from '../../db/schema';
import { practiceCompletions } from './practice-completion.repo';
import { reviewCard, type CardState } from './review-schedule';

const P = '/course/api/v1/practice';
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;
const db = () => t.app.deps.db;

interface Bank {
  bankId: number;
  single: number;
  judge: number;
  pending: number;
  knowledgeId: number;
}

/** A bank with an approved single choice (key A) filed under a knowledge point, an approved 判断 (key true), and one awaiting review. */
async function makeBank(o: TestOrg): Promise<Bank> {
  const admin = o.admin;
  const bank = await api(t, admin, bankContracts.add, { body: { name: unique('题库') } });
  const knowledge = await api(t, admin, knowledgeContracts.add, { body: { name: unique('知识点') } });
  const single = await api(t, admin, questionContracts.add, {
    body: {
      bankId: bank.bankId,
      type: 1,
      stem: '一加一等于几？',
      options: [
        { content: '二', correct: true },
        { content: '三', correct: false },
      ],
      analysis: '一加一等于二。',
      knowledgeIds: [knowledge.id],
    },
  });
  const judge = await api(t, admin, questionContracts.add, {
    body: { bankId: bank.bankId, type: 0, stem: '地球是圆的。', answer: true },
  });
  const pending = await api(t, admin, questionContracts.add, {
    body: { bankId: bank.bankId, type: 0, stem: '未审核的题。', answer: true },
  });
  for (const questionId of [single.questionId, judge.questionId])
    await api(t, admin, questionContracts.check, { query: { questionId, status: 1 }, body: {} });
  // An administrator's question may be approved on saving: put this one back to 待审核.
  await db().update(questions).set({ status: 0 }).where(eq(questions.id, pending.questionId));
  return {
    bankId: bank.bankId,
    single: single.questionId,
    judge: judge.questionId,
    pending: pending.questionId,
    knowledgeId: knowledge.id,
  };
}

async function released(o: TestOrg, bank: Bank, roundSize = 2) {
  const { practiceId } = await api(t, o.admin, practiceContracts.add, {
    body: { name: unique('练习'), roundSize, sources: [{ kind: 'bank', refId: bank.bankId }] },
  });
  await api(t, o.admin, practiceContracts.release, { query: { practiceId } });
  return practiceId;
}

const practiceRow = async (id: number) =>
  (await db().select().from(practices).where(eq(practices.id, id)))[0];
const cardOf = async (userId: number, questionId: number) =>
  (
    await db()
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, userId), eq(reviewCards.questionId, questionId)))
  )[0];
const start = (user: TestUser, practiceId: number) =>
  call(t, 'POST', `${P}/learn/start?practiceId=${practiceId}`, { user });
const answer = (user: TestUser, roundId: number, questionId: number, value: unknown) =>
  call(t, 'POST', `${P}/learn/answer`, { user, body: { roundId, questionId, answer: value } });
const rightAnswer = (bank: Bank, questionId: number) => (questionId === bank.single ? 0 : true);
const wrongAnswer = (bank: Bank, questionId: number) => (questionId === bank.single ? 1 : false);

let bank: Bank;
let otherBank: Bank;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  bank = await makeBank(org);
  otherBank = await makeBank(other);
}, 60_000);
afterAll(() => t.close());

async function practiceCount(organizationId: number) {
  return (await db().select().from(practices).where(eq(practices.organizationId, organizationId))).length;
}

describe('practice sets', () => {
  it('refuses bad input with a Chinese message naming the field, storing nothing', async () => {
    const before = await practiceCount(org.id);
    const cases: [unknown, string][] = [
      [{ name: '', sources: [{ kind: 'bank', refId: bank.bankId }] }, '练习名称'],
      [{ name: '练习', roundSize: 0, sources: [{ kind: 'bank', refId: bank.bankId }] }, '每轮题数'],
      [{ name: '练习', sources: [] }, '题目来源'],
      [{ name: '练习', sources: [{ kind: 'paper', refId: 1 }] }, '题目来源'],
      [{ name: '练习', sources: [{ kind: 'bank', refId: otherBank.bankId }] }, '题目来源'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, 'POST', `${P}/add`, { user: org.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(field);
    }
    const { practiceId } = await api(t, org.admin, practiceContracts.add, {
      body: { name: '待修改', sources: [{ kind: 'bank', refId: bank.bankId }] },
    });
    const bad = await call(t, 'POST', `${P}/modify`, {
      user: org.admin,
      body: { practiceId, roundSize: 500 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('每轮题数');
    expect((await practiceRow(practiceId))?.roundSize).toBe(10);
    expect(await practiceCount(org.id)).toBe(before + 1);
  });

  it('refuses to release an empty pool and fixes the approved auto-graded questions on release', async () => {
    const empty = await api(t, org.admin, bankContracts.add, { body: { name: unique('空题库') } });
    const { practiceId: emptyId } = await api(t, org.admin, practiceContracts.add, {
      body: { name: '空练习', sources: [{ kind: 'bank', refId: empty.bankId }] },
    });
    const refused = await call(t, 'POST', `${P}/release?practiceId=${emptyId}`, { user: org.admin });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('不能发布');
    expect((await practiceRow(emptyId))?.status).toBe(0);

    const { practiceId } = await api(t, org.admin, practiceContracts.add, {
      body: { name: '按知识点', sources: [{ kind: 'knowledge', refId: bank.knowledgeId }] },
    });
    const detail = await api(t, org.admin, practiceContracts.get, { query: { practiceId } });
    expect(detail.questionCount).toBe(1);
    const done = await api(t, org.admin, practiceContracts.release, { query: { practiceId } });
    expect(done.questionCount).toBe(1);
    const pool = await db()
      .select()
      .from(practiceQuestions)
      .where(eq(practiceQuestions.practiceId, practiceId));
    expect(pool.map((row) => row.questionId)).toEqual([bank.single]);

    const byBank = await released(org, bank);
    const bankPool = await db()
      .select()
      .from(practiceQuestions)
      .where(eq(practiceQuestions.practiceId, byBank));
    expect(bankPool.map((row) => row.questionId).sort((a, b) => a - b)).toEqual(
      [bank.single, bank.judge].sort((a, b) => a - b),
    );
    const modify = await call(t, 'POST', `${P}/modify`, {
      user: org.admin,
      body: { practiceId: byBank, name: '改名' },
    });
    expect(modify.status).toBe(400);
    expect((await practiceRow(byBank))?.name).not.toBe('改名');
  });

  it('answers 404 to another organisation’s ids on reads and writes and changes nothing', async () => {
    const theirs = await released(other, otherBank);
    const before = await practiceRow(theirs);
    const reads = [
      `${P}/get?practiceId=${theirs}`,
      `${P}/question-stats?practiceId=${theirs}`,
      `${P}/knowledge-stats?practiceId=${theirs}`,
    ];
    for (const url of reads) expect((await call(t, 'GET', url, { user: org.admin })).status, url).toBe(404);
    for (const action of ['release', 'close', 'delete'])
      expect((await call(t, 'POST', `${P}/${action}?practiceId=${theirs}`, { user: org.admin })).status).toBe(
        404,
      );
    const modify = await call(t, 'POST', `${P}/modify`, {
      user: org.admin,
      body: { practiceId: theirs, name: '偷改' },
    });
    expect(modify.status).toBe(404);
    expect(await practiceRow(theirs)).toEqual(before);

    expect((await start(org.staff, theirs)).status).toBe(404);
    const round = data<PracticeRoundView>(await start(other.staff, theirs));
    const foreign = await answer(org.staff, round.roundId, round.question!.questionId, true);
    expect(foreign.status).toBe(404);
    const stored = await db()
      .select()
      .from(practiceAnswers)
      .where(eq(practiceAnswers.roundId, round.roundId));
    expect(stored).toEqual([]);
    expect(
      (await db().select().from(practiceRounds).where(eq(practiceRounds.id, round.roundId)))[0]?.answered,
    ).toBe(0);
    const mine = await call(t, 'GET', `${P}/learn/my?size=100`, { user: org.staff });
    expect((mine.body.res?.data as { practiceId: number }[]).map((row) => row.practiceId)).not.toContain(
      theirs,
    );
    const list = await call(t, 'GET', `${P}/list?size=100`, { user: org.admin });
    expect((list.body.res?.data as { practiceId: number }[]).map((row) => row.practiceId)).not.toContain(
      theirs,
    );
  });

  it('refuses to practise a draft or a closed set', async () => {
    const { practiceId: draft } = await api(t, org.admin, practiceContracts.add, {
      body: { name: '草稿', sources: [{ kind: 'bank', refId: bank.bankId }] },
    });
    const refusedDraft = await start(org.staff, draft);
    expect(refusedDraft.status).toBe(400);
    expect(refusedDraft.body.message).toContain('尚未发布');
    const closing = await released(org, bank);
    const learner = await createMember(t, org, 'staff');
    const round = data<PracticeRoundView>(await start(learner, closing));
    await api(t, org.admin, practiceContracts.close, { query: { practiceId: closing } });
    const refused = await start(learner, closing);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('已关闭');
    const late = await answer(learner, round.roundId, round.question!.questionId, true);
    expect(late.status).toBe(400);
    expect(
      await db().select().from(practiceAnswers).where(eq(practiceAnswers.roundId, round.roundId)),
    ).toEqual([]);
    const rounds = await db().select().from(practiceRounds).where(eq(practiceRounds.practiceId, closing));
    expect(rounds).toHaveLength(1);
  });
});

describe('a round with immediate feedback', () => {
  it('grades each answer at once, stores it, books a wrong one, resumes and finishes the round', async () => {
    const practiceId = await released(org, bank);
    const learner = await createMember(t, org, 'staff');
    const first = data<PracticeRoundView>(await start(learner, practiceId));
    expect(first.total).toBe(2);
    const q1 = first.question!.questionId;
    const right = data<PracticeAnswerResult>(await answer(learner, first.roundId, q1, rightAnswer(bank, q1)));
    expect(right.correct).toBe(true);
    expect(right.round.answered).toBe(1);
    // Resuming gives the same round at the next question; answering the first again is refused.
    const resumed = data<PracticeRoundView>(await start(learner, practiceId));
    expect(resumed.roundId).toBe(first.roundId);
    const q2 = resumed.question!.questionId;
    expect(q2).not.toBe(q1);
    expect((await answer(learner, first.roundId, q1, rightAnswer(bank, q1))).status).toBe(409);
    const before = Date.now();
    const wrong = data<PracticeAnswerResult>(await answer(learner, first.roundId, q2, wrongAnswer(bank, q2)));
    expect(wrong.correct).toBe(false);
    expect(wrong.keyText).toBe(q2 === bank.single ? 'A' : '正确');
    if (q2 === bank.single) {
      expect(wrong.correctOptions).toEqual([0]);
      expect(wrong.analysis).toContain('一加一等于二');
    }
    expect(wrong.round.finished).toBe(true);
    expect(wrong.round.question).toBeNull();

    const stored = await db()
      .select()
      .from(practiceAnswers)
      .where(eq(practiceAnswers.roundId, first.roundId));
    expect(stored.map((row) => [row.questionId, row.correct])).toEqual([
      [q1, 1],
      [q2, 0],
    ]);
    const card = await cardOf(learner.id, q2);
    expect(card).toMatchObject({
      source: 'practice',
      sourceId: practiceId,
      wrongCount: 1,
      state: 0,
      masteredAt: null,
    });
    expect(card!.due.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await cardOf(learner.id, q1)).toBeUndefined();
    const done = await practiceCompletions(db(), org.id, [practiceId], { userIds: [learner.id] });
    expect(done.map((row) => row.userId)).toEqual([learner.id]);

    const detail = await api(t, org.admin, practiceContracts.get, { query: { practiceId } });
    expect(detail).toMatchObject({ participants: 1, rounds: 1, finishedRounds: 1, answers: 2, accuracy: 50 });
    const stats = await api(t, org.admin, practiceContracts.questionStats, { query: { practiceId } });
    expect(stats[0]).toMatchObject({ questionId: q2, wrong: 1, answers: 1, accuracy: 0 });
    const next = data<PracticeRoundView>(await start(learner, practiceId));
    expect(next.roundId).not.toBe(first.roundId);
  });
});

describe('the review book', () => {
  async function bookedLearner(questionId: number) {
    const learner = await createMember(t, org, 'staff');
    const practiceId = await released(org, bank, 2);
    let round = data<PracticeRoundView>(await start(learner, practiceId));
    while (round.question) {
      const q = round.question.questionId;
      const value = q === questionId ? wrongAnswer(bank, q) : rightAnswer(bank, q);
      round = data<PracticeAnswerResult>(await answer(learner, round.roundId, q, value)).round;
    }
    return learner;
  }

  it('serves today’s due card and moves `due` by FSRS on a right answer', async () => {
    const learner = await bookedLearner(bank.judge);
    const next = data<ReviewNext>(await call(t, 'GET', `${P}/review/next`, { user: learner }));
    expect(next).toMatchObject({ dueCount: 1, bookCount: 1 });
    expect(next.item?.question.questionId).toBe(bank.judge);
    const card = await cardOf(learner.id, bank.judge);
    const state: CardState = { ...card!, state: card!.state };
    const before = new Date();
    const res = await call(t, 'POST', `${P}/review/answer`, {
      user: learner,
      body: { questionId: bank.judge, answer: true, rating: 'good' },
    });
    const after = Date.now();
    expect(res.status).toBe(200);
    const result = data<ReviewAnswerResult>(res);
    const expected = reviewCard(state, 'good', before);
    expect(result).toMatchObject({
      correct: true,
      rating: 'good',
      scheduledDays: expected.scheduledDays,
      mastered: false,
    });
    expect(expected.scheduledDays).toBe(3);
    expect(result.due).toBeGreaterThanOrEqual(expected.due.getTime());
    expect(result.due).toBeLessThanOrEqual(expected.due.getTime() + (after - before.getTime()));
    const stored = await cardOf(learner.id, bank.judge);
    expect(stored?.due.getTime()).toBe(result.due);
    expect(stored).toMatchObject({ state: 2, reps: 1, scheduledDays: 3 });
    expect(result.summary.dueCount).toBe(0);
    const logs = await db().select().from(reviewLogs).where(eq(reviewLogs.userId, learner.id));
    expect(logs.map((log) => [log.rating, log.correct])).toEqual([[3, 1]]);
    // Not due any more: answering it again today is refused.
    const again = await call(t, 'POST', `${P}/review/answer`, {
      user: learner,
      body: { questionId: bank.judge, answer: true },
    });
    expect(again.status).toBe(400);
  });

  it('a wrong review is Again, counts a mistake and returns tomorrow', async () => {
    const learner = await bookedLearner(bank.single);
    const result = data<ReviewAnswerResult>(
      await call(t, 'POST', `${P}/review/answer`, {
        user: learner,
        body: { questionId: bank.single, answer: 1, rating: 'easy' },
      }),
    );
    expect(result).toMatchObject({ correct: false, rating: 'again', scheduledDays: 1, keyText: 'A' });
    expect(await cardOf(learner.id, bank.single)).toMatchObject({ wrongCount: 2, source: 'review' });
  });

  it('masters a card recalled at a stable interval, and a new mistake brings it back', async () => {
    const learner = await bookedLearner(bank.judge);
    // Pretend the card has been learnt for weeks: in Review state, stable, due now.
    const now = new Date();
    await db()
      .update(reviewCards)
      .set({
        state: 2,
        stability: 30,
        difficulty: 5,
        reps: 4,
        scheduledDays: 20,
        lastReview: new Date(now.getTime() - 20 * 86_400_000),
        due: now,
      })
      .where(and(eq(reviewCards.userId, learner.id), eq(reviewCards.questionId, bank.judge)));
    const result = data<ReviewAnswerResult>(
      await call(t, 'POST', `${P}/review/answer`, {
        user: learner,
        body: { questionId: bank.judge, answer: true },
      }),
    );
    expect(result.mastered).toBe(true);
    expect(result.scheduledDays).toBeGreaterThanOrEqual(21);
    expect(result.summary).toMatchObject({ dueCount: 0, bookCount: 0, masteredCount: 1 });
    expect((await cardOf(learner.id, bank.judge))?.masteredAt).not.toBeNull();
    const next = data<ReviewNext>(await call(t, 'GET', `${P}/review/next`, { user: learner }));
    expect(next.item).toBeNull();

    await bookedLearnerAgain(learner, bank.judge);
    const back = await cardOf(learner.id, bank.judge);
    expect(back).toMatchObject({ masteredAt: null, wrongCount: 2, lapses: 1 });
    const summary = data<ReviewNext>(await call(t, 'GET', `${P}/review/next`, { user: learner }));
    expect(summary.bookCount).toBe(1);
  });

  async function bookedLearnerAgain(learner: TestUser, questionId: number) {
    const practiceId = await released(org, bank, 2);
    let round = data<PracticeRoundView>(await start(learner, practiceId));
    while (round.question) {
      const q = round.question.questionId;
      const value = q === questionId ? wrongAnswer(bank, q) : rightAnswer(bank, q);
      round = data<PracticeAnswerResult>(await answer(learner, round.roundId, q, value)).round;
    }
  }

  it('books the wrong auto-graded questions of a graded exam', async () => {
    const learner = await createMember(t, org, 'staff');
    const category = await api(t, org.admin, paperCategoryContracts.add, { body: { name: unique('分类') } });
    const paper = await api(t, org.admin, paperContracts.create, {
      body: {
        name: unique('试卷'),
        status: 'saved',
        categoryId: category.categoryId,
        sectionVOS: [
          {
            name: '试题',
            questionVOS: [bank.single, bank.judge].map((questionId) => ({ questionId, points: 10 })),
          },
        ],
      },
    });
    const now = Date.now();
    const exam = await api(t, org.admin, examContracts.add, {
      body: {
        name: unique('考试'),
        paperIds: [paper.paperId],
        startAt: now - 60_000,
        endAt: now + 3600_000,
        durationMinutes: 30,
        passScore: 10,
        audience: { mode: 'assigned', userIds: [learner.id] },
        notify: false,
      },
    });
    await api(t, org.admin, examContracts.publish, { query: { examId: exam.examId } });
    const attempt = await api(t, learner, examCandidateContracts.start, { query: { examId: exam.examId } });
    await api(t, learner, examCandidateContracts.saveAnswers, {
      query: { attemptId: attempt.attemptId },
      body: [{ questionId: bank.judge, answer: true, seq: 1 }],
    });
    await api(t, learner, examCandidateContracts.submit, { query: { attemptId: attempt.attemptId } });
    expect(await cardOf(learner.id, bank.single)).toMatchObject({
      source: 'exam',
      sourceId: exam.examId,
      wrongCount: 1,
    });
    expect(await cardOf(learner.id, bank.judge)).toBeUndefined();
    const mistakes = await api(t, org.admin, practiceContracts.mistakes, { query: { size: 50 } });
    expect(mistakes.find((row) => row.questionId === bank.single)?.learners).toBeGreaterThanOrEqual(1);
    const knowledge = await api(t, org.admin, practiceContracts.mistakeKnowledge, {});
    expect(knowledge.map((row) => row.knowledgeId)).toContain(bank.knowledgeId);
  });
});
