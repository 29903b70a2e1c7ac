/**
 * 岗位试卷、岗位考试、测评考试与能力结果 (issue 16): papers generated from a post's ability model
 * (paper/post), exams sent to a post's staff (exam/post, exam/post/detail), evaluation exams from the
 * 测评 banks (evaluate/exam/list), and every graded attempt's result per ability.
 */
import { z } from 'zod';
import { DEFAULT_QUESTION_POINTS } from '../constants';
import { QUESTION_TYPES } from '../enums';
import { endpoint, envelopeOf, idArray, idOf, keyword, pageOf, pagedQuery } from './common';
import { PAPER_POST_MENU, paperDetail, pointsOf } from './paper';
import { examRow } from './exam';

export const EXAM_POST_MENU = '/manage/exam/post';
export const EVALUATE_EXAM_MENU = '/manage/evaluate/exam/list';

/** The bank category (question_banks.category) of the 测评 banks evaluation papers come from. */
export const EVALUATE_BANK_CATEGORY = '测评';

/** Generation modes and the paper type each saves (0 manual, 4 post random, 6 post auto, 9 post job). */
export const POST_PAPER_MODES = ['random', 'auto', 'job'] as const;
export type PostPaperMode = (typeof POST_PAPER_MODES)[number];
export const POST_PAPER_TYPE: Record<PostPaperMode, 4 | 6 | 9> = { random: 4, auto: 6, job: 9 };
export const POST_PAPER_MODE_LABELS: Record<PostPaperMode, string> = {
  random: '随机组卷',
  auto: '智能组卷',
  job: '招聘试卷',
};

/**
 * The average question difficulty (1–10) a paper aims at for an ability's required level: level 1 → 2
 * (简单), 3 → 5 (中等), 5 → 8 (困难); a harder requirement asks harder questions.
 */
export function targetDifficultyForLevel(level: number): number {
  return 0.5 + 1.5 * level;
}

/** Default share tolerance of intelligent post papers: an ability may get this many points (percent) below its weight. */
export const DEFAULT_WEIGHT_TOLERANCE = 5;

const P = '/paper/api/v1/paper/post';
const EP = '/exam/api/v1/post';
const EV = '/exam/api/v1/evaluate';
const paperTag = '岗位试卷';
const examTag = '岗位考试';
const evaluateTag = '测评考试';

const QUESTION_TYPE_MESSAGE =
  '题型必须是 0 到 5 之间的整数（0 判断，1 单选，2 多选，3 填空，4 简答，5 编程）';

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

const postIdQuery = z.object({ postId: idOf('岗位') });
const examIdQuery = z.object({ examId: idOf('考试') });

export const postTypeRule = z.object({
  type: z
    .number({ error: QUESTION_TYPE_MESSAGE })
    .int(QUESTION_TYPE_MESSAGE)
    .refine((value) => (QUESTION_TYPES as readonly number[]).includes(value), QUESTION_TYPE_MESSAGE),
  count: z
    .number({ error: '题数必须是数字' })
    .int('题数必须是整数')
    .min(1, '题数至少为 1')
    .max(200, '题数不能超过 200'),
  points: pointsOf().default(DEFAULT_QUESTION_POINTS),
});

export const postPaperInput = z.object({
  postId: idOf('岗位'),
  mode: z.enum(POST_PAPER_MODES, {
    error: "组卷方式只能是 'random'（随机）、'auto'（智能）或 'job'（招聘）",
  }),
  name: z
    .string({ error: '试卷名称必须是文本' })
    .trim()
    .min(1, '试卷名称不能为空')
    .max(200, '试卷名称不能超过 200 个字符'),
  typeRules: z
    .array(postTypeRule, { error: '题型设置必须是列表' })
    .min(1, '题型设置至少一项')
    .max(6, '题型设置最多 6 项')
    .refine((rules) => new Set(rules.map((rule) => rule.type)).size === rules.length, '题型设置中题型重复'),
  /** Intelligent modes: an ability may get this many percent of the points below its weight. */
  tolerance: z
    .number({ error: '权重允许偏差必须是数字' })
    .min(0, '权重允许偏差不能为负')
    .max(50, '权重允许偏差不能超过 50')
    .default(DEFAULT_WEIGHT_TOLERANCE),
  paperBankId: z
    .number({ error: '试卷库必须是数字' })
    .int('试卷库必须是整数')
    .min(0, '试卷库不能为负数')
    .optional(),
  categoryId: z.number({ error: '分类必须是数字' }).int('分类必须是整数').min(0, '分类不能为负数').optional(),
  seed: z.string({ error: '随机种子必须是文本' }).max(100, '随机种子过长').optional(),
});
export type PostPaperInput = z.output<typeof postPaperInput>;

