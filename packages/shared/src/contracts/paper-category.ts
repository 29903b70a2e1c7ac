/** Paper categories: a tree per organisation (spec §7 "category get-all, tree by categoryId, add, modify, delete, move"). */
import { z } from 'zod';
import { countReply, endpoint, envelopeOf, idOf, refOf } from './common';
import { PAPER_BANK_MENU, PAPER_READ_MENUS } from './paper';

const C = '/paper/api/v1/category';
const tag = '试卷分类';

const categoryName = z
  .string({ error: '分类名称必须是文本' })
  .trim()
  .min(1, '分类名称不能为空')
  .max(100, '分类名称不能超过 100 个字符');

/** 0 means the top level (全部分类). */
const parentField = refOf('上级分类').default(0);

const sortField = z
  .number({ error: '排序必须是数字' })
  .int('排序必须是整数')
  .min(0, '排序不能为负数')
  .max(100_000, '排序过大')
  .optional();

/** A category as the flat list and every write return it. */
export const categoryRow = z.object({
  id: z.number(),
  categoryId: z.number(),
  name: z.string(),
  /** 0 at the top level. */
  parentId: z.number(),
  sort: z.number(),
  published: z.boolean(),
});
export type CategoryRow = z.infer<typeof categoryRow>;

export type CategoryNode = CategoryRow & { categoryTreeVOS: CategoryNode[] };
/** A category with its sub-categories (`categoryTreeVOS`), as the tree returns it. */
export const categoryNode: z.ZodType<CategoryNode> = categoryRow.extend({
  get categoryTreeVOS() {
    return z.array(categoryNode);
  },
});

export const paperCategoryContracts = {
  getAll: endpoint({
    method: 'GET',
    path: `${C}/get-all`,
    tag,
    summary: '全部试卷分类（平铺）',
    access: { menu: PAPER_READ_MENUS },
    response: envelopeOf(z.array(categoryRow)),
  }),
  tree: endpoint({
    method: 'GET',
    path: `${C}/tree`,
    tag,
    summary: '分类树（categoryId 为 0 或不传时返回根节点「全部分类」，id 为 0；子节点在 categoryTreeVOS）',
    access: { menu: PAPER_READ_MENUS },
    query: z.object({ categoryId: refOf('分类').default(0) }),
    response: envelopeOf(z.array(categoryNode)),
  }),
  add: endpoint({
    method: 'POST',
    path: `${C}/add`,
    tag,
    summary: '新增分类（parentId 为 0 时在顶层；同级名称不能重复）',
    access: { menu: PAPER_BANK_MENU },
    body: z.object({ name: categoryName, parentId: parentField, sort: sortField }),
    response: envelopeOf(categoryRow),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${C}/modify`,
    tag,
    summary: '修改分类名称或排序',
    access: { menu: PAPER_BANK_MENU },
    body: z.object({ categoryId: idOf('分类'), name: categoryName.optional(), sort: sortField }),
    response: envelopeOf(categoryRow),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${C}/delete`,
    tag,
    summary: '删除分类（有子分类、试卷库或试卷时拒绝）',
    access: { menu: PAPER_BANK_MENU },
    query: z.object({ categoryId: idOf('分类') }),
    response: countReply,
  }),
  move: endpoint({
    method: 'POST',
    path: `${C}/move`,
    tag,
    summary: '移动分类到另一分类下（parentId 为 0 时移到顶层；不能移到自身或子分类下）',
    access: { menu: PAPER_BANK_MENU },
    body: z.object({ categoryId: idOf('分类'), parentId: parentField, sort: sortField }),
    response: envelopeOf(categoryRow),
  }),
  publish: endpoint({
    method: 'POST',
    path: `${C}/publish`,
    tag,
    summary: '发布或取消发布分类（平台组织已发布分类下的试卷库对所有组织公开）',
    access: { menu: PAPER_BANK_MENU },
    query: z.object({
      categoryId: idOf('分类'),
      published: z
        .enum(['true', 'false', '1', '0'], { error: '是否发布只能是 true 或 false' })
        .default('true')
        .transform((value) => value === 'true' || value === '1'),
    }),
    response: envelopeOf(categoryRow),
  }),
};
