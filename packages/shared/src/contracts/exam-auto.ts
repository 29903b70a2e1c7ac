/**
 * Automatic exams (exam/auto): rules that create and publish exams from intelligent generation, once
 * or every week or month, for chosen departments.
 */
import { z } from 'zod';
import { RECURRENCES } from '../recurrence';
import { countReply, endpoint, envelopeOf, idList, idOf, keyword, pageOf, pagedQuery } from './common';
import { DEFAULT_EXAM_SETTINGS, examRow, examSettingsSchema, examSettingsView } from './exam';
import { EXAM_AUTO_MENU, autoRulesInput, bestPaperSummary, paperTotals, violation } from './paper';

export { EXAM_AUTO_MENU } from './paper';

/** Longest lead time: one day, less than the shortest period (a week). */
export const MAX_LEAD_MINUTES = 24 * 60;

const minutes = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}必须是分钟数` })
    .int(`${label}必须是整数分钟`)
    .min(min, `${label}至少 ${min} 分钟`)
    .max(max, `${label}不能超过 ${max} 分钟`);

const bool = (label: string) => z.boolean({ error: `${label}必须是 true 或 false` });

/** What each created exam looks like. */
export const examTemplateSchema = z
  .object({
    /** The exam's name; recurring rules append the period ('月度安全考试 2026-12'). */
    examName: z
      .string({ error: '请输入考试名称' })
      .trim()
      .min(1, '请输入考试名称')
      .max(180, '考试名称不能超过 180 个字符'),
    description: z
      .string({ error: '考试说明必须是文本' })
      .trim()
      .max(5000, '考试说明不能超过 5000 个字符')
      .nullish(),
    durationMinutes: minutes('考试时长', 1, 24 * 60),
    /** How long each exam stays open from its start; at least the duration. */
    windowMinutes: minutes('开放时长', 1, 31 * 24 * 60),
    /** Absent: 60 % of each generated paper's total (never above it). */
    passScore: z
      .number({ error: '及格分必须是数字' })
      .min(0, '及格分不能为负')
      .max(10_000, '及格分过大')
      .optional(),
    attemptsAllowed: z
      .number({ error: '考试次数必须是数字' })
      .int('考试次数必须是整数')
      .min(1, '考试次数至少 1 次')
      .max(20, '考试次数不能超过 20 次')
      .default(1),
    /** The created exams' settings (release, shuffling, anti-cheating), as an exam's. */
    settings: examSettingsSchema.default(DEFAULT_EXAM_SETTINGS),
    departmentIds: z
      .array(idOf('部门'), { error: '请选择参加考试的部门' })
      .min(1, '请选择参加考试的部门')
      .max(1000, '参加考试的部门最多 1000 个'),
    includeSubDepartments: bool('包含下级部门').default(true),
    /** Tell the candidates by message when an exam is published. */
    notify: bool('通知考生').default(true),
  })
  .refine((t) => t.windowMinutes >= t.durationMinutes, {
    message: '开放时长不能短于考试时长',
    path: ['windowMinutes'],
  });
export type ExamTemplate = z.output<typeof examTemplateSchema>;

/** The generation stored with a rule: the paper auto-generation rules (contracts/paper.ts). */
export const generationSchema = autoRulesInput;
export type Generation = z.output<typeof generationSchema>;

export const autoRuleBodySchema = z.object({
  name: z
    .string({ error: '请输入规则名称' })
    .trim()
    .min(1, '请输入规则名称')
    .max(200, '规则名称不能超过 200 个字符'),
  generation: generationSchema,
  examTemplate: examTemplateSchema,
  recurrence: z.enum(RECURRENCES, {
    error: "重复方式只能是 'once'（一次）、'weekly'（每周）或 'monthly'（每月）",
  }),
  firstStartAt: z
    .number({ error: '首次开考时间必须是毫秒时间戳' })
    .int('首次开考时间必须是毫秒时间戳')
    .positive('首次开考时间必须是毫秒时间戳'),
  leadMinutes: minutes('提前生成时间', 0, MAX_LEAD_MINUTES).default(60),
  enabled: bool('启用').default(true),
});
/** What add and modify give the service. */
export type AutoRuleBody = z.output<typeof autoRuleBodySchema>;
/** What a caller sends to add and modify. */
export type AutoRuleInput = z.input<typeof autoRuleBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

/** A rule's generation as stored (parsed, so every defaulted field is there). */
export const generationView = z.object({
  bankIds: z.array(z.number()),
  totalScore: z.number().optional(),
  typeRules: z.array(z.object({ type: z.number(), count: z.number(), points: z.number() })),
  difficulty: z
    .discriminatedUnion('mode', [
      z.object({ mode: z.literal('average'), target: z.number(), tolerance: z.number() }),
      z.object({
        mode: z.literal('distribution'),
        SIMPLE: z.number(),
        MEDIUM: z.number(),
        HARD: z.number(),
      }),
    ])
    .optional(),
  knowledgeRules: z.array(z.object({ knowledgeId: z.number(), minCount: z.number() })),
  tagIds: z.array(z.number()),
  excludeUsedWithinDays: z.number().optional(),
  excludeQuestionIds: z.array(z.number()),
  variants: z.number(),
  maxOverlap: z.number(),
  seed: z.string().optional(),
});
export type GenerationView = z.infer<typeof generationView>;

export const examTemplateView = z.object({
  examName: z.string(),
  description: z.string().nullish(),
  durationMinutes: z.number(),
  windowMinutes: z.number(),
  passScore: z.number().nullish(),
  attemptsAllowed: z.number(),
  settings: examSettingsView,
  departmentIds: z.array(z.number()),
  includeSubDepartments: z.boolean(),
  notify: z.boolean(),
});
export type ExamTemplateView = z.infer<typeof examTemplateView>;

export const autoRuleRow = z.object({
  id: z.number(),
  ruleId: z.number(),
  name: z.string(),
  recurrence: z.enum(RECURRENCES),
  recurrenceLabel: z.string(),
  firstStartAt: z.number(),
  leadMinutes: z.number(),
  /** When the next exam opens, and when it will be created (start − lead); null when none is left. */
  nextStartAt: z.number().nullable(),
  nextRunAt: z.number().nullable(),
  runs: z.number(),
  lastExam: z.object({ examId: z.number(), name: z.string(), startAt: z.number().nullable() }).nullable(),
  lastError: z.string().nullable(),
  enabled: z.boolean(),
  generation: generationView,
  examTemplate: examTemplateView,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AutoRuleRow = z.infer<typeof autoRuleRow>;

/** 检查规则: a trial generation against today's question pool. */
export const generationCheck = z.object({
  feasible: z.boolean(),
  /** The Chinese explanation when the pool cannot satisfy the rules. */
  message: z.string().nullable(),
  violations: z.array(violation),
  best: bestPaperSummary.optional(),
  papers: z.array(z.object({ totals: paperTotals })),
  solveMs: z.number(),
});
export type GenerationCheck = z.infer<typeof generationCheck>;

/** exam/auto/paper: one paper an automatic-exam rule generated, with its rule and exam. */
export const autoPaperRow = z.object({
  paperId: z.number(),
  paperName: z.string(),
  totalScore: z.number(),
  questionCount: z.number(),
  ruleId: z.number(),
  /** null when the rule has been deleted (its exams and papers stay). */
  ruleName: z.string().nullable(),
  examId: z.number(),
  examName: z.string(),
  examStartAt: z.number().nullable(),
  examEndAt: z.number().nullable(),
  createdAt: z.number(),
});
export type AutoPaperRow = z.infer<typeof autoPaperRow>;

export const EXAM_AUTO_PAPER_PATH = '/manage/exam/auto/paper';

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

const A = '/exam/api/v1/auto';
const tag = '自动考试';
const access = { menu: [EXAM_AUTO_MENU] };
const ruleIdQuery = z.object({ ruleId: idOf('规则') });

export const examAutoContracts = {
  search: endpoint({
    method: 'POST',
    path: `${A}/search`,
    tag,
    summary: '自动考试规则分页列表（含下次开考时间、最近一场考试、最近错误）',
    access,
    query: pagedQuery({}),
    body: z
      .object({
        keyword: z.string({ error: '关键字必须是文本' }).trim().max(100, '关键字过长').optional(),
      })
      .nullish(),
    response: pageOf(autoRuleRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${A}/detail`,
    tag,
    summary: '自动考试规则详情',
    access,
    query: ruleIdQuery,
    response: envelopeOf(autoRuleRow),
  }),
  add: endpoint({
    method: 'POST',
    path: `${A}/add`,
    tag,
    summary: '新建自动考试规则（智能组卷规则、考试模板、部门、首次开考时间、重复 once/weekly/monthly）',
    access,
    body: autoRuleBodySchema,
    response: envelopeOf(autoRuleRow),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${A}/modify`,
    tag,
    summary: '修改自动考试规则（下一场按新的时间安排，已生成的考试不变）',
    access,
    query: ruleIdQuery,
    body: autoRuleBodySchema,
    response: envelopeOf(autoRuleRow),
  }),
  enable: endpoint({
    method: 'POST',
    path: `${A}/enable`,
    tag,
    summary: '启用或停用规则',
    access,
    query: ruleIdQuery,
    body: z.object({ enabled: bool('启用') }),
    response: envelopeOf(autoRuleRow),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${A}/delete`,
    tag,
    summary: '删除规则（已生成的考试保留；全部成功或全部失败）',
    access,
    body: z.object({ ids: idList('规则', '请选择规则') }),
    response: countReply,
  }),
  run: endpoint({
    method: 'POST',
    path: `${A}/run`,
    tag,
    summary: '立即生成：马上组卷、创建并发布规则的下一场考试；无法组卷时 400 并说明原因',
    access,
    query: ruleIdQuery,
    response: envelopeOf(examRow),
  }),
  exams: endpoint({
    method: 'GET',
    path: `${A}/exams`,
    tag,
    summary: '规则生成的考试（分页，按开考时间倒序）',
    access,
    query: pagedQuery({ ruleId: idOf('规则') }),
    response: pageOf(examRow),
  }),
  papers: endpoint({
    method: 'GET',
    path: `${A}/papers`,
    tag,
    summary: '自动考试生成的试卷（分页，按开考时间倒序；可按规则筛选、按试卷或考试名称搜索）',
    access,
    query: pagedQuery({ ruleId: idOf('规则').optional(), keyword }),
    response: pageOf(autoPaperRow),
  }),
  check: endpoint({
    method: 'POST',
    path: `${A}/check`,
    tag,
    summary: '检查规则：按当前题库试组卷（不保存），不可行时说明哪条规则无法满足',
    access,
    body: z.object({ generation: generationSchema }),
    response: envelopeOf(generationCheck),
  }),
};
