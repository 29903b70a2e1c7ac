/**
 * Departments (spec §3 "Department tree", §7 "Department service"). Reads that other pages use (trees,
 * leaders, the colleague directory) are open to every signed-in member of the organisation and carry no
 * contact details; changes and exports need the 员工管理 menu.
 */
import { z } from 'zod';
import {
  booleanQuery,
  endpoint,
  envelopeOf,
  idListInQuery,
  idOf,
  nullableId,
  okReply,
  pageOf,
  pagedQuery,
} from './common';
import { directoryRow, STAFF_MENU, staffFilterSchema, staffStatus } from './staff';

const tag = '部门';
const D = '/user/api/v1/department';
/** Directory lists without paging return at most this many people. */
export const MAX_BATCH_STAFF = 10_000;

// ---------------------------------------------------------------------------------------------------------
// Request pieces
// ---------------------------------------------------------------------------------------------------------

const departmentName = z
  .string({ error: '部门名称不能为空' })
  .trim()
  .min(1, '部门名称不能为空')
  .max(50, '部门名称不能超过 50 个字符')
  .refine((value) => !/[/\\／]/.test(value), { error: '部门名称不能包含“/”或“\\”（“/”用于分隔部门路径）' });

/** The colleague directory: 在职 unless told otherwise, sub-departments included. */
const directoryFields = {
  status: z.preprocess(
    (value: number | string | undefined) => (value === '' ? undefined : value),
    staffStatus.default(0),
  ),
  includeSubDepartments: booleanQuery,
};

const SORT_MESSAGE = '排序位置必须是 0 到 100000 之间的整数';

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

const departmentFields = {
  departmentId: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
};

const countedFields = {
  ...departmentFields,
  sort: z.number(),
  /** Active staff of the department and all departments below it. */
  staffCount: z.number(),
  /** Active staff directly in the department. */
  ownStaffCount: z.number(),
};

/** A department as a new one is returned (a tree node without children). */
export const departmentRow = z.object(countedFields);
export type DepartmentRow = z.infer<typeof departmentRow>;

/** A node of the department tree with head counts. */
export interface DepartmentNode extends DepartmentRow {
  children: DepartmentNode[];
}
export const departmentNode: z.ZodType<DepartmentNode> = z.object({
  ...countedFields,
  get children() {
    return z.array(departmentNode);
  },
});

/** A node of the tree searched by name. */
export interface SearchedDepartmentNode extends DepartmentRow {
  /** The name contains the keyword (other nodes are ancestors or descendants of a match). */
  matched: boolean;
  children: SearchedDepartmentNode[];
}
export const searchedDepartmentNode: z.ZodType<SearchedDepartmentNode> = z.object({
  ...countedFields,
  matched: z.boolean(),
  get children() {
    return z.array(searchedDepartmentNode);
  },
});

/** Every department, flat, in tree (pre-)order. */
export const flatDepartment = z.object({
  ...departmentFields,
  sort: z.number(),
  /** Full path, e.g. 技术部/研发组. */
  path: z.string(),
  level: z.number(),
});
export type FlatDepartment = z.infer<typeof flatDepartment>;

export interface SimpleDepartmentNode {
  departmentId: number;
  name: string;
  parentId: number | null;
  children: SimpleDepartmentNode[];
}
export const simpleDepartmentNode: z.ZodType<SimpleDepartmentNode> = z.object({
  ...departmentFields,
  get children() {
    return z.array(simpleDepartmentNode);
  },
});

const treeStaff = z.object({ userId: z.number(), realName: z.string() });
export type TreeStaff = z.infer<typeof treeStaff>;

/** The tree with each department's active members (spec §3 "Department tree"). */
export interface StaffTreeNode {
  departmentId: number;
  name: string;
  parentId: number | null;
  staffs: TreeStaff[];
  children: StaffTreeNode[];
}
export const staffTreeNode: z.ZodType<StaffTreeNode> = z.object({
  ...departmentFields,
  staffs: z.array(treeStaff),
  get children() {
    return z.array(staffTreeNode);
  },
});

/** The staff tree with holders of a post marked. */
export interface PostMatchNode {
  departmentId: number;
  name: string;
  parentId: number | null;
  /** Staff holding the post in this department and below. */
  matchedCount: number;
  staffs: (TreeStaff & { matched: boolean })[];
  children: PostMatchNode[];
}
export const postMatchNode: z.ZodType<PostMatchNode> = z.object({
  ...departmentFields,
  matchedCount: z.number(),
  staffs: z.array(treeStaff.extend({ matched: z.boolean() })),
  get children() {
    return z.array(postMatchNode);
  },
});

