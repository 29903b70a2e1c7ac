import { gradeResponse, keyDisplay, type LimitOffset } from '@kaopei/shared';
import {
  PRACTICE_STATUS_CODES,
  type AnswerFeedback,
  type LearnerQuestion,
  type MyPracticeRow,
  type PracticeAnswerResult,
  type PracticeRoundView,
} from '@kaopei/shared/contracts/practice';
import type { BodyOut } from '@kaopei/shared/contracts/common';
import type { practiceContracts } from '@kaopei/shared/contracts/practice';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import { requirePractice } from './practice-admin.service';
import { percent, statusOf } from './practice-rules';
import {
  drawRound,
  findMyRound,
  findOpenRound,
  loadQuestion,
  myPracticeRecords,
  storeAnswer,
  type QuestionRecord,
  type RoundRecord,
} from './practice-round.repo';
import { recordMistakes } from './review-book.repo';

type Ctx = Pick<RequestContext, 'organizationId' | 'userId'>;
type StoredOption = { content: string; correct: boolean };

/** 我的练习: the organisation's released sets with the caller's rounds and accuracy. */
export async function myPractices(
  db: DbOrTx,
  ctx: Ctx,
  keyword: string | undefined,
  page: LimitOffset,
): Promise<{ rows: MyPracticeRow[]; total: number }> {
  const rows = await myPracticeRecords(db, ctx.organizationId, ctx.userId, keyword, page);
  return {
    rows: rows.map((row) => ({
      practiceId: Number(row.id),
      name: row.name,
      description: row.description,
      status: statusOf(Number(row.status)),
      roundSize: Number(row.round_size),
      questionCount: Number(row.question_count),
      myRounds: Number(row.rounds ?? 0),
      myFinishedRounds: Number(row.finished ?? 0),
      myAnswers: Number(row.answers ?? 0),
      myAccuracy: percent(Number(row.right_answers ?? 0), Number(row.answers ?? 0)),
      openRoundId: row.open_round_id === null ? null : Number(row.open_round_id),
      lastPractisedAt: row.last_at === null ? null : new Date(row.last_at).getTime(),
    })),
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
  };
}

/** A question as the learner sees it: the stem and the options' text, no key. */
export function learnerQuestion(question: QuestionRecord): LearnerQuestion {
  const options = question.options as StoredOption[] | null;
  return {
    questionId: question.id,
    type: question.type,
    stem: question.stem,
    options: options ? options.map((option) => ({ content: option.content })) : null,
  };
}

/** Grades a response and tells the learner the key and the analysis. */
export function feedbackOn(question: QuestionRecord, response: unknown): AnswerFeedback {
  const options = (question.options as StoredOption[] | null) ?? null;
  const grade = gradeResponse({ type: question.type, options, answer: question.answer }, response, 1);
  return {
    correct: grade.correct === true,
    keyText: keyDisplay(question.type, { options, answer: question.answer }),
    correctOptions: options ? options.flatMap((option, index) => (option.correct ? [index] : [])) : null,
    analysis: question.analysis || null,
  };
}

async function roundView(
  db: DbOrTx,
  ctx: Ctx,
  round: RoundRecord,
  practiceName: string,
): Promise<PracticeRoundView> {
  const nextId = round.finishedAt ? undefined : round.questionIds[round.answered];
  const next = nextId === undefined ? undefined : await loadQuestion(db, ctx.organizationId, nextId);
  return {
    roundId: round.id,
    practiceId: round.practiceId,
    practiceName,
    total: round.questionIds.length,
    answered: round.answered,
    correct: round.correct,
    finished: round.finishedAt !== null,
    question: next ? learnerQuestion(next) : null,
  };
}

function requireOpen(status: number) {
  if (status === PRACTICE_STATUS_CODES.draft) throw badRequest('练习尚未发布，不能练习');
  if (status === PRACTICE_STATUS_CODES.closed) throw badRequest('练习已关闭，不能再练习');
}

/** Resumes the caller's unfinished round of a set where it stopped, or draws a new one from the pool. */
export async function startRound(db: DbOrTx, ctx: Ctx, practiceId: number): Promise<PracticeRoundView> {
  const practice = await requirePractice(db, ctx, practiceId);
  requireOpen(practice.status);
  const open = await findOpenRound(db, practice.id, ctx.userId);
  if (open) return roundView(db, ctx, open, practice.name);
  const round = await drawRound(
    db,
    { organizationId: ctx.organizationId, practiceId: practice.id, userId: ctx.userId },
    practice.roundSize,
  );
  if (!round) throw badRequest('练习的题池中已没有试题，请联系管理员');
  return roundView(db, ctx, round, practice.name);
}

/** One answer of a round: graded at once, stored, the round advanced; a wrong answer enters the book. */
export async function answerQuestion(
  db: DbOrTx,
  ctx: Ctx,
  input: BodyOut<typeof practiceContracts.answer>,
  now: Date,
): Promise<PracticeAnswerResult> {
  const round = await findMyRound(db, ctx.organizationId, ctx.userId, input.roundId);
  if (!round) throw notFound('练习轮次不存在');
  const practice = await requirePractice(db, ctx, round.practiceId);
  requireOpen(practice.status);
  if (round.finishedAt) throw badRequest('本轮练习已结束，请开始新的一轮');
  if (round.questionIds[round.answered] !== input.questionId)
    throw conflict('这道题已作答或不是当前题目，请刷新后继续');
  const question = await loadQuestion(db, ctx.organizationId, input.questionId);
  if (!question) throw notFound('试题不存在');
  const feedback = feedbackOn(question, input.answer);
  const updated = await db.transaction(async (tx) => {
    const after = await storeAnswer(
      tx,
      round,
      { questionId: question.id, answer: input.answer, correct: feedback.correct },
      now,
    );
    if (!after) throw conflict('这道题已作答，请刷新后继续');
    if (!feedback.correct)
      await recordMistakes(
        tx,
        { organizationId: ctx.organizationId, userId: ctx.userId, source: 'practice', sourceId: practice.id },
        [question.id],
        now,
      );
    return after;
  });
  return { ...feedback, round: await roundView(db, ctx, updated, practice.name) };
}
