/**
 * Papers (spec §7: paper create, save, update, copy, move, delete, paged search, detail, statistics;
 * random papers; intelligent generation) and the paper builder's question calls.
 */
import { z } from 'zod';
import { storedAnswerSchema } from '../question-kinds';
import { DEFAULT_QUESTION_POINTS } from '../constants';
import {
  PAPER_DIFFICULTY_LABELS,
  PaperDifficulty,
  QUESTION_TYPES,
  isPaperType,
  type PaperType,
} from '../enums';
import { countReply, endpoint, envelopeOf, idArray, idList, idOf, keyword, pageOf, paging } from './common';
import { BANK_MENU, QUESTION_MENU, questionFilterSchema } from './question';

/** Menu URLs of 试卷管理 (modules/menu/menu.data.ts) that the paper routes check. */
export const PAPER_BANK_MENU = '/manage/paperBankMgt';
export const PAPER_LIST_MENU = '/manage/paper/list';
export const PAPER_MANUAL_MENU = '/manage/paper/manual';
export const PAPER_RANDOM_MENU = '/manage/paper/random';
export const PAPER_AUTO_MENU = '/manage/paper/auto';
export const PAPER_POST_MENU = '/manage/paper/post';
export const EXAM_AUTO_MENU = '/manage/exam/auto';

/** Building and changing papers: the list page and every builder. */
export const PAPER_WRITE_MENUS = [
  PAPER_LIST_MENU,
  PAPER_MANUAL_MENU,
  PAPER_RANDOM_MENU,
  PAPER_AUTO_MENU,
  PAPER_POST_MENU,
];
/** Reading papers, banks and categories: any page of 试卷管理. */
export const PAPER_READ_MENUS = [PAPER_BANK_MENU, ...PAPER_WRITE_MENUS];
/** Picking a paper elsewhere: a course's exam section (课程管理) too. */
export const PAPER_PICK_MENUS = [...PAPER_READ_MENUS, '/manage/study/course'];

// ---------------------------------------------------------------------------------------------------------
// Request pieces
// ---------------------------------------------------------------------------------------------------------

const P = '/paper/api/v1';
/** The builder's question calls live under the question service's prefix (spec §7 "Questions"). */
const Q = '/question/api/v1/questions';
const tag = '试卷';
const builderTag = '组卷';

const QUESTION_TYPE_MESSAGE =
  '题型必须是 0 到 5 之间的整数（0 判断，1 单选，2 多选，3 填空，4 简答，5 编程）';

/**
 * A question type (0–5) in the random and intelligent rules; a plain number in the parsed rules, so
 * rule sets stored and read back as JSON (the exams feature keeps them) have the same type.
 */
const questionType = z
  .number({ error: QUESTION_TYPE_MESSAGE })
  .int(QUESTION_TYPE_MESSAGE)
  .refine((value) => (QUESTION_TYPES as readonly number[]).includes(value), QUESTION_TYPE_MESSAGE);

/** A question difficulty (1–10) in a body. */
const difficultyOf = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(1, `${label}必须在 1 到 10 之间`)
    .max(10, `${label}必须在 1 到 10 之间`);

const ONE_DECIMAL = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

/** Points of a question in a paper: positive, at most 1000, one decimal. */
export const pointsOf = (label = '分值') =>
  z
    .number({ error: `${label}必须是数字` })
    .positive(`${label}必须大于 0`)
    .max(1000, `${label}不能超过 1000`)
    .refine(ONE_DECIMAL, `${label}最多一位小数`);

