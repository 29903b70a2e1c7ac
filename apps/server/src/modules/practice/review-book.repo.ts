import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { QuestionType } from '@kaopei/shared';
import { executeHot, type DbOrTx } from '../../db/client';
import { questions, reviewCards, reviewLogs } from '../../db/schema';
import { cardAfterMistake, type AppliedRating, type CardState } from './review-schedule';

/** Question types a practice set or the review book grades on the spot (no marker): 判断, 单选, 多选. */
export const AUTO_GRADED_TYPES: readonly number[] = [
  QuestionType.TRUE_FALSE,
  QuestionType.SINGLE,
  QuestionType.MULTIPLE,
];

export type MistakeSource = 'practice' | 'exam';

/** The card columns of a review_cards row. */
export function cardOf(row: typeof reviewCards.$inferSelect): CardState {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsedDays: row.elapsedDays,
    scheduledDays: row.scheduledDays,
    learningSteps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    lastReview: row.lastReview,
  };
}

/** The review_cards columns of a card state. */
export function cardColumns(card: CardState) {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsedDays,
    scheduledDays: card.scheduledDays,
    learningSteps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.lastReview,
  };
}

/**
 * Puts `questionIds` a learner just got wrong into their book (one statement whatever their number): a
 * new card is due now; a card already there counts another mistake, leaves "mastered" and is rescheduled
 * (`cardAfterMistake`).
 */
export async function recordMistakes(
  db: DbOrTx,
  mistake: { organizationId: number; userId: number; source: MistakeSource; sourceId: number | null },
  questionIds: readonly number[],
  now: Date,
): Promise<void> {
  const ids = [...new Set(questionIds)];
  if (ids.length === 0) return;
  const existing = await db
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, mistake.userId), inArray(reviewCards.questionId, ids)));
  const byQuestion = new Map(existing.map((row) => [row.questionId, row]));
  const cards = ids.map((questionId) => {
    const row = byQuestion.get(questionId);
    return { questionId, ...cardAfterMistake(row ? cardOf(row) : null, now) };
  });
  // The cards as one JSON parameter: one prepared statement whatever their number (an exam's submit books
  // up to its whole paper; building 20 parameters per card cost more CPU than the rest of the submit).
  await executeHot(
    db,
    'review_record_mistakes',
    sql`
    insert into review_cards (user_id, question_id, organization_id, source, source_id, wrong_count, due,
      stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review,
      added_at, mastered_at)
    select ${mistake.userId}::bigint, c."questionId", ${mistake.organizationId}::bigint, ${mistake.source}::varchar,
      ${mistake.sourceId}::bigint, 1, c.due, c.stability, c.difficulty, c."elapsedDays", c."scheduledDays",
      c."learningSteps", c.reps, c.lapses, c.state, c."lastReview", ${now.toISOString()}::timestamptz, null
    from jsonb_to_recordset(${JSON.stringify(cards)}::jsonb) as c("questionId" bigint, due timestamptz,
      stability real, difficulty real, "elapsedDays" int, "scheduledDays" int, "learningSteps" int, reps int,
      lapses int, state smallint, "lastReview" timestamptz)
    on conflict (user_id, question_id) do update set
      source = excluded.source, source_id = excluded.source_id, wrong_count = review_cards.wrong_count + 1,
      mastered_at = null, due = excluded.due, stability = excluded.stability, difficulty = excluded.difficulty,
      elapsed_days = excluded.elapsed_days, scheduled_days = excluded.scheduled_days,
      learning_steps = excluded.learning_steps, reps = excluded.reps, lapses = excluded.lapses,
      state = excluded.state, last_review = excluded.last_review`,
  );
}

