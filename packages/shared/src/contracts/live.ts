/**
 * 直播 (issue 17): live classes — sections of kind 'live' — pushed over RTMP into nginx-rtmp, played as HLS
 * through the app, with chat, attendance and the recording. Paths under /course/api/v1/live.
 *
 * - Administrators of courses (menu 课程管理) list live classes, see the push address and stream key, start
 *   and end a class by hand, and read or export the attendance.
 * - Learners enrolled in the course (and the course's administrators) open the room: status, the HLS
 *   address while live (a signed path, never the stream key), the recording once it is converted, the chat
 *   (SSE stream of messages and status changes) and attendance heartbeats.
 * - nginx-rtmp calls back on publish, publish end and record end (loopback only, with the callback secret).
 */
import { z } from 'zod';
import { LIVE_STATUSES } from '../course';
import { endpoint, envelopeOf, idOf, keyword, okReply, pagedQuery, pageOf } from './common';

/** Course management's menu URL: every administrative live call needs it. */
export const LIVE_MENU = '/manage/study/course';
/** The web page of a live class (`/live?sectionId=…`). */
export const LIVE_PAGE_PATH = '/live';
/** The player reports presence this often (seconds). */
export const LIVE_HEARTBEAT_SECONDS = 30;
/** Longest chat message (characters). */
export const LIVE_MESSAGE_MAX = 500;
/** Chat messages a learner may send per LIVE_CHAT_WINDOW_SECONDS. */
export const LIVE_CHAT_LIMIT = 5;
export const LIVE_CHAT_WINDOW_SECONDS = 10;

const L = '/course/api/v1/live';
const C = `${L}/callback`;
const tag = '直播';

const sectionIdQuery = z.object({ sectionId: idOf('直播') });
const liveStatusSchema = z.enum(LIVE_STATUSES, { error: '直播状态只能是 scheduled、live 或 ended' });

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

/** A live class in the administrators' list. */
export const liveRow = z.object({
  sectionId: z.number(),
  title: z.string(),
  courseId: z.number(),
  courseName: z.string(),
  /** Planned start (ms since epoch), null when not scheduled. */
  startAt: z.number().nullable(),
  minutes: z.number().nullable(),
  status: liveStatusSchema,
  /** Learners who joined at least once. */
  attendees: z.number(),
  /** The recording is converted and attached (the section plays it as a video). */
  hasRecording: z.boolean(),
});
export type LiveRow = z.infer<typeof liveRow>;

/** Where and how to push (administrators only: the key is the secret of the push URL). */
export const livePush = z.object({
  sectionId: z.number(),
  /** The RTMP server and application, e.g. rtmp://host:1935/live (OBS: 服务器). */
  serverUrl: z.string(),
  /** The stream key (OBS: 推流码). */
  streamKey: z.string(),
  /** serverUrl + '/' + streamKey, for ffmpeg. */
  pushUrl: z.string(),
  status: liveStatusSchema,
});
export type LivePush = z.infer<typeof livePush>;

export const liveRecording = z.object({
  /** A signed URL of the MP4 (no token needed by <video>). */
  url: z.string(),
  durationSeconds: z.number(),
});

/** What the /live page shows. */
export const liveRoom = z.object({
  sectionId: z.number(),
  title: z.string(),
  courseId: z.number(),
  courseName: z.string(),
  teachers: z.array(z.string()),
  startAt: z.number().nullable(),
  minutes: z.number().nullable(),
  status: liveStatusSchema,
  /** The HLS playlist while live (a signed, expiring path), else null. */
  hlsUrl: z.string().nullable(),
  /** The recording once converted, else null. */
  recording: liveRecording.nullable(),
  /** The caller administers courses: the page shows push info, start/end and attendance. */
  canManage: z.boolean(),
  /** Seconds the caller has been present so far. */
  mySeconds: z.number(),
  /** Server clock (ms), for the countdown. */
  serverTime: z.number(),
});
export type LiveRoom = z.infer<typeof liveRoom>;

