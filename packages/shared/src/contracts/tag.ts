/** Tags of the five types, and tags on users (spec §3 tag types; paths in the style of spec §7). */
import { z } from 'zod';
import { isTagType, type TagType } from '../enums';
import {
  countReply,
  endpoint,
  envelopeOf,
  idList,
  idListInQuery,
  idOf,
  keyword,
  pageOf,
  pagedQuery,
} from './common';

export const TAG_MENU = '/manage/system/tag';
const STAFF_MENU = '/manage/system/staff';
const T = '/user/api/v1/tag';
const tag = '标签';

const TYPE_MESSAGE = '标签类型必须是 1 到 5 之间的整数（1 题库，2 试题，3 岗位，4 用户，5 组织）';

/** A tag type, from a query string or a body. */
const tagType = z.coerce
  .number<number | string>({ error: TYPE_MESSAGE })
  .refine(isTagType, TYPE_MESSAGE)
  .transform((value) => value as TagType);

const tagName = z
  .string({ error: '标签名称必须是文本' })
  .trim()
  .min(1, '标签名称不能为空')
  .max(50, '标签名称不能超过 50 个字符');

/** '#rgb', '#rrggbb' or '#rrggbbaa', stored in lower case. */
const tagColor = z
  .string({ error: '颜色必须是文本' })
  .trim()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, '颜色必须是十六进制色值，如 #1677ff')
  .transform((value) => value.toLowerCase());

const tagDescription = z
  .string({ error: '标签描述必须是文本' })
  .trim()
  .max(200, '标签描述不能超过 200 个字符')
  .nullish();

/** A tag as pickers and tagged things show it. */
export const tagRef = z.object({ tagId: z.number(), type: z.number(), name: z.string(), color: z.string() });
export type TagRef = z.infer<typeof tagRef>;

/** A tag as the tag list shows it. */
export const tagRow = tagRef.extend({
  typeLabel: z.string(),
  description: z.string().nullable(),
  /** How many things carry the tag. */
  usageCount: z.number(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TagRow = z.infer<typeof tagRow>;

export const TAG_SORT_FIELDS = ['name', 'usageCount', 'createdAt'] as const;
export type TagSortField = (typeof TAG_SORT_FIELDS)[number];

const userTagLinks = z.object({
  userIds: idList('员工', '请选择员工', 10_000),
  tagIds: idList('标签', '请选择标签', 100),
});

export const tagContracts = {
  list: endpoint({
    method: 'GET',
    path: `${T}/list`,
    tag,
    summary: '标签列表（分页；按类型筛选、名称搜索；含使用次数）',
    access: { menu: TAG_MENU },
    query: pagedQuery({
      type: tagType.optional(),
      keyword,
      sortField: z
        .enum(TAG_SORT_FIELDS, { error: '排序字段只能是 name、usageCount 或 createdAt' })
        .optional(),
      sortOrder: z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).optional(),
    }),
    response: pageOf(tagRow),
  }),
  // Pickers of every feature use this, so any signed-in member of the organisation may read it.
  simple: endpoint({
    method: 'GET',
    path: `${T}/simple`,
    tag,
    summary: '某类型的全部标签（供选择）',
    query: z.object({ type: tagType }),
    response: envelopeOf(z.array(tagRef)),
  }),
  add: endpoint({
    method: 'POST',
    path: `${T}/add`,
    tag,
    summary: '新增标签（同一类型下名称唯一）',
    access: { menu: TAG_MENU },
    body: z.object({
      type: tagType,
      name: tagName,
      color: tagColor.default('#1677ff'),
      description: tagDescription,
    }),
    response: envelopeOf(tagRow),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${T}/modify`,
    tag,
    summary: '修改标签（只改传入的字段；类型不可改）',
    access: { menu: TAG_MENU },
    body: z.object({
      tagId: idOf('标签'),
      name: tagName.optional(),
      color: tagColor.optional(),
      description: tagDescription,
    }),
    response: envelopeOf(tagRow),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${T}/delete`,
    tag,
    summary: '删除标签（同时解除它与题库、试题、岗位、用户等的关联）',
    access: { menu: TAG_MENU },
    query: z.object({ tagIds: idListInQuery('标签', '请选择要删除的标签') }),
    response: countReply,
  }),
  addToUsers: endpoint({
    method: 'POST',
    path: `${T}/users/add`,
    tag,
    summary: '为员工添加用户标签',
    access: { menu: [TAG_MENU, STAFF_MENU] },
    body: userTagLinks,
    response: countReply,
  }),
  removeFromUsers: endpoint({
    method: 'POST',
    path: `${T}/users/remove`,
    tag,
    summary: '移除员工的用户标签',
    access: { menu: [TAG_MENU, STAFF_MENU] },
    body: userTagLinks,
    response: countReply,
  }),
};
