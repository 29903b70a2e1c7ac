/**
 * Questions of the six canonical types (spec §3 question, §7 "Questions"): writing, auditing, searching
 * (my questions and the platform's public ones), counting, tagging, linking to knowledge points, Excel
 * import and export. Where a question is used lives with the papers and the exams that use it.
 */
import { z } from 'zod';
import { CODE_LANGUAGES, type CodeLanguage } from '../constants';
import { QUESTION_TYPES, type QuestionType } from '../enums';
import { storedAnswerSchema } from '../question-kinds';
import {
  countReply,
  endpoint,
  envelopeOf,
  idArray,
  idList,
  idListInQuery,
  idOf,
  keyword,
  pageOf,
  pagedQuery,
  paging,
} from './common';
import { importModeQuery, importStarted } from './file';
import { tagRef, tagRow } from './tag';

export const QUESTION_MENU = '/manage/question/list';
export const BANK_MENU = '/manage/question/bank';
/** 测评试题 and 测评题库: the same questions and banks, shown for evaluation use. */
export const EVALUATE_QUESTION_MENU = '/manage/evaluate/question/list';
export const EVALUATE_BANK_MENU = '/manage/evaluate/question/bank';
/**
 * 试题审核: the page of questions waiting for audit, and the permission to approve or reject one.
 * Writing questions does not grant it (a question saved by someone holding it may be approved on save:
 * the organisation's setting 审核人员录入的试题免审核).
 */
export const AUDIT_MENU = '/manage/question/audit';
/** Writing questions: either question list. */
export const WRITE_MENUS = [QUESTION_MENU, EVALUATE_QUESTION_MENU];
/** Auditing questions. */
export const AUDIT_MENUS = [AUDIT_MENU];
/** Reading questions also works from the bank pages and the audit page. */
export const READ_MENUS = [QUESTION_MENU, BANK_MENU, EVALUATE_QUESTION_MENU, EVALUATE_BANK_MENU, AUDIT_MENU];
/** Copying public questions into a bank: from either question list or either bank page. */
export const COPY_MENUS = READ_MENUS;

const Q = '/question/api/v1/questions';
const tag = '试题';

// ---------------------------------------------------------------------------------------------------------
// Request pieces (the paper contracts use the type, difficulty and filter pieces too)
// ---------------------------------------------------------------------------------------------------------

const TYPE_MESSAGE = '题型必须是 0 到 5 之间的整数（0 判断，1 单选，2 多选，3 填空，4 简答，5 编程）';

export const questionTypeSchema = z
  .number({ error: TYPE_MESSAGE })
  .int(TYPE_MESSAGE)
  .refine((value) => (QUESTION_TYPES as readonly number[]).includes(value), TYPE_MESSAGE)
  .transform((value) => value as QuestionType);

export const difficultySchema = z
  .number({ error: '难度必须是数字' })
  .int('难度必须是整数')
  .min(1, '难度必须在 1 到 10 之间')
  .max(10, '难度必须在 1 到 10 之间');

/**
 * A question's type under either name: `type`, or `questionType` as spec §3 names it. Both together
 * must agree; the handler receives `type` only.
 */
function withQuestionType<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ type: questionTypeSchema.optional(), questionType: questionTypeSchema.optional(), ...shape })
    .superRefine((value, ctx) => {
      const { type, questionType } = value as { type?: number; questionType?: number };
      if (type === undefined && questionType === undefined)
        ctx.addIssue({ code: 'custom', path: ['type'], message: `请选择题型：${TYPE_MESSAGE}` });
      else if (type !== undefined && questionType !== undefined && type !== questionType)
        ctx.addIssue({
          code: 'custom',
          path: ['questionType'],
          message: '题型不一致：type 与 questionType 给出了不同的题型，只传其中一个即可',
        });
    })
    .transform((value) => {
      const { type, questionType, ...rest } = value as { type?: QuestionType; questionType?: QuestionType };
      return { ...rest, type: (type ?? questionType) as QuestionType } as Omit<
        z.output<z.ZodObject<T>>,
        'type' | 'questionType'
      > & { type: QuestionType };
    });
}

/** The content of a question without its bank (add/batch and import give the bank separately). */
const contentShape = {
  stem: z.string({ error: '题干必须是文本' }).max(100_000, 'stem（题干）过长'),
  /** Choices of single and multiple choice questions: checked per type by the service. */
  options: z.unknown().optional(),
  /** The key, per type (checked by the service, so its messages can name the field). */
  answer: z.unknown().optional(),
  analysis: z.string({ error: '解析必须是文本' }).max(20_000, 'analysis（解析）过长').nullish(),
  difficulty: difficultySchema.default(5),
  defaultPoints: z
    .number({ error: '默认分值必须是数字' })
    .positive('默认分值必须大于 0')
    .max(1000, '默认分值不能超过 1000')
    .default(10),
  tagIds: idArray('标签').default([]),
  knowledgeIds: idArray('知识点').default([]),
};

