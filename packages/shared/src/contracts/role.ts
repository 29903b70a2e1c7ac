/** Roles, their permission bits, menu grants and members (spec §6, §7 "Permissions and roles"). */
import { z } from 'zod';
import {
  isPermissionIndex,
  PERMISSION_INDICES,
  permissionMaskFromIndices,
  type PermissionIconName,
} from '../permission';
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
import { endpointQuery, flatMenuEntry, modeMenuGroup } from './menu';

/** The menu entry of the roles page: changing roles and grants needs it (admins always pass). */
export const PERMISSION_MENU = '/manage/system/permission';
/** The staff page reads roles too (to show and pick them). */
const STAFF_MENU = '/manage/system/staff';
const READ_MENUS = [PERMISSION_MENU, STAFF_MENU];
const tag = '角色权限';
const ROLE = '/user/api/v1/role';
const PERM = '/user/api/v2/sys/permission';

/** Every bit a role's permission mask may carry (indices 1..4). */
export const ALL_PERMISSION_BITS = permissionMaskFromIndices(PERMISSION_INDICES);

// ---------------------------------------------------------------------------------------------------------
// Request pieces
// ---------------------------------------------------------------------------------------------------------

const roleName = z
  .string({ error: '角色名称必须是文本' })
  .trim()
  .min(1, '角色名称不能为空')
  .max(50, '角色名称不能超过 50 个字符');

const roleDescription = z
  .string({ error: '角色描述必须是文本' })
  .trim()
  .max(200, '角色描述不能超过 200 个字符')
  .nullish();

const permissionMask = z
  .number({ error: '权限必须是数字' })
  .int('权限必须是整数')
  .min(0, '权限不能为负数')
  .refine((mask) => (mask & ~ALL_PERMISSION_BITS) === 0, '权限只能包含权限 1 到 4 的位');

const permissionList = z
  .array(
    z.number({ error: '权限编号必须是数字' }).refine(isPermissionIndex, '权限编号必须是 1 到 4 之间的整数'),
  )
  .max(4, '权限编号最多 4 项');

const menuIdList = z
  .array(idOf('菜单'), { error: '菜单必须是列表' })
  .max(500, '菜单最多 500 项')
  .describe('菜单 id；选中一个节点即授予其整棵子树');

/** The mask (`permission`) and the indices (`permissions`), when both are sent, must agree. */
function permissionsAgree(
  input: { permission?: number | undefined; permissions?: number[] | undefined },
  ctx: z.RefinementCtx,
): void {
  if (input.permission === undefined || input.permissions === undefined) return;
  const fromIndices = input.permissions.every(isPermissionIndex)
    ? permissionMaskFromIndices(input.permissions)
    : undefined;
  if (fromIndices !== undefined && fromIndices !== input.permission) {
    ctx.addIssue({
      code: 'custom',
      path: ['permissions'],
      message: '权限编号与权限值不一致，请只传其中一个',
    });
  }
}

const PERMISSION_TYPE_MESSAGE = '权限类型必须是 1（菜单）或 2（权限位）';

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

const permissionIndex = z.literal([...PERMISSION_INDICES]);

