/**
 * The candidate's side of an exam (the /m/** pages): my exams, starting, answering, submitting, the
 * result; open-link registration; and what the exam page reports for anti-cheating (issue 7).
 *
 * No reply carries an answer key before the exam's settings release it: the attempt view declares no
 * correct flag, key or analysis, and the result's shape depends on its release flags (`attemptResult`),
 * so the reply is stripped to what is released whatever the handler hands over.
 */
import { z } from 'zod';
import { PHONE_PATTERN } from '../account';
import { responseSchema, revealedKeySchema } from '../question-kinds';
import { oauthToken } from './auth';
import { endpoint, envelopeOf, idOf, okReply } from './common';
import { attemptIdQuery, examIdQuery, examStateSchema } from './exam-monitor';

const C = '/exam/api/v1/candidate';
const OPEN = '/exam/api/v1/open';
const tag = '考生';

// ---------------------------------------------------------------------------------------------------------
// My exams and an exam's instructions
// ---------------------------------------------------------------------------------------------------------

export const EXAM_TABS = ['upcoming', 'ongoing', 'finished'] as const;
export type ExamTab = (typeof EXAM_TABS)[number];

/** What every view of an exam on the candidate's side shows. */
const examSummary = z.object({
  examId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  coverUrl: z.string().nullable(),
  state: examStateSchema,
  startAt: z.number().nullable(),
  endAt: z.number().nullable(),
  durationMinutes: z.number(),
  durationText: z.string(),
  attemptsAllowed: z.number(),
  attemptsUsed: z.number(),
  passScore: z.number(),
  /** The open attempt to resume, if any. */
  openAttemptId: z.number().nullable(),
});

export const myExamRow = examSummary.extend({
  /** The latest submitted attempt, if any. */
  lastAttemptId: z.number().nullable(),
  lastStatus: z.number().nullable(),
  /** Only when the exam's settings release the score. */
  bestScore: z.number().nullable(),
});
export type MyExamRow = z.infer<typeof myExamRow>;

export const examIntro = examSummary.extend({
  lateEntryMinutes: z.number().nullable(),
  attempts: z.array(
    z.object({
      attemptId: z.number(),
      attemptNo: z.number(),
      /** 0 答题中, 1 待阅卷, 2 已评分. */
      status: z.number(),
      statusLabel: z.string(),
      /** Only when the exam's settings release the score. */
      score: z.number().nullable(),
      submittedAt: z.number().nullable(),
    }),
  ),
  serverNow: z.number(),
});
export type ExamIntro = z.infer<typeof examIntro>;

// ---------------------------------------------------------------------------------------------------------
// The candidate's paper (start / resume): never a correct flag, key or analysis
// ---------------------------------------------------------------------------------------------------------

/** A code question's languages, starting templates and sample cases (never the hidden ones). */
export const codeInfo = z.object({
  languages: z.array(z.string()),
  templates: z.record(z.string(), z.string()),
  samples: z.array(z.object({ input: z.string(), output: z.string() })),
});
export type CodeInfo = z.infer<typeof codeInfo>;

export const candidateQuestion = z.object({
  questionId: z.number(),
  /** 1-based number across the paper. */
  number: z.number(),
  type: z.number(),
  typeLabel: z.string(),
  /** Rich text, sanitised by the server on every write. */
  stem: z.string(),
  /** Choice options in the candidate's order; `key` is what an answer sends back. No correct flags. */
  options: z.array(z.object({ key: z.number(), content: z.string() })).nullable(),
  /** Fill-in-blank: how many blanks. */
  blankCount: z.number().nullable(),
  code: codeInfo.nullable(),
  points: z.number(),
  /** The candidate's own saved response (a kind's response: true/false, option keys, text, {language, code}). */
  answer: responseSchema,
  answerSeq: z.number(),
  flagged: z.boolean(),
});
export type CandidateQuestion = z.infer<typeof candidateQuestion>;

/** The exam's anti-cheating settings the page enforces (issue 7). */
export const antiCheatSettings = z.object({
  /** Leaves (tab switches plus full-screen exits) allowed; 0: no limit. */
  leaveLimit: z.number(),
  requireFullscreen: z.boolean(),
  blockCopyPaste: z.boolean(),
  webcamSnapshots: z.boolean(),
  snapshotIntervalSeconds: z.number(),
});
export type AntiCheatSettings = z.infer<typeof antiCheatSettings>;

