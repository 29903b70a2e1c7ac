import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { attemptQuestions, examAttempts, examQuestions, judgeJobs } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { JOB_STATUS } from './judge.queue';

/**
 * Judge jobs: the candidate's sample runs (scoped to the caller) and the workers' queue, which every
 * instance works through for every organisation.
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

// ---------- the workers' queue (every organisation's jobs) ----------

/** Whether any organisation has a queued job (the worker's drain). */
export async function findQueuedJobInAnyOrg(db: Db) {
  const [waiting] = await db
    .select({ id: judgeJobs.id })
    .from(judgeJobs)
    .where(eq(judgeJobs.status, JOB_STATUS.queued))
    .limit(1);
  return waiting;
}

/**
 * Claims up to `limit` queued jobs of any organisation with FOR UPDATE SKIP LOCKED: candidates waiting
 * on a sample run go before the grading of closed attempts.
 */
export function claimJobsInAnyOrg(db: Db, limit: number): Promise<JobRecord[]> {
  const next = db
    .select({ id: judgeJobs.id })
    .from(judgeJobs)
    .where(eq(judgeJobs.status, JOB_STATUS.queued))
    .orderBy(desc(sql`${judgeJobs.kind} = 'sample'`), asc(judgeJobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(judgeJobs)
    .set({ status: JOB_STATUS.running, lockedAt: new Date(), tries: sql`${judgeJobs.tries} + 1` })
    .where(and(inArray(judgeJobs.id, next), eq(judgeJobs.status, JOB_STATUS.queued)))
    .returning();
}

/**
 * Every organisation's running jobs older than `staleMinutes`: queued again while tries are left, failed
 * otherwise (two statements).
 */
export async function requeueStaleJobsInAnyOrg(
  db: Db,
  staleMinutes: number,
  maxTries: number,
): Promise<void> {
  const stale = and(
    eq(judgeJobs.status, JOB_STATUS.running),
    lt(judgeJobs.lockedAt, sql`now() - make_interval(mins => ${staleMinutes})`),
  );
  await db
    .update(judgeJobs)
    .set({ status: JOB_STATUS.queued, lockedAt: null })
    .where(and(stale, lt(judgeJobs.tries, maxTries)));
  await db
    .update(judgeJobs)
    .set({ status: JOB_STATUS.failed, finishedAt: new Date(), result: { error: '判题超时，已放弃' } })
    .where(and(stale, sql`${judgeJobs.tries} >= ${maxTries}`));
}

/** A claimed job back in the queue (by id: the worker claimed it). */
export async function requeueJob(db: Db, jobId: number): Promise<void> {
  await db
    .update(judgeJobs)
    .set({ status: JOB_STATUS.queued, lockedAt: null })
    .where(eq(judgeJobs.id, jobId));
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