export const liveMessage = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  realName: z.string(),
  content: z.string(),
  createdAt: z.number(),
});
export type LiveMessage = z.infer<typeof liveMessage>;

/** A stream event as the room page reads it: a chat message, or the class's new status. */
export const liveRoomEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), message: liveMessage }),
  z.object({ kind: z.literal('status'), status: liveStatusSchema }),
]);
export type LiveRoomEvent = z.infer<typeof liveRoomEvent>;

export const liveAttendanceRow = z.object({
  userId: z.number(),
  realName: z.string(),
  account: z.string(),
  departmentName: z.string().nullable(),
  firstJoinedAt: z.number(),
  lastSeenAt: z.number(),
  /** Minutes present, one decimal. */
  minutes: z.number(),
});
export type LiveAttendanceRow = z.infer<typeof liveAttendanceRow>;

/** The events of the room's stream (`GET stream`, not validated on the wire). */
export type LiveStreamEvent =
  | { event: 'message'; data: LiveMessage }
  | { event: 'status'; data: { sectionId: number; status: z.infer<typeof liveStatusSchema> } };

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

const messageContent = z
  .string({ error: '请输入消息内容' })
  .trim()
  .min(1, '请输入消息内容')
  .max(LIVE_MESSAGE_MAX, `消息内容不能超过 ${LIVE_MESSAGE_MAX} 个字符`);

/** What nginx-rtmp posts (application/x-www-form-urlencoded); other fields are dropped. */
const callbackBody = z.object({
  name: z.string({ error: '推流码不能为空' }).max(200, '推流码过长'),
  /** on_record_done: the recorded FLV file. */
  path: z.string().max(1000, '录制文件路径过长').optional(),
});
const callbackQuery = z.object({ secret: z.string().max(200, '回调密钥过长').optional() });