const examName = z
  .string({ error: '请输入考试名称' })
  .trim()
  .min(1, '请输入考试名称')
  .max(200, '考试名称不能超过 200 个字符');
const timestamp = (label: string) =>
  z
    .number({ error: `${label}必须是毫秒时间戳` })
    .int(`${label}必须是毫秒时间戳`)
    .min(0, `${label}必须是毫秒时间戳`);

const examBase = z.object({
  paperId: idOf('试卷'),
  name: examName,
  startAt: timestamp('开始时间'),
  endAt: timestamp('结束时间'),
  durationMinutes: z
    .number({ error: '考试时长必须是分钟数' })
    .int('考试时长必须是整数分钟')
    .min(1, '考试时长至少 1 分钟')
    .max(24 * 60, '考试时长不能超过 1440 分钟'),
  passScore: z
    .number({ error: '及格分必须是数字' })
    .min(0, '及格分不能为负')
    .max(10_000, '及格分过大')
    .optional(),
  /** Publish at once (candidates are told through the message box). */
  publish: z.boolean({ error: '立即发布必须是 true 或 false' }).default(false),
});
const windowCheck = { message: '结束时间必须晚于开始时间', path: ['endAt'] };

export const postExamInput = examBase
  .extend({ postId: idOf('岗位') })
  .refine((exam) => exam.endAt > exam.startAt, windowCheck);
export type PostExamInput = z.output<typeof postExamInput>;

export const evaluateExamInput = examBase
  .extend({
    departmentIds: idArray('部门', 1000).default([]),
    includeSubDepartments: z.boolean({ error: '包含下级部门必须是 true 或 false' }).default(true),
    userIds: idArray('考生', 10_000).default([]),
  })
  .refine((exam) => exam.endAt > exam.startAt, windowCheck)
  .refine((exam) => exam.departmentIds.length + exam.userIds.length > 0, {
    message: '请选择考生（部门或员工）',
    path: ['userIds'],
  });
export type EvaluateExamInput = z.output<typeof evaluateExamInput>;

const examListQuery = pagedQuery({ postId: idOf('岗位').optional(), keyword });
const resultQuery = pagedQuery({ examId: idOf('考试'), departmentId: idOf('部门').optional() });
const exportQuery = z.object({ examId: idOf('考试'), departmentId: idOf('部门').optional() });

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

/** A post as the pickers show it, with the size of its model and its staff. */
export const postOption = z.object({
  postId: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  abilityCount: z.number(),
  staffCount: z.number(),
});
export type PostOption = z.infer<typeof postOption>;

/** One ability of a post's model with the approved questions that measure it, by type. */
export const modelAbility = z.object({
  abilityId: z.number(),
  name: z.string(),
  dimensionName: z.string(),
  requiredLevel: z.number(),
  weight: z.number(),
  targetDifficulty: z.number(),
  questionCount: z.number(),
  typeCounts: z.array(z.object({ type: z.number(), label: z.string(), count: z.number() })),
});
export type ModelAbility = z.infer<typeof modelAbility>;

export const postModel = z.object({
  postId: z.number(),
  name: z.string(),
  abilities: z.array(modelAbility),
  /** What generation would refuse now (no model, abilities without questions), or null. */
  problem: z.string().nullable(),
});
export type PostModel = z.infer<typeof postModel>;

/** How a generated paper covers one ability of the model. */
export const abilityCoverage = z.object({
  abilityId: z.number(),
  name: z.string(),
  weight: z.number(),
  requiredLevel: z.number(),
  targetDifficulty: z.number(),
  questionCount: z.number(),
  points: z.number(),
  /** Percent of the paper's points on questions measuring the ability. */
  share: z.number(),
  averageDifficulty: z.number().nullable(),
});
export type AbilityCoverage = z.infer<typeof abilityCoverage>;

