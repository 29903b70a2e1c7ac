import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { ExamineeState } from '@kaopei/shared/contracts/exam-monitor';
import { executeHot, rowsOf, type Db, type DbOrTx } from '../../db/client';
import {
  attemptQuestions,
  departments,
  examAttemptEvents,
  examAttempts,
  examCandidates,
  examQuestions,
  exams,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { answeredSql, type AttemptRecord } from './exam-attempt.repo';

/**
 * Live monitoring and anti-cheating: attempts, their events and the invigilators' lists. An attempt found
 * by the caller's organisation (or as the caller's own) is then read and written by its id.
 */

export type AttemptEventInsert = typeof examAttemptEvents.$inferInsert;

type Caller = Pick<RequestContext, 'userId' | 'organizationId'>;

// ---------- the candidate's side ----------

/**
 * The heartbeat, one statement (prepared: exam_record_events): counts the leaves of the caller's open
 * attempt, logs the events and reads the exam's settings. No row when the attempt is not open.
 */
export async function recordAttemptEvents(
  db: Db,
  ctx: Caller,
  attemptId: number,
  counts: { tabs: number; exits: number },
  logged: { kind: string; detail: { clientAt: number } | null }[],
) {
  const { tabs, exits } = counts;
  const [row] = await executeHot(
    db,
    'exam_record_events',
    sql`
    with updated as (
      update ${examAttempts}
      set tab_switches = tab_switches + ${tabs}::int, fullscreen_exits = fullscreen_exits + ${exits}::int,
          last_seen_at = now()
      where id = ${attemptId}::bigint and user_id = ${ctx.userId}::bigint
        and organization_id = ${ctx.organizationId}::bigint and status = 0
      returning id, exam_id, organization_id, user_id, tab_switches, fullscreen_exits, last_seen_at
    ), logged as (
      insert into ${examAttemptEvents} (attempt_id, exam_id, organization_id, kind, detail)
      select u.id, u.exam_id, u.organization_id, e.kind, e.detail
      from updated u, jsonb_to_recordset(${JSON.stringify(logged)}::jsonb) as e(kind varchar, detail jsonb)
    )
    select u.*, x.settings from updated u join ${exams} x on x.id = u.exam_id`,
  );
  return row;
}

/** An event of an attempt (the row carries the attempt's organisation). */
export async function insertAttemptEvent(db: DbOrTx, event: AttemptEventInsert): Promise<void> {
  await db.insert(examAttemptEvents).values(event);
}

/** An attempt's status and submit reason, by id (the attempt was found in the caller's scope). */
export async function findAttemptClosure(db: Db, attemptId: number) {
  const [after] = await db
    .select({ status: examAttempts.status, submitReason: examAttempts.submitReason })
    .from(examAttempts)
    .where(eq(examAttempts.id, attemptId));
  return after;
}

/** An attempt's exam's settings, by id (the attempt was found in the caller's scope). */
export async function findExamSettings(db: Db, examId: number) {
  const [exam] = await db.select({ settings: exams.settings }).from(exams).where(eq(exams.id, examId));
  return exam;
}

/** A snapshot's event of an attempt found in the caller's scope. */
export async function insertSnapshotEvent(
  tx: DbOrTx,
  attempt: Pick<AttemptRecord, 'id' | 'examId' | 'organizationId'>,
  key: string,
) {
  const [event] = await tx
    .insert(examAttemptEvents)
    .values({
      attemptId: attempt.id,
      examId: attempt.examId,
      organizationId: attempt.organizationId,
      kind: 'snapshot',
      detail: { key },
    })
    .returning({ id: examAttemptEvents.id, createdAt: examAttemptEvents.createdAt });
  return event;
}

/** One more snapshot, and seen now. */
export async function countSnapshot(tx: DbOrTx, attemptId: number) {
  const [updated] = await tx
    .update(examAttempts)
    .set({ snapshots: sql`${examAttempts.snapshots} + 1`, lastSeenAt: sql`now()` })
    .where(eq(examAttempts.id, attemptId))
    .returning({ snapshots: examAttempts.snapshots, lastSeenAt: examAttempts.lastSeenAt });
  return updated;
}

/** The attempt's candidate seen now. */
export async function markAttemptSeen(db: Db, attemptId: number) {
  const [updated] = await db
    .update(examAttempts)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(examAttempts.id, attemptId))
    .returning({ lastSeenAt: examAttempts.lastSeenAt });
  return updated;
}

