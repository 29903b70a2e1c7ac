import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { executeHot, type Db, type DbOrTx } from '../../db/client';
import {
  attemptQuestions,
  examAttempts,
  examCandidates,
  examPapers,
  examQuestions,
  exams,
  judgeJobs,
  papers,
} from '../../db/schema';
import type { RequestContext } from '../../core/context';

/**
 * The candidate's side of an exam: starting, saving, submitting and the frozen questions. The hot
 * statements (start, save, submit, the start's read) are named prepared statements (docs/decisions.md
 * "Exams — under load"): their text must not vary for a name. Attempts are looked up by id and the
 * caller's user id: a user belongs to one organisation, so that is the organisation's scope too.
 */

export type ExamRecord = typeof exams.$inferSelect;
export type AttemptRecord = typeof examAttempts.$inferSelect;
export type { ExamQuestionContent } from '../../db/schema';

type Caller = Pick<RequestContext, 'userId' | 'organizationId'>;

/** The outer query's exam id inside correlated subqueries (the same text as exam.service's). */
const OUTER_EXAM_ID = sql.raw('"exams"."id"');

/** Whether a stored response (jsonb, alias.answer) counts as answered: the monitor's progress. */
export const answeredSql = (answer: SQL) =>
  sql`(${answer} is not null and ${answer} not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb))`;

// ---------- the candidate's exams ----------

/** Published exams the caller is a candidate of, with their attempt counts and open/last attempt ids. */
export function listMyExamRows(db: Db, ctx: Caller) {
  return db
    .select({
      exam: exams,
      extraAttempts: examCandidates.extraAttempts,
      attemptsUsed: sql<number>`(select count(*)::int from ${examAttempts} a where a.exam_id = ${OUTER_EXAM_ID} and a.user_id = ${ctx.userId})`,
      openAttemptId: sql<
        number | null
      >`(select a.id from ${examAttempts} a where a.exam_id = ${OUTER_EXAM_ID} and a.user_id = ${ctx.userId} and a.status = 0 order by a.id desc limit 1)`,
      lastAttemptId: sql<
        number | null
      >`(select a.id from ${examAttempts} a where a.exam_id = ${OUTER_EXAM_ID} and a.user_id = ${ctx.userId} and a.status > 0 order by a.id desc limit 1)`,
    })
    .from(examCandidates)
    .innerJoin(exams, eq(exams.id, examCandidates.examId))
    .where(and(eq(examCandidates.userId, ctx.userId), eq(exams.status, 1)))
    .orderBy(asc(exams.startAt), asc(exams.id));
}

/** Attempts by id: the ids listMyExamRows returned for the caller. */
export function listAttemptsByIds(db: Db, attemptIds: number[]) {
  return db.select().from(examAttempts).where(inArray(examAttempts.id, attemptIds));
}

/** A published exam of the caller's organisation. */
export async function findPublishedExam(
  db: DbOrTx,
  ctx: Caller,
  examId: number,
): Promise<ExamRecord | undefined> {
  const [exam] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.id, examId), eq(exams.organizationId, ctx.organizationId), eq(exams.status, 1)));
  return exam;
}

/** The caller's candidate row of an exam. */
export async function findOwnCandidate(db: DbOrTx, ctx: Caller, examId: number) {
  const [candidate] = await db
    .select()
    .from(examCandidates)
    .where(and(eq(examCandidates.examId, examId), eq(examCandidates.userId, ctx.userId)));
  return candidate;
}

/** The caller's attempts of an exam, first first. */
export function listOwnAttempts(db: Db, ctx: Caller, examId: number) {
  return db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, ctx.userId)))
    .orderBy(asc(examAttempts.attemptNo));
}

// ---------- starting ----------

