/**
 * Exams, the administrator's side (spec §2 exam/*, §7): the exam list and editor, candidates, marking,
 * results and reports. The candidate's side and the live monitor have their own contracts
 * (exam-candidate.ts, exam-monitor.ts); automatic exams are exam-auto.ts.
 */
import { z } from 'zod';
import { idOf } from './common';

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
    .number({ error: 'settings.leaveLimit（切屏次数上限）必须是数字' })
    .int('settings.leaveLimit（切屏次数上限）必须是整数')
    .min(0, 'settings.leaveLimit（切屏次数上限）不能小于 0')
    .max(LEAVE_LIMIT_MAX, `settings.leaveLimit（切屏次数上限）不能超过 ${LEAVE_LIMIT_MAX}`)
    .default(0),
  requireFullscreen: bool('settings.requireFullscreen（全屏作答）').default(false),
  blockCopyPaste: bool('settings.blockCopyPaste（禁止复制粘贴）').default(false),
  webcamSnapshots: bool('settings.webcamSnapshots（摄像头抓拍）').default(false),
  snapshotIntervalSeconds: z
    .number({ error: 'settings.snapshotIntervalSeconds（抓拍间隔）必须是数字' })
    .int('settings.snapshotIntervalSeconds（抓拍间隔）必须是整数秒')
    .min(
      SNAPSHOT_INTERVAL_MIN,
      `settings.snapshotIntervalSeconds（抓拍间隔）至少 ${SNAPSHOT_INTERVAL_MIN} 秒`,
    )
    .max(
      SNAPSHOT_INTERVAL_MAX,
      `settings.snapshotIntervalSeconds（抓拍间隔）不能超过 ${SNAPSHOT_INTERVAL_MAX} 秒`,
    )
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
