import type { ReviewAnswerResult, ReviewNext, ReviewSummary } from '@kaopei/shared/contracts/practice';
import type { BodyOut } from '@kaopei/shared/contracts/common';
import type { practiceContracts } from '@kaopei/shared/contracts/practice';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, notFound } from '../../core/http';
import { feedbackOn, learnerQuestion } from './practice-learn.service';
import { loadQuestion } from './practice-round.repo';
import { bookCounts, cardOf, findBookCard, nextDueCard, saveReview } from './review-book.repo';
import { endOfReviewDay, isMastered, reviewCard, type AppliedRating } from './review-schedule';

type Ctx = Pick<RequestContext, 'organizationId' | 'userId'>;

/** 今天需复习 N 题 (due before the end of today), the cards in the book and those mastered. */
export function reviewSummary(db: DbOrTx, ctx: Ctx, now: Date): Promise<ReviewSummary> {
  return bookCounts(db, ctx.organizationId, ctx.userId, endOfReviewDay(now));
}

/** The summary and the earliest due card of today (null when none is due). */
export async function reviewNext(db: DbOrTx, ctx: Ctx, now: Date): Promise<ReviewNext> {
  const [summary, next] = await Promise.all([
    reviewSummary(db, ctx, now),
    nextDueCard(db, ctx.organizationId, ctx.userId, endOfReviewDay(now)),
  ]);
  return {
    ...summary,
    item: next
      ? {
          question: learnerQuestion(next.question),
          wrongCount: next.card.wrongCount,
          source: next.card.source,
          due: next.card.due.getTime(),
        }
      : null,
  };
}

/**
 * One review: wrong → Again; right → the learner's rating (default Good). The card is rescheduled by
 * FSRS at `now`, the review logged, and the card leaves the book when the mastery rule holds.
 */
export async function answerReview(
  db: DbOrTx,
  ctx: Ctx,
  input: BodyOut<typeof practiceContracts.reviewAnswer>,
  now: Date,
): Promise<ReviewAnswerResult> {
  const card = await findBookCard(db, ctx.organizationId, ctx.userId, input.questionId);
  if (!card) throw notFound('错题本中没有这道题');
  if (card.due >= endOfReviewDay(now)) throw badRequest('这道题还没到复习时间');
  const question = await loadQuestion(db, ctx.organizationId, input.questionId);
  if (!question) throw notFound('试题不存在');
  const feedback = feedbackOn(question, input.answer);
  const rating: AppliedRating = feedback.correct ? input.rating : 'again';
  const before = cardOf(card);
  const after = reviewCard(before, rating, now);
  const mastered = isMastered(before, after, feedback.correct);
  await saveReview(db, card, { after, rating, correct: feedback.correct, mastered }, now);
  return {
    ...feedback,
    rating,
    due: after.due.getTime(),
    scheduledDays: after.scheduledDays,
    mastered,
    summary: await reviewSummary(db, ctx, now),
  };
}
