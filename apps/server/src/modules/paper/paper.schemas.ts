import { z } from 'zod';
import type { PaperType } from '@kaopei/shared';
import { PaperDifficulty, isPaperType, oneBasedPaging } from '@kaopei/shared';
import { idParam } from '../../core/http';
import { keywordQuery } from '../role/role.schemas';
import { difficultySchema, questionFilterSchema, questionTypeSchema } from '../question/question.schemas';

const ONE_DECIMAL = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

export const pointsSchema = (field = 'points') =>
  z
    .number({ error: `${field}（分值）必须是数字` })
    .positive(`${field}（分值）必须大于 0`)
    .max(1000, `${field}（分值）不能超过 1000`)
    .refine(ONE_DECIMAL, `${field}（分值）最多一位小数`);

const idArray = (name: string, max = 100) => z.array(idParam(name)).max(max, `${name} 一次最多 ${max} 个`);

export const paperName = z
  .string({ error: 'name（试卷名称）必须是文本' })
  .trim()
  .min(1, 'name（试卷名称）不能为空')
  .max(200, 'name（试卷名称）不能超过 200 个字符');

const sectionName = z
  .string({ error: '大题名称必须是文本' })
  .trim()
  .min(1, '大题名称不能为空')
  .max(100, '大题名称不能超过 100 个字符');

export const settingsSchema = z
  .object({
    shuffleQuestions: z.boolean({ error: 'settings.shuffleQuestions 必须是 true 或 false' }).optional(),
    shuffleOptions: z.boolean({ error: 'settings.shuffleOptions 必须是 true 或 false' }).optional(),
    drawPerCandidate: z.boolean({ error: 'settings.drawPerCandidate 必须是 true 或 false' }).optional(),
    classifyByType: z.boolean({ error: 'settings.classifyByType 必须是 true 或 false' }).optional(),
  })
  .strict();

const paperTypeSchema = z
  .number({ error: 'type 只能是 0、4、6 或 9' })
  .refine(isPaperType, 'type 只能是 0（手动）、4（随机）、6（智能）或 9（岗位招聘）')
  .transform((value) => value as PaperType);

/** 0 or absent: none. */
const optionalRef = (name: string) =>
  z
    .number({ error: `${name} 必须是数字` })
    .int(`${name} 必须是整数`)
    .min(0, `${name} 不能为负数`)
    .optional();

export const statusSchema = z
  .enum(['draft', 'saved'], { error: "status 只能是 'draft'（草稿）或 'saved'（已保存）" })
  .transform((value) => (value === 'draft' ? 0 : 1));

/** Paper fields other than its content. */
export const paperMetaSchema = z.object({
  name: paperName,
  description: z.string({ error: 'description 必须是文本' }).trim().max(2000, 'description 过长').nullish(),
  paperBankId: optionalRef('paperBankId'),
  categoryId: optionalRef('categoryId'),
  type: paperTypeSchema.optional(),
  settings: settingsSchema.optional(),
  postIds: idArray('postIds').optional(),
  status: statusSchema.optional(),
});
export type PaperMetaInput = z.output<typeof paperMetaSchema>;

export const sectionsSchema = z
  .array(
    z.object({
      name: sectionName,
      questionVOS: z
        .array(z.object({ questionId: idParam('questionId'), points: pointsSchema().optional() }))
        .max(1000, '每个大题最多 1000 题')
        .default([]),
    }),
  )
  .max(100, 'sectionVOS（大题）最多 100 个');
export type SectionsInput = z.output<typeof sectionsSchema>;

export const paperBodySchema = paperMetaSchema.extend({ sectionVOS: sectionsSchema.optional() });
export type PaperBodyInput = z.output<typeof paperBodySchema>;

/** The Paper query (spec §3): page{pageNumber,pageSize}, categoryId, searchContent, postIds. */
const paperQueryObject = z.object({
  page: oneBasedPaging.default({ pageNumber: 1, pageSize: 10 }),
  categoryId: z.number({ error: 'categoryId 必须是数字' }).int().min(0, 'categoryId 不能为负数').optional(),
  searchContent: keywordQuery,
  postIds: idArray('postIds').optional(),
  paperBankId: optionalRef('paperBankId'),
  type: paperTypeSchema.optional(),
  status: statusSchema.optional(),
});
export type PaperQuery = z.output<typeof paperQueryObject>;
export const paperQuerySchema = paperQueryObject
  .nullish()
  .transform((body): PaperQuery => body ?? paperQueryObject.parse({}));

// ---------- random papers ----------

export const randomRuleSchema = z
  .object({
    bankIds: z
      .array(idParam('bankIds'))
      .min(1, 'bankIds（来源题库）至少选择一个')
      .max(100, 'bankIds 最多 100 个'),
    knowledgeIds: idArray('knowledgeIds').default([]),
    tagIds: idArray('tagIds').default([]),
    type: questionTypeSchema,
    count: z
      .number({ error: 'count（抽题数量）必须是数字' })
      .int('count（抽题数量）必须是整数')
      .min(1, 'count（抽题数量）至少为 1')
      .max(500, 'count（抽题数量）不能超过 500'),
    points: pointsSchema().default(10),
    difficultyMin: difficultySchema.default(1),
    difficultyMax: difficultySchema.default(10),
  })
  .refine((rule) => rule.difficultyMin <= rule.difficultyMax, {
    message: 'difficultyMin 不能大于 difficultyMax',
    path: ['difficultyMin'],
  });
export type RandomRuleInput = z.output<typeof randomRuleSchema>;