/** The auto-graded questions of a graded exam attempt that did not earn full points (unanswered included). */
export async function wrongObjectiveQuestions(db: DbOrTx, attemptId: number) {
  const rows = await executeHot<{
    organization_id: string | number;
    user_id: string | number;
    question_id: string | number;
  }>(
    db,
    'review_wrong_objective_questions',
    sql`
    select a.organization_id, a.user_id, aq.question_id
    from attempt_questions aq
    join exam_attempts a on a.id = aq.attempt_id
    join questions q on q.id = aq.question_id and q.organization_id = a.organization_id
    where aq.attempt_id = ${attemptId}::bigint and a.status = 2
      and q.type in (${sql.join(
        AUTO_GRADED_TYPES.map((type) => sql`${type}`),
        sql`, `,
      )})
      and aq.score is not null and aq.score < aq.points`,
  );
  return rows.map((row) => ({
    organizationId: Number(row.organization_id),
    userId: Number(row.user_id),
    questionId: Number(row.question_id),
  }));
}

const mine = (organizationId: number, userId: number) =>
  and(eq(reviewCards.userId, userId), eq(reviewCards.organizationId, organizationId));

/** Cards due before `dayEnd`, in the book, and mastered (one query). */
export async function bookCounts(db: DbOrTx, organizationId: number, userId: number, dayEnd: Date) {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${reviewCards.masteredAt} is null and ${reviewCards.due} < ${dayEnd.toISOString()}::timestamptz)::int`,
      book: sql<number>`count(*) filter (where ${reviewCards.masteredAt} is null)::int`,
      mastered: sql<number>`count(${reviewCards.masteredAt})::int`,
    })
    .from(reviewCards)
    .where(mine(organizationId, userId));
  return {
    dueCount: Number(row?.due ?? 0),
    bookCount: Number(row?.book ?? 0),
    masteredCount: Number(row?.mastered ?? 0),
  };
}

/** The earliest card due before `dayEnd` with its question. */
export async function nextDueCard(db: DbOrTx, organizationId: number, userId: number, dayEnd: Date) {
  const [row] = await db
    .select({
      card: reviewCards,
      question: {
        id: questions.id,
        type: questions.type,
        stem: questions.stem,
        options: questions.options,
        answer: questions.answer,
        analysis: questions.analysis,
      },
    })
    .from(reviewCards)
    .innerJoin(
      questions,
      and(eq(questions.id, reviewCards.questionId), eq(questions.organizationId, reviewCards.organizationId)),
    )
    .where(and(mine(organizationId, userId), isNull(reviewCards.masteredAt), lt(reviewCards.due, dayEnd)))
    .orderBy(asc(reviewCards.due), asc(reviewCards.questionId))
    .limit(1);
  return row;
}

/** The learner's card of a question still in the book. */
export async function findBookCard(db: DbOrTx, organizationId: number, userId: number, questionId: number) {
  const [row] = await db
    .select()
    .from(reviewCards)
    .where(
      and(
        mine(organizationId, userId),
        eq(reviewCards.questionId, questionId),
        isNull(reviewCards.masteredAt),
      ),
    );
  return row;
}

const RATING_NUMBERS: Record<AppliedRating, number> = { again: 1, hard: 2, good: 3, easy: 4 };

/** Stores a review: the card's new state (a wrong answer counts a mistake), mastery, and the log line. */
export async function saveReview(
  db: DbOrTx,
  card: typeof reviewCards.$inferSelect,
  review: { after: CardState; rating: AppliedRating; correct: boolean; mastered: boolean },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(reviewCards)
      .set({
        ...cardColumns(review.after),
        ...(review.correct ? {} : { wrongCount: sql`${reviewCards.wrongCount} + 1`, source: 'review' }),
        masteredAt: review.mastered ? now : null,
      })
      .where(and(eq(reviewCards.userId, card.userId), eq(reviewCards.questionId, card.questionId)));
    await tx.insert(reviewLogs).values({
      organizationId: card.organizationId,
      userId: card.userId,
      questionId: card.questionId,
      rating: RATING_NUMBERS[review.rating],
      correct: review.correct ? 1 : 0,
      scheduledDays: review.after.scheduledDays,
      stability: review.after.stability,
      reviewedAt: now,
    });
  });
}