export const postPaperCreated = z.object({ paper: paperDetail, coverage: z.array(abilityCoverage) });
export type PostPaperCreated = z.infer<typeof postPaperCreated>;

/** A paper of a post (paper_posts) as the post paper list shows it. */
export const postPaperRow = z.object({
  paperId: z.number(),
  name: z.string(),
  type: z.number(),
  typeLabel: z.string(),
  postId: z.number(),
  postName: z.string(),
  totalScore: z.number(),
  questionCount: z.number(),
  createdAt: z.number(),
});
export type PostPaperRow = z.infer<typeof postPaperRow>;

/** A post or evaluation exam: the exam row with its purpose and post. */
export const purposeExamRow = examRow.extend({
  purpose: z.string(),
  postId: z.number().nullable(),
  postName: z.string().nullable(),
  /** Attempts with a per-ability result. */
  measuredCount: z.number(),
});
export type PurposeExamRow = z.infer<typeof purposeExamRow>;

/** One ability of a result: the post's requirement (post exams) and the average over the candidates. */
export const resultAbility = z.object({
  abilityId: z.number(),
  name: z.string(),
  dimensionName: z.string(),
  requiredLevel: z.number().nullable(),
  weight: z.number().nullable(),
  averageRate: z.number().nullable(),
  averageLevel: z.number().nullable(),
  metCount: z.number(),
  measuredCount: z.number(),
});
export type ResultAbility = z.infer<typeof resultAbility>;

export const candidateAbility = z.object({
  abilityId: z.number(),
  score: z.number(),
  maxScore: z.number(),
  rate: z.number(),
  level: z.number(),
  requiredLevel: z.number().nullable(),
  /** null when the ability has no requirement (evaluation exams, abilities outside the model). */
  met: z.boolean().nullable(),
});
export type CandidateAbility = z.infer<typeof candidateAbility>;

/** One candidate of a post or evaluation exam with their latest graded attempt per ability. */
export const candidateResult = z.object({
  userId: z.number(),
  realName: z.string(),
  account: z.string(),
  departmentName: z.string(),
  attemptId: z.number().nullable(),
  /** 未参加, 未交卷, 待阅卷, 已完成. */
  statusLabel: z.string(),
  score: z.number().nullable(),
  totalPoints: z.number().nullable(),
  passed: z.boolean().nullable(),
  metCount: z.number(),
  abilities: z.array(candidateAbility),
});
export type CandidateResult = z.infer<typeof candidateResult>;

export const abilityResults = z.object({
  exam: purposeExamRow,
  abilities: z.array(resultAbility),
  candidates: z.array(candidateResult),
});
export type AbilityResults = z.infer<typeof abilityResults>;

const abilityResultsPage = z.object({
  code: z.number(),
  message: z.string(),
  res: z.object({ data: abilityResults, total: z.number() }),
});

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

