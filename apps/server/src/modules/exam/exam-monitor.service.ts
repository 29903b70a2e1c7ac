import { randomUUID } from 'node:crypto';
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
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import type { Deps } from '../../core/deps';
import { badRequest, conflict, notFound } from '../../core/http';
import { containsPattern } from '../../core/db-errors';
import { closeAttempt, type SubmitReason } from './exam-attempt.service';
import { findOwnAttempt, type AttemptRecord, type ExamRecord } from './exam-attempt.repo';
import {
  countSnapshot,
  countWarning,
  findAttemptClosure,
  findAttemptInAnyOrg,
  findExamSettings,
  findOrgAttempt,
  findOrgExam,
  findOrgSnapshotEvent,
  insertAttemptEvent,
  insertSnapshotEvent,
  insertWarningEvent,
  listAttemptEvents,
  listAttemptQuestionStates,
  listMonitorExamRows,
  listMonitorRows,
  listOpenAttemptsOfCandidate,
  listSnapshotEvents,
  listWarnings,
  markAttemptSeen,
  recordAttemptEvents,
} from './exam-monitor.repo';
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
  const attempt = await findOwnAttempt(db, ctx, attemptId);
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
  const row = await recordAttemptEvents(
    db,
    ctx,
    attemptId,
    { tabs, exits },
    logged.map((event) => ({
      kind: event.kind,
      detail: event.at === undefined ? null : { clientAt: event.at },
    })),
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
    settings: row.settings as ExamRecord['settings'],
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
    await insertAttemptEvent(db, {
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
  const after = await findAttemptClosure(deps.db, attempt.id);
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
  const exam = await findExamSettings(db, attempt.examId);
  if (!exam || !settingsOf(exam).webcamSnapshots) throw conflict('本场考试未开启摄像头抓拍');
  const ext = SNAPSHOT_TYPES[file.mimetype];
  if (!ext) throw badRequest('抓拍只能是 JPEG 或 PNG 图片');
  if (file.data.length === 0) throw badRequest('图片为空');
  const key = `${attempt.organizationId}/snapshots/${attempt.examId}/${attempt.id}/${randomUUID()}.${ext}`;
  await storage.put(key, file.data);
  const { event, updated } = await db.transaction(async (tx) => {
    const event = await insertSnapshotEvent(tx, attempt, key);
    const updated = await countSnapshot(tx, attempt.id);
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
  const updated = await markAttemptSeen(deps.db, attempt.id);
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
  const rows = await listWarnings(db, attemptId, afterId);
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
  const rows = await listMonitorExamRows(db, ctx, {
    limit: paging.limit,
    offset: paging.offset,
    pattern,
    onlineSeconds,
  });
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
  const rows = await listMonitorRows(db, examId, { ...filter, pattern });
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
  const exam = await findOrgExam(db, ctx, examId);
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
  const attempt = await findOrgAttempt(db, ctx, attemptId);
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
  const questions = await listAttemptQuestionStates(db, { id: attemptId, examId: attempt.examId });
  const events = await listAttemptEvents(db, attemptId);
  const snapshots = await listSnapshotEvents(db, attemptId);
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
  const event = await findOrgSnapshotEvent(deps.db, ctx, eventId);
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
    const event = await insertWarningEvent(tx, ctx, attempt, message);
    const updated = await countWarning(tx, attemptId);
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
  const open = await listOpenAttemptsOfCandidate(deps.db, ctx, examId, userId);
  for (const attempt of open) {
    await insertAttemptEvent(deps.db, {
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
  const attempt = await findAttemptInAnyOrg(deps.db, attemptId);
  if (!attempt) return;
  await insertAttemptEvent(deps.db, {
    attemptId,
    examId: attempt.examId,
    organizationId: attempt.organizationId,
    kind: 'force_submit',
    actorId: ctx.userId,
  });
  await announceClosed(deps, attempt, 'forced');
}