/** candidateState's query, prepared once per database (a start's one read besides its write). */
function prepareCandidateState(db: Db) {
  const userId = sql.placeholder('userId');
  // The candidate's few attempts, by (exam_id, user_id) alone: with status = 0 in the filter the planner
  // may take the (exam_id, status) index and walk every open attempt of the exam (thousands at once).
  return db
    .select({
      exam: exams,
      candidate: examCandidates,
      mine: sql<{ id: number; status: number; deadlineAt: string }[]>`(
        select coalesce(json_agg(json_build_object('id', a.id, 'status', a.status, 'deadlineAt', a.deadline_at)), '[]'::json)
        from ${examAttempts} a where a.exam_id = ${OUTER_EXAM_ID} and a.user_id = ${userId}::bigint)`,
      // The exam's papers with their versions, and its frozen questions' versions: a start of a fixed
      // paper then needs no other read (planPaperForCandidate's and frozenQuestions' caches).
      paperVersions: sql<Record<string, string>>`(
        select coalesce(json_object_agg(p.id, p.updated_at::text), '{}'::json)
        from ${examPapers} ep join ${papers} p on p.id = ep.paper_id where ep.exam_id = ${OUTER_EXAM_ID})`,
      // Not for papers drawn per candidate, whose frozen questions grow with the bank: the drawn ones are
      // looked up instead.
      frozenVersions: sql<Record<string, string>>`(
        select coalesce(json_object_agg(q.question_id, q.xmin::text), '{}'::json)
        from ${examQuestions} q where q.exam_id = ${OUTER_EXAM_ID}
          and not exists (
            select 1 from ${examPapers} ep join ${papers} p on p.id = ep.paper_id
            where ep.exam_id = ${OUTER_EXAM_ID} and coalesce((p.settings ->> 'drawPerCandidate')::boolean, false)))`,
    })
    .from(exams)
    .leftJoin(examCandidates, and(eq(examCandidates.examId, exams.id), eq(examCandidates.userId, userId)))
    .where(
      and(
        eq(exams.id, sql.placeholder('examId')),
        eq(exams.organizationId, sql.placeholder('organizationId')),
        eq(exams.status, 1),
      ),
    )
    .prepare('exam_candidate_state');
}
const candidateStateQueries = new WeakMap<Db, ReturnType<typeof prepareCandidateState>>();

/**
 * The caller's organisation's published exam with the caller's place in it: candidate row (null if
 * none), attempts, the exam's papers' versions and its frozen questions' versions. Prepared.
 */
export async function findCandidateState(db: Db, ctx: Caller, examId: number) {
  let query = candidateStateQueries.get(db);
  if (!query) {
    query = prepareCandidateState(db);
    candidateStateQueries.set(db, query);
  }
  const [row] = await query.execute({ examId, userId: ctx.userId, organizationId: ctx.organizationId });
  return row;
}

/**
 * One statement (atomic on its own): the caller's attempt, and its questions as one JSON parameter
 * rather than a 7-column VALUES list of 50+ rows. Prepared (exam_start_attempt).
 */
export async function insertAttemptWithQuestions(
  db: Db,
  ctx: Caller,
  attempt: {
    examId: number;
    attemptNo: number;
    paperId: number;
    startedAt: number;
    deadlineAt: number;
    totalPoints: number;
  },
  questionValues: {
    question_id: number;
    section_name: string;
    section_sort: number;
    sort: number;
    points: number;
    option_order: number[] | null;
  }[],
): Promise<{ id: string | number } | undefined> {
  const { examId, attemptNo, paperId } = attempt;
  const [created] = await executeHot<{ id: string | number }>(
    db,
    'exam_start_attempt',
    sql`
      with attempt as (
        insert into ${examAttempts} (exam_id, organization_id, user_id, attempt_no, paper_id, started_at, deadline_at, total_points)
        values (${examId}::bigint, ${ctx.organizationId}::bigint, ${ctx.userId}::bigint, ${attemptNo}::int,
                ${paperId}::bigint, ${new Date(attempt.startedAt).toISOString()}::timestamptz,
                ${new Date(attempt.deadlineAt).toISOString()}::timestamptz, ${attempt.totalPoints}::numeric)
        returning id
      ), questions as (
        insert into ${attemptQuestions} (attempt_id, question_id, section_name, section_sort, sort, points, option_order)
        select attempt.id, r.question_id, r.section_name, r.section_sort, r.sort, r.points, r.option_order
        from attempt, jsonb_to_recordset(${JSON.stringify(questionValues)}::jsonb)
          as r(question_id bigint, section_name varchar, section_sort int, sort int, points numeric, option_order jsonb)
      )
      select id from attempt`,
  );
  return created;
}

// ---------- the candidate's paper ----------

/** The caller's own attempt (in their organisation): the candidate's page, anti-cheating and code runs. */
export async function findOwnAttempt(
  db: DbOrTx,
  ctx: Caller,
  attemptId: number,
): Promise<AttemptRecord | undefined> {
  const [attempt] = await db
    .select()
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.id, attemptId),
        eq(examAttempts.userId, ctx.userId),
        eq(examAttempts.organizationId, ctx.organizationId),
      ),
    );
  return attempt;
}