export const attemptView = z.object({
  attemptId: z.number(),
  examId: z.number(),
  examName: z.string(),
  attemptNo: z.number(),
  status: z.number(),
  statusLabel: z.string(),
  startedAt: z.number(),
  deadlineAt: z.number(),
  serverNow: z.number(),
  saveGraceMs: z.number(),
  totalPoints: z.number(),
  questionCount: z.number(),
  sections: z.array(z.object({ name: z.string(), questions: z.array(candidateQuestion) })),
  antiCheat: antiCheatSettings,
  /** What has been recorded so far (a reload shows the leaves already used). */
  counts: z.object({
    tabSwitches: z.number(),
    fullscreenExits: z.number(),
    warnings: z.number(),
    snapshots: z.number(),
  }),
});
export type AttemptView = z.infer<typeof attemptView>;

// ---------------------------------------------------------------------------------------------------------
// Saving and submitting (saving is the hottest call of an exam: small, flat replies)
// ---------------------------------------------------------------------------------------------------------

/** A candidate's response to one question; its shape per type is checked by the attempt service. */
export const answerInput = z.object({
  questionId: idOf('试题'),
  /** A response of the question's kind (true/false, option keys, text, text list, {language, code}). */
  answer: responseSchema.optional(),
  /** The browser's counter for this question: saves with a lower or equal seq are ignored. */
  seq: z
    .number({ error: '序号必须是正整数' })
    .int('序号必须是正整数')
    .min(1, '序号必须是正整数')
    .max(2_000_000_000, 'seq 过大'),
  flagged: z.boolean({ error: '标记必须是 true 或 false' }).optional(),
});
export type AnswerInput = z.output<typeof answerInput>;

export const saveResult = z.object({
  /** The seq now stored for each question sent (equal to the one sent when it was taken). */
  saved: z.array(z.object({ questionId: z.number(), seq: z.number() })),
  deadlineAt: z.number(),
  serverNow: z.number(),
});
export type SaveResult = z.infer<typeof saveResult>;

export const submitSummary = z.object({
  attemptId: z.number(),
  status: z.number(),
  statusLabel: z.string(),
  unanswered: z.number(),
});
export type SubmitSummary = z.infer<typeof submitSummary>;

// ---------------------------------------------------------------------------------------------------------
// The result, as the exam's release settings allow
// ---------------------------------------------------------------------------------------------------------

const resultOption = z.object({ key: z.number(), content: z.string() });

const resultQuestionBase = z.object({
  questionId: z.number(),
  number: z.number(),
  type: z.number(),
  typeLabel: z.string(),
  stem: z.string(),
  points: z.number(),
  /** The candidate's own response, as saved. */
  answer: responseSchema,
});

/** Scores and the marker's comments, when `showScore` releases them (null otherwise). */
const scoresShown = { score: z.number().nullable(), markComment: z.string().nullable() };
const scoresWithheld = { score: z.null(), markComment: z.null() };
/** Correct flags, keys and analysis, when `showAnswers` releases them; left out otherwise. */
const answersShown = {
  options: z.array(resultOption.extend({ correct: z.boolean().optional() })).nullable(),
  /** By kind (`revealKey`): a fill-in's blanks, a short answer's reference, code samples. */
  key: revealedKeySchema.optional(),
  analysis: z.string().nullable().optional(),
};
const answersWithheld = { options: z.array(resultOption).nullable() };

const resultBase = z.object({
  attemptId: z.number(),
  examId: z.number(),
  examName: z.string(),
  status: z.number(),
  statusLabel: z.string(),
  submittedAt: z.number().nullable(),
  timeUsedSeconds: z.number().nullable(),
  totalPoints: z.number(),
  passScore: z.number(),
});
const totalsShown = {
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  comment: z.string().nullable(),
};
const totalsWithheld = { score: z.null(), passed: z.null(), comment: z.null() };

function resultVariant<
  S extends boolean,
  A extends boolean,
  T extends z.ZodRawShape,
  Q extends z.ZodRawShape,
  K extends z.ZodRawShape,
>(scoreReleased: S, answersReleased: A, totals: T, scores: Q, answers: K) {
  return resultBase.extend({
    scoreReleased: z.literal(scoreReleased),
    answersReleased: z.literal(answersReleased),
    ...totals,
    sections: z.array(
      z.object({
        name: z.string(),
        questions: z.array(resultQuestionBase.extend({ ...scores, ...answers })),
      }),
    ),
  });
}

