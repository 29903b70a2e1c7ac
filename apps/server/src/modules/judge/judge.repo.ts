import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { attemptQuestions, examAttempts, examQuestions, judgeJobs } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { JOB_STATUS } from './judge.queue';

/**
 * Judge jobs: the candidate's sample runs (scoped to the caller), and the rows the job queue's judge
 * jobs run, which every instance works through for every organisation.
 */

export type JobRecord = typeof judgeJobs.$inferSelect;
export type JobInsert = typeof judgeJobs.$inferInsert;
export type { ExamQuestionContent } from '../../db/schema';

type Caller = Pick<RequestContext, 'userId' | 'organizationId'>;

// ---------- sample runs (the candidate's) ----------

/** The frozen content of a question of an attempt (the caller's, found by findOwnAttempt). */
export async function findAttemptQuestionContent(
  db: Db,
  attempt: { id: number; examId: number },
  questionId: number,
) {
  const [row] = await db
    .select({ content: examQuestions.content })
    .from(attemptQuestions)
    .innerJoin(
      examQuestions,
      and(
        eq(examQuestions.examId, attempt.examId),
        eq(examQuestions.questionId, attemptQuestions.questionId),
      ),
    )
    .where(and(eq(attemptQuestions.attemptId, attempt.id), eq(attemptQuestions.questionId, questionId)));
  return row;
}

/** A sample-run job of the caller's, in their organisation. */
export async function insertSampleJob(
  db: Db,
  ctx: Caller,
  job: { attemptId: number; questionId: number; language: string; code: string },
) {
  const [created] = await db
    .insert(judgeJobs)
    .values({
      organizationId: ctx.organizationId,
      userId: ctx.userId,
      kind: 'sample',
      attemptId: job.attemptId,
      questionId: job.questionId,
      language: job.language,
      code: job.code,
    })
    .returning({ id: judgeJobs.id });
  return created;
}

/** A sample-run job of the caller's, in their organisation. */
export async function findOwnSampleJob(db: Db, ctx: Caller, jobId: number): Promise<JobRecord | undefined> {
  const [job] = await db
    .select()
    .from(judgeJobs)
    .where(
      and(
        eq(judgeJobs.id, jobId),
        eq(judgeJobs.userId, ctx.userId),
        eq(judgeJobs.organizationId, ctx.organizationId),
        eq(judgeJobs.kind, 'sample'),
      ),
    );
  return job;
}

// ---------- the job queue's side (every organisation's jobs) ----------
// A judge row is handed to the job queue once (core/queue.ts, one queue job per row): a queued row
// with locked_at null has not been handed over yet; locked_at set means the queue holds its job.

/**
 * Marks up to `limit` queued rows not yet handed to the job queue as handed over (FOR UPDATE SKIP
 * LOCKED, so two dispatchers never take one row) and returns them, sample runs first.
 */
export function takeUndispatchedJobsInAnyOrg(db: Db, limit: number, staleMinutes: number) {
  // Not yet handed over, or handed over so long ago while still queued that the instance may have died
  // between taking the row and sending its job (the send is idempotent: a job that exists stays one).
  const waiting = and(
    eq(judgeJobs.status, JOB_STATUS.queued),
    or(
      isNull(judgeJobs.lockedAt),
      lt(judgeJobs.lockedAt, sql`now() - make_interval(mins => ${staleMinutes})`),
    ),
  );
  const next = db
    .select({ id: judgeJobs.id })
    .from(judgeJobs)
    .where(waiting)
    .orderBy(desc(sql`${judgeJobs.kind} = 'sample'`), asc(judgeJobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(judgeJobs)
    .set({ lockedAt: new Date() })
    .where(and(inArray(judgeJobs.id, next), waiting))
    .returning({ id: judgeJobs.id, kind: judgeJobs.kind });
}

/**
 * Starts a try of a row whose queue job is running: queued, or running when the queue retries a try
 * whose instance was lost. A row already finished is not run again (undefined).
 */
export async function startJobTry(db: Db, jobId: number): Promise<JobRecord | undefined> {
  const [job] = await db
    .update(judgeJobs)
    .set({ status: JOB_STATUS.running, lockedAt: new Date(), tries: sql`${judgeJobs.tries} + 1` })
    .where(and(eq(judgeJobs.id, jobId), inArray(judgeJobs.status, [JOB_STATUS.queued, JOB_STATUS.running])))
    .returning();
  return job;
}

/** A failed try back to queued, still held by the queue, which retries it (by id: the queue gave it). */
export async function requeueJob(db: Db, jobId: number): Promise<void> {
  await db
    .update(judgeJobs)
    .set({ status: JOB_STATUS.queued, lockedAt: new Date() })
    .where(eq(judgeJobs.id, jobId));
}

/** A row whose queue job failed for good without finishing it (its last try's instance was lost). */
export async function giveUpJob(db: Db, jobId: number): Promise<void> {
  await db
    .update(judgeJobs)
    .set({
      status: JOB_STATUS.failed,
      finishedAt: new Date(),
      lockedAt: null,
      result: { error: '判题超时，已放弃' },
    })
    .where(and(eq(judgeJobs.id, jobId), inArray(judgeJobs.status, [JOB_STATUS.queued, JOB_STATUS.running])));
}

/** A claimed job's outcome (by id: the worker claimed it). */
export async function finishJob(
  db: Db,
  jobId: number,
  outcome: { status: number; verdict: string | null; result: Record<string, unknown> },
): Promise<void> {
  const { status, verdict, result } = outcome;
  await db
    .update(judgeJobs)
    .set({ status, verdict, result, finishedAt: new Date(), lockedAt: null })
    .where(eq(judgeJobs.id, jobId));
}

/** The frozen content of a job's question, through the job's attempt (the job carries both ids). */
export async function findJobQuestionContent(db: Db, attemptId: number, questionId: number) {
  const [row] = await db
    .select({ content: examQuestions.content })
    .from(examAttempts)
    .innerJoin(
      examQuestions,
      and(eq(examQuestions.examId, examAttempts.examId), eq(examQuestions.questionId, questionId)),
    )
    .where(eq(examAttempts.id, attemptId));
  return row;
}

/** A job's attempt's status, locked for the scoring transaction. */
export async function lockAttemptStatus(tx: DbOrTx, attemptId: number) {
  const [attempt] = await tx
    .select({ status: examAttempts.status })
    .from(examAttempts)
    .where(eq(examAttempts.id, attemptId))
    .for('update');
  return attempt;
}

/** The points of a job's answer and who marked it by hand, if anyone. */
export async function findAnswerMarking(tx: DbOrTx, attemptId: number, questionId: number) {
  const [row] = await tx
    .select({ points: attemptQuestions.points, markedBy: attemptQuestions.markedBy })
    .from(attemptQuestions)
    .where(and(eq(attemptQuestions.attemptId, attemptId), eq(attemptQuestions.questionId, questionId)));
  return row;
}

/** The judge's score of an answer. */
export async function setJudgedScore(
  tx: DbOrTx,
  attemptId: number,
  questionId: number,
  mark: { score: number; comment: string },
): Promise<void> {
  await tx
    .update(attemptQuestions)
    .set({
      score: mark.score,
      markComment: mark.comment,
      markedBy: null,
      markedAt: new Date(),
    })
    .where(and(eq(attemptQuestions.attemptId, attemptId), eq(attemptQuestions.questionId, questionId)));
}
