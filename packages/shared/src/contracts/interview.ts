/**
 * Video interviews (issue 20): scheduling with an invitation link that works only in its time window,
 * the room (WebRTC between the interviewer and the applicant, signalling over the realtime adapter as
 * POSTed signals and a Server-Sent-Events stream), a shared code pad run through the judge, scorecards
 * per ability of the post, and an optional recording with the applicant's consent.
 *
 * - Recruiters (menu 视频面试) list, schedule, edit and cancel interviews and read the detail.
 * - An interviewer (a member named on the interview, or a recruiter) takes a room ticket and submits a
 *   scorecard.
 * - The applicant holds only the invitation token: the room endpoints are public and take a ticket (the
 *   invitation token, or an interviewer's room ticket), which names one interview and nothing else.
 */
import { z } from 'zod';
import { CODE_LANGUAGES } from '../constants';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../account';
import {
  endpoint,
  envelopeOf,
  idArray,
  idOf,
  keyword,
  nullableId,
  okReply,
  pageOf,
  pagedQuery,
} from './common';

export const INTERVIEW_MENU = '/manage/recruitment/interview';
const A = '/recruit/api/v1/interview';
const R = '/recruit/api/v1/interview-room';
const tag = '视频面试';

/** The invitation link opens this many minutes before the start … */
export const INTERVIEW_OPEN_BEFORE_MINUTES = 15;
/** … and closes this many minutes after the scheduled end (interviews overrun). */
export const INTERVIEW_CLOSE_AFTER_MINUTES = 30;
/** The longest interview that may be scheduled. */
export const INTERVIEW_MAX_HOURS = 8;
/** One signal's payload (an SDP offer, a Yjs update) at most, in characters. */
export const SIGNAL_MAX_CHARS = 200_000;
/** The largest recording accepted, in bytes. */
export const RECORDING_MAX_BYTES = 500 * 1024 * 1024;

export const RECOMMENDATIONS = [
  { id: 'strong_yes', label: '强烈推荐' },
  { id: 'yes', label: '推荐' },
  { id: 'no', label: '不推荐' },
  { id: 'strong_no', label: '强烈不推荐' },
] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number]['id'];
export function recommendationLabel(id: string): string {
  return RECOMMENDATIONS.find((r) => r.id === id)?.label ?? id;
}

export const INTERVIEW_STATUS_LABELS: Record<string, string> = {
  scheduled: '已安排',
  cancelled: '已取消',
};

const timestamp = (label: string) =>
  z
    .number({ error: `请选择${label}` })
    .int(`${label}必须是毫秒时间戳`)
    .min(0, `${label}必须是毫秒时间戳`);

