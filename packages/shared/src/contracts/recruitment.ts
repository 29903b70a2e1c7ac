/**
 * 招聘管理 (issue 20, spec §2 recruitment/*, /report): jobs opened from a post, campus sessions, applicants
 * and résumés, the pipeline (stages, moves, messages, written tests), results and hires, the overview.
 * Paths under /recruit/api/v1. The video interview is another module (`interview`).
 */
import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../account';
import {
  APPLICANT_SOURCES,
  DEGREES,
  JOB_STATUSES,
  MESSAGE_TEMPLATES,
  MOVABLE_STAGES,
  RECRUIT_STAGES,
  type MessageTemplateKey,
  type RecruitStage,
} from '../recruitment';
import { oauthToken } from './auth';
import { endpoint, envelopeOf, idArray, idList, idOf, keyword, okReply, pagedQuery, pageOf } from './common';

export const RECRUIT_MENUS = {
  overview: '/manage/recruitment',
  school: '/manage/recruitment/school',
  job: '/manage/recruitment/job',
  release: '/manage/recruitment/job/release',
  staff: '/manage/recruitment/staff',
  result: '/manage/recruitment/staff/result',
} as const;

/** Pages of the feature (web). Public pages are under /join (the /recruit/ prefix is the API's). */
export const recruitPaths = {
  publicJobs: (organizationId: number): string => `/join/${organizationId}`,
  publicJob: (jobId: number): string => `/join/job/${jobId}`,
  publicCampus: (sessionId: number): string => `/join/campus/${sessionId}`,
  test: (token: string): string => `/join/test/${token}`,
  mine: '/m/recruit',
  report: (token: string): string => `/report?token=${encodeURIComponent(token)}`,
  jobDetail: (jobId: number): string => `/manage/recruitment/job/detail?jobId=${jobId}`,
  jobEdit: (jobId: number): string => `/manage/recruitment/job/release?jobId=${jobId}`,
  resume: (applicantId: number): string => `/manage/recruitment/staff/resume?applicantId=${applicantId}`,
  jobResume: (applicantId: number, jobId: number): string =>
    `/manage/recruitment/job/detail/resume?applicantId=${applicantId}&jobId=${jobId}`,
} as const;

const R = '/recruit/api/v1';
const tag = '招聘管理';
const publicTag = '招聘（公开页面）';

const JOB_ACCESS = { menu: [RECRUIT_MENUS.job, RECRUIT_MENUS.release] } as const;
const PIPELINE_ACCESS = { menu: [RECRUIT_MENUS.job, RECRUIT_MENUS.staff, RECRUIT_MENUS.result] } as const;
const CAMPUS_ACCESS = { menu: RECRUIT_MENUS.school } as const;

// ---------------------------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------------------------

const stageSchema = z.enum(RECRUIT_STAGES, { error: '阶段不正确' });
const movableStage = z.enum(MOVABLE_STAGES as [RecruitStage, ...RecruitStage[]], {
  error: '目标阶段只能是投递、筛选、笔试、面试、offer 或淘汰',
});
const jobStatusSchema = z.enum(JOB_STATUSES);
const sourceSchema = z.enum(APPLICANT_SOURCES, { error: '来源不正确' });
const templateKeys = MESSAGE_TEMPLATES.map((t) => t.key) as [MessageTemplateKey, ...MessageTemplateKey[]];

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`)
    .nullable()
    .optional()
    .transform((value) => value || null);

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过 ${max} 个字符`);

const phoneField = z.string({ error: '请输入手机号' }).trim().regex(PHONE_PATTERN, '手机号格式不正确');
const emailField = z
  .string({ error: '邮箱必须是文本' })
  .trim()
  .max(200, '邮箱不能超过 200 个字符')
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), '邮箱格式不正确')
  .nullable()
  .optional()
  .transform((value) => value || null);
const degreeField = z
  .enum(DEGREES, { error: '学历只能是高中、中专、大专、本科、硕士或博士' })
  .nullable()
  .optional()
  .transform((value) => value ?? null);
