/** Question banks: 我的题库 and 公开题库 (spec §2 question/bank; paths in the style of spec §7). */
import { z } from 'zod';
import { endpoint, envelopeOf, idList, idOf, imageUrlField, keyword, pageOf, paging } from './common';
import { tagRef } from './tag';

export const BANK_MENU = '/manage/question/bank';
export const EVALUATE_BANK_MENU = '/manage/evaluate/question/bank';
/** Either page manages banks (the evaluation page shows the 测评 category). */
const WRITE_MENUS = [BANK_MENU, EVALUATE_BANK_MENU];

const B = '/question/api/v1/bank';
const tag = '题库';

export const BANK_SCOPES = ['mine', 'public'] as const;
export type BankScope = (typeof BANK_SCOPES)[number];

const scopeField = z.enum(BANK_SCOPES, {
  error: "范围只能是 'mine'（我的题库）或 'public'（公开题库）",
});

const bankName = z
  .string({ error: '题库名称必须是文本' })
  .trim()
  .min(1, '题库名称不能为空')
  .max(100, '题库名称不能超过 100 个字符');

const bankDescription = z
  .string({ error: '题库描述必须是文本' })
  .trim()
  .max(500, '题库描述不能超过 500 个字符')
  .nullish();

const bankCategory = z
  .string({ error: '题库分类必须是文本' })
  .trim()
  .max(50, '题库分类不能超过 50 个字符')
  .nullish();

const tagIdList = z.array(idOf('标签'), { error: '标签必须是列表' }).max(50, '标签最多 50 个');

// ---- replies ----

/** How many questions of one type a bank holds. */
export const typeCount = z.object({ type: z.number(), label: z.string(), count: z.number() });
export type TypeCount = z.infer<typeof typeCount>;

export const bankRow = z.object({
  bankId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  coverUrl: z.string().nullable(),
  /** A platform bank seen from another organisation: read-only, copyable. */
  isPublic: z.boolean(),
  /** Whether the caller's organisation owns it (and may change it, given the menu). */
  editable: z.boolean(),
  tags: z.array(tagRef),
  questionCount: z.number(),
  /** Every canonical type in order, zero when the bank has none of it. */
  typeCounts: z.array(typeCount),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type BankRow = z.infer<typeof bankRow>;

export const bankSimple = z.object({ bankId: z.number(), name: z.string(), isPublic: z.boolean() });
export type BankSimple = z.infer<typeof bankSimple>;

// ---- requests ----

const bankFields = {
  description: bankDescription,
  category: bankCategory,
  coverUrl: imageUrlField('封面'),
  tagIds: tagIdList.optional(),
};

export const bankContracts = {
  // Reading is open to every signed-in member: question, paper and exam pages pick banks too.
  list: endpoint({
    method: 'POST',
    path: `${B}/list`,
    tag,
    summary: '题库列表（我的题库 / 公开题库；名称搜索、分类、标签筛选；含各题型试题数）',
    query: paging,
    body: z
      .object({
        scope: scopeField.default('mine'),
        keyword,
        category: bankCategory.transform((value) => value || undefined),
        tagIds: tagIdList.optional(),
      })
      .nullish()
      .transform((body) => body ?? { scope: 'mine' as const }),
    response: pageOf(bankRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${B}/detail`,
    tag,
    summary: '题库详情（含各题型试题数）',
    query: z.object({ bankId: idOf('题库') }),
    response: envelopeOf(bankRow),
  }),
  simple: endpoint({
    method: 'GET',
    path: `${B}/simple`,
    tag,
    summary: '可选的题库（本组织的在前，公开题库在后）',
    response: envelopeOf(z.array(bankSimple)),
  }),
  categories: endpoint({
    method: 'GET',
    path: `${B}/categories`,
    tag,
    summary: '题库分类（去重，按名称）',
    query: z.object({ scope: scopeField.optional() }),
    response: envelopeOf(z.array(z.string())),
  }),
  add: endpoint({
    method: 'POST',
    path: `${B}/add`,
    tag,
    summary: '新建题库',
    access: { menu: WRITE_MENUS },
    body: z.object({ name: bankName, ...bankFields }),
    response: envelopeOf(bankRow),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${B}/modify`,
    tag,
    summary: '修改题库（只改传入的字段；tagIds 传入时替换标签；公开题库不可修改）',
    access: { menu: WRITE_MENUS },
    body: z.object({ bankId: idOf('题库'), name: bankName.optional(), ...bankFields }),
    response: envelopeOf(bankRow),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${B}/delete`,
    tag,
    summary:
      '删除题库（全部成功或全部不删）。题库中还有试题时拒绝（409），除非给出 moveTo：先把试题移动到该题库（本组织的另一题库）再删除，在同一事务中完成',
    access: { menu: WRITE_MENUS },
    body: z.object({
      bankIds: idList('题库', '请选择要删除的题库', 100),
      moveTo: idOf('目标题库').optional(),
    }),
    response: envelopeOf(z.object({ count: z.number(), moved: z.number() })),
  }),
  copy: endpoint({
    method: 'POST',
    path: `${B}/copy`,
    tag,
    summary: '复制题库（连同全部试题）到我的题库',
    access: { menu: WRITE_MENUS },
    body: z.object({ bankId: idOf('题库') }),
    response: envelopeOf(bankRow),
  }),
};