/** An attempt's question rows in the candidate's order, with their frozen rows' versions. */
export function listPaperRows(db: DbOrTx, attempt: Pick<AttemptRecord, 'id' | 'examId'>) {
  return db
    .select({
      questionId: attemptQuestions.questionId,
      sectionName: attemptQuestions.sectionName,
      sectionSort: attemptQuestions.sectionSort,
      sort: attemptQuestions.sort,
      points: attemptQuestions.points,
      optionOrder: attemptQuestions.optionOrder,
      answer: attemptQuestions.answer,
      answerSeq: attemptQuestions.answerSeq,
      flagged: attemptQuestions.flagged,
      score: attemptQuestions.score,
      markComment: attemptQuestions.markComment,
      version: frozenVersion,
    })
    .from(attemptQuestions)
    .innerJoin(
      examQuestions,
      and(
        eq(examQuestions.examId, attempt.examId),
        eq(examQuestions.questionId, attemptQuestions.questionId),
      ),
    )
    .where(eq(attemptQuestions.attemptId, attempt.id))
    .orderBy(asc(attemptQuestions.sectionSort), asc(attemptQuestions.sort));
}

/** The name and settings of an attempt's exam (by id: the attempt was the caller's). */
export async function findExamNameAndSettings(db: Db, examId: number) {
  const [exam] = await db
    .select({ name: exams.name, settings: exams.settings })
    .from(exams)
    .where(eq(exams.id, examId));
  return exam;
}

/** An attempt's exam (by id: the attempt was the caller's). */
export async function findExamOfAttempt(db: Db, examId: number): Promise<ExamRecord | undefined> {
  const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
  return exam;
}

// ---------- saving ----------

/**
 * Saves answers of the caller's open attempt in one statement (prepared: exam_save_answers): the guarded
 * update, the stored seqs, the "seen" mark and the answered count. All or nothing: nothing is saved
 * unless every question sent (`count` of them) is in the paper. "old" is the statement's snapshot,
 * before the update; "updated" returns the new values.
 */
export async function saveAttemptAnswers(
  db: Db,
  ctx: Caller,
  attemptId: number,
  input: { question_id: number; answer: string; seq: number; flagged: number | null }[],
  options: { count: number; graceSeconds: number; seenEverySeconds: number },
) {
  const { graceSeconds, seenEverySeconds, count } = options;
  const [summary] = await executeHot<{
    open: number;
    exam_id: string | number | null;
    deadline_ms: number | null;
    known: number;
    saved: [number | string, number][];
    answered: number;
  }>(
    db,
    'exam_save_answers',
    sql`
    with input as (
      select r.question_id, r.answer::jsonb as answer, r.seq, r.flagged
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as r(question_id bigint, answer text, seq int, flagged smallint)
    ),
    attempt as (
      select id, exam_id, deadline_at, last_seen_at from ${examAttempts}
      where id = ${attemptId}::bigint and user_id = ${ctx.userId}::bigint and status = 0
        and now() <= deadline_at + make_interval(secs => ${graceSeconds})
    ),
    seen as (
      update ${examAttempts} a set last_seen_at = now() from attempt
      where a.id = attempt.id
        and (attempt.last_seen_at is null or attempt.last_seen_at < now() - make_interval(secs => ${seenEverySeconds}))
    ),
    old as (
      select aq.question_id, aq.answer, aq.answer_seq from ${attemptQuestions} aq, attempt
      where aq.attempt_id = attempt.id
    ),
    known as (
      select i.question_id, o.answer_seq from input i join old o on o.question_id = i.question_id
    ),
    updated as (
      update ${attemptQuestions} aq
      set answer = input.answer, answer_seq = input.seq, answered_at = now(),
          flagged = coalesce(input.flagged, aq.flagged)
      from input, attempt
      where aq.attempt_id = attempt.id and aq.question_id = input.question_id and aq.answer_seq < input.seq
        and (select count(*) from known) = ${count}::int
      returning aq.question_id, aq.answer, aq.answer_seq
    )
    select (select count(*) from attempt)::int as open,
           (select exam_id from attempt) as exam_id,
           (select extract(epoch from deadline_at) * 1000 from attempt)::float8 as deadline_ms,
           (select count(*) from known)::int as known,
           (select coalesce(json_agg(json_build_array(k.question_id, coalesce(u.answer_seq, k.answer_seq))), '[]'::json)
              from known k left join updated u on u.question_id = k.question_id) as saved,
           (select count(*) from old o left join updated u on u.question_id = o.question_id
              where ${answeredSql(sql`(case when u.question_id is null then o.answer else u.answer end)`)})::int as answered`,
  );
  return summary;
}