/** A reference in a body where 0 or absent means none. */
const optionalRef = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能为负数`)
    .optional();

export const paperName = z
  .string({ error: '试卷名称必须是文本' })
  .trim()
  .min(1, '试卷名称不能为空')
  .max(200, '试卷名称不能超过 200 个字符');

const sectionName = z
  .string({ error: '大题名称必须是文本' })
  .trim()
  .min(1, '大题名称不能为空')
  .max(100, '大题名称不能超过 100 个字符');

const flag = (label: string) => z.boolean({ error: `${label}只能是 true 或 false` }).optional();

export const paperSettingsInput = z
  .object({
    shuffleQuestions: flag('打乱试题顺序'),
    shuffleOptions: flag('打乱选项顺序'),
    drawPerCandidate: flag('每位考生单独抽题'),
    classifyByType: flag('按题型分大题'),
  })
  .strict();

const PAPER_TYPE_MESSAGE = '试卷类型只能是 0（手动）、4（随机）、6（智能）或 9（岗位招聘）';
const paperType = z
  .number({ error: PAPER_TYPE_MESSAGE })
  .refine(isPaperType, PAPER_TYPE_MESSAGE)
  .transform((value) => value as PaperType);

const paperStatus = z
  .enum(['draft', 'saved'], { error: "试卷状态只能是 'draft'（草稿）或 'saved'（已保存）" })
  .transform((value) => (value === 'draft' ? 0 : 1));

/** Paper fields other than its content. */
export const paperMetaInput = z.object({
  name: paperName,
  description: z
    .string({ error: '试卷描述必须是文本' })
    .trim()
    .max(2000, '试卷描述不能超过 2000 个字符')
    .nullish(),
  paperBankId: optionalRef('试卷库'),
  categoryId: optionalRef('分类'),
  type: paperType.optional(),
  settings: paperSettingsInput.optional(),
  postIds: idArray('岗位').optional(),
  status: paperStatus.optional(),
});
export type PaperMetaInput = z.output<typeof paperMetaInput>;

export const sectionsInput = z
  .array(
    z.object({
      name: sectionName,
      questionVOS: z
        .array(z.object({ questionId: idOf('试题'), points: pointsOf().optional() }))
        .max(1000, '每个大题最多 1000 题')
        .default([]),
    }),
  )
  .max(100, '大题最多 100 个');
export type SectionsInput = z.output<typeof sectionsInput>;

export const paperBodyInput = paperMetaInput.extend({ sectionVOS: sectionsInput.optional() });
export type PaperBodyInput = z.output<typeof paperBodyInput>;

/**
 * The Paper query (spec §3): page{pageNumber,pageSize} (or page{page,size}, zero-based), categoryId,
 * searchContent, postIds; plus the bank, type and status filters.
 */
const paperQueryObject = z.object({
  page: paging.prefault({}),
  categoryId: optionalRef('分类'),
  searchContent: keyword,
  postIds: idArray('岗位').optional(),
  paperBankId: optionalRef('试卷库'),
  type: paperType.optional(),
  status: paperStatus.optional(),
});
export type PaperQuery = z.output<typeof paperQueryObject>;
const paperQuery = paperQueryObject
  .nullish()
  .transform((body): PaperQuery => body ?? paperQueryObject.parse({}));

const paperIdQuery = z.object({ paperId: idOf('试卷') });

// ---- random papers ----

export const randomRuleInput = z
  .object({
    bankIds: z
      .array(idOf('来源题库'), { error: '来源题库必须是列表' })
      .min(1, '来源题库至少选择一个')
      .max(100, '来源题库最多 100 个'),
    knowledgeIds: idArray('知识点').default([]),
    tagIds: idArray('标签').default([]),
    type: questionType,
    count: z
      .number({ error: '抽题数量必须是数字' })
      .int('抽题数量必须是整数')
      .min(1, '抽题数量至少为 1')
      .max(500, '抽题数量不能超过 500'),
    points: pointsOf().default(DEFAULT_QUESTION_POINTS),
    difficultyMin: difficultyOf('最低难度').default(1),
    difficultyMax: difficultyOf('最高难度').default(10),
  })
  .refine((rule) => rule.difficultyMin <= rule.difficultyMax, {
    message: '最低难度不能大于最高难度',
    path: ['difficultyMin'],
  });
export type RandomRuleInput = z.output<typeof randomRuleInput>;

export const randomPaperInput = paperMetaInput.omit({ type: true }).extend({
  sections: z
    .array(
      z.object({
        name: sectionName,
        rules: z.array(randomRuleInput).min(1, '每个大题至少一条抽题规则').max(50, '每个大题最多 50 条规则'),
      }),
    )
    .min(1, '大题至少一个')
    .max(50, '大题最多 50 个'),
});
export type RandomPaperInput = z.output<typeof randomPaperInput>;

// ---- intelligent generation ----

const averageDifficulty = z.object({
  mode: z.literal('average'),
  target: z
    .number({ error: '目标平均难度必须是数字' })
    .min(1, '目标平均难度必须在 1 到 10 之间')
    .max(10, '目标平均难度必须在 1 到 10 之间'),
  tolerance: z
    .number({ error: '难度允许偏差必须是数字' })
    .min(0, '难度允许偏差不能为负')
    .max(5, '难度允许偏差不能超过 5')
    .default(0.5),
});

const share = (level: PaperDifficulty) =>
  z
    .number({ error: `${PAPER_DIFFICULTY_LABELS[level]}题占比必须是数字` })
    .min(0, `${PAPER_DIFFICULTY_LABELS[level]}题占比不能为负`)
    .max(100, `${PAPER_DIFFICULTY_LABELS[level]}题占比不能超过 100`)
    .default(0);

const difficultyDistribution = z
  .object({
    mode: z.literal('distribution'),
    SIMPLE: share('SIMPLE'),
    MEDIUM: share('MEDIUM'),
    HARD: share('HARD'),
  })
  .refine(
    (d) => Math.abs(d.SIMPLE + d.MEDIUM + d.HARD - 100) < 1e-6,
    '难度分布中简单、中等、困难题的占比之和必须为 100%',
  );

/** The rules of intelligent generation (the exams feature's automatic exams use them too). */
export const autoRulesInput = z
  .object({
    bankIds: z
      .array(idOf('题库'), { error: '题库必须是列表' })
      .min(1, '题库至少选择一个')
      .max(100, '题库最多 100 个'),
    totalScore: z.number({ error: '总分必须是数字' }).positive('总分必须大于 0').optional(),
    typeRules: z
      .array(
        z.object({
          type: questionType,
          count: z
            .number({ error: '题数必须是数字' })
            .int('题数必须是整数')
            .min(1, '题数至少为 1')
            .max(500, '题数不能超过 500'),
          points: pointsOf().default(DEFAULT_QUESTION_POINTS),
        }),
        { error: '题型设置必须是列表' },
      )
      .min(1, '题型设置至少一项')
      .max(6, '题型设置最多 6 项')
      .refine((rules) => new Set(rules.map((rule) => rule.type)).size === rules.length, '题型设置中题型重复'),
    difficulty: z
      .discriminatedUnion('mode', [averageDifficulty, difficultyDistribution], {
        error: "难度要求的方式只能是 'average'（平均难度）或 'distribution'（难度分布）",
      })
      .optional(),
    knowledgeRules: z
      .array(
        z.object({
          knowledgeId: idOf('知识点'),
          minCount: z
            .number({ error: '知识点最少题数必须是数字' })
            .int('知识点最少题数必须是整数')
            .min(1, '知识点最少题数至少为 1')
            .max(500, '知识点最少题数不能超过 500'),
        }),
        { error: '知识点规则必须是列表' },
      )
      .max(62, '知识点规则最多 62 项')
      .refine(
        (rules) => new Set(rules.map((rule) => rule.knowledgeId)).size === rules.length,
        '知识点规则中知识点重复',
      )
      .default([]),
    tagIds: idArray('标签').default([]),
    excludeUsedWithinDays: z
      .number({ error: '排除近期用过的试题的天数必须是数字' })
      .int('排除近期用过的试题的天数必须是整数')
      .min(1, '排除近期用过的试题的天数至少为 1')
      .max(3650, '排除近期用过的试题的天数不能超过 3650')
      .optional(),
    excludeQuestionIds: idArray('排除的试题', 5000).default([]),
    /**
     * Use a question's IRT-calibrated difficulty (analysis/question; b mapped to 1–10 by
     * difficultyFromB) where it has one, instead of the difficulty its author set (issue 19).
     */
    useCalibratedDifficulty: z.boolean({ error: '是否按校准难度组卷必须是 true 或 false' }).optional(),
    variants: z
      .number({ error: '套数必须是数字' })
      .int('套数必须是整数')
      .min(1, '套数至少为 1')
      .max(5, '套数最多 5 套')
      .default(1),
    maxOverlap: z
      .number({ error: '各套试卷重复题数必须是数字' })
      .int('各套试卷重复题数必须是整数')
      .min(0, '各套试卷重复题数不能为负')
      .default(0),
    seed: z.string({ error: '随机种子必须是文本' }).max(100, '随机种子过长').optional(),
  })
  .strict();
export type AutoRulesInput = z.output<typeof autoRulesInput>;

export const autoPaperInput = z.object({
  rules: autoRulesInput,
  paper: paperMetaInput.omit({ type: true, status: true }),
});
export type AutoPaperInput = z.output<typeof autoPaperInput>;

// ---- the builder's picker ----

/** The not-selected picker: the question filters plus the paper (or the ids picked so far). */
export const pickerFilterInput = questionFilterSchema.omit({ status: true }).extend({
  paperId: idOf('试卷').optional(),
  selectedIds: idArray('已选试题', 5000).optional(),
  scope: z
    .enum(['mine', 'public', 'all'], { error: "题目范围只能是 'mine'、'public' 或 'all'" })
    .default('all'),
});
export type PickerFilter = z.output<typeof pickerFilterInput>;

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

export const choiceOption = z.object({ content: z.string(), correct: z.boolean() });
export type ChoiceOption = z.infer<typeof choiceOption>;

export const paperSettings = z.object({
  shuffleQuestions: z.boolean().optional(),
  shuffleOptions: z.boolean().optional(),
  drawPerCandidate: z.boolean().optional(),
  classifyByType: z.boolean().optional(),
});
export type PaperSettings = z.infer<typeof paperSettings>;

const paperDifficulty = z.enum(PaperDifficulty);

/** A paper as the list shows it. */
export const paperRow = z.object({
  id: z.number(),
  paperId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.number(),
  typeLabel: z.string(),
  /** 0 草稿, 1 已保存. */
  status: z.number(),
  statusLabel: z.string(),
  /** 0: no bank. */
  paperBankId: z.number(),
  paperBankName: z.string(),
  /** 0: no category. */
  categoryId: z.number(),
  categoryName: z.string(),
  settings: paperSettings,
  postIds: z.array(z.number()),
  totalScore: z.number(),
  questionCount: z.number(),
  averageDifficulty: z.number().nullable(),
  difficulty: paperDifficulty.nullable(),
  difficultyLabel: z.string(),
  timesUsed: z.number(),
  editable: z.boolean(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PaperRow = z.infer<typeof paperRow>;

/** What every view of a question in a paper or the picker shows. */
const questionContent = z.object({
  id: z.number(),
  questionId: z.number(),
  questionType: z.number(),
  type: z.number(),
  typeLabel: z.string(),
  stem: z.string(),
  stemText: z.string(),
  options: z.array(choiceOption).nullable(),
  /** The key's `answer` part, by kind (null for choice kinds: their key is in the options). */
  answer: storedAnswerSchema,
  analysis: z.string().nullable(),
  difficulty: z.number(),
  bankId: z.number(),
  bankName: z.string(),
});

/** A question placed in a paper, with its points and place. */
export const paperQuestionView = questionContent.extend({ points: z.number(), sort: z.number() });
export type PaperQuestionView = z.infer<typeof paperQuestionView>;

export const randomRuleView = z.object({
  ruleId: z.number(),
  type: z.number(),
  typeLabel: z.string(),
  count: z.number(),
  points: z.number(),
  bankIds: z.array(z.number()),
  knowledgeIds: z.array(z.number()),
  tagIds: z.array(z.number()),
  difficultyMin: z.number(),
  difficultyMax: z.number(),
});
export type RandomRuleView = z.infer<typeof randomRuleView>;

export const sectionView = z.object({
  sectionId: z.number(),
  name: z.string(),
  sort: z.number(),
  questionVOS: z.array(paperQuestionView),
  randomRules: z.array(randomRuleView),
});
export type SectionView = z.infer<typeof sectionView>;

/** One question type's share of a paper (packages/shared/src/paper.ts questionTotals). */
export const typeMixEntry = z.object({
  type: z.number(),
  label: z.string(),
  count: z.number(),
  points: z.number(),
});

/** Totals of a list of paper questions (packages/shared/src/paper.ts PaperTotals). */
export const paperTotals = z.object({
  questionCount: z.number(),
  totalScore: z.number(),
  typeMix: z.array(typeMixEntry),
  averageDifficulty: z.number().nullable(),
  difficulty: paperDifficulty.nullable(),
});

export const paperStatistics = paperTotals.extend({
  paperId: z.number(),
  difficultyLabel: z.string(),
  timesUsed: z.number(),
  /** Exams that use the paper. */
  examCount: z.number(),
});
export type PaperStatistics = z.infer<typeof paperStatistics>;

export const paperDetail = paperRow.extend({
  sectionVOS: z.array(sectionView),
  statistics: paperStatistics,
});
export type PaperDetail = z.infer<typeof paperDetail>;

/** A question offered by the builder's picker (points: the paper default). */
export const pickRow = questionContent.extend({ points: z.number(), isPublic: z.boolean() });
export type PickRow = z.infer<typeof pickRow>;

/** A question of a paper with its section (the builder's selected questions). */
export const selectedQuestion = paperQuestionView.extend({ sectionId: z.number(), sectionName: z.string() });
export type SelectedQuestion = z.infer<typeof selectedQuestion>;

/** A paper of the caller's organisation that uses a question (the question list's 被引用). */
export const paperUsage = z.object({
  paperId: z.number(),
  name: z.string(),
  status: z.number(),
  statusLabel: z.string(),
  sectionName: z.string(),
  points: z.number(),
  paperBankName: z.string(),
  updatedAt: z.number(),
});
export type PaperUsage = z.infer<typeof paperUsage>;

export const candidateQuestion = z.object({
  questionId: z.number(),
  type: z.number(),
  typeLabel: z.string(),
  stem: z.string(),
  /** In the order the candidate sees them. */
  options: z.array(choiceOption).nullable(),
  /** optionOrder[i] is the original index of the option shown at i (for grading). */
  optionOrder: z.array(z.number()).nullable(),
  /** The key's `answer` part, by kind (null for choice kinds: their key is in the options). */
  answer: storedAnswerSchema,
  analysis: z.string().nullable(),
  difficulty: z.number(),
  points: z.number(),
});
export type CandidateQuestion = z.infer<typeof candidateQuestion>;

/** The concrete paper one candidate sits (the preview). */
export const candidatePaper = z.object({
  paperId: z.number(),
  name: z.string(),
  seed: z.string(),
  totalScore: z.number(),
  questionCount: z.number(),
  sections: z.array(z.object({ name: z.string(), questions: z.array(candidateQuestion) })),
});
export type CandidatePaper = z.infer<typeof candidatePaper>;

export const autoRuleRow = z.object({
  ruleId: z.number(),
  id: z.number(),
  name: z.string(),
  /** The rule set as it was saved (older sets may lack newer fields): free-form JSON. */
  rules: z.unknown(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AutoRuleRow = z.infer<typeof autoRuleRow>;

/** 'ability': a post paper's points per ability of the post's model (post-exam.ts). */
export const RULE_KINDS = ['totalScore', 'type', 'knowledge', 'difficulty', 'overlap', 'ability'] as const;

/** A rule intelligent generation cannot meet, and how close the best paper gets. */
export const violation = z.object({
  rule: z.enum(RULE_KINDS),
  /** Index in typeRules / knowledgeRules / abilityRules, or the level's index for a distribution. */
  index: z.number().optional(),
  level: paperDifficulty.optional(),
  /** Which paper (0-based) when generating several. */
  variant: z.number(),
  required: z.number(),
  /** What the best paper reaches. */
  achievable: z.number(),
  message: z.string(),
});
export type Violation = z.infer<typeof violation>;

export const bestPaperSummary = z.object({
  variant: z.number(),
  questionCount: z.number(),
  totalScore: z.number(),
  averageDifficulty: z.number().nullable(),
  typeCounts: z.array(
    z.object({ type: z.number(), label: z.string(), count: z.number(), required: z.number() }),
  ),
  knowledgeCounts: z.array(z.object({ knowledgeId: z.number(), count: z.number(), required: z.number() })),
});
export type BestPaperSummary = z.infer<typeof bestPaperSummary>;

/** A generated question: the picker's row with the generated points and the knowledge rules it covers. */
export const generatedQuestion = pickRow.extend({ knowledgeIds: z.array(z.number()) });
export type GeneratedQuestion = z.infer<typeof generatedQuestion>;

/** What intelligent generation reports: the papers, or which rules fail and the best paper. */
export const autoSummary = z.object({
  feasible: z.boolean(),
  violations: z.array(violation),
  /** With violations: the paper closest to the rules. */
  best: bestPaperSummary.optional(),
  bucketCount: z.number(),
  solveMs: z.number(),
  /** Time spent reading the buckets from the database. */
  loadMs: z.number(),
});
export const autoReport = autoSummary.extend({
  papers: z.array(
    z.object({
      totals: paperTotals,
      /** Questions shared with earlier papers of the same request. */
      overlap: z.number(),
      questions: z.array(generatedQuestion),
    }),
  ),
});
export type AutoReport = z.infer<typeof autoReport>;

/** Papers saved by intelligent generation, with the report without its papers. */
export const autoCreated = z.object({ papers: z.array(paperDetail), report: autoSummary });
export type AutoCreated = z.infer<typeof autoCreated>;

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

export const paperContracts = {
  create: endpoint({
    method: 'POST',
    path: `${P}/paper/create`,
    tag,
    summary: '新建试卷（默认草稿；可同时给出大题与试题 sectionVOS）',
    access: { menu: PAPER_WRITE_MENUS },
    body: paperBodyInput,
    response: envelopeOf(paperDetail),
  }),
  save: endpoint({
    method: 'POST',
    path: `${P}/paper/save`,
    tag,
    summary:
      '保存整张试卷（无 paperId 时新建；传入 sectionVOS 时替换大题与试题；status 默认 saved，自动保存草稿时传 draft）',
    access: { menu: PAPER_WRITE_MENUS },
    body: paperBodyInput.extend({ paperId: idOf('试卷').optional() }),
    response: envelopeOf(paperDetail),
  }),
  update: endpoint({
    method: 'POST',
    path: `${P}/paper/update`,
    tag,
    summary: '修改试卷信息（名称、描述、试卷库、分类、类型、设置、岗位、状态；不改试题）',
    access: { menu: PAPER_WRITE_MENUS },
    body: paperMetaInput.partial().extend({ paperId: idOf('试卷'), name: paperName.optional() }),
    response: envelopeOf(paperDetail),
  }),
  copy: endpoint({
    method: 'POST',
    path: `${P}/paper/copy`,
    tag,
    summary: '复制试卷（本组织或公开试卷库的试卷）为本组织的草稿',
    access: { menu: PAPER_WRITE_MENUS },
    query: paperIdQuery,
    body: z.object({ paperBankId: optionalRef('试卷库'), name: paperName.optional() }).nullish(),
    response: envelopeOf(paperDetail),
  }),
  move: endpoint({
    method: 'POST',
    path: `${P}/paper/move`,
    tag,
    summary: '移动试卷到另一试卷库（全部成功或全部不动）',
    access: { menu: PAPER_WRITE_MENUS },
    body: z.object({ paperIds: idList('试卷', '请选择试卷', 500), toPaperBankId: idOf('目标试卷库') }),
    response: countReply,
  }),
  delete: endpoint({
    method: 'POST',
    path: `${P}/paper/delete`,
    tag,
    summary: '删除试卷（全部成功或全部不删；已被考试使用的试卷拒绝）',
    access: { menu: PAPER_WRITE_MENUS },
    body: z.object({ paperIds: idList('试卷', '请选择试卷', 500) }),
    response: countReply,
  }),
  search: endpoint({
    method: 'POST',
    path: `${P}/paper/search`,
    tag,
    summary:
      '试卷分页查询（Paper query：page{pageNumber,pageSize} 从 1 开始，或 page{page,size} 从 0 开始；categoryId 含子分类，searchContent，postIds）',
    access: { menu: PAPER_PICK_MENUS },
    body: paperQuery,
    response: pageOf(paperRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${P}/paper/detail`,
    tag,
    summary: '试卷详情（大题 sectionVOS、试题 questionVOS、抽题规则、统计）',
    access: { menu: PAPER_READ_MENUS },
    query: paperIdQuery,
    response: envelopeOf(paperDetail),
  }),
  publicDetail: endpoint({
    method: 'GET',
    path: `${P}/paper/public/detail`,
    tag,
    summary: '公开试卷详情（公开试卷库中的试卷，或本组织的试卷）',
    access: { menu: PAPER_READ_MENUS },
    query: paperIdQuery,
    response: envelopeOf(paperDetail),
  }),
  statistics: endpoint({
    method: 'GET',
    path: `${P}/paper/statistics`,
    tag,
    summary: '试卷统计：题数、总分、题型分布、平均难度与难度等级、使用次数',
    access: { menu: PAPER_READ_MENUS },
    query: paperIdQuery,
    response: envelopeOf(paperStatistics),
  }),
  modifyPoints: endpoint({
    method: 'POST',
    path: `${P}/question/modify/point`,
    tag,
    summary: '修改试卷中试题的分值（一位小数），返回新的统计',
    access: { menu: PAPER_WRITE_MENUS },
    query: paperIdQuery,
    body: z
      .array(z.object({ questionId: idOf('试题'), points: pointsOf() }), { error: '试题分值必须是列表' })
      .min(1, '请提供要修改的试题分值')
      .max(1000, '一次最多 1000 题'),
    response: envelopeOf(paperStatistics),
  }),

  // ---- random papers ----

  randomCreate: endpoint({
    method: 'POST',
    path: `${P}/paper/random/create`,
    tag,
    summary:
      '随机组卷：按每个大题的规则抽题（题库、知识点、标签、题型、数量、分值、难度范围）；settings.drawPerCandidate 为 true 时每位考生开考时重新抽题',
    access: { menu: [PAPER_RANDOM_MENU] },
    body: randomPaperInput,
    response: envelopeOf(paperDetail),
  }),
  randomModify: endpoint({
    method: 'POST',
    path: `${P}/paper/random/modify`,
    tag,
    summary: '修改随机试卷的规则（重新抽题）',
    access: { menu: [PAPER_RANDOM_MENU] },
    query: paperIdQuery,
    body: randomPaperInput,
    response: envelopeOf(paperDetail),
  }),
  randomDraw: endpoint({
    method: 'POST',
    path: `${P}/paper/random/draw`,
    tag,
    summary: '预览某位考生抽到的试卷（同一 seed 得到同一试卷；按设置打乱试题与选项；不保存）',
    access: { menu: PAPER_READ_MENUS },
    query: paperIdQuery.extend({
      seed: z
        .string({ error: '抽题种子必须是文本' })
        .trim()
        .min(1, '抽题种子不能为空')
        .max(100, '抽题种子过长')
        .default('preview'),
    }),
    response: envelopeOf(candidatePaper),
  }),

  // ---- intelligent generation rule sets ----

  autoRuleAdd: endpoint({
    method: 'POST',
    path: `${P}/auto/rule/add`,
    tag,
    summary: '保存智能组卷规则',
    access: { menu: [PAPER_AUTO_MENU, EXAM_AUTO_MENU] },
    body: z.object({
      name: z
        .string({ error: '规则名称必须是文本' })
        .trim()
        .min(1, '规则名称不能为空')
        .max(100, '规则名称不能超过 100 个字符'),
      rules: autoRulesInput,
    }),
    response: envelopeOf(autoRuleRow),
  }),
  autoRuleGet: endpoint({
    method: 'GET',
    path: `${P}/auto/rule/get`,
    tag,
    summary: '智能组卷规则：给 ruleId 时返回一条，否则返回本组织全部（最新在前）',
    access: { menu: [PAPER_AUTO_MENU, EXAM_AUTO_MENU] },
    query: z.object({ ruleId: idOf('组卷规则').optional() }),
    response: envelopeOf(z.union([autoRuleRow, z.array(autoRuleRow)])),
  }),
};