export const randomPaperSchema = paperMetaSchema.omit({ type: true }).extend({
  sections: z
    .array(
      z.object({
        name: sectionName,
        rules: z.array(randomRuleSchema).min(1, '每个大题至少一条抽题规则').max(50, '每个大题最多 50 条规则'),
      }),
    )
    .min(1, 'sections（大题）至少一个')
    .max(50, 'sections（大题）最多 50 个'),
});
export type RandomPaperInput = z.output<typeof randomPaperSchema>;

// ---------- intelligent generation ----------

export const autoRulesSchema = z
  .object({
    bankIds: z
      .array(idParam('bankIds'))
      .min(1, 'bankIds（题库）至少选择一个')
      .max(100, 'bankIds 最多 100 个'),
    totalScore: z
      .number({ error: 'totalScore（总分）必须是数字' })
      .positive('totalScore（总分）必须大于 0')
      .optional(),
    typeRules: z
      .array(
        z.object({
          type: questionTypeSchema,
          count: z
            .number({ error: 'typeRules.count（题数）必须是数字' })
            .int('typeRules.count（题数）必须是整数')
            .min(1, 'typeRules.count（题数）至少为 1')
            .max(500, 'typeRules.count（题数）不能超过 500'),
          points: pointsSchema('typeRules.points').default(10),
        }),
      )
      .min(1, 'typeRules（题型设置）至少一项')
      .max(6, 'typeRules（题型设置）最多 6 项')
      .refine(
        (rules) => new Set(rules.map((rule) => rule.type)).size === rules.length,
        'typeRules 中题型重复',
      ),
    difficulty: z
      .discriminatedUnion(
        'mode',
        [
          z.object({
            mode: z.literal('average'),
            target: z
              .number({ error: 'difficulty.target 必须是数字' })
              .min(1, 'difficulty.target 必须在 1 到 10 之间')
              .max(10, 'difficulty.target 必须在 1 到 10 之间'),
            tolerance: z
              .number({ error: 'difficulty.tolerance 必须是数字' })
              .min(0, 'difficulty.tolerance 不能为负')
              .max(5, 'difficulty.tolerance 不能超过 5')
              .default(0.5),
          }),
          z
            .object({
              mode: z.literal('distribution'),
              ...(Object.fromEntries(
                PaperDifficulty.map((level) => [
                  level,
                  z
                    .number({ error: `difficulty.${level}（百分比）必须是数字` })
                    .min(0, `difficulty.${level} 不能为负`)
                    .max(100, `difficulty.${level} 不能超过 100`)
                    .default(0),
                ]),
              ) as Record<PaperDifficulty, z.ZodDefault<z.ZodNumber>>),
            })
            .refine(
              (d) => Math.abs(d.SIMPLE + d.MEDIUM + d.HARD - 100) < 1e-6,
              'difficulty 的 SIMPLE、MEDIUM、HARD 百分比之和必须为 100',
            ),
        ],
        { error: "difficulty.mode 只能是 'average'（平均难度）或 'distribution'（难度分布）" },
      )
      .optional(),
    knowledgeRules: z
      .array(
        z.object({
          knowledgeId: idParam('knowledgeRules.knowledgeId'),
          minCount: z
            .number({ error: 'knowledgeRules.minCount 必须是数字' })
            .int('knowledgeRules.minCount 必须是整数')
            .min(1, 'knowledgeRules.minCount 至少为 1')
            .max(500, 'knowledgeRules.minCount 不能超过 500'),
        }),
      )
      .max(62, 'knowledgeRules 最多 62 项')
      .refine(
        (rules) => new Set(rules.map((rule) => rule.knowledgeId)).size === rules.length,
        'knowledgeRules 中知识点重复',
      )
      .default([]),
    tagIds: idArray('tagIds').default([]),
    excludeUsedWithinDays: z
      .number({ error: 'excludeUsedWithinDays 必须是数字' })
      .int('excludeUsedWithinDays 必须是整数')
      .min(1, 'excludeUsedWithinDays 至少为 1')
      .max(3650, 'excludeUsedWithinDays 不能超过 3650')
      .optional(),
    excludeQuestionIds: idArray('excludeQuestionIds', 5000).default([]),
    variants: z
      .number({ error: 'variants 必须是数字' })
      .int('variants 必须是整数')
      .min(1, 'variants 至少为 1')
      .max(5, 'variants 最多 5 套')
      .default(1),
    maxOverlap: z
      .number({ error: 'maxOverlap 必须是数字' })
      .int('maxOverlap 必须是整数')
      .min(0, 'maxOverlap 不能为负')
      .default(0),
    seed: z.string({ error: 'seed 必须是文本' }).max(100, 'seed 过长').optional(),
  })
  .strict();
export type AutoRulesInput = z.output<typeof autoRulesSchema>;

export const autoPaperSchema = z.object({
  rules: autoRulesSchema,
  paper: paperMetaSchema.omit({ type: true, status: true }),
});
export type AutoPaperInput = z.output<typeof autoPaperSchema>;

/** The not-selected picker: the question filters plus the paper (or the ids picked so far). */
export const notSelectedSchema = questionFilterSchema.omit({ status: true }).extend({
  paperId: idParam('paperId').optional(),
  selectedIds: idArray('selectedIds', 5000).optional(),
  scope: z
    .enum(['mine', 'public', 'all'], { error: "scope 只能是 'mine'、'public' 或 'all'" })
    .default('all'),
});
export type NotSelectedFilter = z.output<typeof notSelectedSchema>;
