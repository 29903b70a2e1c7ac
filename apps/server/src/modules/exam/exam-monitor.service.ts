import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type {
  ExamineeState,
  MonitorAttemptDetail,
  MonitorExamRow,
  MonitorRow,
} from '@kaopei/shared/contracts/exam-monitor';
import type {
  CandidateEventKind,
  EventsResult,
  WarningMessage,
} from '@kaopei/shared/contracts/exam-candidate';
import { executeHot, rowsOf, type Db } from '../../db/client';
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
import type { Deps } from '../../core/deps';
import { badRequest, conflict, notFound } from '../../core/http';
import { containsPattern } from '../../core/db-errors';
import { answeredSql, closeAttempt, type SubmitReason } from './exam-attempt.service';
import { examState, settingsOf } from './exam.service';

/**
 * Live monitoring and anti-cheating (issue 7): what candidates' browsers report, what invigilators see
 * and send, and the realtime messages between them (channels `exam:<examId>` and `attempt:<attemptId>`).
 *
 * Event kinds in exam_attempt_events: the candidate's own (CANDIDATE_EVENT_KINDS minus heartbeat),
 * 'snapshot' {key}, and the invigilators' 'warning' {message}, 'extend' {minutes}, 'force_submit',
 * plus 'auto_submit' {reason: 'cheating'} when the leave limit closed the attempt.
 */
export {
  CANDIDATE_EVENT_KINDS,
  type CandidateEventKind,
  type EventsResult,
  type WarningMessage,
} from '@kaopei/shared/contracts/exam-candidate';

/** A candidate seen this recently (heartbeat, event or stream) counts as online. */
export const ONLINE_WINDOW_MS = 60_000;
export const MAX_SNAPSHOT_BYTES = 1024 * 1024;
export const SNAPSHOT_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

export const examChannel = (examId: number) => `exam:${examId}`;
export const attemptChannel = (attemptId: number) => `attempt:${attemptId}`;

type AttemptRecord = typeof examAttempts.$inferSelect;

const attemptNotFound = () => notFound('答卷不存在');

const toMs = (value: unknown): number | null =>
  value === null || value === undefined ? null : new Date(value as string).getTime();

function stateOf(status: number | null): ExamineeState {
  if (status === null) return 'not_started';
  return status === 0 ? 'in_progress' : status === 1 ? 'submitted' : 'graded';
}

function remainingSeconds(status: number | null, deadlineAt: number | null, now = Date.now()): number | null {
  if (status !== 0 || deadlineAt === null) return null;
  return Math.max(0, Math.ceil((deadlineAt - now) / 1000));
}

const isOnline = (lastSeenAt: number | null, now = Date.now()) =>
  lastSeenAt !== null && now - lastSeenAt < ONLINE_WINDOW_MS;

/** Publishes without failing the request: a lost live message is refreshed by the next list load. */
async function publish(deps: Pick<Deps, 'realtime'>, channel: string, message: object): Promise<void> {
  try {
    await deps.realtime.publish(channel, message);
  } catch {
    // Best effort (Redis down): the database holds the truth.
  }
}

async function publishUpdate(
  deps: Pick<Deps, 'realtime'>,
  attempt: Pick<AttemptRecord, 'id' | 'examId' | 'userId'>,
  fields: Record<string, unknown>,
): Promise<void> {
  await publish(deps, examChannel(attempt.examId), {
    attemptId: attempt.id,
    userId: attempt.userId,
    ...fields,
  });
}

// ---------- the candidate's side ----------

/** The caller's own attempt in their organisation (404 for anyone else's). */
export async function requireOwnAttempt(
  db: Db,
  ctx: RequestContext,
  attemptId: number,
): Promise<AttemptRecord> {
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
  if (!attempt) throw attemptNotFound();
  return attempt;
}

/**
 * Records what the candidate's browser reports. Past the exam's leave limit (tab switches plus full-screen
 * exits) the attempt is closed with reason 'cheating' and graded as usual.
 */