/** A role as the role list shows it. */
export const roleRow = z.object({
  roleId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  /** Bit mask: permission index n sets 1 << n. */
  permission: z.number(),
  permissions: z.array(permissionIndex),
  userCount: z.number(),
  isDefault: z.boolean(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
});
export type RoleRow = z.infer<typeof roleRow>;

/** A member of a role. */
export const roleMember = z.object({
  userId: z.number(),
  account: z.string(),
  realName: z.string(),
  jobNumber: z.string().nullable(),
  phone: z.string().nullable(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  /** 0 在职, 1 离职. */
  status: z.number(),
  isAdmin: z.boolean(),
});
export type RoleMember = z.infer<typeof roleMember>;

/** A permission bit as the role form offers it. */
export const permissionEntry = z.object({
  index: permissionIndex,
  label: z.string(),
  icon: z.enum([
    'ReadOutlined',
    'DatabaseOutlined',
    'ApartmentOutlined',
    'FileDoneOutlined',
  ] as const satisfies readonly PermissionIconName[]),
  /** 2 ** index. */
  mask: z.number(),
});
export type PermissionEntry = z.infer<typeof permissionEntry>;

/** Roles taken away: how many memberships went, and how many people fell back to the default role. */
const reassignedReply = envelopeOf(z.object({ count: z.number(), reassigned: z.number() }));

export const roleContracts = {
  permissions: endpoint({
    method: 'GET',
    path: `${ROLE}/permission/get`,
    tag,
    summary: '权限位列表（编号、名称、图标、位值）',
    access: { menu: READ_MENUS },
    response: envelopeOf(z.array(permissionEntry)),
  }),
  list: endpoint({
    method: 'GET',
    path: `${ROLE}/permission/role/get`,
    tag,
    summary: '角色列表（分页，按名称或描述搜索）',
    access: { menu: READ_MENUS },
    query: pagedQuery({ keyword }),
    response: pageOf(roleRow),
  }),
  add: endpoint({
    method: 'POST',
    path: `${ROLE}/permission/role/add`,
    tag,
    summary: '新增角色',
    access: { menu: PERMISSION_MENU },
    body: z
      .object({
        name: roleName,
        description: roleDescription,
        permission: permissionMask.optional(),
        permissions: permissionList.optional(),
        menuIds: menuIdList.optional(),
      })
      .superRefine(permissionsAgree),
    response: envelopeOf(roleRow),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${ROLE}/modify`,
    tag,
    summary: '修改角色（只改传入的字段；menuIds 替换菜单授权；isDefault=true 设为默认角色）',
    access: { menu: PERMISSION_MENU },
    body: z
      .object({
        roleId: idOf('角色'),
        name: roleName.optional(),
        description: roleDescription,
        permission: permissionMask.optional(),
        permissions: permissionList.optional(),
        menuIds: menuIdList.optional(),
        isDefault: z.boolean({ error: '默认角色必须是布尔值' }).optional(),
      })
      .superRefine(permissionsAgree),
    response: envelopeOf(roleRow),
  }),
  delete: endpoint({
    method: 'POST',
    path: `${ROLE}/permission/role/delete`,
    tag,
    summary: '删除角色（默认角色不能删除；成员失去全部角色时改为默认角色）',
    access: { menu: PERMISSION_MENU },
    query: z.object({ roleIds: idListInQuery('角色', '请选择要删除的角色') }),
    response: reassignedReply,
  }),
  assign: endpoint({
    method: 'POST',
    path: `${ROLE}/assign`,
    tag,
    summary: '为员工分配角色（add 追加，replace 替换全部角色）',
    access: { menu: PERMISSION_MENU },
    body: z.object({
      userIds: idList('员工', '请选择员工', 10_000),
      roleIds: idList('角色', '请选择角色', 100),
      mode: z.enum(['replace', 'add'], { error: '方式只能是 replace 或 add' }).default('add'),
    }),
    response: countReply,
  }),
  unassign: endpoint({
    method: 'POST',
    path: `${ROLE}/unassign`,
    tag,
    summary: '将员工移出角色（失去全部角色的员工改为默认角色）',
    access: { menu: PERMISSION_MENU },
    body: z.object({
      userIds: idList('员工', '请选择员工', 10_000),
      roleIds: idList('角色', '请选择角色', 100),
    }),
    response: reassignedReply,
  }),
  members: endpoint({
    method: 'GET',
    path: `${ROLE}/users`,
    tag,
    summary: '角色成员（分页，按姓名、账号或工号搜索）',
    access: { menu: READ_MENUS },
    query: pagedQuery({ roleId: idOf('角色'), keyword }),
    response: pageOf(roleMember),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${ROLE}/detail`,
    tag,
    summary: '角色详情（含直接授权的菜单 id）',
    access: { menu: READ_MENUS },
    query: z.object({ roleId: idOf('角色') }),
    response: envelopeOf(roleRow.extend({ menuIds: z.array(z.number()) })),
  }),

  // ---- /user/api/v2/sys/permission (get/menu is in menu.ts) ----------------------------------------------

  menuList: endpoint({
    method: 'GET',
    path: `${PERM}/get/by-endpoint/list`,
    tag,
    summary: '全部菜单（平铺，含 parentId，供授权）',
    access: { menu: PERMISSION_MENU },
    query: endpointQuery,
    response: envelopeOf(z.array(flatMenuEntry)),
  }),
  grantTree: endpoint({
    method: 'GET',
    path: `${PERM}/get/by-endpoint/menu`,
    tag,
    summary: '全部菜单树，按功能模式分组（供授权勾选）',
    access: { menu: PERMISSION_MENU },
    query: endpointQuery,
    response: envelopeOf(z.array(modeMenuGroup)),
  }),
  grantOf: endpoint({
    method: 'GET',
    path: `${PERM}/get/by-role`,
    tag,
    summary: '角色的授权：permissionType 1 菜单 id，2 权限位编号',
    access: { menu: READ_MENUS },
    query: z.object({
      roleId: idOf('角色'),
      permissionType: z.coerce
        .number<number | string>({ error: PERMISSION_TYPE_MESSAGE })
        .int(PERMISSION_TYPE_MESSAGE)
        .min(1, PERMISSION_TYPE_MESSAGE)
        .max(2, PERMISSION_TYPE_MESSAGE)
        .default(1),
    }),
    /** Menu ids (type 1) or permission indices (type 2). */
    response: envelopeOf(z.array(z.number())),
  }),
  setMenus: endpoint({
    method: 'POST',
    path: `${PERM}/modify/by-role`,
    tag,
    summary: '设置角色授权的菜单（替换）',
    access: { menu: PERMISSION_MENU },
    body: z.object({ roleId: idOf('角色'), menuIds: menuIdList }),
    /** The stored (compacted) grant. */
    response: envelopeOf(z.array(z.number())),
  }),
};