const optionalText = (label: string, max: number, pattern?: { re: RegExp; message: string }) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`)
    .refine((value) => value === '' || !pattern || pattern.re.test(value), {
      message: pattern?.message ?? '',
    })
    .nullable()
    .optional()
    .transform((value) => value || null);

export const interviewBody = z
  .object({
    title: z
      .string({ error: '请输入面试名称' })
      .trim()
      .min(1, '请输入面试名称')
      .max(100, '面试名称不能超过 100 个字符'),
    interviewerIds: idArray('面试官', 10).min(1, '请选择面试官'),
    applicantName: z
      .string({ error: '请输入应聘者姓名' })
      .trim()
      .min(1, '请输入应聘者姓名')
      .max(50, '应聘者姓名不能超过 50 个字符'),
    applicantPhone: optionalText('应聘者手机号', 20, {
      re: PHONE_PATTERN,
      message: '应聘者手机号格式不正确，应为 11 位手机号',
    }),
    applicantEmail: optionalText('应聘者邮箱', 100, { re: EMAIL_PATTERN, message: '应聘者邮箱格式不正确' }),
    applicantId: nullableId('应聘者'),
    postId: nullableId('岗位'),
    startAt: timestamp('开始时间'),
    endAt: timestamp('结束时间'),
    recordingEnabled: z.boolean({ error: '是否录制只能是是或否' }).optional().default(false),
  })
  .refine((body) => body.endAt > body.startAt, { message: '结束时间必须晚于开始时间', path: ['endAt'] })
  .refine((body) => body.endAt - body.startAt <= INTERVIEW_MAX_HOURS * 3600_000, {
    message: `面试时长不能超过 ${INTERVIEW_MAX_HOURS} 小时`,
    path: ['endAt'],
  });
export type InterviewBody = z.output<typeof interviewBody>;

const person = z.object({ id: z.number(), name: z.string() });

export const interviewRow = z.object({
  id: z.number(),
  title: z.string(),
  applicantName: z.string(),
  applicantPhone: z.string().nullable(),
  applicantEmail: z.string().nullable(),
  applicantId: z.number().nullable(),
  postId: z.number().nullable(),
  postName: z.string().nullable(),
  startAt: z.number(),
  endAt: z.number(),
  status: z.string(),
  statusLabel: z.string(),
  recordingEnabled: z.boolean(),
  hasRecording: z.boolean(),
  interviewers: z.array(person),
  scorecardCount: z.number(),
});
export type InterviewRow = z.infer<typeof interviewRow>;

export const abilityScore = z.object({
  abilityId: z.number(),
  abilityName: z.string(),
  score: z.number(),
  comment: z.string(),
});

export const scorecardView = z.object({
  id: z.number(),
  interviewId: z.number(),
  interviewerId: z.number(),
  interviewerName: z.string(),
  scores: z.array(abilityScore),
  /** The mean of the ability scores (1–5), null without any. */
  average: z.number().nullable(),
  comment: z.string().nullable(),
  recommendation: z.string(),
  recommendationLabel: z.string(),
  updatedAt: z.number(),
});
export type ScorecardView = z.infer<typeof scorecardView>;

/** An ability of the post's model as the scorecard lists it. */
export const modelAbility = z.object({
  abilityId: z.number(),
  name: z.string(),
  requiredLevel: z.number(),
  weight: z.number(),
});
export type ModelAbility = z.infer<typeof modelAbility>;

export const interviewDetail = interviewRow.extend({
  /** The applicant's invitation link (path and query; the page adds the origin). */
  invitePath: z.string(),
  consentAt: z.number().nullable(),
  recordedAt: z.number().nullable(),
  recordingSize: z.number().nullable(),
  abilities: z.array(modelAbility),
  scorecards: z.array(scorecardView),
});
export type InterviewDetail = z.infer<typeof interviewDetail>;

export const scorecardBody = z.object({
  interviewId: idOf('面试'),
  scores: z
    .array(
      z.object({
        abilityId: idOf('能力'),
        score: z
          .number({ error: '能力评分必须是 1 到 5 的整数' })
          .int('能力评分必须是 1 到 5 的整数')
          .min(1, '能力评分必须是 1 到 5 的整数')
          .max(5, '能力评分必须是 1 到 5 的整数'),
        comment: z
          .string({ error: '能力评语必须是文本' })
          .trim()
          .max(500, '能力评语不能超过 500 个字符')
          .optional()
          .default(''),
      }),
      { error: '能力评分必须是列表' },
    )
    .max(50, '能力评分最多 50 项'),
  comment: z
    .string({ error: '总体评价必须是文本' })
    .trim()
    .max(2000, '总体评价不能超过 2000 个字符')
    .optional()
    .transform((value) => value || null),
  recommendation: z.enum(
    RECOMMENDATIONS.map((r) => r.id),
    { error: '请选择录用建议' },
  ),
});
export type ScorecardBody = z.output<typeof scorecardBody>;

// ---------------------------------------------------------------------------------------------------------
// The room
// ---------------------------------------------------------------------------------------------------------

const ticket = z.string({ error: '缺少面试凭证' }).min(10, '面试凭证无效').max(1000, '面试凭证无效');
/** A browser tab in the room: a random id it makes itself. */
const peerId = z.string({ error: '缺少连接标识' }).regex(/^[A-Za-z0-9-]{8,64}$/, '连接标识格式不正确');

export const roomRoles = ['interviewer', 'applicant'] as const;
export type RoomRole = (typeof roomRoles)[number];

export const roomView = z.object({
  interviewId: z.number(),
  title: z.string(),
  role: z.enum(roomRoles),
  /** The caller's display name (the applicant's name, or the interviewer's). */
  name: z.string(),
  applicantName: z.string(),
  interviewers: z.array(person),
  startAt: z.number(),
  endAt: z.number(),
  recordingEnabled: z.boolean(),
  consentAt: z.number().nullable(),
  /** RTCPeerConnection's iceServers (ICE_SERVERS). */
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  languages: z.array(z.string()),
});
export type RoomView = z.infer<typeof roomView>;

/** `bye`: a peer leaving says so itself, at once (the server's `leave` on its stream closing is the backstop). */
export const signalTypes = ['hello', 'offer', 'answer', 'candidate', 'yjs', 'yjs-state', 'state', 'bye'] as const;

export const signalBody = z.object({
  ticket,
  from: peerId,
  /** The one peer it is meant for; none: everyone in the room. */
  to: peerId.optional(),
  type: z.enum(signalTypes, { error: '信令类型不正确' }),
  payload: z.string({ error: '信令内容必须是文本' }).max(SIGNAL_MAX_CHARS, '信令内容过长'),
});

/** What the room's stream sends (event `signal`, `join`, `leave`, `consent`, `run`). */
export interface RoomSignal {
  from: string;
  to?: string;
  role: RoomRole;
  name: string;
  type: (typeof signalTypes)[number];
  payload: string;
}
export interface RoomPresence {
  peer: string;
  role: RoomRole;
  name: string;
}

export const codeRunBody = z.object({
  ticket,
  language: z.enum(
    CODE_LANGUAGES.map((l) => l.id),
    { error: '请选择语言' },
  ),
  code: z
    .string({ error: '请先编写代码' })
    .min(1, '请先编写代码')
    .max(64 * 1024, '代码不能超过 64KB'),
  stdin: z
    .string({ error: '输入必须是文本' })
    .max(16 * 1024, '输入不能超过 16KB')
    .optional()
    .default(''),
});

export const codeRunView = z.object({
  id: z.number(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  statusLabel: z.string(),
  language: z.string(),
  verdict: z.string().nullable(),
  verdictLabel: z.string(),
  stdout: z.string(),
  stderr: z.string(),
  compileOutput: z.string().nullable(),
  error: z.string().nullable(),
  timeMs: z.number().nullable(),
});
export type CodeRunView = z.infer<typeof codeRunView>;

const interviewIdQuery = z.object({ id: idOf('面试') });

export const interviewContracts = {
  list: endpoint({
    method: 'GET',
    path: `${A}/list`,
    tag,
    summary: '面试列表（分页；按状态、日期范围、应聘者/名称搜索；按开始时间倒序）',
    access: { menu: INTERVIEW_MENU },
    query: pagedQuery({
      keyword,
      status: z.enum(['scheduled', 'cancelled'], { error: '状态只能是已安排或已取消' }).optional(),
      from: z.coerce.number({ error: '开始日期必须是时间戳' }).int().optional(),
      to: z.coerce.number({ error: '结束日期必须是时间戳' }).int().optional(),
    }),
    response: pageOf(interviewRow),
  }),
  mine: endpoint({
    method: 'GET',
    path: `${A}/mine`,
    tag,
    summary: '我作为面试官的面试（未取消；按开始时间）',
    access: 'member',
    query: pagedQuery({}),
    response: pageOf(interviewRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${A}/detail`,
    tag,
    summary: '面试详情：邀请链接、岗位能力模型、评分表、录像',
    access: 'member',
    query: interviewIdQuery,
    response: envelopeOf(interviewDetail),
  }),
  add: endpoint({
    method: 'POST',
    path: `${A}/add`,
    tag,
    summary: '安排面试',
    access: { menu: INTERVIEW_MENU },
    body: interviewBody,
    response: envelopeOf(z.object({ id: z.number() })),
  }),
  modify: endpoint({
    method: 'PUT',
    path: `${A}/modify`,
    tag,
    summary: '修改面试（已取消的不能修改；改时间后旧邀请链接仍有效，时间窗按新时间）',
    access: { menu: INTERVIEW_MENU },
    query: interviewIdQuery,
    body: interviewBody,
    response: okReply,
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${A}/cancel`,
    tag,
    summary: '取消面试（邀请链接随即失效）',
    access: { menu: INTERVIEW_MENU },
    query: interviewIdQuery,
    response: okReply,
  }),
  ticket: endpoint({
    method: 'POST',
    path: `${A}/ticket`,
    tag,
    summary: '面试官进入面试间的凭证（面试官本人或有视频面试权限者）',
    access: 'member',
    query: interviewIdQuery,
    response: envelopeOf(z.object({ ticket: z.string() })),
  }),
  scorecard: endpoint({
    method: 'POST',
    path: `${A}/scorecard`,
    tag,
    summary: '提交评分表（按岗位能力逐项 1–5 分、评语、录用建议；再次提交覆盖本人的评分表）',
    access: 'member',
    body: scorecardBody,
    response: envelopeOf(scorecardView),
  }),
  scorecardsOfApplicant: endpoint({
    method: 'GET',
    path: `${A}/scorecards`,
    tag,
    summary: '某应聘者的全部评分表（供招聘结果页）',
    access: { menu: [INTERVIEW_MENU, '/manage/recruitment/staff/result'] },
    query: z.object({ applicantId: idOf('应聘者') }),
    response: envelopeOf(z.array(scorecardView)),
  }),
  recording: endpoint({
    method: 'GET',
    path: `${A}/recording`,
    tag,
    summary: '面试录像（视频文件）',
    access: 'member',
    query: interviewIdQuery,
    response: 'file',
  }),

  room: endpoint({
    method: 'GET',
    path: `${R}/info`,
    tag,
    summary: '面试间信息（凭邀请链接或面试官凭证；仅在时间窗内）',
    access: 'public',
    query: z.object({ ticket }),
    response: envelopeOf(roomView),
  }),
  events: endpoint({
    method: 'GET',
    path: `${R}/events`,
    tag,
    summary: '面试间信令流（Server-Sent Events：join、leave、signal、consent、run 事件）',
    access: 'public',
    query: z.object({ ticket, peer: peerId }),
    response: 'stream',
  }),
  signal: endpoint({
    method: 'POST',
    path: `${R}/signal`,
    tag,
    summary: '发送信令（SDP、ICE 候选、代码板同步）给面试间的其他人',
    access: 'public',
    body: signalBody,
    response: okReply,
  }),
  consent: endpoint({
    method: 'POST',
    path: `${R}/consent`,
    tag,
    summary: '应聘者同意录制（仅应聘者；面试允许录制时）',
    access: 'public',
    body: z.object({ ticket }),
    response: okReply,
  }),
  startRun: endpoint({
    method: 'POST',
    path: `${R}/run`,
    tag,
    summary: '运行代码板中的代码（排队判题，返回运行编号）',
    access: 'public',
    body: codeRunBody,
    response: envelopeOf(z.object({ id: z.number() })),
  }),
  run: endpoint({
    method: 'GET',
    path: `${R}/run`,
    tag,
    summary: '代码运行结果',
    access: 'public',
    query: z.object({ ticket, id: idOf('运行记录') }),
    response: envelopeOf(codeRunView),
  }),
  uploadRecording: endpoint({
    method: 'POST',
    path: `${R}/recording`,
    tag,
    summary: '上传录像（仅面试官；应聘者同意后；multipart 文件字段 file）',
    access: 'public',
    query: z.object({ ticket }),
    response: okReply,
  }),
};
