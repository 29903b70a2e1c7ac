import {
  LIVE_CHAT_LIMIT,
  LIVE_CHAT_WINDOW_SECONDS,
  LIVE_MENU,
  type LiveAttendanceRow,
  type LiveMessage,
  type LivePush,
  type LiveRoom,
  type LiveRow,
} from '@kaopei/shared/contracts/live';
import { liveAttended, type LiveStatus } from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { Deps } from '../../core/deps';
import type { RequestContext } from '../../core/context';
import { conflict, forbidden, notFound, tooManyRequests } from '../../core/http';
import { signedFileUrl } from '../file/file.service';
import { completeSection } from '../learn/course-progress.repo';
import { attendanceCredit, hlsToken, newStreamKey } from './live.rules';
import {
  findOrgSection,
  findSectionById,
  findSectionByKey,
  insertMessage,
  isCourseMember,
  recentMessages,
  recordHeartbeat,
  roomExtras,
  searchAttendance,
  searchLives,
  updateLiveStatus,
  updateStreamKey,
  type LiveFilter,
  type LiveSection,
} from './live.repo';

export type { LiveSection };

/** Live classes: the administrators' side, the room, attendance and chat (contracts/live.ts). */

/** The realtime channel of one live class: chat messages and status changes. */
export const liveChannel = (sectionId: number) => `live:${sectionId}`;

const NOT_FOUND = '直播不存在';

