/**
 * Exams, the administrator's side (spec §2 exam/*, §7): the exam list and editor, candidates, marking,
 * results and reports. The candidate's side and the live monitor have their own contracts
 * (exam-candidate.ts, exam-monitor.ts); automatic exams are exam-auto.ts.
 */
import { z } from 'zod';
import { responseSchema, storedAnswerSchema } from '../question-kinds';
import { countReply, endpoint, envelopeOf, idList, idOf, pageOf, pagedQuery } from './common';
import { questionIdInBody, questionIdInQuery } from './question';
import {
  EXAM_STATES,
  EXAMINEE_STATES,
  MONITOR_MENU,
  attemptIdQuery,
  examIdQuery,
  examStateSchema as examState,
  examineeStateSchema as examineeState,
} from './exam-monitor';
import { READ_MENUS as QUESTION_READ_MENUS } from './question';

/** Menu URLs guarding the exam endpoints (menu.data.ts). */
export const EXAM_LIST_MENU = '/manage/exam/list';
export const EXAMINEE_MENU = '/manage/exam/examinee';
export const CHECK_MENU = '/manage/exam/check';
export const RESULT_MENU = '/manage/exam/result';
export const DESIGNATE_MENU = '/manage/exam/paperDesignated';
export const COMMENT_MENU = '/manage/exam/comment';
export const REPORT_MENU = '/manage/exam/ExamReport';
/** Anyone who manages exams in some way may read an exam's basics. */
export const EXAM_READ_MENUS = [
  EXAM_LIST_MENU,
  EXAMINEE_MENU,
  CHECK_MENU,
  RESULT_MENU,
  DESIGNATE_MENU,
  COMMENT_MENU,
  REPORT_MENU,
];

// ---------------------------------------------------------------------------------------------------------
// Settings and audience (an exam's and an automatic-exam rule's)
// ---------------------------------------------------------------------------------------------------------

/** When candidates see their score, or the key and analysis. */
export const RELEASE_WHEN = ['immediately', 'after_marking', 'after_end', 'never'] as const;
export type ReleaseWhen = (typeof RELEASE_WHEN)[number];

const releaseField = (label: string) =>
  z.enum(RELEASE_WHEN, {
    error: `${label}只能是 immediately（交卷后）、after_marking（阅卷完成后）、after_end（考试结束后）或 never（不公布）`,
  });

const bool = (label: string) => z.boolean({ error: `${label}必须是 true 或 false` });

/** Limits of the anti-cheating settings (the editors use them too). */
export const LEAVE_LIMIT_MAX = 100;
export const SNAPSHOT_INTERVAL_MIN = 10;
export const SNAPSHOT_INTERVAL_MAX = 3600;

export const examSettingsSchema = z.object({
  showScore: releaseField('settings.showScore（成绩公布）').default('after_marking'),
  showAnswers: releaseField('settings.showAnswers（答案公布）').default('after_end'),
  showAnalysis: bool('settings.showAnalysis（显示解析）').default(true),
  shuffleQuestions: bool('settings.shuffleQuestions（题目乱序）').default(false),
  shuffleOptions: bool('settings.shuffleOptions（选项乱序）').default(false),
  partialCredit: bool('settings.partialCredit（多选题少选得分）').default(false),
  blindMarking: bool('settings.blindMarking（匿名阅卷）').default(false),
  // Anti-cheating (issue 7). Leaving the exam page (tab switch) and leaving full screen both count as a
  // "leave"; past `leaveLimit` leaves the attempt is submitted with reason 'cheating'. 0 means no limit.
  leaveLimit: z
    .number({ error: '切屏次数上限必须是数字' })
    .int('切屏次数上限必须是整数')
    .min(0, '切屏次数上限不能小于 0')
    .max(LEAVE_LIMIT_MAX, `切屏次数上限不能超过 ${LEAVE_LIMIT_MAX}`)
    .default(0),
  requireFullscreen: bool('settings.requireFullscreen（全屏作答）').default(false),
  blockCopyPaste: bool('settings.blockCopyPaste（禁止复制粘贴）').default(false),
  webcamSnapshots: bool('settings.webcamSnapshots（摄像头抓拍）').default(false),
  snapshotIntervalSeconds: z
    .number({ error: '抓拍间隔必须是数字' })
    .int('抓拍间隔必须是整数秒')
    .min(SNAPSHOT_INTERVAL_MIN, `抓拍间隔至少 ${SNAPSHOT_INTERVAL_MIN} 秒`)
    .max(SNAPSHOT_INTERVAL_MAX, `抓拍间隔不能超过 ${SNAPSHOT_INTERVAL_MAX} 秒`)
    .default(60),
});
/** An exam's settings, every one filled (what the server stores and replies). */
export type ExamSettings = z.output<typeof examSettingsSchema>;
/** Settings as a caller sends them (any may be left out: the default applies). */
export type ExamSettingsInput = z.input<typeof examSettingsSchema>;

