/**
 * 岗位与岗位序列 (issue 16, spec §2 Positions): the post family tree (岗位序列), posts with their
 * departments and tags (type 3), staff of a post, Excel import/export and the public share link.
 * Paths under /post/api/v1.
 */
import { z } from 'zod';
import {
  countReply,
  endpoint,
  envelopeOf,
  idArray,
  idList,
  idOf,
  nullableId,
  pagedQuery,
  pageOf,
  paging,
  refOf,
} from './common';
import { importModeQuery, importStarted } from './file';

/** The post list page: every write of posts and families needs it. */
export const POST_LIST_MENU = '/manage/post/list';
/** Every page that reads posts (the 岗位管理 group and the pages that pick a post). */
export const POST_READ_MENUS = [
  POST_LIST_MENU,
  '/manage/post/ability',
  '/manage/post/ability/analysis',
  '/manage/post/ability/material',
  '/manage/post/course',
  '/manage/post/match',
  '/manage/post/knowledge/edit',
  '/manage/paper/post',
  '/manage/exam/post',
  '/manage/evaluate/exam/list',
  // learning targets pick posts for their scope (issue 18)
  '/manage/study/target',
  '/manage/system/staff',
] as const;

const P = '/post/api/v1/post';
const F = '/post/api/v1/family';
const tag = '岗位管理';

export const POST_NAME_MAX = 100;
export const POST_CODE_MAX = 50;
export const POST_GRADE_MAX = 30;
export const POST_TEXT_MAX = 5000;
export const POST_HEADCOUNT_MAX = 100_000;
/** The selectors' list (`simple`) returns at most this many posts. */
export const POST_SIMPLE_MAX = 2000;
/** The public profile page of a shared post (built by the post-public part). */
export const POST_SHARE_PATH = '/post/viewPosition';

// ---------------------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------------------

const blankToNull = <T>(value: T) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An optional text where '' or null clears the value. */
const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      (value: string | null | undefined) => blankToNull(value),
      z
        .string({ error: `${label}必须是文本` })
        .trim()
        .max(max, `${label}不能超过 ${max} 个字符`)
        .nullable(),
    )
    .optional();

export const postNameField = z
  .string({ error: '岗位名称不能为空' })
  .trim()
  .min(1, '岗位名称不能为空')
  .max(POST_NAME_MAX, `岗位名称不能超过 ${POST_NAME_MAX} 个字符`);

const headcountField = z
  .preprocess(
    (value: number | string | null | undefined) => blankToNull(value),
    z.coerce
      .number<number | string>({ error: '编制人数必须是数字' })
      .int('编制人数必须是整数')
      .min(0, '编制人数不能为负数')
      .max(POST_HEADCOUNT_MAX, `编制人数不能超过 ${POST_HEADCOUNT_MAX}`)
      .nullable(),
  )
  .optional();

const sortField = z
  .number({ error: '排序必须是数字' })
  .int('排序必须是整数')
  .min(0, '排序不能为负数')
  .max(100_000, '排序过大')
  .optional();

/** The fields of the post form (add; modify takes each optionally). */
const postFields = {
  code: optionalText('岗位编码', POST_CODE_MAX),
  familyId: nullableId('岗位序列'),
  grade: optionalText('职级', POST_GRADE_MAX),
  headcount: headcountField,
  departmentIds: idArray('所属部门', 50).optional(),
  tagIds: idArray('岗位标签', 50).optional(),
  duties: optionalText('岗位职责', POST_TEXT_MAX),
  requirements: optionalText('任职要求', POST_TEXT_MAX),
  description: optionalText('岗位描述', POST_TEXT_MAX),
  sort: sortField,
};

const familyName = z
  .string({ error: '序列名称不能为空' })
  .trim()
  .min(1, '序列名称不能为空')
  .max(100, '序列名称不能超过 100 个字符');

/** The post search filter (the list page, the export). */
export const postFilterSchema = z.object({
  /** The family and all its sub-families. */
  familyId: nullableId('岗位序列'),
  /** Posts in this department. */
  departmentId: nullableId('部门'),
  /** Part of the name or code. */
  keyword: z
    .preprocess(
      (value: string | null | undefined) => (value === null ? undefined : value),
      z.string({ error: '关键词必须是文本' }).trim().max(100, '关键词不能超过 100 个字符').optional(),
    )
    .transform((value) => value || undefined),
  /** Posts carrying any of these tags (type 3). */
  tagIds: idArray('岗位标签', 50).optional(),
});
export type PostFilter = z.input<typeof postFilterSchema>;

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

