/**
 * Live monitoring, the invigilators' side (issue 7, docs/monitor-api.md), and the exam and examinee
 * states every exam page shows (re-exported from `@kaopei/shared` as `ExamState`, `ExamineeState`).
 */
import { z } from 'zod';
import { endpoint, envelopeOf, idOf, keyword, pageOf, pagedQuery } from './common';

export const MONITOR_MENU = '/manage/exam/monitor';
const M = '/exam/api/v1/monitor';
const tag = '监考';

// ---------------------------------------------------------------------------------------------------------
// States
// ---------------------------------------------------------------------------------------------------------

/** An exam on the clock (draft until published). */
export const EXAM_STATES = ['draft', 'upcoming', 'ongoing', 'ended'] as const;
export const examStateSchema = z.enum(EXAM_STATES);
export type ExamState = z.infer<typeof examStateSchema>;

/** A candidate in an exam, by their latest attempt. */
export const EXAMINEE_STATES = ['not_started', 'in_progress', 'submitted', 'graded'] as const;
export const examineeStateSchema = z.enum(EXAMINEE_STATES);
export type ExamineeState = z.infer<typeof examineeStateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

/** An exam on the invigilators' list, with live counts. */
export const monitorExamRow = z.object({
  id: z.number(),
  name: z.string(),
  state: examStateSchema,
  startAt: z.number().nullable(),
  endAt: z.number().nullable(),
  candidates: z.number(),
  notStarted: z.number(),
  inProgress: z.number(),
  submitted: z.number(),
  online: z.number(),
});
export type MonitorExamRow = z.infer<typeof monitorExamRow>;

/** One candidate of the watched exam (their latest attempt, when they have one). */
export const monitorRow = z.object({
  userId: z.number(),
  name: z.string(),
  account: z.string(),
  departmentName: z.string().nullable(),
  attemptId: z.number().nullable(),
  state: examineeStateSchema,
  online: z.boolean(),
  lastSeenAt: z.number().nullable(),
  answered: z.number(),
  total: z.number(),
  startedAt: z.number().nullable(),
  deadlineAt: z.number().nullable(),
  /** Seconds left when the server answered (its clock), for estimating the clock offset. */
  remainingSeconds: z.number().nullable(),
  tabSwitches: z.number(),
  fullscreenExits: z.number(),
  warnings: z.number(),
  snapshots: z.number(),
  submitReason: z.string().nullable(),
});
export type MonitorRow = z.infer<typeof monitorRow>;

/** One line of an attempt's event log. */
export const monitorEvent = z.object({
  id: z.number(),
  kind: z.string(),
  /** Free-form per kind ({message}, {minutes}, {clientAt}, {reason, leaves, leaveLimit}); null for snapshots. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  actorName: z.string().nullable(),
  at: z.number(),
});
export type MonitorEvent = z.infer<typeof monitorEvent>;

export const snapshotRef = z.object({ eventId: z.number(), at: z.number() });

/** One attempt in the invigilator's drawer. */
export const monitorAttemptDetail = z.object({
  row: monitorRow,
  questions: z.array(
    z.object({ sort: z.number(), type: z.number(), answered: z.boolean(), flagged: z.boolean() }),
  ),
  /** Newest first (the latest 200). */
  events: z.array(monitorEvent),
  snapshots: z.array(snapshotRef),
});
export type MonitorAttemptDetail = z.infer<typeof monitorAttemptDetail>;

/**
 * The `update` event of the monitor stream (not validated on the wire): the attempt, and the row fields
 * that changed; a new snapshot also names its event.
 */
export const monitorUpdate = monitorRow
  .partial()
  .extend({ attemptId: z.number(), userId: z.number(), snapshot: snapshotRef.optional() });
export type MonitorUpdate = z.infer<typeof monitorUpdate>;

/** `?examId=` and `?attemptId=`, as every exam contract takes them. */
export const examIdQuery = z.object({ examId: idOf('考试') });
export const attemptIdQuery = z.object({ attemptId: idOf('答卷') });

export const examMonitorContracts = {
  exams: endpoint({
    method: 'GET',
    path: `${M}/exams`,
    tag,
    summary: '可监考的考试（进行中，或 24 小时内开始/结束的已发布考试），进行中的在前',
    access: { menu: MONITOR_MENU },
    query: pagedQuery({ keyword }),
    response: pageOf(monitorExamRow),
  }),
  candidates: endpoint({
    method: 'GET',
    path: `${M}/candidates`,
    tag,
    summary: '考生实时状态（在线、进度、剩余时间、切屏、提醒、抓拍）',
    access: { menu: MONITOR_MENU },
    query: pagedQuery({
      examId: idOf('考试'),
      keyword,
      state: z
        .enum(EXAMINEE_STATES, { error: '状态只能是 not_started、in_progress、submitted 或 graded' })
        .optional(),
    }),
    response: pageOf(monitorRow),
  }),
  stream: endpoint({
    method: 'GET',
    path: `${M}/stream`,
    tag,
    summary: '监考实时更新（Server-Sent Events：update 事件；每 20 秒一个注释心跳）',
    access: { menu: MONITOR_MENU },
    query: z.object({ examId: idOf('考试') }),
    response: 'stream',
  }),
  attempt: endpoint({
    method: 'GET',
    path: `${M}/attempt`,
    tag,
    summary: '考生答卷详情（状态、各题作答/标记、事件记录、抓拍）',
    access: { menu: MONITOR_MENU },
    query: attemptIdQuery,
    response: envelopeOf(monitorAttemptDetail),
  }),
  snapshot: endpoint({
    method: 'GET',
    path: `${M}/snapshot`,
    tag,
    summary: '抓拍图片',
    access: { menu: MONITOR_MENU },
    query: z.object({ eventId: idOf('抓拍') }),
    response: 'raw',
  }),
  warn: endpoint({
    method: 'POST',
    path: `${M}/warn`,
    tag,
    summary: '向考生发送提醒（考生页面弹窗，须确认）',
    access: { menu: MONITOR_MENU },
    body: z.object({
      attemptId: idOf('答卷'),
      message: z
        .string({ error: '请输入提醒内容' })
        .trim()
        .min(1, '请输入提醒内容')
        .max(200, '提醒内容不能超过 200 个字符'),
    }),
    response: envelopeOf(z.object({ eventId: z.number() })),
  }),
};