/**
 * One shape per combination of the release flags: what is not released is not in the shape (keys,
 * correct flags and analysis are stripped; a withheld score can only be null).
 */
export const attemptResult = z.union([
  resultVariant(true, true, totalsShown, scoresShown, answersShown),
  resultVariant(true, false, totalsShown, scoresShown, answersWithheld),
  resultVariant(false, true, totalsWithheld, scoresWithheld, answersShown),
  resultVariant(false, false, totalsWithheld, scoresWithheld, answersWithheld),
]);
export type AttemptResult = z.infer<typeof attemptResult>;

/** A question of a result, any release (every variant's question fits it): the pages' view type. */
export const resultQuestion = resultQuestionBase.extend({ ...scoresShown, ...answersShown });
export type ResultQuestion = z.infer<typeof resultQuestion>;

// ---------------------------------------------------------------------------------------------------------
// Open-link exams (no sign-in until registered)
// ---------------------------------------------------------------------------------------------------------

export const openExamInfo = z.object({
  examId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  coverUrl: z.string().nullable(),
  state: examStateSchema,
  startAt: z.number().nullable(),
  endAt: z.number().nullable(),
  durationMinutes: z.number(),
  durationText: z.string(),
  registrationFields: z.array(z.string()),
});
export type OpenExamInfo = z.infer<typeof openExamInfo>;

const phoneField = z.string({ error: '请输入手机号' }).trim().regex(PHONE_PATTERN, '手机号格式不正确');

export const openRegistration = z.object({
  realName: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(50, '姓名不能超过 50 个字符'),
  phone: phoneField,
  code: z
    .string({ error: '请输入验证码' })
    .trim()
    .regex(/^\d{6}$/, '验证码为 6 位数字'),
  fields: z.record(z.string(), z.string().max(200, '报名信息过长')).default({}),
});
export type OpenRegistration = z.output<typeof openRegistration>;

/** The tokens of the registered candidate (as the password grant answers them) and the exam. */
export const openRegistered = oauthToken.extend({ examId: z.number() });

// ---------------------------------------------------------------------------------------------------------
// Anti-cheating (issue 7)
// ---------------------------------------------------------------------------------------------------------

export const CANDIDATE_EVENT_KINDS = [
  'tab_switch',
  'fullscreen_exit',
  'copy_blocked',
  'paste_blocked',
  'webcam_granted',
  'webcam_denied',
  'heartbeat',
] as const;
export type CandidateEventKind = (typeof CANDIDATE_EVENT_KINDS)[number];

export const candidateEvent = z.object({
  kind: z.enum(CANDIDATE_EVENT_KINDS, { error: `事件类型只能是 ${CANDIDATE_EVENT_KINDS.join('、')}` }),
  at: z.number({ error: '时间必须是毫秒时间戳' }).int('时间必须是整数').positive().optional(),
});
export type CandidateEvent = z.infer<typeof candidateEvent>;

/** The heartbeat's reply too (every candidate, every 20 s): small and flat. */
export const eventsResult = z.object({
  tabSwitches: z.number(),
  fullscreenExits: z.number(),
  leaveLimit: z.number(),
  /** Leaves the candidate may still make before the attempt is submitted; null when there is no limit. */
  leavesLeft: z.number().nullable(),
  submitted: z.boolean(),
});
export type EventsResult = z.infer<typeof eventsResult>;

export const warningMessage = z.object({ id: z.number(), message: z.string(), at: z.number() });
export type WarningMessage = z.infer<typeof warningMessage>;

/** The events of the candidate's stream (`GET stream`, not validated on the wire). */
export type ExamStreamMessage =
  | { event: 'warning'; data: WarningMessage }
  | { event: 'extended'; data: { deadlineAt: number } }
  | { event: 'submitted'; data: { reason: string } };