export const questionContentSchema = withQuestionType(contentShape);
export type QuestionContentInput = z.output<typeof questionContentSchema>;

export const questionBodySchema = withQuestionType({ ...contentShape, bankId: idOf('题库') });
export type QuestionBodyInput = z.output<typeof questionBodySchema>;

// ---- per-type content: described by the question kinds (the service checks it, naming the field) ----

export {
  choiceOptionsSchema,
  fillAnswerSchema,
  shortAnswerSchema,
  codeAnswerSchema,
  type ChoiceOption,
  type FillAnswer,
  type ShortAnswer,
  type CodeAnswer,
} from '../question-kinds';

// ---- search ----

export const SORT_FIELDS = ['createdAt', 'updatedAt', 'difficulty', 'type', 'status', 'id'] as const;
export type QuestionSortField = (typeof SORT_FIELDS)[number];

export const questionFilterSchema = z.object({
  bankId: idOf('题库').optional(),
  bankIds: idArray('题库').optional(),
  type: questionTypeSchema.optional(),
  types: z.array(questionTypeSchema, { error: '题型必须是列表' }).max(6, '题型最多 6 个').optional(),
  difficultyMin: difficultySchema.optional(),
  difficultyMax: difficultySchema.optional(),
  tagIds: idArray('标签').optional(),
  knowledgeIds: idArray('知识点').optional(),
  status: z
    .number({ error: '状态必须是 0、1 或 2' })
    .int('状态必须是 0、1 或 2')
    .min(0, '状态必须是 0、1 或 2')
    .max(2, '状态必须是 0、1 或 2')
    .optional(),
  keyword,
  sortField: z.enum(SORT_FIELDS, { error: `排序字段只能是 ${SORT_FIELDS.join('、')}` }).optional(),
  sortOrder: z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).optional(),
});
export type QuestionFilter = Partial<z.output<typeof questionFilterSchema>>;

/** The caller's own questions may also be narrowed to banks of one category (测评试题: 测评). */
export const ownQuestionFilterSchema = questionFilterSchema.extend({
  bankCategory: z
    .string({ error: '题库分类必须是文本' })
    .trim()
    .max(50, '题库分类不能超过 50 个字符')
    .optional(),
});

const questionIds = idList('试题', '请选择试题');

/**
 * The question of the "where used" calls (spec §7 lists them as POST with query parameters): from the
 * query string or from a JSON body, whichever the client sends; the handler takes the one given (and
 * refuses two different ones).
 */
export const questionIdInQuery = idOf('试题').optional();
export const questionIdInBody = z.object({ questionId: idOf('试题').optional() }).nullish();

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

export const knowledgeRef = z.object({ knowledgeId: z.number(), name: z.string() });
export type KnowledgeRef = z.infer<typeof knowledgeRef>;

