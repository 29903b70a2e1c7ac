/** Paper banks (spec §7 "Paper bank /paper/api/v1/bank" and "bank create, list, modify, delete"). */
import { z } from 'zod';
import {
  countReply,
  endpoint,
  envelopeOf,
  idList,
  idOf,
  keyword,
  pageOf,
  pagedQuery,
  paging,
  refOf,
} from './common';
import { PAPER_BANK_MENU, PAPER_READ_MENUS } from './paper';

const B = '/paper/api/v1/bank';
const tag = '试卷库';

const bankName = z
  .string({ error: '试卷库名称必须是文本' })
  .trim()
  .min(1, '试卷库名称不能为空')
  .max(100, '试卷库名称不能超过 100 个字符');
const bankDescription = z
  .string({ error: '试卷库描述必须是文本' })
  .trim()
  .max(500, '试卷库描述不能超过 500 个字符')
  .nullish();
/** 0 or absent: no category. */
const categoryField = z
  .number({ error: '分类必须是数字' })
  .int('分类必须是整数')
  .min(0, '分类不能为负数')
  .optional();
const searchBody = z
  .object({ keyword, categoryId: categoryField })
  .nullish()
  .transform((body) => body ?? { keyword: undefined, categoryId: undefined });

/** A paper bank as lists and writes return it. */
export const paperBankRow = z.object({
  id: z.number(),
  paperBankId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  /** 0: no category. */
  categoryId: z.number(),
  categoryName: z.string(),
  paperCount: z.number(),
  isPublic: z.boolean(),
  editable: z.boolean(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PaperBankRow = z.infer<typeof paperBankRow>;

/** Own banks of one category (未分类: categoryId 0). */
export const bankGroup = z.object({
  categoryId: z.number(),
  categoryName: z.string(),
  paperBanks: z.array(z.object({ paperBankId: z.number(), name: z.string() })),
});
export type BankGroup = z.infer<typeof bankGroup>;

const search = (summary: string, path: string) =>
  endpoint({
    method: 'POST',
    path: `${B}/${path}`,
    tag,
    summary,
    access: { menu: PAPER_READ_MENUS },
    query: paging,
    body: searchBody,
    response: pageOf(paperBankRow),
  });

export const paperBankContracts = {
  searchInner: search('本组织的试卷库（名称、分类筛选，分类含子分类）', 'search/inner'),
  searchOuter: search('公开试卷库（平台已发布分类下的试卷库，只读）', 'search/outer'),
  list: search('试卷库列表（同 search/inner）', 'list'),
  byCategory: endpoint({
    method: 'POST',
    path: `${B}/search/bycategory`,
    tag,
    summary: '按分类查询本组织的试卷库（categoryId 为 0 时全部；含子分类）',
    access: { menu: PAPER_READ_MENUS },
    query: pagedQuery({ categoryId: refOf('分类').default(0) }),
    body: searchBody,
    response: pageOf(paperBankRow),
  }),
  grouped: endpoint({
    method: 'GET',
    path: `${B}/paper/bank/category/get/all`,
    tag,
    summary: '本组织的试卷库按分类分组（未分类的在最后，categoryId 0）',
    access: { menu: PAPER_READ_MENUS },
    response: envelopeOf(z.array(bankGroup)),
  }),
  besides: endpoint({
    method: 'GET',
    path: `${B}/get/all/besides`,
    tag,
    summary: '除指定试卷库外本组织的全部试卷库（移动试卷的目标）',
    access: { menu: PAPER_READ_MENUS },
    query: z.object({ paperBankId: idOf('试卷库') }),
    response: envelopeOf(z.array(paperBankRow)),
  }),
  create: endpoint({
    method: 'POST',
    path: `${B}/create`,
    tag,
    summary: '新建试卷库',
    access: { menu: PAPER_BANK_MENU },
    body: z.object({ name: bankName, categoryId: categoryField, description: bankDescription }),
    response: envelopeOf(paperBankRow),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${B}/modify`,
    tag,
    summary: '修改试卷库（只改传入的字段；categoryId 0 表示未分类）',
    access: { menu: PAPER_BANK_MENU },
    body: z.object({
      paperBankId: idOf('试卷库'),
      name: bankName.optional(),
      categoryId: categoryField,
      description: bankDescription,
    }),
    response: envelopeOf(paperBankRow),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${B}/delete`,
    tag,
    summary: '删除一个试卷库（库中还有试卷时拒绝）',
    access: { menu: PAPER_BANK_MENU },
    query: z.object({ paperBankId: idOf('试卷库') }),
    response: countReply,
  }),
  deleteMany: endpoint({
    method: 'POST',
    path: `${B}/delete/paper-banks`,
    tag,
    summary: '批量删除试卷库（全部成功或全部不删；库中还有试卷时拒绝）',
    access: { menu: PAPER_BANK_MENU },
    body: z.object({ paperBankIds: idList('试卷库', '请选择要删除的试卷库', 100) }),
    response: countReply,
  }),
};
