/**
 * 心理测评 (issue 21, spec §2 pmt/list, exam/mental, exam/psy_result): scales of Likert items, mental
 * exams that schedule them, and their results. Individual results are sensitive: they need their own
 * menu grant (PSY_PERSON_MENU), which neither the 考试管理 permission nor a grant of the results group
 * gives (modules/menu: SENSITIVE_MENU_IDS). Paths under /exam/api/v1/psych.
 */
import { z } from 'zod';
import { LIKERT_ITEM_KIND, scaleProblems, type ScaleDefinition } from '../psych';
import { endpoint, envelopeOf, idArray, idOf, keyword, okReply, pagedQuery, pageOf } from './common';

export const PMT_MENU = '/manage/pmt/list';
export const MENTAL_MENU = '/manage/exam/mental';
export const PSY_RESULT_MENU = '/manage/exam/psy_result';
/** Individual results (names with scores): a grant of its own. */
export const PSY_PERSON_MENU = '/manage/exam/psy_result/person';

export const psychPaths = {
  scales: PMT_MENU,
  exams: MENTAL_MENU,
  results: (mentalExamId?: number) =>
    mentalExamId ? `${PSY_RESULT_MENU}?mentalExamId=${mentalExamId}` : PSY_RESULT_MENU,
  person: (mentalExamId?: number) =>
    mentalExamId ? `${PSY_PERSON_MENU}?mentalExamId=${mentalExamId}` : PSY_PERSON_MENU,
  myList: '/m/psych',
  take: (mentalExamId: number) => `/m/psych/${mentalExamId}`,
} as const;

export const PSY_LAYOUTS = ['single', 'list'] as const;
export type PsyLayout = (typeof PSY_LAYOUTS)[number];
export const PSY_LAYOUT_LABELS: Record<PsyLayout, string> = { single: '一屏一题', list: '滚动列表' };

export const MENTAL_STATUSES = ['pending', 'open', 'ended'] as const;
export type MentalStatus = (typeof MENTAL_STATUSES)[number];
export const MENTAL_STATUS_LABELS: Record<MentalStatus, string> = {
  pending: '未开始',
  open: '进行中',
  ended: '已结束',
};

export const MIN_GROUP_SIZE_LIMIT = 2;
export const SCALE_ITEMS_MAX = 300;

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`);
const required = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过 ${max} 个字符`);
const num = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .min(0, `${label}不能为负`)
    .max(100_000, `${label}过大`);
const bool = (label: string) => z.boolean({ error: `${label}必须是 true 或 false` });

const levelSchema = z.object({
  min: num('等级下限'),
  max: num('等级上限'),
  label: required('等级名称', 20),
  interpretation: text('等级解释', 2000).default(''),
});

const dimensionSchema = z.object({
  key: z
    .string({ error: '请输入维度代码' })
    .trim()
    .regex(/^[A-Za-z0-9_]{1,20}$/, '维度代码只能是 1–20 个字母、数字或下划线'),
  name: required('维度名称', 50),
  method: z.enum(['sum', 'mean'], { error: '计分方式只能是求和或平均' }),
  description: text('维度说明', 1000).nullish(),
  norm: z
    .object({
      mean: z.number({ error: '常模平均数必须是数字' }),
      sd: z.number({ error: '常模标准差必须是数字' }).positive('常模标准差必须大于 0'),
    })
    .nullish(),
  levels: z.array(levelSchema, { error: '等级必须是列表' }).max(10, '每个维度最多 10 个等级'),
});

const itemSchema = z.object({
  no: z.number({ error: '题号必须是数字' }).int('题号必须是整数').min(1, '题号必须从 1 开始'),
  stem: required('题目内容', 500),
  dimension: z.string({ error: '请选择题目所属维度' }).trim().min(1, '请选择题目所属维度'),
  reverse: bool('反向计分').default(false),
});