export const departmentLeader = z.object({
  userId: z.number(),
  realName: z.string(),
  jobNumber: z.string().nullable(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
});
export type DepartmentLeader = z.infer<typeof departmentLeader>;

export const departmentContracts = {
  all: endpoint({
    method: 'GET',
    path: `${D}/all`,
    tag,
    summary: '全部部门（平铺，树的先序，含完整路径）',
    response: envelopeOf(z.array(flatDepartment)),
  }),
  tree: endpoint({
    method: 'GET',
    path: `${D}/tree`,
    tag,
    summary: '部门树（staffCount 为含下级部门的在职人数）',
    response: envelopeOf(z.array(departmentNode)),
  }),
  staffTree: endpoint({
    method: 'GET',
    path: `${D}/tree/staff-manage`,
    tag,
    summary: '部门树，每个部门带本部门在职员工 staffs [{realName, userId}]',
    response: envelopeOf(z.array(staffTreeNode)),
  }),
  postMatchTree: endpoint({
    method: 'GET',
    path: `${D}/tree/post/match`,
    tag,
    summary: '部门树，标出岗位为 postId 的员工（matched），matchedCount 含下级部门',
    query: z.object({ postId: idOf('岗位') }),
    response: envelopeOf(z.array(postMatchNode)),
  }),
  subtree: endpoint({
    method: 'GET',
    path: `${D}/subtree/simple`,
    tag,
    summary: '以 departmentId 为根的子树（只含 id 与名称）；不传则为整棵树',
    query: z.object({ departmentId: nullableId('部门') }),
    response: envelopeOf(z.array(simpleDepartmentNode)),
  }),
  searchTree: endpoint({
    method: 'POST',
    path: `${D}/tree/search`,
    tag,
    summary: '按名称搜索部门树：命中的部门（matched）连同其上级与下级',
    body: z
      .object({
        keyword: z
          .string({ error: '关键词必须是文本' })
          .trim()
          .max(50, '关键词不能超过 50 个字符')
          .default(''),
      })
      .optional(),
    response: envelopeOf(z.array(searchedDepartmentNode)),
  }),
  add: endpoint({
    method: 'POST',
    path: `${D}/add`,
    tag,
    summary: '新增部门（parentId 为空则为一级部门；同级不能重名）',
    access: { menu: STAFF_MENU },
    body: z.object({ name: departmentName, parentId: nullableId('上级部门') }),
    response: envelopeOf(departmentRow),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${D}/modify`,
    tag,
    summary:
      '修改部门：改名、移动（parentId，null 为一级；不能移到自身或下级之下）、排序（sort 为同级中的位置，从 0 起）',
    access: { menu: STAFF_MENU },
    body: z.object({
      departmentId: idOf('部门'),
      name: departmentName.optional(),
      parentId: nullableId('上级部门'),
      sort: z.coerce
        .number<number | string>({ error: SORT_MESSAGE })
        .int({ error: SORT_MESSAGE })
        .min(0, { error: '排序位置不能小于 0' })
        .max(100_000, { error: SORT_MESSAGE })
        .optional(),
    }),
    response: okReply,
  }),
  delete: endpoint({
    method: 'POST',
    path: `${D}/delete`,
    tag,
    summary: '删除部门（部门下还有员工或子部门时拒绝）',
    access: { menu: STAFF_MENU },
    body: z.object({ departmentId: idOf('部门') }),
    response: okReply,
  }),
  leaders: endpoint({
    method: 'GET',
    path: `${D}/get/department/leaders`,
    tag,
    summary: '部门负责人',
    query: z.object({ departmentId: idOf('部门') }),
    response: envelopeOf(z.array(departmentLeader)),
  }),
  setLeaders: endpoint({
    method: 'POST',
    path: `${D}/set/department/leaders`,
    tag,
    summary: '设置部门负责人（整体替换；须为本组织在职员工，可来自任意部门；空数组为清空）',
    access: { menu: STAFF_MENU },
    body: z.object({
      departmentId: idOf('部门'),
      userIds: z.array(idOf('员工'), { error: '负责人必须是列表' }).max(20, '负责人最多 20 人'),
    }),
    response: envelopeOf(z.array(departmentLeader)),
  }),
  staffs: endpoint({
    method: 'GET',
    path: `${D}/staffs`,
    tag,
    summary: '部门员工（分页；默认在职；默认含下级部门）',
    query: pagedQuery({ ...directoryFields, departmentId: idOf('部门') }),
    response: pageOf(directoryRow),
  }),
  staffsBatch: endpoint({
    method: 'GET',
    path: `${D}/staffs/batch`,
    tag,
    summary: `多个部门的员工（?departmentIds=1&departmentIds=2；默认在职、含下级部门；最多 ${MAX_BATCH_STAFF} 人）`,
    query: z.object({ ...directoryFields, departmentIds: idListInQuery('部门', '请选择部门') }),
    response: pageOf(directoryRow),
  }),
  organizationStaffs: endpoint({
    method: 'GET',
    path: `${D}/organization/staffs`,
    tag,
    summary: '本组织员工（分页；默认在职）',
    query: pagedQuery({ status: directoryFields.status }),
    response: pageOf(directoryRow),
  }),
  export: endpoint({
    method: 'GET',
    path: `${D}/export`,
    tag,
    summary: '导出部门架构与人数（.xlsx）；传 departmentId 则只导出该部门及其下级',
    access: { menu: STAFF_MENU },
    query: z.object({ departmentId: nullableId('部门') }),
    response: 'file',
  }),
  exportStaff: endpoint({
    method: 'POST',
    path: `${D}/export/specific`,
    tag,
    summary:
      '导出员工（.xlsx；超过 5000 人时为多个 .xlsx 的 zip）。body：{userIds} 指定员工，或 {filter} 同员工搜索条件',
    access: { menu: STAFF_MENU },
    body: z
      .object({
        userIds: z
          .array(idOf('员工'), { error: '员工必须是列表' })
          .max(100_000, '一次最多导出 100000 人')
          .optional(),
        filter: staffFilterSchema.optional(),
      })
      .optional(),
    response: 'file',
  }),
};