/** Every setting's default. */
export const DEFAULT_EXAM_SETTINGS: ExamSettings = examSettingsSchema.parse({});

/** Settings as replies carry them: stored settings, each of which may be missing in an older row. */
export const examSettingsView = z.object({
  showScore: z.enum(RELEASE_WHEN),
  showAnswers: z.enum(RELEASE_WHEN),
  showAnalysis: z.boolean(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  partialCredit: z.boolean(),
  blindMarking: z.boolean(),
  leaveLimit: z.number(),
  requireFullscreen: z.boolean(),
  blockCopyPaste: z.boolean(),
  webcamSnapshots: z.boolean(),
  snapshotIntervalSeconds: z.number(),
});

const idArray = (label: string) =>
  z
    .array(idOf(label), { error: `${label}必须是列表` })
    .max(10_000, `${label}最多 10000 个`)
    .default([]);

export const AUDIENCE_MODES = ['assigned', 'open'] as const;

const audienceObject = z.object({
  /** assigned: departments, staff and tags; open: anyone with the link registers. */
  mode: z.enum(AUDIENCE_MODES, {
    error: '考生范围只能是 assigned（指定考生）或 open（开放链接）',
  }),
  departmentIds: idArray('部门'),
  includeSubDepartments: bool('包含下级部门').default(true),
  userIds: idArray('考生'),
  tagIds: idArray('用户标签'),
  /** Open link: the fields a candidate fills in (姓名 and 手机号 are always asked). */
  registrationFields: z
    .array(z.string().trim().min(1, '报名字段名称不能为空').max(20, '报名字段名称不能超过 20 个字符'))
    .max(10, '报名字段最多 10 个')
    .default([]),
});

export const audienceSchema = audienceObject.default({
  mode: 'assigned',
  departmentIds: [],
  includeSubDepartments: true,
  userIds: [],
  tagIds: [],
  registrationFields: [],
});
export type Audience = z.output<typeof audienceSchema>;
export type AudienceInput = z.input<typeof audienceObject>;

/** An exam's audience as replies carry it. */
export const audienceView = z.object({
  mode: z.enum(AUDIENCE_MODES),
  departmentIds: z.array(z.number()),
  includeSubDepartments: z.boolean(),
  userIds: z.array(z.number()),
  tagIds: z.array(z.number()),
  registrationFields: z.array(z.string()),
});

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

const timestamp = (label: string) =>
  z
    .number({ error: `${label}必须是毫秒时间戳` })
    .int(`${label}必须是毫秒时间戳`)
    .min(0, `${label}必须是毫秒时间戳`);

/** The body of add and modify. */
export const examBodySchema = z
  .object({
    name: z
      .string({ error: '请输入考试名称' })
      .trim()
      .min(1, '请输入考试名称')
      .max(200, '考试名称不能超过 200 个字符'),
    description: z.string().trim().max(5000, '考试说明不能超过 5000 个字符').nullish(),
    coverUrl: z.string().trim().max(1000, '封面地址过长').nullish(),
    /** One paper, or several (A/B papers, given out in turn). */
    paperIds: z
      .array(idOf('试卷'), { error: '请选择试卷' })
      .min(1, '请选择试卷')
      .max(10, '一场考试最多 10 套试卷'),
    startAt: timestamp('开始时间'),
    endAt: timestamp('结束时间'),
    durationMinutes: z
      .number({ error: '考试时长必须是分钟数' })
      .int('考试时长必须是整数分钟')
      .min(1, '考试时长至少 1 分钟')
      .max(24 * 60, '考试时长不能超过 1440 分钟'),
    attemptsAllowed: z
      .number({ error: '考试次数必须是数字' })
      .int('考试次数必须是整数')
      .min(1, '考试次数至少 1 次')
      .max(20, '考试次数不能超过 20 次')
      .default(1),
    /** Absent: 60 % of the paper total at add, unchanged at modify; never above a paper's total. */
    passScore: z
      .number({ error: '及格分必须是数字' })
      .min(0, '及格分不能为负')
      .max(10_000, '及格分过大')
      .optional(),
    /** Minutes after the start after which nobody may begin; null: any time in the window. */
    lateEntryMinutes: z
      .number({ error: '迟到限制必须是分钟数' })
      .int('迟到限制必须是整数分钟')
      .min(0, '迟到限制不能为负')
      .max(24 * 60, '迟到限制不能超过 1440 分钟')
      .nullish(),
    settings: examSettingsSchema.default(DEFAULT_EXAM_SETTINGS),
    audience: audienceSchema,
    /** Tell the candidates through the message box when the exam is published. */
    notify: bool('通知考生').default(true),
  })
  .refine((exam) => exam.endAt > exam.startAt, { message: '结束时间必须晚于开始时间', path: ['endAt'] });
/** What add and modify give the service. */
export type ExamInput = z.output<typeof examBodySchema>;
/** What a caller sends to add and modify. */
export type ExamBody = z.input<typeof examBodySchema>;

const examUserQuery = examIdQuery.extend({ userId: idOf('考生') });
const userIdsBody = z.object({ userIds: idList('考生', '请选择考生', 10_000) });
const searchKeyword = z.string({ error: '关键字必须是文本' }).trim().max(50, '关键字不能超过 50 个字符');

export const RECORD_SORT_FIELDS = ['submittedAt', 'answeredAt', 'score'] as const;
export type RecordSortField = (typeof RECORD_SORT_FIELDS)[number];

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

export const examPaperRef = z.object({
  paperId: z.number(),
  name: z.string(),
  totalScore: z.number(),
  questionCount: z.number(),
});
export type ExamPaperRef = z.infer<typeof examPaperRef>;

/** An exam as the list, the editor and every exam page show it. */
export const examRow = z.object({
  id: z.number(),
  examId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  coverUrl: z.string().nullable(),
  /** 0 draft, 1 published. */
  status: z.number(),
  state: examState,
  stateLabel: z.string(),
  /** Epoch milliseconds. */
  startAt: z.number().nullable(),
  endAt: z.number().nullable(),
  durationMinutes: z.number(),
  durationText: z.string(),
  attemptsAllowed: z.number(),
  passScore: z.number(),
  lateEntryMinutes: z.number().nullable(),
  settings: examSettingsView,
  audience: audienceView,
  notify: z.boolean(),
  papers: z.array(examPaperRef),
  candidateCount: z.number(),
  startedCount: z.number(),
  submittedCount: z.number(),
  publishedAt: z.number().nullable(),
  createdAt: z.number(),
});
export type ExamRow = z.infer<typeof examRow>;

export const examineeRow = z.object({
  userId: z.number(),
  realName: z.string(),
  account: z.string(),
  jobNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
  state: examineeState,
  stateLabel: z.string(),
  attemptsUsed: z.number(),
  extraAttempts: z.number(),
  extraMinutes: z.number(),
  designatedPaperId: z.number().nullable(),
  designatedPaperName: z.string().nullable(),
  latestAttemptId: z.number().nullable(),
  /** The paper of the latest attempt (null before the first start). */
  paperId: z.number().nullable(),
  startedAt: z.number().nullable(),
  deadlineAt: z.number().nullable(),
  submittedAt: z.number().nullable(),
  score: z.number().nullable(),
});
export type ExamineeRow = z.infer<typeof examineeRow>;

export const markingQuestion = z.object({
  questionId: z.number(),
  type: z.number(),
  typeLabel: z.string(),
  stem: z.string(),
  answerCount: z.number(),
  pending: z.number(),
});
export type MarkingQuestion = z.infer<typeof markingQuestion>;

export const markingOverview = z.object({
  questions: z.array(markingQuestion),
  pendingAttempts: z.number(),
  submittedAttempts: z.number(),
});
export type MarkingOverview = z.infer<typeof markingOverview>;

export const markingAnswer = z.object({
  attemptId: z.number(),
  /** 考生 N when the exam marks blind. */
  candidate: z.string(),
  questionId: z.number(),
  /** The candidate's response: its kind's response shape. */
  answer: responseSchema,
  score: z.number().nullable(),
  points: z.number(),
  markComment: z.string().nullable(),
  markedAt: z.number().nullable(),
});
export type MarkingAnswer = z.infer<typeof markingAnswer>;

export const markingQuestionKey = z.object({
  stem: z.string(),
  type: z.number(),
  /** The question's stored key `answer` (its kind's answer shape; null for choice kinds). */
  key: storedAnswerSchema,
  analysis: z.string().nullable(),
});
export type MarkingQuestionKey = z.infer<typeof markingQuestionKey>;

/** check/answers: a page of answers with the question and its key beside `data` and `total`. */
export const markingAnswersReply = z.object({
  code: z.number(),
  message: z.string(),
  res: z.object({ data: z.array(markingAnswer), total: z.number(), question: markingQuestionKey }),
});

export const markResult = z.object({
  attemptId: z.number(),
  /** 1 待阅卷, 2 已评分. */
  status: z.number(),
  score: z.number().nullable(),
  pendingMarks: z.number(),
});
export type MarkResult = z.infer<typeof markResult>;

export const resultRow = z.object({
  rank: z.number().nullable(),
  attemptId: z.number(),
  userId: z.number(),
  realName: z.string(),
  account: z.string(),
  departmentName: z.string().nullable(),
  attemptNo: z.number(),
  status: z.number(),
  statusLabel: z.string(),
  score: z.number().nullable(),
  totalPoints: z.number(),
  passed: z.boolean().nullable(),
  timeUsedSeconds: z.number().nullable(),
  submittedAt: z.number().nullable(),
  submitReason: z.string().nullable(),
  comment: z.string().nullable(),
});
export type ResultRow = z.infer<typeof resultRow>;

export const reportOption = z.object({ key: z.number(), content: z.string(), correct: z.boolean() });
export type ReportOption = z.infer<typeof reportOption>;

export const reportQuestion = z.object({
  questionId: z.number(),
  number: z.number(),
  type: z.number(),
  typeLabel: z.string(),
  stem: z.string(),
  /** In the candidate's order, keyed by the option's original index. */
  options: z.array(reportOption).nullable(),
  /** The candidate's response: its kind's response shape. */
  answer: responseSchema,
  /** The key of non-choice questions, by kind (choice keys are the options' correct flags). */
  key: storedAnswerSchema,
  analysis: z.string().nullable(),
  points: z.number(),
  score: z.number().nullable(),
  markComment: z.string().nullable(),
});
export type ReportQuestion = z.infer<typeof reportQuestion>;

export const personalReport = z.object({
  attemptId: z.number(),
  examId: z.number(),
  examName: z.string(),
  realName: z.string(),
  departmentName: z.string().nullable(),
  /** 1 待阅卷, 2 已评分. */
  status: z.number(),
  statusLabel: z.string(),
  score: z.number().nullable(),
  totalPoints: z.number(),
  passScore: z.number(),
  passed: z.boolean().nullable(),
  rank: z.number().nullable(),
  rankOf: z.number(),
  timeUsedSeconds: z.number().nullable(),
  submittedAt: z.number().nullable(),
  comment: z.string().nullable(),
  sections: z.array(z.object({ name: z.string(), score: z.number(), points: z.number() })),
  knowledge: z.array(
    z.object({
      knowledgeId: z.number(),
      name: z.string(),
      score: z.number(),
      points: z.number(),
      mastery: z.number(),
    }),
  ),
  questions: z.array(z.object({ name: z.string(), questions: z.array(reportQuestion) })),
});
export type PersonalReport = z.infer<typeof personalReport>;

export const examReport = z.object({
  examId: z.number(),
  name: z.string(),
  candidateCount: z.number(),
  submittedCount: z.number(),
  gradedCount: z.number(),
  passCount: z.number(),
  passRate: z.number().nullable(),
  averageScore: z.number().nullable(),
  maxScore: z.number().nullable(),
  minScore: z.number().nullable(),
  /** Score bands of a tenth of the total points each. */
  distribution: z.array(z.object({ label: z.string(), count: z.number() })),
  /** Questions by average score ratio, lowest first. */
  hardestQuestions: z.array(
    z.object({
      questionId: z.number(),
      stem: z.string(),
      typeLabel: z.string(),
      answered: z.number(),
      averageRatio: z.number(),
    }),
  ),
});
export type ExamReport = z.infer<typeof examReport>;

export const examUsingQuestion = z.object({
  examId: z.number(),
  name: z.string(),
  state: examState,
  stateLabel: z.string(),
  startAt: z.number().nullable(),
  endAt: z.number().nullable(),
  /** Submitted answers to this question in the exam. */
  answered: z.number(),
  /** Average share of the points earned, in percent (graded answers only). */
  averageRatio: z.number().nullable(),
});
export type ExamUsingQuestion = z.infer<typeof examUsingQuestion>;

export const questionRecord = z.object({
  attemptId: z.number(),
  examId: z.number(),
  examName: z.string(),
  userId: z.number(),
  realName: z.string(),
  /** The candidate's response: its kind's response shape. */
  answer: responseSchema,
  score: z.number().nullable(),
  points: z.number(),
  correct: z.boolean().nullable(),
  answeredAt: z.number().nullable(),
  submittedAt: z.number().nullable(),
});
export type QuestionRecord = z.infer<typeof questionRecord>;

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

const E = '/exam/api/v1/exam';
const tag = '考试';

export const examContracts = {
  search: endpoint({
    method: 'POST',
    path: `${E}/search`,
    tag,
    summary: '考试分页搜索（关键字、状态 draft/upcoming/ongoing/ended）',
    access: { menu: EXAM_READ_MENUS },
    query: pagedQuery({}),
    body: z
      .object({
        keyword: z
          .string({ error: '关键字必须是文本' })
          .trim()
          .max(100, '关键字不能超过 100 个字符')
          .optional(),
        state: z
          .enum(EXAM_STATES, {
            error: '考试状态只能是 draft（未发布）、upcoming（未开始）、ongoing（进行中）或 ended（已结束）',
          })
          .optional(),
      })
      .nullish(),
    response: pageOf(examRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${E}/detail`,
    tag,
    summary: '考试详情',
    access: { menu: EXAM_READ_MENUS },
    query: examIdQuery,
    response: envelopeOf(examRow),
  }),
  add: endpoint({
    method: 'POST',
    path: `${E}/add`,
    tag,
    summary: '新建考试（草稿）',
    access: { menu: EXAM_LIST_MENU },
    body: examBodySchema,
    response: envelopeOf(examRow),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${E}/modify`,
    tag,
    summary: '修改考试（已有考生作答后不能更换试卷）',
    access: { menu: EXAM_LIST_MENU },
    query: examIdQuery,
    body: examBodySchema,
    response: envelopeOf(examRow),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${E}/delete`,
    tag,
    summary: '删除考试（无人作答时；全部成功或全部失败）',
    access: { menu: EXAM_LIST_MENU },
    body: z.object({ ids: idList('考试', '请选择考试') }),
    response: countReply,
  }),
  copy: endpoint({
    method: 'POST',
    path: `${E}/copy`,
    tag,
    summary: '复制考试为草稿',
    access: { menu: EXAM_LIST_MENU },
    query: examIdQuery,
    response: envelopeOf(examRow),
  }),
  publish: endpoint({
    method: 'POST',
    path: `${E}/publish`,
    tag,
    summary: '发布考试：确定考生名单、冻结试题内容并通知考生',
    access: { menu: EXAM_LIST_MENU },
    query: examIdQuery,
    response: envelopeOf(examRow),
  }),
  unpublish: endpoint({
    method: 'POST',
    path: `${E}/unpublish`,
    tag,
    summary: '取消发布（无人作答时）',
    access: { menu: EXAM_LIST_MENU },
    query: examIdQuery,
    response: envelopeOf(examRow),
  }),
  link: endpoint({
    method: 'GET',
    path: `${E}/link`,
    tag,
    summary: '考试二维码链接（type 1 考生端考试页，2 考试说明页）；二维码 300×300 由前端生成',
    access: { menu: EXAM_READ_MENUS },
    query: examIdQuery.extend({
      type: z.coerce
        .number<number | string>({ error: '链接类型只能是 1（考试页）或 2（考试说明页）' })
        .int('链接类型只能是 1（考试页）或 2（考试说明页）')
        .min(1, '链接类型只能是 1（考试页）或 2（考试说明页）')
        .max(2, '链接类型只能是 1（考试页）或 2（考试说明页）')
        .default(1),
    }),
    response: envelopeOf(z.object({ examId: z.number(), type: z.number(), url: z.string() })),
  }),

  // ---- where a question is used (spec §7 Questions: get/exam/by/question, get/exam/record/by/question) ----

  examsUsingQuestion: endpoint({
    method: 'POST',
    path: '/question/api/v1/questions/get/exam/by/question',
    tag: '试题',
    summary: '使用该试题的考试（已发布考试冻结的试题，或草稿考试试卷中的试题），带作答数与平均得分率',
    access: { menu: QUESTION_READ_MENUS },
    query: z.object({ questionId: questionIdInQuery }),
    body: questionIdInBody,
    response: envelopeOf(z.array(examUsingQuestion)),
  }),
  questionRecords: endpoint({
    method: 'POST',
    path: '/question/api/v1/questions/get/exam/record/by/question',
    tag: '试题',
    summary:
      '该试题在各场考试中的作答记录（分页；sortableField submittedAt/answeredAt/score，sortType asc/desc）',
    access: { menu: QUESTION_READ_MENUS },
    query: pagedQuery({
      questionId: questionIdInQuery,
      sortableField: z
        .enum(RECORD_SORT_FIELDS, {
          error: '排序字段只能是 submittedAt、answeredAt 或 score',
        })
        .default('submittedAt'),
      sortType: z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).default('desc'),
    }),
    body: questionIdInBody,
    response: pageOf(questionRecord),
  }),

  // ---- candidates (exam/examinee) ----

  examineeSearch: endpoint({
    method: 'POST',
    path: `${E}/examinee/search`,
    tag,
    summary: '考生列表与状态（未开始、答题中、待阅卷、已评分）',
    access: { menu: [EXAMINEE_MENU, EXAM_LIST_MENU, DESIGNATE_MENU] },
    query: pagedQuery({ examId: idOf('考试') }),
    body: z
      .object({
        keyword: searchKeyword.optional(),
        state: z
          .enum(EXAMINEE_STATES, {
            error:
              '考生状态只能是 not_started（未开始）、in_progress（答题中）、submitted（待阅卷）或 graded（已评分）',
          })
          .optional(),
      })
      .nullish(),
    response: pageOf(examineeRow),
  }),
  examineeAdd: endpoint({
    method: 'POST',
    path: `${E}/examinee/add`,
    tag,
    summary: '添加考生',
    access: { menu: EXAMINEE_MENU },
    query: examIdQuery,
    body: userIdsBody,
    response: countReply,
  }),
  examineeRemove: endpoint({
    method: 'POST',
    path: `${E}/examinee/remove`,
    tag,
    summary: '移除未开始作答的考生',
    access: { menu: EXAMINEE_MENU },
    query: examIdQuery,
    body: userIdsBody,
    response: countReply,
  }),
  examineeExtend: endpoint({
    method: 'POST',
    path: `${E}/examinee/extend`,
    tag,
    summary: '为考生延长考试时间（分钟）',
    access: { menu: [EXAMINEE_MENU, MONITOR_MENU] },
    query: examUserQuery,
    body: z.object({
      minutes: z
        .number({ error: '延长时间必须是分钟数' })
        .int('延长时间必须是整数分钟')
        .min(1, '延长时间至少 1 分钟')
        .max(600, '一次最多延长 600 分钟'),
    }),
    response: envelopeOf(z.object({ extraMinutes: z.number() })),
  }),
  examineeGrant: endpoint({
    method: 'POST',
    path: `${E}/examinee/attempt/grant`,
    tag,
    summary: '允许考生再考一次',
    access: { menu: EXAMINEE_MENU },
    query: examUserQuery,
    response: envelopeOf(z.object({ extraAttempts: z.number() })),
  }),
  examineeForceSubmit: endpoint({
    method: 'POST',
    path: `${E}/examinee/force-submit`,
    tag,
    summary: '强制考生交卷',
    access: { menu: [EXAMINEE_MENU, MONITOR_MENU] },
    query: examUserQuery,
    response: envelopeOf(z.object({ attemptId: z.number() })),
  }),
  examineeDesignate: endpoint({
    method: 'POST',
    path: `${E}/examinee/designate`,
    tag,
    summary: '为考生指定试卷（paperId 为 null 时取消指定）',
    access: { menu: DESIGNATE_MENU },
    query: examIdQuery,
    body: userIdsBody.extend({ paperId: idOf('试卷').nullable() }),
    response: countReply,
  }),

  // ---- marking (exam/check) ----

  checkOverview: endpoint({
    method: 'GET',
    path: `${E}/check/overview`,
    tag,
    summary: '阅卷进度：待阅的题目与答卷数',
    access: { menu: CHECK_MENU },
    query: examIdQuery,
    response: envelopeOf(markingOverview),
  }),
  checkAnswers: endpoint({
    method: 'POST',
    path: `${E}/check/answers`,
    tag,
    summary: '按题阅卷：某题所有考生的作答（未阅在前；匿名阅卷时隐藏姓名）',
    access: { menu: CHECK_MENU },
    query: pagedQuery({ examId: idOf('考试'), questionId: idOf('试题') }),
    response: markingAnswersReply,
  }),
  checkAttempt: endpoint({
    method: 'GET',
    path: `${E}/check/attempt`,
    tag,
    summary: '按人阅卷：一份答卷的全部作答与参考答案',
    access: { menu: CHECK_MENU },
    query: attemptIdQuery,
    response: envelopeOf(personalReport),
  }),
  checkMark: endpoint({
    method: 'POST',
    path: `${E}/check/mark`,
    tag,
    summary: '给一道作答打分（不超过本题分值）并写评语',
    access: { menu: CHECK_MENU },
    body: z.object({
      attemptId: idOf('答卷'),
      questionId: idOf('试题'),
      score: z.number({ error: '得分必须是数字' }).min(0, '得分不能为负'),
      comment: z.string({ error: '评语必须是文本' }).trim().max(2000, '评语不能超过 2000 个字符').nullish(),
    }),
    response: envelopeOf(markResult),
  }),

  // ---- results and reports ----

  resultSearch: endpoint({
    method: 'POST',
    path: `${E}/result/search`,
    tag,
    summary: '成绩：每位考生的最好成绩、是否及格、排名、用时',
    access: { menu: [RESULT_MENU, EXAM_LIST_MENU, COMMENT_MENU] },
    query: pagedQuery({ examId: idOf('考试') }),
    body: z.object({ keyword: searchKeyword.optional() }).nullish(),
    response: pageOf(resultRow),
  }),
  resultExport: endpoint({
    method: 'GET',
    path: `${E}/result/export`,
    tag,
    summary: '导出成绩（.xlsx）',
    access: { menu: RESULT_MENU },
    query: examIdQuery,
    response: 'file',
  }),
  personalReport: endpoint({
    method: 'GET',
    path: `${E}/report/personal`,
    tag,
    summary: '个人考试报告',
    access: { menu: [RESULT_MENU, COMMENT_MENU, CHECK_MENU] },
    query: attemptIdQuery,
    response: envelopeOf(personalReport),
  }),
  shareReport: endpoint({
    method: 'POST',
    path: `${E}/report/share`,
    tag,
    summary: '生成个人报告的分享链接（30 天有效，无需登录）',
    access: { menu: [RESULT_MENU, COMMENT_MENU] },
    query: attemptIdQuery,
    response: envelopeOf(z.object({ url: z.string(), token: z.string(), expiresAt: z.number() })),
  }),
  publicReport: endpoint({
    method: 'GET',
    path: '/exam/api/v1/public/report',
    tag,
    summary: '分享链接打开的个人考试报告（无需登录）',
    access: 'public',
    query: z.object({
      token: z.string({ error: '缺少 token' }).min(1, '缺少 token').max(500, '链接凭证不正确'),
    }),
    response: envelopeOf(personalReport),
  }),
  comment: endpoint({
    method: 'POST',
    path: `${E}/comment`,
    tag,
    summary: '考试评语',
    access: { menu: [COMMENT_MENU, RESULT_MENU] },
    query: attemptIdQuery,
    body: z.object({
      comment: z.string({ error: '评语必须是文本' }).trim().max(2000, '评语不能超过 2000 个字符').nullable(),
    }),
    response: envelopeOf(z.object({ attemptId: z.number() })),
  }),
  examReport: endpoint({
    method: 'GET',
    path: `${E}/report/exam`,
    tag,
    summary: '考试报告：分数分布、及格率、最难的题',
    access: { menu: [REPORT_MENU, RESULT_MENU, EXAM_LIST_MENU] },
    query: examIdQuery,
    response: envelopeOf(examReport),
  }),
};