/** Warnings to an attempt (found in the caller's scope) after `afterId`, oldest first, at most 200. */
export function listWarnings(db: Db, attemptId: number, afterId: number) {
  return db
    .select({ id: examAttemptEvents.id, detail: examAttemptEvents.detail, at: examAttemptEvents.createdAt })
    .from(examAttemptEvents)
    .where(
      and(
        eq(examAttemptEvents.attemptId, attemptId),
        eq(examAttemptEvents.kind, 'warning'),
        gt(examAttemptEvents.id, afterId),
      ),
    )
    .orderBy(asc(examAttemptEvents.id))
    .limit(200);
}

// ---------- the invigilators' side ----------

/**
 * The caller's organisation's published exams running now or starting/ended within a day, one page,
 * ongoing first, with live counts and the total by a window count (raw rows).
 */
export async function listMonitorExamRows(
  db: Db,
  ctx: Caller,
  filter: { limit: number; offset: number; pattern: string | undefined; onlineSeconds: number },
) {
  const { pattern, onlineSeconds } = filter;
  const result = await db.execute(sql`
    with current as (
      select e.id, e.name, e.status, e.start_at, e.end_at,
             case when (e.start_at is null or e.start_at <= now()) and (e.end_at is null or e.end_at > now()) then 0
                  when e.start_at > now() then 1 else 2 end as rank
      from ${exams} e
      where e.organization_id = ${ctx.organizationId}::bigint and e.status = 1
        and (e.start_at is null or e.start_at <= now() + interval '24 hours')
        and (e.end_at is null or e.end_at >= now() - interval '24 hours')
        ${pattern ? sql`and e.name ilike ${pattern}` : sql``}
    ),
    page as (
      select current.*, count(*) over () as total from current
      order by rank, case when rank = 2 then null else start_at end asc nulls first, end_at desc, id desc
      limit ${filter.limit} offset ${filter.offset}
    )
    select page.*, s.*
    from page
    left join lateral (
      select count(*)::int as candidates,
             count(*) filter (where a.id is null)::int as not_started,
             count(*) filter (where a.status = 0)::int as in_progress,
             count(*) filter (where a.status > 0)::int as submitted,
             count(*) filter (where a.status = 0 and a.last_seen_at > now() - make_interval(secs => ${onlineSeconds}))::int as online
      from ${examCandidates} c
      left join lateral (
        select x.id, x.status, x.last_seen_at from ${examAttempts} x
        where x.exam_id = c.exam_id and x.user_id = c.user_id order by x.attempt_no desc limit 1
      ) a on true
      where c.exam_id = page.id
    ) s on true
    order by page.rank, case when page.rank = 2 then null else page.start_at end asc nulls first, page.end_at desc, page.id desc`);
  return rowsOf(result);
}

const STATE_CONDITION: Record<ExamineeState, ReturnType<typeof sql>> = {
  not_started: sql`a.id is null`,
  in_progress: sql`a.status = 0`,
  submitted: sql`a.status = 1`,
  graded: sql`a.status = 2`,
};

/**
 * Candidate rows of an exam found in the caller's organisation, in one query: each candidate with their
 * latest attempt (or the given one), answered counts by scalar subqueries, and the page's total by a
 * window count (raw rows).
 */
export async function listMonitorRows(
  db: Db,
  examId: number,
  filter: {
    state?: ExamineeState;
    pattern: string | undefined;
    attemptId?: number;
    limit: number;
    offset: number;
  },
) {
  const { pattern } = filter;
  const attemptPick =
    filter.attemptId !== undefined
      ? sql`x.id = ${filter.attemptId}::bigint and x.exam_id = c.exam_id and x.user_id = c.user_id`
      : sql`x.exam_id = c.exam_id and x.user_id = c.user_id`;
  const conditions = [
    sql`c.exam_id = ${examId}::bigint`,
    filter.attemptId !== undefined ? sql`a.id is not null` : undefined,
    filter.state ? STATE_CONDITION[filter.state] : undefined,
    pattern ? sql`(u.real_name ilike ${pattern} or u.account ilike ${pattern})` : undefined,
  ].filter((condition) => condition !== undefined);
  const result = await db.execute(sql`
    select c.user_id, u.real_name, u.account, d.name as department_name,
           a.id as attempt_id, a.status, a.last_seen_at, a.started_at, a.deadline_at, a.tab_switches,
           a.fullscreen_exits, a.warnings, a.snapshots, a.submit_reason,
           (select count(*) from ${attemptQuestions} q where q.attempt_id = a.id
              and ${answeredSql(sql`q.answer`)})::int as answered,
           (select count(*) from ${attemptQuestions} q where q.attempt_id = a.id)::int as question_total,
           count(*) over () as total
    from ${examCandidates} c
    join ${users} u on u.id = c.user_id
    left join ${departments} d on d.id = u.department_id
    left join lateral (
      select x.* from ${examAttempts} x where ${attemptPick} order by x.attempt_no desc limit 1
    ) a on true
    where ${sql.join(conditions, sql` and `)}
    order by case when a.status = 0 then 0 when a.id is null then 1 else 2 end, c.user_id
    limit ${filter.limit} offset ${filter.offset}`);
  return rowsOf(result);
}