/** A post as selectors list it. */
export const postOption = z.object({
  postId: z.number(),
  postName: z.string(),
  /** null: not filed in a family. */
  familyId: z.number().nullable(),
});
export type PostOption = z.infer<typeof postOption>;

export const familyRow = z.object({
  id: z.number(),
  familyId: z.number(),
  name: z.string(),
  /** 0 at the top level. */
  parentId: z.number(),
  sort: z.number(),
  /** Posts filed directly in this family. */
  postCount: z.number(),
});
export type FamilyRow = z.infer<typeof familyRow>;
export type FamilyNode = FamilyRow & { children: FamilyNode[] };
export const familyNode: z.ZodType<FamilyNode> = familyRow.extend({
  get children() {
    return z.array(familyNode);
  },
});

const departmentRef = z.object({ departmentId: z.number(), name: z.string() });
const tagRef = z.object({ tagId: z.number(), name: z.string(), color: z.string() });

/** A post as the list shows it. */
export const postRow = z.object({
  postId: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  grade: z.string().nullable(),
  headcount: z.number().nullable(),
  familyId: z.number().nullable(),
  familyName: z.string().nullable(),
  departments: z.array(departmentRef),
  tags: z.array(tagRef),
  /** Staff whose post this is. */
  staffCount: z.number(),
  sort: z.number(),
  shared: z.boolean(),
  /** Epoch milliseconds. */
  updatedAt: z.number(),
});
export type PostRow = z.infer<typeof postRow>;

/** One ability of the post's model (read-only here; edited on post/ability). */
export const postAbilitySummary = z.object({
  abilityId: z.number(),
  name: z.string(),
  dimensionName: z.string(),
  requiredLevel: z.number(),
  weight: z.number(),
});

export const postDetail = postRow.extend({
  duties: z.string().nullable(),
  requirements: z.string().nullable(),
  description: z.string().nullable(),
  /** e.g. 技术序列/研发; '' when not filed. */
  familyPath: z.string(),
  /** null: not shared. */
  shareToken: z.string().nullable(),
  abilities: z.array(postAbilitySummary),
  knowledgeCount: z.number(),
  paperCount: z.number(),
});
export type PostDetail = z.infer<typeof postDetail>;

export const postStaffRow = z.object({
  userId: z.number(),
  realName: z.string(),
  account: z.string(),
  jobNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
  /** 0 在职, 1 离职. */
  status: z.number(),
});
export type PostStaffRow = z.infer<typeof postStaffRow>;

const postIdQuery = z.object({ postId: idOf('岗位') });