/** A live section of the caller's organisation, or 404. */
export async function requireOrgSection(db: DbOrTx, ctx: RequestContext, sectionId: number) {
  const row = await findOrgSection(db, ctx.organizationId, sectionId);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The live section pushed with this stream key (nginx callbacks), any organisation. */
export function sectionByKey(db: DbOrTx, key: string) {
  return findSectionByKey(db, key);
}

export function sectionById(db: DbOrTx, sectionId: number) {
  return findSectionById(db, sectionId);
}

const statusOf = (value: string | null): LiveStatus =>
  value === 'live' || value === 'ended' ? value : 'scheduled';

/** Whether the caller administers courses (organisation admin, or granted 课程管理). */
export async function managesCourses(deps: Deps, ctx: RequestContext): Promise<boolean> {
  if (ctx.isAdmin) return true;
  return (await deps.menus.grantedUrls(ctx)).has(LIVE_MENU);
}

/**
 * Who may enter a live class: the course's administrators, and its learners (enrolled members, or
 * anyone of the organisation in an open-enrolment course) while the course is open. Another
 * organisation's section, a draft course or a section that is not live-kind: 404; not a learner: 403.
 */
export async function requireRoomAccess(deps: Deps, ctx: RequestContext, sectionId: number) {
  const section = await requireOrgSection(deps.db, ctx, sectionId);
  const canManage = await managesCourses(deps, ctx);
  const member = await isCourseMember(deps.db, section.courseId, ctx.userId);
  const isLearner = member || section.enrolment === 'open';
  if (!canManage) {
    if (section.courseStatus === 'draft') throw notFound(NOT_FOUND);
    if (section.courseStatus === 'closed') throw forbidden('课程已关闭，不能进入直播间');
    if (!isLearner) throw forbidden('您不是该课程的学员，不能进入直播间');
  }
  return { section, canManage, isLearner: isLearner && section.courseStatus === 'open' };
}

async function publishStatus(deps: Deps, sectionId: number, status: LiveStatus): Promise<void> {
  await deps.realtime.publish(liveChannel(sectionId), { event: 'status', data: { sectionId, status } });
}

/** Sets a section's live status (and tells the room). */
export async function setStatus(deps: Deps, sectionId: number, status: LiveStatus): Promise<void> {
  await updateLiveStatus(deps.db, sectionId, status);
  await publishStatus(deps, sectionId, status);
}

// ---------------------------------------------------------------------------------------------------------
// Administrators
// ---------------------------------------------------------------------------------------------------------

export async function listLives(
  db: Db,
  ctx: RequestContext,
  filter: LiveFilter,
  paging: { limit: number; offset: number },
): Promise<{ rows: LiveRow[]; total: number }> {
  const { rows, total } = await searchLives(db, ctx.organizationId, filter, paging);
  return {
    rows: rows.map((r) => ({
      sectionId: r.sectionId,
      title: r.title,
      courseId: r.courseId,
      courseName: r.courseName,
      startAt: r.startAt?.getTime() ?? null,
      minutes: r.minutes,
      status: statusOf(r.status),
      attendees: Number(r.attendees),
      hasRecording: r.fileId !== null,
    })),
    total,
  };
}

function pushInfo(deps: Deps, sectionId: number, key: string, status: string | null): LivePush {
  const serverUrl = deps.config.live.rtmpUrl;
  return { sectionId, serverUrl, streamKey: key, pushUrl: `${serverUrl}/${key}`, status: statusOf(status) };
}

/** The push address and key; a section without a key gets one. */
export async function livePush(deps: Deps, ctx: RequestContext, sectionId: number): Promise<LivePush> {
  const section = await requireOrgSection(deps.db, ctx, sectionId);
  if (section.streamKey) return pushInfo(deps, section.id, section.streamKey, section.status);
  return regenerate(deps, section);
}

async function regenerate(deps: Deps, section: LiveSection): Promise<LivePush> {
  const key = newStreamKey();
  await updateStreamKey(deps.db, section.id, key, statusOf(section.status));
  return pushInfo(deps, section.id, key, section.status);
}

/** A new key (the old push URL stops working); refused while the class is live. */
export async function regenerateKey(deps: Deps, ctx: RequestContext, sectionId: number): Promise<LivePush> {
  const section = await requireOrgSection(deps.db, ctx, sectionId);
  if (section.status === 'live') throw conflict('直播中不能更换推流码，请先结束直播');
  return regenerate(deps, section);
}

export async function startLive(deps: Deps, ctx: RequestContext, sectionId: number) {
  const section = await requireOrgSection(deps.db, ctx, sectionId);
  if (section.courseStatus === 'closed') throw conflict('课程已关闭，不能开始直播');
  await setStatus(deps, section.id, 'live');
  return { status: 'live' as const };
}

export async function endLive(deps: Deps, ctx: RequestContext, sectionId: number) {
  const section = await requireOrgSection(deps.db, ctx, sectionId);
  await setStatus(deps, section.id, 'ended');
  return { status: 'ended' as const };
}

/** Attendance of one live class, longest present first. */
export async function attendanceList(
  db: Db,
  ctx: RequestContext,
  sectionId: number,
  paging: { limit: number; offset: number },
): Promise<{ rows: LiveAttendanceRow[]; total: number }> {
  await requireOrgSection(db, ctx, sectionId);
  const { rows, total } = await searchAttendance(db, ctx.organizationId, sectionId, paging);
  return {
    rows: rows.map((r) => ({
      userId: r.userId,
      realName: r.realName,
      account: r.account,
      departmentName: r.departmentName ?? null,
      firstJoinedAt: r.firstJoinedAt.getTime(),
      lastSeenAt: r.lastSeenAt.getTime(),
      minutes: Math.round(r.seconds / 6) / 10,
    })),
    total,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The room
// ---------------------------------------------------------------------------------------------------------

export async function liveRoom(deps: Deps, ctx: RequestContext, sectionId: number): Promise<LiveRoom> {
  const { section, canManage } = await requireRoomAccess(deps, ctx, sectionId);
  const extras = await roomExtras(deps.db, section, ctx.userId);
  const status = statusOf(section.status);
  return {
    sectionId: section.id,
    title: section.title,
    courseId: section.courseId,
    courseName: section.courseName,
    teachers: extras.teachers,
    startAt: section.startAt?.getTime() ?? null,
    minutes: section.minutes,
    status,
    hlsUrl:
      status === 'live'
        ? `/course/api/v1/live/hls/${hlsToken(deps.config.jwtSecret, section.id)}/index.m3u8`
        : null,
    recording: extras.recordingKey
      ? { url: signedFileUrl({ key: extras.recordingKey }), durationSeconds: section.durationSeconds }
      : null,
    canManage,
    mySeconds: extras.mySeconds,
    serverTime: Date.now(),
  };
}

/**
 * A heartbeat from the room: the first one records the learner as attending; later ones add the real
 * time elapsed since the previous one (attendanceCredit) while the class is live. The row is locked so
 * that two tabs cannot both credit the same seconds. Administrators who are not learners are not recorded.
 */
export async function heartbeat(
  deps: Deps,
  ctx: RequestContext,
  sectionId: number,
  now = new Date(),
): Promise<{ seconds: number; status: LiveStatus }> {
  const { section, isLearner } = await requireRoomAccess(deps, ctx, sectionId);
  const status = statusOf(section.status);
  if (!isLearner) return { seconds: 0, status };
  const seconds = await recordHeartbeat(
    deps.db,
    { sectionId: section.id, userId: ctx.userId, organizationId: ctx.organizationId },
    now,
    (lastSeenMs) => (status === 'live' ? attendanceCredit(lastSeenMs, now.getTime()) : 0),
  );
  // Attending half the planned class completes the section (shared/course.ts liveAttended).
  if (status === 'live' && liveAttended(seconds, section.minutes)) {
    await completeSection(deps.db, {
      sectionId: section.id,
      courseId: section.courseId,
      userId: ctx.userId,
      organizationId: ctx.organizationId,
    });
  }
  return { seconds, status };
}

function messageOf(row: {
  id: number;
  userId: number | null;
  realName: string | null;
  content: string;
  createdAt: Date;
}): LiveMessage {
  return {
    id: row.id,
    userId: row.userId,
    realName: row.realName ?? '已删除用户',
    content: row.content,
    createdAt: row.createdAt.getTime(),
  };
}

/** The newest messages (before `beforeId` when paging back), oldest first. */
export async function listMessages(
  deps: Deps,
  ctx: RequestContext,
  query: { sectionId: number; beforeId?: number; size?: number },
): Promise<{ messages: LiveMessage[]; hasMore: boolean }> {
  const { section } = await requireRoomAccess(deps, ctx, query.sectionId);
  const size = query.size ?? 50;
  const rows = await recentMessages(deps.db, section.id, size, query.beforeId);
  return { messages: rows.slice(0, size).reverse().map(messageOf), hasMore: rows.length > size };
}

/** Posts a chat message (rate-limited per person) and sends it to everyone in the room. */
export async function sendMessage(
  deps: Deps,
  ctx: RequestContext,
  sectionId: number,
  content: string,
): Promise<LiveMessage> {
  const { section } = await requireRoomAccess(deps, ctx, sectionId);
  const count = await deps.rateLimiter.hit(`live-chat:${ctx.userId}`, LIVE_CHAT_WINDOW_SECONDS);
  if (count > LIVE_CHAT_LIMIT) throw tooManyRequests('发言太频繁，请稍后再试');
  const row = await insertMessage(deps.db, {
    organizationId: ctx.organizationId,
    sectionId: section.id,
    userId: ctx.userId,
    content,
  });
  const message = messageOf({ ...row, realName: ctx.realName });
  await deps.realtime.publish(liveChannel(section.id), { event: 'message', data: message });
  return message;
}