/**
 * The picker's page: approved questions, and `pendingCount` — how many of the organisation's questions
 * matching the same filters wait for audit (the picker says so instead of showing nothing).
 */
const pickerPage = pageOf(pickRow).extend({
  res: pageOf(pickRow).shape.res.extend({ pendingCount: z.number() }),
});

/** The paper builder's question calls (spec §7 "Questions": paper and auto-generation calls). */
export const paperQuestionContracts = {
  notSelected: endpoint({
    method: 'POST',
    path: `${Q}/search/paper/not-selected/question`,
    tag: builderTag,
    summary:
      '组卷选题：可加入试卷的已审核试题（本组织与公开题库；scope mine/public/all），排除试卷 paperId 中或 selectedIds 里已选的；pendingCount 为本组织符合条件、待审核的试题数',
    access: { menu: PAPER_WRITE_MENUS },
    query: paging,
    body: pickerFilterInput.nullish().transform((body) => body ?? pickerFilterInput.parse({})),
    response: pickerPage,
  }),
  selected: endpoint({
    method: 'POST',
    path: `${Q}/search/paper/selected/question`,
    tag: builderTag,
    summary: '试卷中已选的试题（按大题与顺序，含分值）',
    access: { menu: PAPER_READ_MENUS },
    body: z.object({ paperId: idOf('试卷') }),
    response: pageOf(selectedQuestion),
  }),
  selectedQuestions: endpoint({
    method: 'POST',
    path: `${Q}/paper/selected/questions`,
    tag: builderTag,
    summary: '按 id 取已选试题的完整内容（组卷页面加载选中的试题）',
    access: { menu: PAPER_WRITE_MENUS },
    body: z.object({ questionIds: idList('试题', '请选择试题', 1000) }),
    response: envelopeOf(z.array(pickRow)),
  }),
  usage: endpoint({
    method: 'GET',
    path: `${Q}/paper/info`,
    tag: builderTag,
    summary: '使用该试题的本组织试卷（试题列表的「被引用」）',
    access: { menu: [QUESTION_MENU, BANK_MENU, ...PAPER_READ_MENUS] },
    query: z.object({ questionId: idOf('试题') }),
    response: envelopeOf(z.array(paperUsage)),
  }),
  autoPreview: endpoint({
    method: 'POST',
    path: `${Q}/get/auto/question`,
    tag: builderTag,
    summary:
      '智能组卷预览（不保存）：feasible 为 true 时返回试卷；否则 violations 说明哪条规则无法满足，best 为最接近的试卷',
    access: { menu: [PAPER_AUTO_MENU, EXAM_AUTO_MENU] },
    body: autoRulesInput,
    response: envelopeOf(autoReport),
  }),
  autoCreate: endpoint({
    method: 'POST',
    path: `${Q}/exam-paper/auto`,
    tag: builderTag,
    summary: '智能组卷并保存试卷（variants > 1 时生成 A/B… 卷）；无法满足时 400 并说明规则',
    access: { menu: [PAPER_AUTO_MENU] },
    body: autoPaperInput,
    response: envelopeOf(autoCreated),
  }),
  autoCreateForExam: endpoint({
    method: 'POST',
    path: `${Q}/auto/create/exam`,
    tag: builderTag,
    summary: '自动考试的组卷：生成并保存试卷后返回（考试由考试功能用返回的 paperId 创建）',
    access: { menu: [EXAM_AUTO_MENU, PAPER_AUTO_MENU] },
    body: autoPaperInput,
    response: envelopeOf(autoCreated.extend({ exam: z.null() })),
  }),
};