export const postContracts = {
  // ---- posts ------------------------------------------------------------------------------------------
  simple: endpoint({
    method: 'GET',
    path: `${P}/simple`,
    tag,
    summary: `全部岗位（供选择器使用，按序列与排序；最多 ${POST_SIMPLE_MAX} 个）`,
    access: { menu: POST_READ_MENUS },
    response: envelopeOf(z.array(postOption)),
  }),
  search: endpoint({
    method: 'POST',
    path: `${P}/search`,
    tag,
    summary: '岗位搜索（分页；序列含下级序列；关键词匹配名称或编码；标签为任一匹配）',
    access: { menu: POST_READ_MENUS },
    query: paging,
    body: postFilterSchema.optional(),
    response: pageOf(postRow),
  }),
  get: endpoint({
    method: 'GET',
    path: `${P}/get`,
    tag,
    summary: '岗位详情（含序列路径、部门、标签、人数、能力模型摘要、知识点与试卷数）',
    access: { menu: POST_READ_MENUS },
    query: postIdQuery,
    response: envelopeOf(postDetail),
  }),
  add: endpoint({
    method: 'POST',
    path: `${P}/add`,
    tag,
    summary: '新增岗位（名称在本组织内唯一；编码填写时唯一）',
    access: { menu: POST_LIST_MENU },
    body: z.object({ name: postNameField, ...postFields }),
    response: envelopeOf(postDetail),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${P}/modify`,
    tag,
    summary: '修改岗位（只改传入的字段；null 清空选填字段；departmentIds/tagIds 传入时整体替换）',
    access: { menu: POST_LIST_MENU },
    body: z.object({ postId: idOf('岗位'), name: postNameField.optional(), ...postFields }),
    response: envelopeOf(postDetail),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${P}/delete`,
    tag,
    summary: '删除岗位（有考试引用时拒绝；该岗位员工的岗位被清空）',
    access: { menu: POST_LIST_MENU },
    query: postIdQuery,
    response: countReply,
  }),
  staff: endpoint({
    method: 'GET',
    path: `${P}/staff`,
    tag,
    summary: '岗位上的员工（分页）',
    access: { menu: POST_READ_MENUS },
    query: pagedQuery({ postId: idOf('岗位') }),
    response: pageOf(postStaffRow),
  }),
  assignStaff: endpoint({
    method: 'POST',
    path: `${P}/staff/assign`,
    tag,
    summary: '把员工调到该岗位（只能是本组织的员工）',
    access: { menu: POST_LIST_MENU },
    body: z.object({ postId: idOf('岗位'), userIds: idList('员工', '请选择员工', 10_000) }),
    response: countReply,
  }),
  share: endpoint({
    method: 'POST',
    path: `${P}/share`,
    tag,
    summary: `分享岗位公开页（${POST_SHARE_PATH}?token=…）；已分享时返回原 token`,
    access: { menu: POST_LIST_MENU },
    query: postIdQuery,
    response: envelopeOf(z.object({ shareToken: z.string() })),
  }),
  unshare: endpoint({
    method: 'POST',
    path: `${P}/unshare`,
    tag,
    summary: '取消分享（原链接失效）',
    access: { menu: POST_LIST_MENU },
    query: postIdQuery,
    response: countReply,
  }),
  export: endpoint({
    method: 'POST',
    path: `${P}/export`,
    tag,
    summary: '导出岗位（.xlsx，按当前筛选条件）',
    access: { menu: POST_READ_MENUS },
    body: postFilterSchema.optional(),
    response: 'file',
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: `${P}/import/template`,
    tag,
    summary: '下载岗位导入模板（.xlsx，含本组织的序列与部门）',
    access: { menu: POST_LIST_MENU },
    response: 'file',
  }),
  import: endpoint({
    method: 'POST',
    path: `${P}/import`,
    tag,
    summary:
      '导入岗位（multipart 文件字段 file）。mode=all 有任何错误行则全部不导入；mode=valid 只导入正确行。返回 jobId，进度与结果见 GET /user/api/v1/jobs/:id',
    access: { menu: POST_LIST_MENU },
    query: importModeQuery,
    response: importStarted,
  }),

  // ---- families (岗位序列) ------------------------------------------------------------------------------
  familyTree: endpoint({
    method: 'GET',
    path: `${F}/tree`,
    tag,
    summary: '岗位序列树（子序列在 children）',
    access: { menu: POST_READ_MENUS },
    response: envelopeOf(z.array(familyNode)),
  }),
  familyAdd: endpoint({
    method: 'POST',
    path: `${F}/add`,
    tag,
    summary: '新增岗位序列（parentId 为 0 时在顶层；同级名称不能重复）',
    access: { menu: POST_LIST_MENU },
    body: z.object({ name: familyName, parentId: refOf('上级序列').default(0), sort: sortField }),
    response: envelopeOf(familyRow),
  }),
  familyModify: endpoint({
    method: 'POST',
    path: `${F}/modify`,
    tag,
    summary: '修改岗位序列名称或排序',
    access: { menu: POST_LIST_MENU },
    body: z.object({ familyId: idOf('岗位序列'), name: familyName.optional(), sort: sortField }),
    response: envelopeOf(familyRow),
  }),
  familyMove: endpoint({
    method: 'POST',
    path: `${F}/move`,
    tag,
    summary: '移动岗位序列（parentId 为 0 时移到顶层；不能移到自身或其子序列下）',
    access: { menu: POST_LIST_MENU },
    body: z.object({ familyId: idOf('岗位序列'), parentId: refOf('上级序列'), sort: sortField }),
    response: envelopeOf(familyRow),
  }),
  familyDelete: endpoint({
    method: 'POST',
    path: `${F}/delete`,
    tag,
    summary: '删除岗位序列（有子序列或岗位时拒绝）',
    access: { menu: POST_LIST_MENU },
    query: z.object({ familyId: idOf('岗位序列') }),
    response: countReply,
  }),
};