export const examCandidateContracts = {
  myExams: endpoint({
    method: 'GET',
    path: `${C}/exams`,
    tag,
    summary: '我的考试（upcoming 未开始、ongoing 可参加、finished 已完成）',
    access: 'candidate',
    query: z.object({
      tab: z.enum(EXAM_TABS, { error: '分类标签页只能是 upcoming、ongoing 或 finished' }).default('ongoing'),
    }),
    response: envelopeOf(z.array(myExamRow)),
  }),
  intro: endpoint({
    method: 'GET',
    path: `${C}/exam`,
    tag,
    summary: '考试说明与我的答卷',
    access: 'candidate',
    query: examIdQuery,
    response: envelopeOf(examIntro),
  }),
  start: endpoint({
    method: 'POST',
    path: `${C}/start`,
    tag,
    summary: '开始考试（已有进行中的答卷时继续它）',
    access: 'candidate',
    query: examIdQuery,
    response: envelopeOf(attemptView),
  }),
  attempt: endpoint({
    method: 'GET',
    path: `${C}/attempt`,
    tag,
    summary: '我的答卷（试题、已保存的答案、服务器截止时间）',
    access: 'candidate',
    query: attemptIdQuery,
    response: envelopeOf(attemptView),
  }),
  saveAnswers: endpoint({
    method: 'POST',
    path: `${C}/answers`,
    tag,
    summary: '保存答案（可批量；按 seq 幂等：不大于已存 seq 的保存被忽略）',
    access: 'candidate',
    query: attemptIdQuery,
    body: z
      .array(answerInput, { error: '请提交答案数组' })
      .min(1, '请提供答案')
      .max(500, '一次最多保存 500 题'),
    response: envelopeOf(saveResult),
  }),
  submit: endpoint({
    method: 'POST',
    path: `${C}/submit`,
    tag,
    summary: '交卷',
    access: 'candidate',
    query: attemptIdQuery,
    response: envelopeOf(submitSummary),
  }),
  result: endpoint({
    method: 'GET',
    path: `${C}/result`,
    tag,
    summary: '我的成绩（按考试的公布设置）',
    access: 'candidate',
    query: attemptIdQuery,
    response: envelopeOf(attemptResult),
  }),
  openExam: endpoint({
    method: 'GET',
    path: `${OPEN}/exam`,
    tag,
    summary: '开放报名考试的说明与报名字段（无需登录）',
    access: 'public',
    query: examIdQuery,
    response: envelopeOf(openExamInfo),
  }),
  openSms: endpoint({
    method: 'POST',
    path: `${OPEN}/sms`,
    tag,
    summary: '开放报名：发送手机验证码',
    access: 'public',
    query: examIdQuery.extend({ phone: phoneField }),
    response: okReply,
  }),
  openRegister: endpoint({
    method: 'POST',
    path: `${OPEN}/register`,
    tag,
    summary: '开放报名：验证手机号、填写报名信息，成为考生并登录（返回令牌）',
    access: 'public',
    query: examIdQuery,
    body: openRegistration,
    response: envelopeOf(openRegistered),
  }),
};

export const examAntiCheatContracts = {
  events: endpoint({
    method: 'POST',
    path: `${C}/events`,
    tag,
    summary: '上报防作弊事件（切屏、退出全屏、复制粘贴被拦截、摄像头授权、心跳），超过切屏上限自动交卷',
    access: 'candidate',
    query: attemptIdQuery,
    body: z.object({
      events: z
        .array(candidateEvent, { error: '请提交 events 数组' })
        .min(1, '请至少上报一个事件')
        .max(50, '一次最多上报 50 个事件'),
    }),
    response: envelopeOf(eventsResult),
  }),
  snapshot: endpoint({
    method: 'POST',
    path: `${C}/snapshot`,
    tag,
    summary: '上传摄像头抓拍（multipart 字段 file，JPEG/PNG，不超过 1MB）',
    access: 'candidate',
    query: attemptIdQuery,
    response: envelopeOf(z.object({ eventId: z.number() })),
  }),
  messages: endpoint({
    method: 'GET',
    path: `${C}/messages`,
    tag,
    summary: '监考提醒（afterId 之后的，按时间先后）',
    access: 'candidate',
    query: attemptIdQuery.extend({
      afterId: z.coerce
        .number<number | string>({ error: '起始记录必须是数字' })
        .int('起始记录必须是整数')
        .min(0)
        .default(0),
    }),
    response: envelopeOf(z.array(warningMessage)),
  }),
  stream: endpoint({
    method: 'GET',
    path: `${C}/stream`,
    tag,
    summary:
      '考生消息流（Server-Sent Events：warning 提醒、extended 延时、submitted 已交卷；每 20 秒一个注释心跳）',
    access: 'candidate',
    query: attemptIdQuery,
    response: 'stream',
  }),
};