export const scaleDefinitionSchema = z
  .object({
    points: z
      .number({ error: '选项数必须是数字' })
      .int('选项数必须是整数')
      .min(
        LIKERT_ITEM_KIND.minPoints,
        `选项数必须在 ${LIKERT_ITEM_KIND.minPoints} 到 ${LIKERT_ITEM_KIND.maxPoints} 之间`,
      )
      .max(
        LIKERT_ITEM_KIND.maxPoints,
        `选项数必须在 ${LIKERT_ITEM_KIND.minPoints} 到 ${LIKERT_ITEM_KIND.maxPoints} 之间`,
      ),
    optionLabels: z.array(required('选项文字', 20), { error: '选项文字必须是列表' }),
    dimensions: z
      .array(dimensionSchema, { error: '维度必须是列表' })
      .min(1, '请至少添加一个维度')
      .max(30, '维度最多 30 个'),
    items: z
      .array(itemSchema, { error: '题目必须是列表' })
      .min(1, '请至少添加一道题目')
      .max(SCALE_ITEMS_MAX, `题目最多 ${SCALE_ITEMS_MAX} 道`),
  })
  .superRefine((definition, issues) => {
    for (const message of scaleProblems(definition as ScaleDefinition))
      issues.addIssue({ code: 'custom', message, path: ['items'] });
  });

export const scaleBodySchema = z.object({
  name: required('量表名称', 200),
  description: text('量表说明', 2000).nullish(),
  instructions: text('指导语', 2000).nullish(),
  source: text('来源', 1000).nullish(),
  definition: scaleDefinitionSchema,
});
export type ScaleBodyIn = z.input<typeof scaleBodySchema>;

const timestamp = (label: string) =>
  z
    .number({ error: `${label}必须是毫秒时间戳` })
    .int(`${label}必须是毫秒时间戳`)
    .min(0, `${label}必须是毫秒时间戳`);

const mentalCommon = {
  name: required('测评名称', 200),
  description: text('测评说明', 2000).nullish(),
  startAt: timestamp('开始时间'),
  endAt: timestamp('结束时间'),
  showResult: bool('向员工显示结果').default(true),
  minGroupSize: z
    .number({ error: '最小分组人数必须是数字' })
    .int('最小分组人数必须是整数')
    .min(MIN_GROUP_SIZE_LIMIT, `最小分组人数不能少于 ${MIN_GROUP_SIZE_LIMIT}`)
    .max(100, '最小分组人数不能超过 100')
    .default(3),
  layout: z.enum(PSY_LAYOUTS, { error: '答题方式只能是一屏一题或滚动列表' }).default('single'),
};
const windowCheck = (value: { startAt: number; endAt: number }) => value.endAt > value.startAt;
const windowMessage = { message: '结束时间必须晚于开始时间', path: ['endAt'] };

export const mentalAddSchema = z
  .object({
    scaleId: idOf('量表'),
    ...mentalCommon,
    anonymous: bool('匿名测评').default(false),
    departmentIds: idArray('部门', 1000).default([]),
    includeSubDepartments: bool('包含下级部门').default(true),
    userIds: idArray('员工', 5000).default([]),
  })
  .refine(windowCheck, windowMessage)
  .refine((value) => value.departmentIds.length + value.userIds.length > 0, {
    message: '请选择参加测评的部门或员工',
    path: ['departmentIds'],
  });
export type MentalAddIn = z.input<typeof mentalAddSchema>;

export const mentalModifySchema = z
  .object({ mentalExamId: idOf('心理测评'), ...mentalCommon })
  .refine(windowCheck, windowMessage);
export type MentalModifyIn = z.input<typeof mentalModifySchema>;