/** A question as every list, the editor and the detail show it. */
export const questionRow = z.object({
  id: z.number(),
  /** The same as `id` (spec §3 names it questionId). */
  questionId: z.number(),
  bankId: z.number(),
  bankName: z.string(),
  type: z.number(),
  /** The same as `type` (spec §3 names it questionType). */
  questionType: z.number(),
  typeLabel: z.string(),
  /** Sanitised HTML. */
  stem: z.string(),
  stemText: z.string(),
  options: z.array(z.object({ content: z.string(), correct: z.boolean() })).nullable(),
  /**
   * The key, by `type` (so free-form JSON here): true/false for 判断题, FillAnswer, ShortAnswer or
   * CodeAnswer; null for choice questions (their key is in `options`).
   */
  answer: storedAnswerSchema,
  analysis: z.string().nullable(),
  difficulty: z.number(),
  defaultPoints: z.number(),
  /** 0 待审核, 1 已通过, 2 已驳回. */
  status: z.number(),
  statusLabel: z.string(),
  auditReason: z.string().nullable(),
  tags: z.array(tagRef),
  knowledgePoints: z.array(knowledgeRef),
  /** Whether the caller may change it (false for the platform's public questions). */
  editable: z.boolean(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type QuestionRow = z.infer<typeof questionRow>;

export const auditInfo = z.object({
  questionId: z.number(),
  status: z.number(),
  statusLabel: z.string(),
  reason: z.string().nullable(),
  auditorId: z.number().nullable(),
  auditorName: z.string().nullable(),
  /** Epoch milliseconds. */
  auditedAt: z.number().nullable(),
});
export type AuditInfo = z.infer<typeof auditInfo>;

/**
 * Questions of one type matching a filter. When more than the cap match a filter the counters cannot
 * answer, `count` is null and `capped` true ("more than the cap").
 */
export const questionTypeCount = z.object({
  type: z.number(),
  typeLabel: z.string(),
  count: z.number().nullable(),
  capped: z.boolean(),
});
export type QuestionTypeCount = z.infer<typeof questionTypeCount>;

export const knowledgeTypeCount = z.object({
  knowledgeId: z.number(),
  total: z.number(),
  counts: z.array(z.object({ type: z.number(), count: z.number() })),
});
export type KnowledgeTypeCount = z.infer<typeof knowledgeTypeCount>;

export const codeTemplate = z.object({
  codeType: z.enum(CODE_LANGUAGES.map((language) => language.id) as [CodeLanguage, ...CodeLanguage[]]),
  label: z.string(),
  template: z.string(),
  defaultTemplate: z.string(),
});
export type CodeTemplate = z.infer<typeof codeTemplate>;

const copied = envelopeOf(z.object({ count: z.number(), ids: z.array(z.number()) }));
const oneQuestion = envelopeOf(questionRow);

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

const knowledgeCounts = (path: string) =>
  endpoint({
    method: 'POST',
    path: `${Q}/${path}`,
    tag,
    summary: '按知识点 × 题型统计试题数量',
    access: { menu: READ_MENUS },
    body: questionFilterSchema.nullish(),
    response: envelopeOf(z.array(knowledgeTypeCount)),
  });

export const questionContracts = {
  add: endpoint({
    method: 'POST',
    path: `${Q}/add`,
    tag,
    summary:
      '新增试题（按题型校验选项与答案；待审核，有审核权限者在“审核人员录入的试题免审核”开启时直接通过；题型可写作 type 或 questionType）',
    access: { menu: WRITE_MENUS },
    body: questionBodySchema,
    response: oneQuestion,
  }),
  modify: endpoint({
    method: 'POST',
    path: `${Q}/modify`,
    tag,
    summary:
      '修改试题（整体替换内容；审核状态回到待审核，有审核权限者在“审核人员录入的试题免审核”开启时直接通过；题型可写作 type 或 questionType）',
    access: { menu: WRITE_MENUS },
    query: z.object({ id: idOf('试题') }),
    body: questionBodySchema,
    response: oneQuestion,
  }),
  addBatch: endpoint({
    method: 'POST',
    path: `${Q}/add/batch`,
    tag,
    summary: '批量新增试题到题库（全部成功或全部失败）',
    access: { menu: WRITE_MENUS },
    query: z.object({ questionBankId: idOf('题库') }),
    body: z
      .array(questionContentSchema, { error: '请提供试题列表' })
      .min(1, '请提供试题')
      .max(5000, '一次最多 5000 题'),
    response: copied,
  }),
  detail: endpoint({
    method: 'GET',
    path: `${Q}/detail/:id`,
    tag,
    summary: '试题详情',
    access: { menu: READ_MENUS },
    params: z.object({ id: idOf('试题') }),
    response: oneQuestion,
  }),
  delete: endpoint({
    method: 'POST',
    path: `${Q}/delete`,
    tag,
    summary: '删除试题（全部成功或全部失败）',
    access: { menu: WRITE_MENUS },
    body: z.object({ ids: questionIds }),
    response: countReply,
  }),
  move: endpoint({
    method: 'POST',
    path: `${Q}/move`,
    tag,
    summary: '移动试题到另一题库',
    access: { menu: WRITE_MENUS },
    query: z.object({ toQuestionBankId: idOf('目标题库') }),
    body: z.object({ ids: questionIds }),
    response: countReply,
  }),
  copy: endpoint({
    method: 'POST',
    path: `${Q}/copy`,
    tag,
    summary:
      '复制试题到我的题库（已通过的公开试题或本组织的试题；全部成功或全部失败；保留可读的知识点，不复制标签）',
    access: { menu: COPY_MENUS },
    query: z.object({ toQuestionBankId: idOf('目标题库') }),
    body: z.object({ ids: questionIds }),
    response: copied,
  }),
  check: endpoint({
    method: 'POST',
    path: `${Q}/check`,
    tag,
    summary: '审核试题（status 1 通过，2 驳回且必须填写原因；需要试题审核权限）',
    access: { menu: AUDIT_MENUS },
    query: z.object({
      questionId: idOf('试题'),
      status: z.coerce
        .number<number | string>({ error: '状态只能是 1（通过）或 2（驳回）' })
        .refine((value) => value === 1 || value === 2, '状态只能是 1（通过）或 2（驳回）')
        .transform((value) => value as 1 | 2),
    }),
    body: z
      .object({
        reason: z
          .string({ error: '驳回原因必须是文本' })
          .trim()
          .max(500, '驳回原因不能超过 500 个字符')
          .optional(),
      })
      .nullish(),
    response: oneQuestion,
  }),
  auditInfo: endpoint({
    method: 'GET',
    path: `${Q}/question/audit/info`,
    tag,
    summary: '试题审核信息',
    access: { menu: READ_MENUS },
    query: z.object({ questionId: idOf('试题') }),
    response: envelopeOf(auditInfo),
  }),
  search: endpoint({
    method: 'POST',
    path: `${Q}/search/detail`,
    tag,
    summary: '试题分页搜索（题库、题型、难度、标签、知识点、状态、关键字；排序）',
    access: { menu: READ_MENUS },
    query: paging,
    body: ownQuestionFilterSchema.nullish(),
    response: pageOf(questionRow),
  }),
  platformSearch: endpoint({
    method: 'POST',
    path: `${Q}/platform/search/detail`,
    tag,
    summary: '平台公开试题（只读）',
    access: { menu: READ_MENUS },
    query: pagedQuery({
      sort: z.enum(['asc', 'desc'], { error: '排序只能是 asc 或 desc' }).default('desc'),
    }),
    body: questionFilterSchema.nullish(),
    response: pageOf(questionRow),
  }),
  searchTags: endpoint({
    method: 'POST',
    path: `${Q}/search/tags`,
    tag,
    summary: '试题标签搜索（按名称关键字；每个标签带使用它的试题数 usageCount，默认按使用次数排序）',
    access: { menu: READ_MENUS },
    query: paging,
    body: z
      .object({
        keyword,
        sortField: z
          .enum(['name', 'usageCount', 'createdAt'], {
            error: '排序字段只能是 name、usageCount 或 createdAt',
          })
          .default('usageCount'),
        sortOrder: z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).default('desc'),
      })
      .nullish(),
    response: pageOf(tagRow),
  }),
  typeCount: endpoint({
    method: 'POST',
    path: `${Q}/get/question/type/count`,
    tag,
    summary: '按题型统计试题数量',
    access: { menu: READ_MENUS },
    body: ownQuestionFilterSchema.nullish(),
    response: envelopeOf(z.array(questionTypeCount)),
  }),
  knowledgeTypeCount: knowledgeCounts('get/knowledge/question-type/count'),
  searchKnowledgeTypeCount: knowledgeCounts('search/knowledge/question-type/count'),
  addTags: endpoint({
    method: 'POST',
    path: `${Q}/questions-tags/add`,
    tag,
    summary: '为试题添加标签',
    access: { menu: WRITE_MENUS },
    query: z.object({
      questionIds: idListInQuery('试题', '请选择试题'),
      tagIds: idListInQuery('标签', '请选择标签'),
    }),
    response: countReply,
  }),
  addKnowledge: endpoint({
    method: 'POST',
    path: `${Q}/questions-knowledgePoints/add`,
    tag,
    summary: '为试题添加知识点',
    access: { menu: WRITE_MENUS },
    query: z.object({
      questionIds: idListInQuery('试题', '请选择试题'),
      knowledgeIds: idListInQuery('知识点', '请选择知识点'),
    }),
    response: countReply,
  }),
  addKnowledgeBatch: endpoint({
    method: 'POST',
    path: `${Q}/questions-knowledgePoints/add/batch`,
    tag,
    summary: '批量为试题添加知识点',
    access: { menu: WRITE_MENUS },
    body: z
      .array(
        z.object({
          questionIds: idList('试题', '请选择试题'),
          knowledgeIds: idList('知识点', '请选择知识点'),
        }),
        { error: '请提供试题与知识点列表' },
      )
      .min(1, '请提供试题与知识点')
      .max(1000, '一次最多 1000 组'),
    response: countReply,
  }),
  defaultTemplates: endpoint({
    method: 'GET',
    path: `${Q}/default/template`,
    tag,
    summary: '各语言的默认代码模板',
    response: envelopeOf(z.array(codeTemplate)),
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: `${Q}/template`,
    tag,
    summary: '下载试题导入模板（.xlsx，六种题型各一行示例）',
    access: { menu: WRITE_MENUS },
    response: 'file',
  }),
  import: endpoint({
    method: 'POST',
    path: `${Q}/import`,
    tag,
    summary:
      '导入试题（multipart 文件字段 file）。mode=all 有任何错误行则全部不导入；mode=valid 只导入正确行。返回 jobId，进度与结果（errors: [{row, field, reason}]）见 GET /user/api/v1/jobs/:id',
    access: { menu: WRITE_MENUS },
    query: importModeQuery.extend({ questionBankId: idOf('题库') }),
    response: importStarted,
  }),
  export: endpoint({
    method: 'GET',
    path: `${Q}/export`,
    tag,
    summary: '导出题库的试题（.xlsx，与导入模板同格式）',
    access: { menu: READ_MENUS },
    query: z.object({ bankId: idOf('题库') }),
    response: 'file',
  }),
};
