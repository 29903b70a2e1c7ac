import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LimitOffset } from '@kaopei/shared';
import { PRACTICE_STATUS_CODES } from '@kaopei/shared/contracts/practice';
import { rowsOf, type DbOrTx } from '../../db/client';
import { practiceAnswers, practiceRounds, questions } from '../../db/schema';
import { containsPattern } from '../../core/db-errors';

export type RoundRecord = typeof practiceRounds.$inferSelect;
export type QuestionRecord = Pick<
  typeof questions.$inferSelect,
  'id' | 'type' | 'stem' | 'options' | 'answer' | 'analysis'
>;

export interface MyPracticeRecord {
  id: string | number;
  name: string;
  description: string | null;
  status: number;
  round_size: number;
  question_count: number;
  rounds: number | null;
  finished: number | null;
  open_round_id: string | number | null;
  last_at: string | Date | null;
  answers: number | null;
  right_answers: number | null;
  total: number;
}

/** A page of the organisation's released sets with the learner's rounds and answers (one query). */
export async function myPracticeRecords(
  db: DbOrTx,
  organizationId: number,
  userId: number,
  keyword: string | undefined,
  page: LimitOffset,
): Promise<MyPracticeRecord[]> {
  const search = keyword ? sql`and p.name ilike ${containsPattern(keyword)}` : sql``;
  const result = await db.execute(sql`
    select p.id, p.name, p.description, p.status, p.round_size,
      (select count(*)::int from practice_questions pq where pq.practice_id = p.id) as question_count,
      r.rounds, r.finished, r.open_round_id, r.last_at, a.answers, a.right_answers,
      count(*) over ()::int as total
    from practices p
    left join lateral (
      select count(*)::int as rounds, count(finished_at)::int as finished,
        max(id) filter (where finished_at is null) as open_round_id,
        max(coalesce(finished_at, started_at)) as last_at
      from practice_rounds where practice_id = p.id and user_id = ${userId}::bigint
    ) r on true
    left join lateral (
      select count(*)::int as answers, coalesce(sum(correct), 0)::int as right_answers
      from practice_answers where practice_id = p.id and user_id = ${userId}::bigint
    ) a on true
    where p.organization_id = ${organizationId}::bigint
      and p.status = ${PRACTICE_STATUS_CODES.released} ${search}
    order by r.last_at desc nulls last, p.released_at desc, p.id desc
    limit ${page.limit} offset ${page.offset}`);
  return rowsOf<MyPracticeRecord>(result);
}

/** A question of the organisation with its key and analysis. */
export async function loadQuestion(
  db: DbOrTx,
  organizationId: number,
  questionId: number,
): Promise<QuestionRecord | undefined> {
  const [row] = await db
    .select({
      id: questions.id,
      type: questions.type,
      stem: questions.stem,
      options: questions.options,
      answer: questions.answer,
      analysis: questions.analysis,
    })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.organizationId, organizationId)));
  return row;
}

export async function findOpenRound(db: DbOrTx, practiceId: number, userId: number) {
  const [open] = await db
    .select()
    .from(practiceRounds)
    .where(
      and(
        eq(practiceRounds.practiceId, practiceId),
        eq(practiceRounds.userId, userId),
        isNull(practiceRounds.finishedAt),
      ),
    )
    .orderBy(practiceRounds.id)
    .limit(1);
  return open;
}

/** A new round of `size` questions drawn at random from the pool (none when the pool is empty). */
export async function drawRound(
  db: DbOrTx,
  round: { organizationId: number; practiceId: number; userId: number },
  size: number,
): Promise<RoundRecord | undefined> {
  const drawn = await db.execute(sql`
    select pq.question_id from practice_questions pq
    join questions q on q.id = pq.question_id and q.organization_id = ${round.organizationId}::bigint
    where pq.practice_id = ${round.practiceId}::bigint order by random() limit ${size}`);
  const questionIds = rowsOf<{ question_id: string | number }>(drawn).map((row) => Number(row.question_id));
  if (questionIds.length === 0) return undefined;
  const [row] = await db
    .insert(practiceRounds)
    .values({ ...round, questionIds })
    .returning();
  return row;
}

/** The learner's own round of the organisation. */
export async function findMyRound(db: DbOrTx, organizationId: number, userId: number, roundId: number) {
  const [round] = await db
    .select()
    .from(practiceRounds)
    .where(
      and(
        eq(practiceRounds.id, roundId),
        eq(practiceRounds.organizationId, organizationId),
        eq(practiceRounds.userId, userId),
      ),
    );
  return round;
}

/**
 * Stores one answer and advances the round, only if the round still stands where the learner saw it
 * (a second answer to the same question finds nothing and returns undefined).
 */
export async function storeAnswer(
  tx: DbOrTx,
  round: RoundRecord,
  answer: { questionId: number; answer: unknown; correct: boolean },
  now: Date,
): Promise<RoundRecord | undefined> {
  const finished = round.answered + 1 >= round.questionIds.length;
  const [after] = await tx
    .update(practiceRounds)
    .set({
      answered: sql`${practiceRounds.answered} + 1`,
      correct: sql`${practiceRounds.correct} + ${answer.correct ? 1 : 0}`,
      ...(finished ? { finishedAt: now } : {}),
    })
    .where(and(eq(practiceRounds.id, round.id), eq(practiceRounds.answered, round.answered)))
    .returning();
  if (!after) return undefined;
  await tx.insert(practiceAnswers).values({
    organizationId: round.organizationId,
    roundId: round.id,
    practiceId: round.practiceId,
    userId: round.userId,
    questionId: answer.questionId,
    answer: answer.answer,
    correct: answer.correct ? 1 : 0,
    answeredAt: now,
  });
  return after;
}
