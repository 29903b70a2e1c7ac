import { z } from 'zod';
import { CODE_LANGUAGES, QUESTION_TYPES, isCodeLanguage, type QuestionType } from '@kaopei/shared';
import { idParam } from '../../core/http';
import { idListBody, keywordQuery } from '../role/role.schemas';

export const QUESTION_MENU = '/manage/question/list';
export const BANK_MENU = '/manage/question/bank';
/** 测评试题 and 测评题库: the same questions and banks, shown for evaluation use. */
export const EVALUATE_QUESTION_MENU = '/manage/evaluate/question/list';
export const EVALUATE_BANK_MENU = '/manage/evaluate/question/bank';
/** Writing questions: either question list. */
export const WRITE_MENUS = [QUESTION_MENU, EVALUATE_QUESTION_MENU];
/** Reading questions also works from the bank pages. */
export const READ_MENUS = [QUESTION_MENU, BANK_MENU, EVALUATE_QUESTION_MENU, EVALUATE_BANK_MENU];
/** Copying public questions into a bank: from either question list or either bank page. */
export const COPY_MENUS = READ_MENUS;

const TYPE_MESSAGE = 'type 必须是 0 到 5 之间的整数（0 判断，1 单选，2 多选，3 填空，4 简答，5 编程）';

export const questionTypeSchema = z
  .number({ error: TYPE_MESSAGE })
  .int(TYPE_MESSAGE)
  .refine((value) => (QUESTION_TYPES as readonly number[]).includes(value), TYPE_MESSAGE)
  .transform((value) => value as QuestionType);

export const difficultySchema = z
  .number({ error: 'difficulty 必须是数字' })
  .int('difficulty 必须是整数')
  .min(1, 'difficulty 必须在 1 到 10 之间')
  .max(10, 'difficulty 必须在 1 到 10 之间');

const idArray = (name: string) => z.array(idParam(name)).max(100, `${name} 一次最多 100 个`);

/** The content of a question without its bank (add/batch and import give the bank separately). */
export const questionContentSchema = z.object({
  type: questionTypeSchema,
  stem: z.string({ error: 'stem（题干）必须是文本' }).max(100_000, 'stem（题干）过长'),
  options: z.unknown().optional(),
  answer: z.unknown().optional(),
  analysis: z.string({ error: 'analysis（解析）必须是文本' }).max(20_000, 'analysis（解析）过长').nullish(),
  difficulty: difficultySchema.default(5),
  defaultPoints: z
    .number({ error: 'defaultPoints（默认分值）必须是数字' })
    .positive('defaultPoints（默认分值）必须大于 0')
    .max(1000, 'defaultPoints（默认分值）不能超过 1000')
    .default(10),
  tagIds: idArray('tagIds').default([]),
  knowledgeIds: idArray('knowledgeIds').default([]),
});
export type QuestionContentInput = z.infer<typeof questionContentSchema>;

export const questionBodySchema = questionContentSchema.extend({ bankId: idParam('bankId') });
export type QuestionBodyInput = z.infer<typeof questionBodySchema>;

// ---- per-type content (validated in the service, so messages can name the field) ----

const blankText = (field: string) =>
  z
    .string({ error: `${field} 必须是文本` })
    .trim()
    .min(1, `${field} 不能为空`);

export const choiceOptionsSchema = z
  .array(
    z.object({
      content: blankText('选项内容').max(5000, '选项内容不能超过 5000 个字符'),
      correct: z.boolean({ error: '选项的 correct 必须是 true 或 false' }).default(false),
    }),
    { error: 'options（选项）必须是数组' },
  )
  .min(2, 'options（选项）至少需要 2 个')
  .max(26, 'options（选项）最多 26 个');

export const fillAnswerSchema = z.object(
  {
    blanks: z
      .array(
        z.object({
          answers: z
            .array(blankText('填空答案'), { error: '每个空的 answers 必须是数组' })
            .min(1, '每个空至少需要一个可接受的答案'),
        }),
        { error: 'answer.blanks（填空）必须是数组' },
      )
      .min(1, '填空题至少需要一个空'),
    caseSensitive: z.boolean({ error: 'answer.caseSensitive 必须是 true 或 false' }).default(false),
  },
  { error: '填空题的 answer 必须是 {blanks, caseSensitive}' },
);
export type FillAnswer = z.infer<typeof fillAnswerSchema>;