const yearsField = z.coerce
  .number<number | string>({ error: '工作年限必须是数字' })
  .int('工作年限必须是整数')
  .min(0, '工作年限不能小于 0')
  .max(50, '工作年限不能超过 50')
  .nullable()
  .optional()
  .transform((value) => value ?? null);
const salaryField = (label: string) =>
  z.coerce
    .number<number | string>({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能小于 0`)
    .max(10_000_000, `${label}过大`)
    .nullable()
    .optional()
    .transform((value) => value ?? null);

export const resumeFieldsSchema = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  school: z.string().nullable(),
  degree: z.string().nullable(),
  years: z.number().nullable(),
});

// ---------------------------------------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------------------------------------

export const jobInput = z
  .object({
    name: requiredText('职位名称', 100),
    postId: idOf('岗位'),
    paperId: idOf('笔试试卷')
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    headcount: z.coerce
      .number<number | string>({ error: '招聘人数必须是数字' })
      .int('招聘人数必须是整数')
      .min(1, '招聘人数至少为 1')
      .max(10_000, '招聘人数不能超过 10000'),
    location: optionalText('工作地点', 100),
    salaryMin: salaryField('最低月薪'),
    salaryMax: salaryField('最高月薪'),
    description: optionalText('职位描述', 5000),
  })
  .refine((v) => v.salaryMin === null || v.salaryMax === null || v.salaryMin <= v.salaryMax, {
    message: '最低月薪不能高于最高月薪',
    path: ['salaryMin'],
  });
export type JobInput = z.output<typeof jobInput>;

export const jobRow = z.object({
  jobId: z.number(),
  name: z.string(),
  postId: z.number(),
  postName: z.string(),
  paperId: z.number().nullable(),
  paperName: z.string().nullable(),
  headcount: z.number(),
  location: z.string().nullable(),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  description: z.string().nullable(),
  status: jobStatusSchema,
  applicants: z.number(),
  hired: z.number(),
  publishedAt: z.number().nullable(),
  createdAt: z.number(),
});
export type JobRow = z.infer<typeof jobRow>;

const jobIdQuery = z.object({ jobId: idOf('职位') });

export const paperOption = z.object({
  paperId: z.number(),
  name: z.string(),
  paperType: z.number(),
  ofPost: z.boolean(),
  questionCount: z.number(),
  totalScore: z.number(),
});
export type PaperOption = z.infer<typeof paperOption>;

export const jobLink = z.object({ jobId: z.number(), url: z.string(), listUrl: z.string() });

// ---------------------------------------------------------------------------------------------------------
// Campus sessions
// ---------------------------------------------------------------------------------------------------------

export const campusInput = z.object({
  school: requiredText('学校', 100),
  heldAt: z.coerce
    .number<number | string>({ error: '请选择宣讲时间' })
    .int('宣讲时间不正确')
    .positive('请选择宣讲时间'),
  place: requiredText('地点', 200),
  description: optionalText('说明', 2000),
  jobIds: idArray('职位', 50),
});
export type CampusInput = z.output<typeof campusInput>;

export const campusRow = z.object({
  sessionId: z.number(),
  school: z.string(),
  heldAt: z.number(),
  place: z.string(),
  description: z.string().nullable(),
  jobs: z.array(z.object({ jobId: z.number(), name: z.string() })),
  applicants: z.number(),
  url: z.string(),
});
export type CampusRow = z.infer<typeof campusRow>;

// ---------------------------------------------------------------------------------------------------------
// Applications and applicants
// ---------------------------------------------------------------------------------------------------------

export const applicationRow = z.object({
  applicationId: z.number(),
  applicantId: z.number(),
  jobId: z.number(),
  jobName: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  school: z.string().nullable(),
  degree: z.string().nullable(),
  years: z.number().nullable(),
  stage: stageSchema,
  stageChangedAt: z.number(),
  appliedAt: z.number(),
  source: sourceSchema,
  campusSessionId: z.number().nullable(),
  testScore: z.number().nullable(),
  testTotal: z.number().nullable(),
  testSent: z.boolean(),
  rating: z.number().nullable(),
  tags: z.array(z.string()),
  hiredUserId: z.number().nullable(),
});
export type ApplicationRow = z.infer<typeof applicationRow>;

export const boardColumn = z.object({
  stage: stageSchema,
  total: z.number(),
  cards: z.array(applicationRow),
});
export const board = z.object({
  job: z.object({ jobId: z.number(), name: z.string(), status: jobStatusSchema, hasPaper: z.boolean() }),
  columns: z.array(boardColumn),
});
export type Board = z.infer<typeof board>;
/** Cards per column the board shows (the table view pages through all). */
export const BOARD_COLUMN_LIMIT = 50;

export const stageMove = z.object({
  fromStage: z.string().nullable(),
  toStage: z.string(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  at: z.number(),
});
export const sentMessage = z.object({
  channel: z.string(),
  recipient: z.string(),
  content: z.string(),
  at: z.number(),
});
export const resumeView = z.object({
  resumeId: z.number(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
  text: z.string(),
  createdAt: z.number(),
});
/**
 * Interview scorecards of an application. The interview module (its table `interviews` carries
 * `applicant_id`) fills this through modules/recruitment/interview-hook.ts; empty until it does.
 */
export const interviewScorecard = z.object({
  interviewId: z.number(),
  interviewerName: z.string(),
  at: z.number(),
  total: z.number().nullable(),
  recommendation: z.string().nullable(),
  comment: z.string().nullable(),
});
export const applicationDetail = applicationRow.extend({
  decisionNote: z.string().nullable(),
  moves: z.array(stageMove),
  messages: z.array(sentMessage),
  scorecards: z.array(interviewScorecard),
});
export type ApplicationDetail = z.infer<typeof applicationDetail>;

export const applicantDetail = z.object({
  applicantId: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  school: z.string().nullable(),
  degree: z.string().nullable(),
  years: z.number().nullable(),
  tags: z.array(z.string()),
  rating: z.number().nullable(),
  notes: z.string().nullable(),
  createdAt: z.number(),
  applications: z.array(applicationDetail),
  resumes: z.array(resumeView),
});
export type ApplicantDetail = z.infer<typeof applicantDetail>;

export const applicantPatch = z.object({
  applicantId: idOf('应聘者'),
  name: requiredText('姓名', 50),
  phone: phoneField,
  email: emailField,
  school: optionalText('学校', 100),
  degree: degreeField,
  years: yearsField,
  tags: z
    .array(z.string().trim().min(1, '标签不能为空').max(20, '标签不能超过 20 个字符'), {
      error: '标签必须是列表',
    })
    .max(20, '标签最多 20 个')
    .default([]),
  rating: z.coerce
    .number<number | string>({ error: '评分必须是数字' })
    .int('评分必须是整数')
    .min(1, '评分为 1 到 5 星')
    .max(5, '评分为 1 到 5 星')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  notes: optionalText('备注', 5000),
});

/** The form an applicant (or a recruiter on their behalf) fills in. */
export const applicationInput = z.object({
  jobId: idOf('职位'),
  name: requiredText('姓名', 50),
  phone: phoneField,
  email: emailField,
  school: optionalText('毕业院校', 100),
  degree: degreeField,
  years: yearsField,
  resumeId: idOf('简历')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  claimToken: z
    .string()
    .max(64, '简历凭证不正确')
    .nullable()
    .optional()
    .transform((v) => v || null),
  campusSessionId: idOf('校园招聘场次')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type ApplicationInput = z.output<typeof applicationInput>;

export const resumeUploaded = z.object({
  resumeId: z.number(),
  claimToken: z.string(),
  fileName: z.string(),
  fields: resumeFieldsSchema,
  textLength: z.number(),
});
export type ResumeUploaded = z.infer<typeof resumeUploaded>;

export const applied = z.object({ applicationId: z.number(), applicantId: z.number(), merged: z.boolean() });

export const listQuery = pagedQuery({
  jobId: idOf('职位').optional(),
  campusSessionId: idOf('校园招聘场次').optional(),
  stage: stageSchema.optional(),
  /** 招聘结果: offer, hired and rejected together. */
  decided: z.enum(['1'], { error: '筛选条件不正确' }).optional(),
  source: sourceSchema.optional(),
  keyword,
});

// ---------------------------------------------------------------------------------------------------------
// Results, hiring, external report
// ---------------------------------------------------------------------------------------------------------

export const hireInput = z.object({
  applicationId: idOf('应聘记录'),
  departmentId: idOf('部门'),
  postId: idOf('岗位'),
  account: z
    .string({ error: '账号必须是文本' })
    .trim()
    .regex(/^\w{4,32}$/, '账号需为 4–32 位字母、数字或下划线')
    .nullable()
    .optional()
    .transform((v) => v || null),
  note: optionalText('录用说明', 500),
});
export const hired = z.object({
  userId: z.number(),
  account: z.string(),
  initialPassword: z.string().nullable(),
});

export const reportLink = z.object({ url: z.string(), expiresAt: z.number() });

export const externalReport = z.object({
  organizationName: z.string(),
  jobName: z.string(),
  postName: z.string(),
  name: z.string(),
  school: z.string().nullable(),
  degree: z.string().nullable(),
  years: z.number().nullable(),
  stage: stageSchema,
  appliedAt: z.number(),
  testScore: z.number().nullable(),
  testTotal: z.number().nullable(),
  rating: z.number().nullable(),
  tags: z.array(z.string()),
  moves: z.array(stageMove),
  scorecards: z.array(interviewScorecard),
  resumeText: z.string(),
  expiresAt: z.number(),
});
export type ExternalReport = z.infer<typeof externalReport>;

export const hireOptions = z.object({
  departments: z.array(z.object({ departmentId: z.number(), name: z.string() })),
  posts: z.array(z.object({ postId: z.number(), name: z.string() })),
});

// ---------------------------------------------------------------------------------------------------------
// Overview
// ---------------------------------------------------------------------------------------------------------

export const overview = z.object({
  openJobs: z.number(),
  applicants: z.number(),
  hired: z.number(),
  /** Mean days from application to hire over the last 180 days; null: nobody hired. */
  avgDaysToHire: z.number().nullable(),
  /** From the interview module once it is there (interview-hook.ts); 0 before. */
  interviewsThisWeek: z.number(),
  funnel: z.array(
    z.object({
      jobId: z.number(),
      name: z.string(),
      status: jobStatusSchema,
      counts: z.record(z.string(), z.number()),
      total: z.number(),
    }),
  ),
  sources: z.array(z.object({ source: sourceSchema, count: z.number() })),
});
export type Overview = z.infer<typeof overview>;

// ---------------------------------------------------------------------------------------------------------
// Public pages and the applicant's own
// ---------------------------------------------------------------------------------------------------------

export const publicJob = z.object({
  jobId: z.number(),
  organizationId: z.number(),
  organizationName: z.string(),
  name: z.string(),
  postName: z.string(),
  headcount: z.number(),
  location: z.string().nullable(),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  description: z.string().nullable(),
  open: z.boolean(),
  publishedAt: z.number().nullable(),
});
export type PublicJob = z.infer<typeof publicJob>;

export const publicCampus = z.object({
  sessionId: z.number(),
  organizationName: z.string(),
  school: z.string(),
  heldAt: z.number(),
  place: z.string(),
  description: z.string().nullable(),
  jobs: z.array(publicJob),
});

export const testInvitation = z.object({
  jobName: z.string(),
  organizationName: z.string(),
  /** The applicant's phone with the middle digits hidden. */
  phoneHint: z.string(),
  examName: z.string(),
  durationMinutes: z.number(),
});

const testTokenField = z
  .string({ error: '笔试链接不正确' })
  .trim()
  .min(16, '笔试链接不正确')
  .max(64, '笔试链接不正确');

export const myApplication = z.object({
  applicationId: z.number(),
  jobId: z.number(),
  jobName: z.string(),
  organizationName: z.string(),
  stage: stageSchema,
  appliedAt: z.number(),
  testExamId: z.number().nullable(),
  testScore: z.number().nullable(),
  testTotal: z.number().nullable(),
});
export type MyApplication = z.infer<typeof myApplication>;

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

export const recruitmentContracts = {
  // ---- jobs ----
  jobList: endpoint({
    method: 'GET',
    path: `${R}/job/list`,
    tag,
    summary: '职位列表（分页；按状态、关键字筛选；含应聘与入职人数）',
    access: {
      menu: [
        RECRUIT_MENUS.job,
        RECRUIT_MENUS.release,
        RECRUIT_MENUS.school,
        RECRUIT_MENUS.staff,
        RECRUIT_MENUS.result,
      ],
    },
    query: pagedQuery({ status: jobStatusSchema.optional(), keyword }),
    response: pageOf(jobRow),
  }),
  jobGet: endpoint({
    method: 'GET',
    path: `${R}/job/get`,
    tag,
    summary: '职位详情',
    access: PIPELINE_ACCESS,
    query: jobIdQuery,
    response: envelopeOf(jobRow),
  }),
  jobAdd: endpoint({
    method: 'POST',
    path: `${R}/job/add`,
    tag,
    summary: '新建职位（草稿）',
    access: JOB_ACCESS,
    body: jobInput,
    response: envelopeOf(jobRow),
  }),
  jobModify: endpoint({
    method: 'POST',
    path: `${R}/job/modify`,
    tag,
    summary: '修改职位',
    access: JOB_ACCESS,
    query: jobIdQuery,
    body: jobInput,
    response: envelopeOf(jobRow),
  }),
  jobPublish: endpoint({
    method: 'POST',
    path: `${R}/job/publish`,
    tag,
    summary: '发布职位（草稿或已关闭 → 招聘中）',
    access: JOB_ACCESS,
    query: jobIdQuery,
    response: envelopeOf(jobRow),
  }),
  jobClose: endpoint({
    method: 'POST',
    path: `${R}/job/close`,
    tag,
    summary: '关闭职位（不再接受投递）',
    access: JOB_ACCESS,
    query: jobIdQuery,
    response: envelopeOf(jobRow),
  }),
  jobDelete: endpoint({
    method: 'POST',
    path: `${R}/job/delete`,
    tag,
    summary: '删除没有应聘者的职位',
    access: JOB_ACCESS,
    query: jobIdQuery,
    response: okReply,
  }),
  jobLink: endpoint({
    method: 'GET',
    path: `${R}/job/link`,
    tag,
    summary: '职位的公开链接（分享、二维码）',
    access: JOB_ACCESS,
    query: jobIdQuery,
    response: envelopeOf(jobLink),
  }),
  postOptions: endpoint({
    method: 'GET',
    path: `${R}/job/post-options`,
    tag,
    summary: '可选岗位',
    access: JOB_ACCESS,
    response: envelopeOf(z.array(z.object({ postId: z.number(), name: z.string() }))),
  }),
  paperOptions: endpoint({
    method: 'GET',
    path: `${R}/job/paper-options`,
    tag,
    summary: '可作笔试的试卷（已保存；岗位的招聘试卷 type 9 在前）',
    access: JOB_ACCESS,
    query: z.object({ postId: idOf('岗位').optional() }),
    response: envelopeOf(z.array(paperOption)),
  }),

  // ---- campus ----
  campusList: endpoint({
    method: 'GET',
    path: `${R}/campus/list`,
    tag,
    summary: '校园招聘场次（分页）',
    access: CAMPUS_ACCESS,
    query: pagedQuery({ keyword }),
    response: pageOf(campusRow),
  }),
  campusAdd: endpoint({
    method: 'POST',
    path: `${R}/campus/add`,
    tag,
    summary: '新建校园招聘场次',
    access: CAMPUS_ACCESS,
    body: campusInput,
    response: envelopeOf(campusRow),
  }),
  campusModify: endpoint({
    method: 'POST',
    path: `${R}/campus/modify`,
    tag,
    summary: '修改校园招聘场次',
    access: CAMPUS_ACCESS,
    query: z.object({ sessionId: idOf('场次') }),
    body: campusInput,
    response: envelopeOf(campusRow),
  }),
  campusDelete: endpoint({
    method: 'POST',
    path: `${R}/campus/delete`,
    tag,
    summary: '删除校园招聘场次（应聘记录保留）',
    access: CAMPUS_ACCESS,
    query: z.object({ sessionId: idOf('场次') }),
    response: okReply,
  }),

  // ---- applications ----
  applicationList: endpoint({
    method: 'GET',
    path: `${R}/application/list`,
    tag,
    summary: '应聘记录（分页；按职位、场次、阶段、来源、关键字筛选）',
    access: { menu: [...PIPELINE_ACCESS.menu, RECRUIT_MENUS.school] },
    query: listQuery,
    response: pageOf(applicationRow),
  }),
  board: endpoint({
    method: 'GET',
    path: `${R}/application/board`,
    tag,
    summary: '职位的招聘看板（每阶段最新 50 人与总数）',
    access: PIPELINE_ACCESS,
    query: jobIdQuery,
    response: envelopeOf(board),
  }),
  move: endpoint({
    method: 'POST',
    path: `${R}/application/move`,
    tag,
    summary: '批量移动阶段（移到笔试时发送笔试邀请）',
    access: PIPELINE_ACCESS,
    body: z.object({
      applicationIds: idList('应聘记录', '请选择应聘者', 500),
      stage: movableStage,
      note: optionalText('说明', 500),
    }),
    response: envelopeOf(z.object({ count: z.number(), testsSent: z.number() })),
  }),
  message: endpoint({
    method: 'POST',
    path: `${R}/application/message`,
    tag,
    summary: '给应聘者发短信或邮件（模板可改）',
    access: PIPELINE_ACCESS,
    body: z.object({
      applicationIds: idList('应聘记录', '请选择应聘者', 500),
      channel: z.enum(['sms', 'email'], { error: '发送方式只能是短信或邮件' }),
      template: z.enum(templateKeys, { error: '消息模板不正确' }),
      text: requiredText('消息内容', 500),
    }),
    response: envelopeOf(z.object({ sent: z.number(), skipped: z.number() })),
  }),
  add: endpoint({
    method: 'POST',
    path: `${R}/application/add`,
    tag,
    summary: '招聘专员录入应聘者（可附简历）',
    access: PIPELINE_ACCESS,
    body: applicationInput,
    response: envelopeOf(applied),
  }),
  uploadResume: endpoint({
    method: 'POST',
    path: `${R}/resume/upload`,
    tag,
    summary: '招聘专员上传简历（multipart，字段 file；PDF 或 Word .docx），返回识别出的字段',
    access: PIPELINE_ACCESS,
    response: envelopeOf(resumeUploaded),
  }),
  applicant: endpoint({
    method: 'GET',
    path: `${R}/applicant/get`,
    tag,
    summary: '应聘者详情：资料、简历、各职位的阶段记录、消息与面试评分',
    access: PIPELINE_ACCESS,
    query: z.object({ applicantId: idOf('应聘者') }),
    response: envelopeOf(applicantDetail),
  }),
  applicantModify: endpoint({
    method: 'POST',
    path: `${R}/applicant/modify`,
    tag,
    summary: '修改应聘者资料、标签、备注与评分',
    access: PIPELINE_ACCESS,
    body: applicantPatch,
    response: okReply,
  }),

  // ---- results ----
  hireOptions: endpoint({
    method: 'GET',
    path: `${R}/result/hire-options`,
    tag,
    summary: '录用时可选的部门与岗位',
    access: { menu: RECRUIT_MENUS.result },
    response: envelopeOf(hireOptions),
  }),
  hire: endpoint({
    method: 'POST',
    path: `${R}/result/hire`,
    tag,
    summary: '录用：成为部门与岗位的员工，沿用应聘资料',
    access: { menu: RECRUIT_MENUS.result },
    body: hireInput,
    response: envelopeOf(hired),
  }),
  reportLink: endpoint({
    method: 'POST',
    path: `${R}/result/report-link`,
    tag,
    summary: '生成给用人经理的外部报告链接（签名，限时有效）',
    access: { menu: RECRUIT_MENUS.result },
    body: z.object({
      applicationId: idOf('应聘记录'),
      days: z.coerce
        .number<number | string>({ error: '有效天数必须是数字' })
        .int('有效天数必须是整数')
        .min(1, '有效天数为 1 到 30 天')
        .max(30, '有效天数为 1 到 30 天')
        .default(7),
    }),
    response: envelopeOf(reportLink),
  }),

  // ---- overview ----
  overview: endpoint({
    method: 'GET',
    path: `${R}/overview`,
    tag,
    summary: '招聘概览：各职位漏斗、平均招聘周期、来源、本周面试',
    access: { menu: RECRUIT_MENUS.overview },
    response: envelopeOf(overview),
  }),

  // ---- public ----
  publicJobs: endpoint({
    method: 'GET',
    path: `${R}/public/jobs`,
    tag: publicTag,
    summary: '单位正在招聘的职位（公开）',
    access: 'public',
    query: z.object({ organizationId: idOf('单位') }),
    response: envelopeOf(z.object({ organizationName: z.string(), jobs: z.array(publicJob) })),
  }),
  publicJob: endpoint({
    method: 'GET',
    path: `${R}/public/job`,
    tag: publicTag,
    summary: '职位详情（公开）',
    access: 'public',
    query: jobIdQuery,
    response: envelopeOf(publicJob),
  }),
  publicCampus: endpoint({
    method: 'GET',
    path: `${R}/public/campus`,
    tag: publicTag,
    summary: '校园招聘场次（公开，扫码报名）',
    access: 'public',
    query: z.object({ sessionId: idOf('场次') }),
    response: envelopeOf(publicCampus),
  }),
  publicUpload: endpoint({
    method: 'POST',
    path: `${R}/public/resume`,
    tag: publicTag,
    summary: '应聘者上传简历（multipart，字段 file；PDF 或 Word .docx，10MB 以内），返回识别出的字段',
    access: 'public',
    query: jobIdQuery,
    response: envelopeOf(resumeUploaded),
  }),
  publicApply: endpoint({
    method: 'POST',
    path: `${R}/public/apply`,
    tag: publicTag,
    summary: '投递简历（公开）',
    access: 'public',
    body: applicationInput,
    response: envelopeOf(applied),
  }),
  testInfo: endpoint({
    method: 'GET',
    path: `${R}/public/test`,
    tag: publicTag,
    summary: '笔试邀请',
    access: 'public',
    query: z.object({ token: testTokenField }),
    response: envelopeOf(testInvitation),
  }),
  testCode: endpoint({
    method: 'POST',
    path: `${R}/public/test/code`,
    tag: publicTag,
    summary: '笔试登录：发送短信验证码',
    access: 'public',
    body: z.object({ token: testTokenField, phone: phoneField }),
    response: okReply,
  }),
  testSignIn: endpoint({
    method: 'POST',
    path: `${R}/public/test/sign-in`,
    tag: publicTag,
    summary: '笔试登录：验证手机号，以考生身份登录（返回令牌与考试）',
    access: 'public',
    body: z.object({
      token: testTokenField,
      phone: phoneField,
      code: z
        .string({ error: '请输入验证码' })
        .trim()
        .regex(/^\d{6}$/, '验证码为 6 位数字'),
    }),
    response: envelopeOf(oauthToken.extend({ examId: z.number() })),
  }),
  report: endpoint({
    method: 'GET',
    path: `${R}/public/report`,
    tag: publicTag,
    summary: '外部报告（签名链接，过期失效）',
    access: 'public',
    query: z.object({ token: z.string({ error: '报告链接不正确' }).max(300, '报告链接不正确') }),
    response: envelopeOf(externalReport),
  }),
  mine: endpoint({
    method: 'GET',
    path: `${R}/mine`,
    tag: publicTag,
    summary: '我的应聘（应聘者本人）',
    access: 'candidate',
    response: envelopeOf(z.array(myApplication)),
  }),
};