const answerEntry = z.object({
  no: z.number({ error: '题号必须是数字' }).int('题号必须是整数').min(1, '题号必须从 1 开始'),
  value: z.number({ error: '作答必须是选项分值' }).int('作答必须是选项分值').min(1, '作答必须是选项分值'),
});
export const psyAnswersSchema = z.object({
  mentalExamId: idOf('心理测评'),
  answers: z.array(answerEntry, { error: '作答必须是列表' }).max(SCALE_ITEMS_MAX, '作答过多'),
});
export type PsyAnswersIn = z.input<typeof psyAnswersSchema>;

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

const levelView = z.object({
  min: z.number(),
  max: z.number(),
  label: z.string(),
  interpretation: z.string(),
});
export const scaleDefinitionView = z.object({
  points: z.number(),
  optionLabels: z.array(z.string()),
  dimensions: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      method: z.enum(['sum', 'mean']),
      description: z.string().nullish(),
      norm: z.object({ mean: z.number(), sd: z.number() }).nullish(),
      levels: z.array(levelView),
    }),
  ),
  items: z.array(z.object({ no: z.number(), stem: z.string(), dimension: z.string(), reverse: z.boolean() })),
});

export const scaleRow = z.object({
  scaleId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  source: z.string().nullable(),
  itemCount: z.number(),
  dimensionCount: z.number(),
  points: z.number(),
  dimensionNames: z.array(z.string()),
  examCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ScaleRow = z.infer<typeof scaleRow>;

export const scaleDetail = scaleRow.extend({
  instructions: z.string().nullable(),
  definition: scaleDefinitionView,
});
export type ScaleDetail = z.infer<typeof scaleDetail>;

export const mentalExamRow = z.object({
  mentalExamId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  scaleId: z.number().nullable(),
  scaleName: z.string(),
  itemCount: z.number(),
  startAt: z.number(),
  endAt: z.number(),
  status: z.enum(MENTAL_STATUSES),
  anonymous: z.boolean(),
  showResult: z.boolean(),
  minGroupSize: z.number(),
  layout: z.enum(PSY_LAYOUTS),
  memberCount: z.number(),
  takenCount: z.number(),
  departmentIds: z.array(z.number()),
  includeSubDepartments: z.boolean(),
  userIds: z.array(z.number()),
  createdAt: z.number(),
});
export type MentalExamRow = z.infer<typeof mentalExamRow>;

export const dimensionScoreView = z.object({
  key: z.string(),
  name: z.string(),
  method: z.enum(['sum', 'mean']),
  score: z.number(),
  min: z.number(),
  max: z.number(),
  itemCount: z.number(),
  tScore: z.number().nullable(),
  percentile: z.number().nullable(),
  level: z.string().nullable(),
  interpretation: z.string().nullable(),
});
export type DimensionScoreView = z.infer<typeof dimensionScoreView>;

export const personResultRow = z.object({
  responseId: z.number(),
  /** 匿名 #n for anonymous exams, whose rows carry no name, account or department. */
  label: z.string(),
  realName: z.string().nullable(),
  account: z.string().nullable(),
  departmentName: z.string().nullable(),
  /** Anonymous exams keep only the day. */
  submittedAt: z.number(),
  scores: z.array(dimensionScoreView),
});
export type PersonResultRow = z.infer<typeof personResultRow>;

const groupSummary = z.object({
  name: z.string(),
  count: z.number(),
  dimensions: z.array(
    z.object({
      key: z.string(),
      mean: z.number(),
      levels: z.array(z.object({ label: z.string(), count: z.number() })),
    }),
  ),
});
export const groupView = z.object({
  exam: mentalExamRow,
  dimensions: z.array(z.object({ key: z.string(), name: z.string(), min: z.number(), max: z.number() })),
  responseCount: z.number(),
  /** Everyone together; null under the minimum group size. */
  overall: groupSummary.nullable(),
  departments: z.array(groupSummary),
  /** Responses of departments too small to show, even pooled. */
  hidden: z.number(),
});
export type GroupView = z.infer<typeof groupView>;

export const myMentalRow = z.object({
  mentalExamId: z.number(),
  name: z.string(),
  scaleName: z.string(),
  itemCount: z.number(),
  answeredCount: z.number(),
  startAt: z.number(),
  endAt: z.number(),
  status: z.enum(MENTAL_STATUSES),
  anonymous: z.boolean(),
  showResult: z.boolean(),
  taken: z.boolean(),
});
export type MyMentalRow = z.infer<typeof myMentalRow>;

export const myPaper = z.object({
  mentalExamId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  anonymous: z.boolean(),
  layout: z.enum(PSY_LAYOUTS),
  endAt: z.number(),
  points: z.number(),
  optionLabels: z.array(z.string()),
  /** The items without their dimensions or keys. */
  items: z.array(z.object({ no: z.number(), stem: z.string() })),
  /** Answers saved so far: [item number, point]. */
  answers: z.array(z.object({ no: z.number(), value: z.number() })),
});
export type MyPaper = z.infer<typeof myPaper>;

export const myResult = z.object({
  mentalExamId: z.number(),
  name: z.string(),
  anonymous: z.boolean(),
  /** Hidden by the administrator: no scores. */
  hidden: z.boolean(),
  scores: z.array(dimensionScoreView),
});
export type MyResult = z.infer<typeof myResult>;

export const scaleOption = z.object({ scaleId: z.number(), name: z.string(), itemCount: z.number() });

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

const P = '/exam/api/v1/psych';
const scaleTag = '心理测评试卷';
const examTag = '心理测评';
const resultTag = '心理测评结果';
const myTag = '员工心理测评';
const scaleIdQuery = z.object({ scaleId: idOf('量表') });
const examIdQuery = z.object({ mentalExamId: idOf('心理测评') });

export const psychContracts = {
  scaleList: endpoint({
    method: 'GET',
    path: `${P}/scale/list`,
    tag: scaleTag,
    summary: '量表分页列表（名称搜索；题数、维度、已安排测评数）',
    access: { menu: PMT_MENU },
    query: pagedQuery({ keyword }),
    response: pageOf(scaleRow),
  }),
  scaleDetail: endpoint({
    method: 'GET',
    path: `${P}/scale/detail`,
    tag: scaleTag,
    summary: '量表详情（维度、题目、反向计分、常模、等级与解释）',
    access: { menu: [PMT_MENU, MENTAL_MENU] },
    query: scaleIdQuery,
    response: envelopeOf(scaleDetail),
  }),
  scaleOptions: endpoint({
    method: 'GET',
    path: `${P}/scale/options`,
    tag: scaleTag,
    summary: '可安排测评的量表（名称与题数）',
    access: { menu: [PMT_MENU, MENTAL_MENU] },
    response: envelopeOf(z.array(scaleOption)),
  }),
  scaleAdd: endpoint({
    method: 'POST',
    path: `${P}/scale/add`,
    tag: scaleTag,
    summary: '新建量表',
    access: { menu: PMT_MENU },
    body: scaleBodySchema,
    response: envelopeOf(scaleDetail),
  }),
  scaleModify: endpoint({
    method: 'POST',
    path: `${P}/scale/modify`,
    tag: scaleTag,
    summary: '修改量表（已安排的测评使用安排时的副本，不受影响）',
    access: { menu: PMT_MENU },
    query: scaleIdQuery,
    body: scaleBodySchema,
    response: envelopeOf(scaleDetail),
  }),
  scaleDelete: endpoint({
    method: 'POST',
    path: `${P}/scale/delete`,
    tag: scaleTag,
    summary: '删除量表（已安排的测评及其结果保留）',
    access: { menu: PMT_MENU },
    query: scaleIdQuery,
    response: okReply,
  }),

  examList: endpoint({
    method: 'GET',
    path: `${P}/exam/list`,
    tag: examTag,
    summary: '心理测评分页列表（状态、参加人数、已完成人数）',
    access: { menu: [MENTAL_MENU, PSY_RESULT_MENU, PSY_PERSON_MENU] },
    query: pagedQuery({ keyword }),
    response: pageOf(mentalExamRow),
  }),
  examDetail: endpoint({
    method: 'GET',
    path: `${P}/exam/detail`,
    tag: examTag,
    summary: '心理测评详情',
    access: { menu: [MENTAL_MENU, PSY_RESULT_MENU, PSY_PERSON_MENU] },
    query: examIdQuery,
    response: envelopeOf(mentalExamRow),
  }),
  examAdd: endpoint({
    method: 'POST',
    path: `${P}/exam/add`,
    tag: examTag,
    summary: '安排心理测评（量表、时间窗口、部门与员工、匿名、是否向员工显示结果）',
    access: { menu: MENTAL_MENU },
    body: mentalAddSchema,
    response: envelopeOf(mentalExamRow),
  }),
  examModify: endpoint({
    method: 'POST',
    path: `${P}/exam/modify`,
    tag: examTag,
    summary: '修改心理测评（名称、说明、时间、结果显示、最小分组人数、答题方式；量表、匿名与人员不可改）',
    access: { menu: MENTAL_MENU },
    body: mentalModifySchema,
    response: envelopeOf(mentalExamRow),
  }),
  examDelete: endpoint({
    method: 'POST',
    path: `${P}/exam/delete`,
    tag: examTag,
    summary: '删除心理测评及其全部作答',
    access: { menu: MENTAL_MENU },
    query: examIdQuery,
    response: okReply,
  }),

  groupView: endpoint({
    method: 'GET',
    path: `${P}/result/group`,
    tag: resultTag,
    summary: '群体结果：各维度按部门的平均分与等级分布（人数不足最小分组人数的部门合并或不显示）',
    access: { menu: PSY_RESULT_MENU },
    query: examIdQuery,
    response: envelopeOf(groupView),
  }),
  personResults: endpoint({
    method: 'GET',
    path: `${P}/result/person`,
    tag: resultTag,
    summary: '个人结果（需要「个人测评结果」权限；匿名测评不含姓名、账号与部门）',
    access: { menu: PSY_PERSON_MENU },
    query: pagedQuery({ mentalExamId: idOf('心理测评'), keyword }),
    response: pageOf(personResultRow),
  }),
  personExport: endpoint({
    method: 'GET',
    path: `${P}/result/export`,
    tag: resultTag,
    summary: '导出个人结果（.xlsx；需要「个人测评结果」权限）',
    access: { menu: PSY_PERSON_MENU },
    query: examIdQuery,
    response: 'file',
  }),

  myList: endpoint({
    method: 'GET',
    path: `${P}/my/list`,
    tag: myTag,
    summary: '我的心理测评（开放中的在前）',
    query: pagedQuery({}),
    response: pageOf(myMentalRow),
  }),
  myPaper: endpoint({
    method: 'GET',
    path: `${P}/my/paper`,
    tag: myTag,
    summary: '开始或继续作答：题目与已保存的作答（不含维度与计分）',
    query: examIdQuery,
    response: envelopeOf(myPaper),
  }),
  mySave: endpoint({
    method: 'POST',
    path: `${P}/my/save`,
    tag: myTag,
    summary: '保存作答（可随时中断，下次继续）',
    body: psyAnswersSchema,
    response: envelopeOf(z.object({ answeredCount: z.number() })),
  }),
  mySubmit: endpoint({
    method: 'POST',
    path: `${P}/my/submit`,
    tag: myTag,
    summary: '提交（须全部作答）；返回本人结果，管理员隐藏结果时不含分数',
    body: psyAnswersSchema,
    response: envelopeOf(myResult),
  }),
  myResult: endpoint({
    method: 'GET',
    path: `${P}/my/result`,
    tag: myTag,
    summary: '本人结果（实名测评；匿名测评的结果只在提交时显示一次）',
    query: examIdQuery,
    response: envelopeOf(myResult),
  }),
};
