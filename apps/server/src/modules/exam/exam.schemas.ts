import { z } from 'zod';
import { idParam } from '../../core/http';
import { idListBody } from '../role/role.schemas';

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

/** When candidates see their score, or the key and analysis. */
export const RELEASE_WHEN = ['immediately', 'after_marking', 'after_end', 'never'] as const;
export type ReleaseWhen = (typeof RELEASE_WHEN)[number];

const releaseField = (label: string) =>
  z.enum(RELEASE_WHEN, {
    error: `${label}只能是 immediately（交卷后）、after_marking（阅卷完成后）、after_end（考试结束后）或 never（不公布）`,
  });

const bool = (label: string) => z.boolean({ error: `${label}必须是 true 或 false` });

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
    .number({ error: 'settings.leaveLimit（切屏次数上限）必须是数字' })
    .int('settings.leaveLimit（切屏次数上限）必须是整数')
    .min(0, 'settings.leaveLimit（切屏次数上限）不能小于 0')
    .max(100, 'settings.leaveLimit（切屏次数上限）不能超过 100')
    .default(0),
  requireFullscreen: bool('settings.requireFullscreen（全屏作答）').default(false),
  blockCopyPaste: bool('settings.blockCopyPaste（禁止复制粘贴）').default(false),
  webcamSnapshots: bool('settings.webcamSnapshots（摄像头抓拍）').default(false),
  snapshotIntervalSeconds: z
    .number({ error: 'settings.snapshotIntervalSeconds（抓拍间隔）必须是数字' })
    .int('settings.snapshotIntervalSeconds（抓拍间隔）必须是整数秒')
    .min(10, 'settings.snapshotIntervalSeconds（抓拍间隔）至少 10 秒')
    .max(3600, 'settings.snapshotIntervalSeconds（抓拍间隔）不能超过 3600 秒')
    .default(60),
});
export type ExamSettings = z.output<typeof examSettingsSchema>;

const idArray = (field: string) =>
  z
    .array(idParam(field), { error: `${field} 必须是 id 数组` })
    .max(10_000, `${field} 最多 10000 个`)
    .default([]);

export const audienceSchema = z
  .object({
    /** assigned: departments, staff and tags; open: anyone with the link registers. */
    mode: z.enum(['assigned', 'open'], {
      error: 'audience.mode 只能是 assigned（指定考生）或 open（开放链接）',
    }),
    departmentIds: idArray('audience.departmentIds'),
    includeSubDepartments: bool('audience.includeSubDepartments').default(true),
    userIds: idArray('audience.userIds'),
    tagIds: idArray('audience.tagIds'),
    /** Open link: the fields a candidate fills in (姓名 and 手机号 are always asked). */
    registrationFields: z
      .array(z.string().trim().min(1, '报名字段名称不能为空').max(20, '报名字段名称不能超过 20 个字符'))
      .max(10, '报名字段最多 10 个')
      .default([]),
  })
  .default({
    mode: 'assigned',
    departmentIds: [],
    includeSubDepartments: true,
    userIds: [],
    tagIds: [],
    registrationFields: [],
  });
export type Audience = z.output<typeof audienceSchema>;

const timestamp = (field: string) =>
  z
    .number({ error: `${field} 必须是毫秒时间戳` })
    .int(`${field} 必须是毫秒时间戳`)
    .min(0, `${field} 必须是毫秒时间戳`);

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
      .array(idParam('paperIds'), { error: '请选择试卷' })
      .min(1, '请选择试卷')
      .max(10, '一场考试最多 10 套试卷'),
    startAt: timestamp('startAt（开始时间）'),
    endAt: timestamp('endAt（结束时间）'),
    durationMinutes: z
      .number({ error: 'durationMinutes（考试时长）必须是分钟数' })
      .int('durationMinutes（考试时长）必须是整数分钟')
      .min(1, '考试时长至少 1 分钟')
      .max(24 * 60, '考试时长不能超过 1440 分钟'),
    attemptsAllowed: z
      .number({ error: 'attemptsAllowed（考试次数）必须是数字' })
      .int('考试次数必须是整数')
      .min(1, '考试次数至少 1 次')
      .max(20, '考试次数不能超过 20 次')
      .default(1),
    passScore: z
      .number({ error: 'passScore（及格分）必须是数字' })
      .min(0, '及格分不能为负')
      .max(10_000, '及格分过大')
      .default(60),
    /** Minutes after the start after which nobody may begin; null: any time in the window. */
    lateEntryMinutes: z
      .number({ error: 'lateEntryMinutes（迟到限制）必须是分钟数' })
      .int('迟到限制必须是整数分钟')
      .min(0, '迟到限制不能为负')
      .max(24 * 60, '迟到限制不能超过 1440 分钟')
      .nullish(),
    settings: examSettingsSchema.default(examSettingsSchema.parse({})),
    audience: audienceSchema,
    /** Tell the candidates through the message box when the exam is published. */
    notify: bool('notify（通知考生）').default(true),
  })
  .refine((exam) => exam.endAt > exam.startAt, { message: '结束时间必须晚于开始时间', path: ['endAt'] });
export type ExamInput = z.output<typeof examBodySchema>;

export const examIdQuery = z.object({ examId: idParam('examId') });
export const attemptIdQuery = z.object({ attemptId: idParam('attemptId') });
export const examIdsBody = z.object({ ids: idListBody('ids', '请选择考试') });
export const userIdsBody = z.object({ userIds: idListBody('userIds', '请选择考生') });

export const examSearchSchema = z
  .object({
    keyword: z.string().trim().max(100, '关键字不能超过 100 个字符').optional(),
    /** draft, upcoming, ongoing, ended */
    state: z
      .enum(['draft', 'upcoming', 'ongoing', 'ended'], {
        error: 'state 只能是 draft、upcoming、ongoing 或 ended',
      })
      .optional(),
  })
  .nullish();

/** A candidate's response to one question; its shape per type is checked by the attempt service. */
export const answerSchema = z.object({
  questionId: idParam('questionId'),
  answer: z.unknown(),
  /** The browser's counter for this question: saves with a lower or equal seq are ignored. */
  seq: z
    .number({ error: 'seq 必须是正整数' })
    .int('seq 必须是正整数')
    .min(1, 'seq 必须是正整数')
    .max(2_000_000_000, 'seq 过大'),
  flagged: z.boolean({ error: 'flagged 必须是 true 或 false' }).optional(),
});
export type AnswerInput = z.output<typeof answerSchema>;

export const markSchema = z.object({
  attemptId: idParam('attemptId'),
  questionId: idParam('questionId'),
  score: z.number({ error: 'score（得分）必须是数字' }).min(0, '得分不能为负'),
  comment: z.string().trim().max(2000, '评语不能超过 2000 个字符').nullish(),
});