export const shortAnswerSchema = z.object(
  {
    reference: blankText('answer.reference（参考答案）').max(20_000, '参考答案过长'),
    scoringPoints: z
      .array(
        z.object({
          content: blankText('得分点内容').max(2000, '得分点内容过长'),
          points: z.number({ error: '得分点分值必须是数字' }).min(0, '得分点分值不能为负').default(0),
        }),
        { error: 'answer.scoringPoints（得分点）必须是数组' },
      )
      .default([]),
  },
  { error: '简答题的 answer 必须是 {reference, scoringPoints}' },
);
export type ShortAnswer = z.infer<typeof shortAnswerSchema>;

const languageIds = CODE_LANGUAGES.map((language) => language.id).join('、');

export const codeAnswerSchema = z.object(
  {
    languages: z
      .array(z.string().refine(isCodeLanguage, `answer.languages 只能是 ${languageIds}`), {
        error: 'answer.languages（语言）必须是数组',
      })
      .min(1, '编程题至少选择一种语言'),
    templates: z
      .record(z.string(), z.string({ error: '代码模板必须是文本' }).max(50_000, '代码模板过长'))
      .default({}),
    testCases: z
      .array(
        z.object({
          input: z.string({ error: '测试用例输入必须是文本' }).max(100_000, '测试用例输入过长'),
          output: z.string({ error: '测试用例输出必须是文本' }).max(100_000, '测试用例输出过长'),
          sample: z.boolean({ error: '测试用例的 sample 必须是 true 或 false' }).default(false),
        }),
        { error: 'answer.testCases（测试用例）必须是数组' },
      )
      .min(1, '编程题至少需要一个测试用例'),
    timeLimit: z
      .number({ error: 'answer.timeLimit（时间限制）必须是数字' })
      .int('answer.timeLimit（时间限制）必须是整数毫秒')
      .min(100, 'answer.timeLimit（时间限制）至少 100 毫秒')
      .max(60_000, 'answer.timeLimit（时间限制）不能超过 60000 毫秒')
      .default(1000),
    memoryLimit: z
      .number({ error: 'answer.memoryLimit（内存限制）必须是数字' })
      .int('answer.memoryLimit（内存限制）必须是整数 MB')
      .min(16, 'answer.memoryLimit（内存限制）至少 16 MB')
      .max(4096, 'answer.memoryLimit（内存限制）不能超过 4096 MB')
      .default(256),
  },
  { error: '编程题的 answer 必须是 {languages, templates, testCases, timeLimit, memoryLimit}' },
);
export type CodeAnswer = z.infer<typeof codeAnswerSchema>;

// ---- search ----

export const SORT_FIELDS = ['createdAt', 'updatedAt', 'difficulty', 'type', 'status', 'id'] as const;

export const questionFilterSchema = z.object({
  bankId: idParam('bankId').optional(),
  bankIds: idArray('bankIds').optional(),
  type: questionTypeSchema.optional(),
  types: z.array(questionTypeSchema).max(6).optional(),
  difficultyMin: difficultySchema.optional(),
  difficultyMax: difficultySchema.optional(),
  tagIds: idArray('tagIds').optional(),
  knowledgeIds: idArray('knowledgeIds').optional(),
  status: z
    .number({ error: 'status 必须是 0、1 或 2' })
    .int()
    .min(0, 'status 必须是 0、1 或 2')
    .max(2, 'status 必须是 0、1 或 2')
    .optional(),
  keyword: keywordQuery,
  sortField: z.enum(SORT_FIELDS, { error: `sortField 只能是 ${SORT_FIELDS.join('、')}` }).optional(),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder 只能是 asc 或 desc' }).optional(),
});
export type QuestionFilter = Partial<z.output<typeof questionFilterSchema>>;

export const idsBody = idListBody('ids', '请选择试题');