export const postExamContracts = {
  posts: endpoint({
    method: 'GET',
    path: `${P}/posts`,
    tag: paperTag,
    summary: '可选的岗位（本组织），含能力模型中的能力数与岗位员工数',
    access: { menu: [PAPER_POST_MENU, EXAM_POST_MENU] },
    query: pagedQuery({ keyword }),
    response: pageOf(postOption),
  }),
  model: endpoint({
    method: 'GET',
    path: `${P}/model`,
    tag: paperTag,
    summary: '岗位能力模型与每项能力按题型统计的已审核试题数（problem 说明不能组卷的原因）',
    access: { menu: [PAPER_POST_MENU] },
    query: postIdQuery,
    response: envelopeOf(postModel),
  }),
  generate: endpoint({
    method: 'POST',
    path: `${P}/generate`,
    tag: paperTag,
    summary:
      '按岗位能力模型组卷并保存：random 按权重分配每项能力的题数（最大余数法）随机抽题（类型 4）；auto 智能组卷（类型 6，每项能力的分值占比不低于权重减偏差，难度对准要求等级）；job 同智能组卷，类型 9（招聘）',
    access: { menu: [PAPER_POST_MENU] },
    body: postPaperInput,
    response: envelopeOf(postPaperCreated),
  }),
  papers: endpoint({
    method: 'GET',
    path: `${P}/papers`,
    tag: paperTag,
    summary: '岗位试卷（关联岗位的试卷，可按岗位筛选）',
    access: { menu: [PAPER_POST_MENU, EXAM_POST_MENU] },
    query: pagedQuery({ postId: idOf('岗位').optional() }),
    response: pageOf(postPaperRow),
  }),

  examList: endpoint({
    method: 'GET',
    path: `${EP}/list`,
    tag: examTag,
    summary: '岗位考试列表（purpose 为 post；可按岗位与名称筛选；最新在前）',
    access: { menu: [EXAM_POST_MENU] },
    query: examListQuery,
    response: pageOf(purposeExamRow),
  }),
  examAdd: endpoint({
    method: 'POST',
    path: `${EP}/add`,
    tag: examTag,
    summary: '新建岗位考试：试卷须为该岗位的试卷，考生为该岗位的员工；publish 为 true 时立即发布',
    access: { menu: [EXAM_POST_MENU] },
    body: postExamInput,
    response: envelopeOf(purposeExamRow),
  }),
  examPublish: endpoint({
    method: 'POST',
    path: `${EP}/publish`,
    tag: examTag,
    summary: '发布岗位考试（考生更新为岗位当前的员工）',
    access: { menu: [EXAM_POST_MENU] },
    query: examIdQuery,
    response: envelopeOf(purposeExamRow),
  }),
  examDetail: endpoint({
    method: 'GET',
    path: `${EP}/detail`,
    tag: examTag,
    summary:
      '岗位考试结果：每位考生的总分与每项能力的得分、满分、得分率、达到等级及是否达到岗位要求；各能力平均；可按部门筛选（含下级部门）',
    access: { menu: [EXAM_POST_MENU] },
    query: resultQuery,
    response: abilityResultsPage,
  }),
  examExport: endpoint({
    method: 'GET',
    path: `${EP}/detail/export`,
    tag: examTag,
    summary: '导出岗位考试的能力结果（.xlsx）',
    access: { menu: [EXAM_POST_MENU] },
    query: exportQuery,
    response: 'file',
  }),

  evaluateList: endpoint({
    method: 'GET',
    path: `${EV}/list`,
    tag: evaluateTag,
    summary: '测评考试列表（purpose 为 evaluation；最新在前）',
    access: { menu: [EVALUATE_EXAM_MENU] },
    query: examListQuery,
    response: pageOf(purposeExamRow),
  }),
  evaluatePapers: endpoint({
    method: 'GET',
    path: `${EV}/papers`,
    tag: evaluateTag,
    summary: '可用于测评考试的试卷：试题全部来自测评题库（题库分类为「测评」）的本组织试卷',
    access: { menu: [EVALUATE_EXAM_MENU] },
    query: pagedQuery({ keyword }),
    response: pageOf(postPaperRow.omit({ postId: true, postName: true })),
  }),
  evaluateAdd: endpoint({
    method: 'POST',
    path: `${EV}/add`,
    tag: evaluateTag,
    summary: '新建测评考试：试卷的试题须全部来自测评题库；考生为所选部门与员工；publish 为 true 时立即发布',
    access: { menu: [EVALUATE_EXAM_MENU] },
    body: evaluateExamInput,
    response: envelopeOf(purposeExamRow),
  }),
  evaluatePublish: endpoint({
    method: 'POST',
    path: `${EV}/publish`,
    tag: evaluateTag,
    summary: '发布测评考试',
    access: { menu: [EVALUATE_EXAM_MENU] },
    query: examIdQuery,
    response: envelopeOf(purposeExamRow),
  }),
  evaluateProfile: endpoint({
    method: 'GET',
    path: `${EV}/profile`,
    tag: evaluateTag,
    summary: '测评考试的能力画像：每位考生每项能力的得分率与等级；各能力平均；可按部门筛选',
    access: { menu: [EVALUATE_EXAM_MENU] },
    query: resultQuery,
    response: abilityResultsPage,
  }),
};