/** An exam of the caller's organisation. */
export async function findOrgExam(db: Db, ctx: Caller, examId: number) {
  const [exam] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.id, examId), eq(exams.organizationId, ctx.organizationId)));
  return exam;
}

/** An attempt of the caller's organisation. */
export async function findOrgAttempt(
  db: Db,
  ctx: Caller,
  attemptId: number,
): Promise<AttemptRecord | undefined> {
  const [attempt] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.organizationId, ctx.organizationId)));
  return attempt;
}

/** An attempt's questions in the candidate's order: type, answer and flag (the attempt is the caller org's). */
export function listAttemptQuestionStates(db: Db, attempt: Pick<AttemptRecord, 'id' | 'examId'>) {
  return db
    .select({
      type: sql<number>`(${examQuestions.content} ->> 'type')::int`,
      answer: attemptQuestions.answer,
      flagged: attemptQuestions.flagged,
    })
    .from(attemptQuestions)
    .leftJoin(
      examQuestions,
      and(
        eq(examQuestions.examId, attempt.examId),
        eq(examQuestions.questionId, attemptQuestions.questionId),
      ),
    )
    .where(eq(attemptQuestions.attemptId, attempt.id))
    .orderBy(asc(attemptQuestions.sectionSort), asc(attemptQuestions.sort));
}

/** An attempt's latest 200 events with who acted (the attempt is the caller org's). */
export function listAttemptEvents(db: Db, attemptId: number) {
  return db
    .select({
      id: examAttemptEvents.id,
      kind: examAttemptEvents.kind,
      detail: examAttemptEvents.detail,
      actorName: users.realName,
      at: examAttemptEvents.createdAt,
    })
    .from(examAttemptEvents)
    .leftJoin(users, eq(users.id, examAttemptEvents.actorId))
    .where(eq(examAttemptEvents.attemptId, attemptId))
    .orderBy(desc(examAttemptEvents.id))
    .limit(200);
}

/** An attempt's snapshots, oldest first (the attempt is the caller org's). */
export function listSnapshotEvents(db: Db, attemptId: number) {
  return db
    .select({ eventId: examAttemptEvents.id, at: examAttemptEvents.createdAt })
    .from(examAttemptEvents)
    .where(and(eq(examAttemptEvents.attemptId, attemptId), eq(examAttemptEvents.kind, 'snapshot')))
    .orderBy(asc(examAttemptEvents.id));
}

/** A snapshot event of the caller's organisation. */
export async function findOrgSnapshotEvent(db: Db, ctx: Caller, eventId: number) {
  const [event] = await db
    .select({ detail: examAttemptEvents.detail })
    .from(examAttemptEvents)
    .where(
      and(
        eq(examAttemptEvents.id, eventId),
        eq(examAttemptEvents.organizationId, ctx.organizationId),
        eq(examAttemptEvents.kind, 'snapshot'),
      ),
    );
  return event;
}

/** An invigilator's warning to an attempt of the caller's organisation. */
export async function insertWarningEvent(
  tx: DbOrTx,
  ctx: Caller,
  attempt: Pick<AttemptRecord, 'id' | 'examId' | 'organizationId'>,
  message: string,
) {
  const [event] = await tx
    .insert(examAttemptEvents)
    .values({
      attemptId: attempt.id,
      examId: attempt.examId,
      organizationId: attempt.organizationId,
      kind: 'warning',
      detail: { message },
      actorId: ctx.userId,
    })
    .returning({ id: examAttemptEvents.id, at: examAttemptEvents.createdAt });
  return event;
}

/** One more warning. */
export async function countWarning(tx: DbOrTx, attemptId: number) {
  const [updated] = await tx
    .update(examAttempts)
    .set({ warnings: sql`${examAttempts.warnings} + 1` })
    .where(eq(examAttempts.id, attemptId))
    .returning({ warnings: examAttempts.warnings });
  return updated;
}

/** A candidate's open attempts of an exam in the caller's organisation. */
export function listOpenAttemptsOfCandidate(db: Db, ctx: Caller, examId: number, userId: number) {
  return db
    .select()
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.examId, examId),
        eq(examAttempts.userId, userId),
        eq(examAttempts.organizationId, ctx.organizationId),
        eq(examAttempts.status, 0),
      ),
    );
}

/**
 * An attempt by id alone, in any organisation: after forceSubmit, which has checked the attempt is the
 * caller organisation's.
 */
export async function findAttemptInAnyOrg(db: Db, attemptId: number): Promise<AttemptRecord | undefined> {
  const [attempt] = await db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  return attempt;
}