// ---------- submitting ----------

function closingStateQuery(db: Db, attemptId: number, userId?: number) {
  return db
    .select({
      attempt: examAttempts,
      settings: exams.settings,
      passScore: exams.passScore,
      purpose: exams.purpose,
    })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(
      and(eq(examAttempts.id, attemptId), userId === undefined ? undefined : eq(examAttempts.userId, userId)),
    );
}

/** The caller's own attempt with what closing it needs of its exam. */
export async function findOwnClosingState(db: Db, ctx: Caller, attemptId: number) {
  const [found] = await closingStateQuery(db, attemptId, ctx.userId);
  return found;
}

/**
 * Any organisation's attempt with what closing it needs of its exam: for closeAttempt, whose callers
 * (the sweep over every organisation, invigilators after their organisation check) decided who may.
 */
export async function findClosingStateInAnyOrg(db: Db, attemptId: number) {
  const [found] = await closingStateQuery(db, attemptId);
  return found;
}

/**
 * Closes and scores an open attempt in one statement guarded by status = 0 (prepared:
 * exam_close_attempt); false when it was no longer open. By id: closeAttempt's callers checked access.
 */
export async function closeAndScoreAttempt(
  q: DbOrTx,
  attemptId: number,
  close: {
    status: number;
    submittedAt: Date;
    reason: string;
    score: number;
    pending: number;
    passed: number | null;
    graded: { question_id: number; score: number | null }[];
  },
): Promise<boolean> {
  const { status, submittedAt, reason, score, pending, passed, graded } = close;
  return (
    (
      await executeHot(
        q,
        'exam_close_attempt',
        sql`
        with closed as (
          update ${examAttempts}
          set status = ${status}::smallint, submitted_at = ${submittedAt.toISOString()}::timestamptz,
              submit_reason = ${reason}, score = ${score}::numeric, pending_marks = ${pending}::int,
              passed = ${passed}::smallint
          where id = ${attemptId}::bigint and status = 0
          returning id
        ), scored as (
          update ${attemptQuestions} aq set score = g.score
          from closed, jsonb_to_recordset(${JSON.stringify(graded)}::jsonb) as g(question_id bigint, score numeric)
          where aq.attempt_id = closed.id and aq.question_id = g.question_id
        )
        select id from closed`,
      )
    ).length > 0
  );
}

/** The judge jobs of a closed attempt's answered code questions (their organisation is in each row). */
export async function insertGradingJobs(tx: DbOrTx, jobs: (typeof judgeJobs.$inferInsert)[]): Promise<void> {
  await tx.insert(judgeJobs).values(jobs);
}

/** An attempt's status (by id: the caller has just read the attempt as theirs). */
export async function findAttemptStatus(db: Db, attemptId: number) {
  const [after] = await db
    .select({ status: examAttempts.status })
    .from(examAttempts)
    .where(eq(examAttempts.id, attemptId));
  return after;
}

/** Open attempts of every organisation past their deadline and grace period: the background sweep. */
export function listExpiredAttemptsInAnyOrg(db: Db, graceSeconds: number, limit: number) {
  return db
    .select({ id: examAttempts.id, examId: examAttempts.examId, userId: examAttempts.userId })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.status, 0),
        sql`${examAttempts.deadlineAt} + make_interval(secs => ${graceSeconds}) < now()`,
      ),
    )
    .orderBy(asc(examAttempts.deadlineAt))
    .limit(limit);
}

// ---------- frozen questions (exam-frozen.ts) ----------

/** The row version of an exam question, to select beside attempt rows (joined as exam_questions). */
export const frozenVersion = sql<string>`${examQuestions}.xmin::text`;

/** The row versions of an exam's frozen questions (the exam is one the caller reached through its org). */
export function listFrozenVersions(db: DbOrTx, examId: number, questionIds: number[]) {
  return db
    .select({ questionId: examQuestions.questionId, version: frozenVersion })
    .from(examQuestions)
    .where(and(eq(examQuestions.examId, examId), inArray(examQuestions.questionId, questionIds)));
}

/** The content and row versions of an exam's frozen questions. */
export function listFrozenContent(db: DbOrTx, examId: number, questionIds: number[]) {
  return db
    .select({
      questionId: examQuestions.questionId,
      version: frozenVersion,
      content: examQuestions.content,
    })
    .from(examQuestions)
    .where(and(eq(examQuestions.examId, examId), inArray(examQuestions.questionId, questionIds)));
}