export const liveContracts = {
  list: endpoint({
    method: 'GET',
    path: `${L}/list`,
    tag,
    summary: '直播列表（所有课程的直播小节，可按状态、课程筛选；未开始的按开始时间在前）',
    access: { menu: LIVE_MENU },
    query: pagedQuery({
      status: liveStatusSchema.optional(),
      courseId: idOf('课程').optional(),
      keyword,
    }),
    response: pageOf(liveRow),
  }),
  push: endpoint({
    method: 'GET',
    path: `${L}/push`,
    tag,
    summary: '推流地址与推流码（OBS：服务器 + 推流码）',
    access: { menu: LIVE_MENU },
    query: sectionIdQuery,
    response: envelopeOf(livePush),
  }),
  regenerateKey: endpoint({
    method: 'POST',
    path: `${L}/push/regenerate`,
    tag,
    summary: '重新生成推流码（直播中不能更换）',
    access: { menu: LIVE_MENU },
    query: sectionIdQuery,
    response: envelopeOf(livePush),
  }),
  start: endpoint({
    method: 'POST',
    path: `${L}/start`,
    tag,
    summary: '开始直播（手动；推流开始时也会自动开始）',
    access: { menu: LIVE_MENU },
    query: sectionIdQuery,
    response: envelopeOf(z.object({ status: liveStatusSchema })),
  }),
  end: endpoint({
    method: 'POST',
    path: `${L}/end`,
    tag,
    summary: '结束直播',
    access: { menu: LIVE_MENU },
    query: sectionIdQuery,
    response: envelopeOf(z.object({ status: liveStatusSchema })),
  }),
  attendance: endpoint({
    method: 'GET',
    path: `${L}/attendance`,
    tag,
    summary: '出勤记录（谁、首次进入、在线分钟数），在线时间长的在前',
    access: { menu: LIVE_MENU },
    query: pagedQuery({ sectionId: idOf('直播') }),
    response: pageOf(liveAttendanceRow),
  }),
  attendanceExport: endpoint({
    method: 'GET',
    path: `${L}/attendance/export`,
    tag,
    summary: '导出出勤记录（.xlsx）',
    access: { menu: LIVE_MENU },
    query: sectionIdQuery,
    response: 'file',
  }),

  room: endpoint({
    method: 'GET',
    path: `${L}/room`,
    tag,
    summary: '直播间（课程学员与课程管理员）：状态、播放地址、回放',
    access: 'member',
    query: sectionIdQuery,
    response: envelopeOf(liveRoom),
  }),
  heartbeat: endpoint({
    method: 'POST',
    path: `${L}/heartbeat`,
    tag,
    summary: `出勤心跳（每 ${LIVE_HEARTBEAT_SECONDS} 秒；在线时间按真实经过的时间计，不超过心跳间隔）`,
    access: 'member',
    body: sectionIdQuery,
    response: envelopeOf(z.object({ seconds: z.number(), status: liveStatusSchema })),
  }),
  messages: endpoint({
    method: 'GET',
    path: `${L}/messages`,
    tag,
    summary: '聊天记录（最新的一页，按时间先后；beforeId 向前翻）',
    access: 'member',
    query: z.object({
      sectionId: idOf('直播'),
      beforeId: idOf('起始消息').optional(),
      size: z.coerce
        .number<number | string>({ error: '每页条数必须是 1 到 100 之间的整数' })
        .int('每页条数必须是 1 到 100 之间的整数')
        .min(1, '每页条数必须是 1 到 100 之间的整数')
        .max(100, '每页条数必须是 1 到 100 之间的整数')
        .optional(),
    }),
    response: envelopeOf(z.object({ messages: z.array(liveMessage), hasMore: z.boolean() })),
  }),
  send: endpoint({
    method: 'POST',
    path: `${L}/messages`,
    tag,
    summary: `发送聊天消息（不超过 ${LIVE_MESSAGE_MAX} 字；每 ${LIVE_CHAT_WINDOW_SECONDS} 秒最多 ${LIVE_CHAT_LIMIT} 条）`,
    access: 'member',
    body: z.object({ sectionId: idOf('直播'), content: messageContent }),
    response: envelopeOf(liveMessage),
  }),
  stream: endpoint({
    method: 'GET',
    path: `${L}/stream`,
    tag,
    summary: '直播间实时消息（Server-Sent Events：message、status 事件；每 20 秒一个注释心跳）',
    access: 'member',
    query: sectionIdQuery,
    response: 'stream',
  }),
  hls: endpoint({
    method: 'GET',
    path: `${L}/hls/:token/:file`,
    tag,
    summary: 'HLS 播放列表与分片（路径中的签名凭证限定直播与有效期）',
    access: 'public',
    params: z.object({
      token: z.string().max(200, '播放凭证过长'),
      file: z.string().max(40, '文件名过长'),
    }),
    response: 'raw',
  }),

  onPublish: endpoint({
    method: 'POST',
    path: `${C}/publish`,
    tag,
    summary: 'nginx-rtmp on_publish：校验推流码，开始直播（仅本机，带回调密钥）',
    access: 'public',
    query: callbackQuery,
    body: callbackBody,
    response: okReply,
  }),
  onPublishDone: endpoint({
    method: 'POST',
    path: `${C}/publish-done`,
    tag,
    summary: 'nginx-rtmp on_publish_done：结束直播（仅本机，带回调密钥）',
    access: 'public',
    query: callbackQuery,
    body: callbackBody,
    response: okReply,
  }),
  onRecordDone: endpoint({
    method: 'POST',
    path: `${C}/record-done`,
    tag,
    summary: 'nginx-rtmp on_record_done：录制文件转为 MP4 作为回放（仅本机，带回调密钥）',
    access: 'public',
    query: callbackQuery,
    body: callbackBody,
    response: okReply,
  }),
};