export async function recordEvents(
  deps: Pick<Deps, 'db' | 'realtime'>,
  ctx: RequestContext,
  attemptId: number,
  events: { kind: CandidateEventKind; at?: number | undefined }[],
): Promise<EventsResult> {
  const { db } = deps;
  const tabs = events.filter((event) => event.kind === 'tab_switch').length;
  const exits = events.filter((event) => event.kind === 'fullscreen_exit').length;
  const logged = events.filter((event) => event.kind !== 'heartbeat');
  // One statement (the heartbeat of every candidate, every 20 s): count, log and read the limit.
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
      from updated u, jsonb_to_recordset(${JSON.stringify(
        logged.map((event) => ({
          kind: event.kind,
          detail: event.at === undefined ? null : { clientAt: event.at },
        })),
      )}::jsonb) as e(kind varchar, detail jsonb)
    )
    select u.*, x.settings from updated u join ${exams} x on x.id = u.exam_id`,
  );
  if (!row) {
    await requireOwnAttempt(db, ctx, attemptId);
    throw conflict('已交卷，无需再上报');
  }
  const attempt = {
    id: Number(row.id),
    examId: Number(row.exam_id),
    organizationId: Number(row.organization_id),
    userId: Number(row.user_id),
    tabSwitches: Number(row.tab_switches),
    fullscreenExits: Number(row.fullscreen_exits),
    lastSeenAt: toMs(row.last_seen_at),
  };
  const leaveLimit = settingsOf({
    settings: row.settings as (typeof exams.$inferSelect)['settings'],
  }).leaveLimit;
  const leaves = attempt.tabSwitches + attempt.fullscreenExits;
  const over = leaveLimit > 0 && leaves > leaveLimit;
  await publishUpdate(deps, attempt, {
    tabSwitches: attempt.tabSwitches,
    fullscreenExits: attempt.fullscreenExits,
    lastSeenAt: attempt.lastSeenAt,
    online: true,
  });
  if (over) {
    await closeAttempt(db, attempt.id, 'cheating');
    await db.insert(examAttemptEvents).values({
      attemptId: attempt.id,
      examId: attempt.examId,
      organizationId: attempt.organizationId,
      kind: 'auto_submit',
      detail: { reason: 'cheating', leaves, leaveLimit },
    });
    await announceClosed(deps, attempt, 'cheating');
  }
  return {
    tabSwitches: attempt.tabSwitches,
    fullscreenExits: attempt.fullscreenExits,
    leaveLimit,
    leavesLeft: leaveLimit > 0 ? Math.max(0, leaveLimit - leaves) : null,
    submitted: over,
  };
}

/** Tells the candidate and the monitors that an attempt was closed (any reason). */
export async function announceClosed(
  deps: Pick<Deps, 'db' | 'realtime'>,
  attempt: Pick<AttemptRecord, 'id' | 'examId' | 'userId'>,
  reason: SubmitReason,
): Promise<void> {
  const [after] = await deps.db
    .select({ status: examAttempts.status, submitReason: examAttempts.submitReason })
    .from(examAttempts)
    .where(eq(examAttempts.id, attempt.id));
  const actual = (after?.submitReason as SubmitReason | null) ?? reason;
  await publish(deps, attemptChannel(attempt.id), { event: 'submitted', data: { reason: actual } });
  await publishUpdate(deps, attempt, {
    state: stateOf(after?.status ?? 1),
    submitReason: actual,
    remainingSeconds: null,
  });
}

/** After a save: the attempt's answered count (saveAnswers counted it) goes to the monitors. */
export async function publishProgress(
  deps: Pick<Deps, 'realtime'>,
  attempt: Pick<AttemptRecord, 'id' | 'examId' | 'userId'>,
  answered: number,
): Promise<void> {
  await publishUpdate(deps, attempt, { answered, online: true });
}

/** A webcam snapshot of an open attempt whose exam takes them. */
export async function saveSnapshot(
  deps: Pick<Deps, 'db' | 'realtime' | 'storage'>,
  ctx: RequestContext,
  attemptId: number,
  file: { mimetype: string; data: Buffer },
): Promise<{ eventId: number }> {
  const { db, storage } = deps;
  const attempt = await requireOwnAttempt(db, ctx, attemptId);
  if (attempt.status !== 0) throw conflict('已交卷，无需再上传抓拍');
  const [exam] = await db
    .select({ settings: exams.settings })
    .from(exams)
    .where(eq(exams.id, attempt.examId));
  if (!exam || !settingsOf(exam).webcamSnapshots) throw conflict('本场考试未开启摄像头抓拍');
  const ext = SNAPSHOT_TYPES[file.mimetype];
  if (!ext) throw badRequest('参数 file 不正确：抓拍只能是 JPEG 或 PNG 图片');
  if (file.data.length === 0) throw badRequest('参数 file 不正确：图片为空');
  const key = `${attempt.organizationId}/snapshots/${attempt.examId}/${attempt.id}/${randomUUID()}.${ext}`;
  await storage.put(key, file.data);
  const { event, updated } = await db.transaction(async (tx) => {
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
    const [updated] = await tx
      .update(examAttempts)
      .set({ snapshots: sql`${examAttempts.snapshots} + 1`, lastSeenAt: sql`now()` })
      .where(eq(examAttempts.id, attempt.id))
      .returning({ snapshots: examAttempts.snapshots, lastSeenAt: examAttempts.lastSeenAt });
    return { event, updated };
  });
  if (!event) throw new Error('snapshot event insert failed');
  await publishUpdate(deps, attempt, {
    snapshots: updated?.snapshots ?? attempt.snapshots + 1,
    lastSeenAt: updated?.lastSeenAt?.getTime() ?? null,
    online: true,
    snapshot: { eventId: event.id, at: event.createdAt.getTime() },
  });
  return { eventId: event.id };
}

/** The candidate's stream opened or closed: last seen now, and the monitors are told. */
export async function markPresence(
  deps: Pick<Deps, 'db' | 'realtime'>,
  attempt: Pick<AttemptRecord, 'id' | 'examId' | 'userId' | 'status'>,
  online: boolean,
): Promise<void> {
  const [updated] = await deps.db
    .update(examAttempts)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(examAttempts.id, attempt.id))
    .returning({ lastSeenAt: examAttempts.lastSeenAt });
  await publishUpdate(deps, attempt, { online, lastSeenAt: updated?.lastSeenAt?.getTime() ?? null });
}

/** Invigilators' warnings to the caller's own attempt after `afterId`, oldest first. */
export async function candidateMessages(
  db: Db,
  ctx: RequestContext,
  attemptId: number,
  afterId: number,
): Promise<WarningMessage[]> {
  await requireOwnAttempt(db, ctx, attemptId);
  const rows = await db
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
  return rows.map((row) => ({
    id: row.id,
    message: String(row.detail?.message ?? ''),
    at: row.at.getTime(),
  }));
}

// ---------- the invigilators' side ----------

export type { MonitorExamRow } from '@kaopei/shared/contracts/exam-monitor';

/** Published exams running now or starting/ended within a day, ongoing first, with live counts. */
export async function monitorExams(
  db: Db,
  ctx: RequestContext,
  paging: { limit: number; offset: number; keyword?: string | undefined },
): Promise<{ rows: MonitorExamRow[]; total: number }> {
  const pattern = paging.keyword ? containsPattern(paging.keyword) : undefined;
  const onlineSeconds = ONLINE_WINDOW_MS / 1000;
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
      limit ${paging.limit} offset ${paging.offset}
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
  const rows = rowsOf(result);
  const now = Date.now();
  return {
    rows: rows.map((row) => {
      const startAt = toMs(row.start_at);
      const endAt = toMs(row.end_at);
      return {
        id: Number(row.id),
        name: String(row.name),
        state: examState(
          {
            status: Number(row.status),
            startAt: startAt === null ? null : new Date(startAt),
            endAt: endAt === null ? null : new Date(endAt),
          },
          now,
        ),
        startAt,
        endAt,
        candidates: Number(row.candidates ?? 0),
        notStarted: Number(row.not_started ?? 0),
        inProgress: Number(row.in_progress ?? 0),
        submitted: Number(row.submitted ?? 0),
        online: Number(row.online ?? 0),
      };
    }),
    total: rows.length > 0 ? Number(rows[0]?.total) : 0,
  };
}

export type { MonitorRow } from '@kaopei/shared/contracts/exam-monitor';

const STATE_CONDITION: Record<ExamineeState, ReturnType<typeof sql>> = {
  not_started: sql`a.id is null`,
  in_progress: sql`a.status = 0`,
  submitted: sql`a.status = 1`,
  graded: sql`a.status = 2`,
};

/**
 * Candidate rows of an exam in one query: each candidate with their latest attempt (or the given one),
 * answered counts by scalar subqueries, and the page's total by a window count.
 */
async function monitorRows(
  db: Db,
  examId: number,
  filter: { state?: ExamineeState; keyword?: string; attemptId?: number; limit: number; offset: number },
): Promise<{ rows: MonitorRow[]; total: number }> {
  const pattern = filter.keyword ? containsPattern(filter.keyword) : undefined;
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
  const rows = rowsOf(result);
  const now = Date.now();
  return {
    rows: rows.map((row) => {
      const status = row.status === null || row.status === undefined ? null : Number(row.status);
      const lastSeenAt = toMs(row.last_seen_at);
      const deadlineAt = toMs(row.deadline_at);
      return {
        userId: Number(row.user_id),
        name: String(row.real_name ?? ''),
        account: String(row.account ?? ''),
        departmentName: (row.department_name as string | null) ?? null,
        attemptId: row.attempt_id === null ? null : Number(row.attempt_id),
        state: stateOf(status),
        online: isOnline(lastSeenAt, now),
        lastSeenAt,
        answered: Number(row.answered ?? 0),
        total: Number(row.question_total ?? 0),
        startedAt: toMs(row.started_at),
        deadlineAt,
        remainingSeconds: remainingSeconds(status, deadlineAt, now),
        tabSwitches: Number(row.tab_switches ?? 0),
        fullscreenExits: Number(row.fullscreen_exits ?? 0),
        warnings: Number(row.warnings ?? 0),
        snapshots: Number(row.snapshots ?? 0),
        submitReason: (row.submit_reason as string | null) ?? null,
      };
    }),
    total: rows.length > 0 ? Number(rows[0]?.total) : 0,
  };
}

/** The caller's organisation's exam (404 otherwise). */
export async function requireOrgExam(db: Db, ctx: RequestContext, examId: number) {
  const [exam] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.id, examId), eq(exams.organizationId, ctx.organizationId)));
  if (!exam) throw notFound('考试不存在');
  return exam;
}

export async function monitorCandidates(
  db: Db,
  ctx: RequestContext,
  examId: number,
  filter: { state?: ExamineeState | undefined; keyword?: string | undefined; limit: number; offset: number },
): Promise<{ rows: MonitorRow[]; total: number }> {
  await requireOrgExam(db, ctx, examId);
  return monitorRows(db, examId, {
    limit: filter.limit,
    offset: filter.offset,
    ...(filter.state ? { state: filter.state } : {}),
    ...(filter.keyword ? { keyword: filter.keyword } : {}),
  });
}

/** An attempt of the caller's organisation (404 otherwise). */
async function requireOrgAttempt(db: Db, ctx: RequestContext, attemptId: number): Promise<AttemptRecord> {
  const [attempt] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.organizationId, ctx.organizationId)));
  if (!attempt) throw attemptNotFound();
  return attempt;
}

export type { MonitorAttemptDetail } from '@kaopei/shared/contracts/exam-monitor';

export async function monitorAttempt(
  db: Db,
  ctx: RequestContext,
  attemptId: number,
): Promise<MonitorAttemptDetail> {
  const attempt = await requireOrgAttempt(db, ctx, attemptId);
  const { rows } = await monitorRows(db, attempt.examId, { attemptId, limit: 1, offset: 0 });
  const row = rows[0];
  if (!row) throw attemptNotFound();
  const questions = await db
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
    .where(eq(attemptQuestions.attemptId, attemptId))
    .orderBy(asc(attemptQuestions.sectionSort), asc(attemptQuestions.sort));
  const events = await db
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
  const snapshots = await db
    .select({ eventId: examAttemptEvents.id, at: examAttemptEvents.createdAt })
    .from(examAttemptEvents)
    .where(and(eq(examAttemptEvents.attemptId, attemptId), eq(examAttemptEvents.kind, 'snapshot')))
    .orderBy(asc(examAttemptEvents.id));
  const empty = (answer: unknown) =>
    answer === null ||
    answer === undefined ||
    answer === '' ||
    (Array.isArray(answer) && answer.length === 0);
  return {
    row,
    questions: questions.map((q, index) => ({
      sort: index + 1,
      type: Number(q.type),
      answered: !empty(q.answer),
      flagged: q.flagged === 1,
    })),
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      // Storage keys stay on the server; the snapshot is fetched by event id.
      detail: event.kind === 'snapshot' ? null : (event.detail ?? null),
      actorName: event.actorName ?? null,
      at: event.at.getTime(),
    })),
    snapshots: snapshots.map((snapshot) => ({ eventId: snapshot.eventId, at: snapshot.at.getTime() })),
  };
}

/** A snapshot's bytes, for the caller's organisation only. */
export async function snapshotImage(
  deps: Pick<Deps, 'db' | 'storage'>,
  ctx: RequestContext,
  eventId: number,
): Promise<{ data: Buffer; mime: string }> {
  const [event] = await deps.db
    .select({ detail: examAttemptEvents.detail })
    .from(examAttemptEvents)
    .where(
      and(
        eq(examAttemptEvents.id, eventId),
        eq(examAttemptEvents.organizationId, ctx.organizationId),
        eq(examAttemptEvents.kind, 'snapshot'),
      ),
    );
  const key = typeof event?.detail?.key === 'string' ? event.detail.key : undefined;
  const data = key ? await deps.storage.get(key) : undefined;
  if (!key || !data) throw notFound('抓拍不存在');
  return { data, mime: key.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}

/** An invigilator's warning: logged, counted and pushed to the candidate's page. */
export async function warnCandidate(
  deps: Pick<Deps, 'db' | 'realtime'>,
  ctx: RequestContext,
  attemptId: number,
  message: string,
): Promise<{ eventId: number }> {
  const { db } = deps;
  const attempt = await requireOrgAttempt(db, ctx, attemptId);
  if (attempt.status !== 0) throw conflict('考生已交卷，不能再发送提醒');
  const { event, warnings } = await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(examAttemptEvents)
      .values({
        attemptId,
        examId: attempt.examId,
        organizationId: attempt.organizationId,
        kind: 'warning',
        detail: { message },
        actorId: ctx.userId,
      })
      .returning({ id: examAttemptEvents.id, at: examAttemptEvents.createdAt });
    const [updated] = await tx
      .update(examAttempts)
      .set({ warnings: sql`${examAttempts.warnings} + 1` })
      .where(eq(examAttempts.id, attemptId))
      .returning({ warnings: examAttempts.warnings });
    return { event, warnings: updated?.warnings ?? attempt.warnings + 1 };
  });
  if (!event) throw new Error('warning insert failed');
  await publish(deps, attemptChannel(attemptId), {
    event: 'warning',
    data: { id: event.id, message, at: event.at.getTime() },
  });
  await publishUpdate(deps, attempt, { warnings });
  return { eventId: event.id };
}

/** After extendTime: the open attempt's new deadline goes to the candidate and the monitors. */
export async function announceExtended(
  deps: Pick<Deps, 'db' | 'realtime'>,
  ctx: RequestContext,
  examId: number,
  userId: number,
  minutes: number,
): Promise<void> {
  const open = await deps.db
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
  for (const attempt of open) {
    await deps.db.insert(examAttemptEvents).values({
      attemptId: attempt.id,
      examId,
      organizationId: attempt.organizationId,
      kind: 'extend',
      detail: { minutes },
      actorId: ctx.userId,
    });
    const deadlineAt = attempt.deadlineAt.getTime();
    await publish(deps, attemptChannel(attempt.id), { event: 'extended', data: { deadlineAt } });
    await publishUpdate(deps, attempt, { deadlineAt, remainingSeconds: remainingSeconds(0, deadlineAt) });
  }
}

/** After forceSubmit: logged, and the candidate's page and the monitors are told. */
export async function announceForced(
  deps: Pick<Deps, 'db' | 'realtime'>,
  ctx: RequestContext,
  attemptId: number,
): Promise<void> {
  const [attempt] = await deps.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  if (!attempt) return;
  await deps.db.insert(examAttemptEvents).values({
    attemptId,
    examId: attempt.examId,
    organizationId: attempt.organizationId,
    kind: 'force_submit',
    actorId: ctx.userId,
  });
  await announceClosed(deps, attempt, 'forced');
}
