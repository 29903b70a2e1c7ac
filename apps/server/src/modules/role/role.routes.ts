import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSIONS, toOffset, zeroBasedPaging } from '@kaopei/shared';
import { idParam, ok, okPage } from '../../core/http';
import {
  idListBody,
  idListQuery,
  keywordQuery,
  menuIdList,
  permissionList,
  permissionMask,
  permissionsAgree,
  resolvePermission,
  roleDescription,
  roleName,
} from './role.schemas';
import {
  assignRoles,
  createRole,
  deleteRoles,
  getRole,
  listRoleMembers,
  listRoles,
  modifyRole,
  roleMenuIds,
  setRoleMenus,
  unassignRoles,
} from './role.service';

/** The menu entry of the roles page: changing roles and grants needs it (admins always pass). */
export const PERMISSION_MENU = '/manage/system/permission';
/** The staff page reads roles too (to show and pick them). */
const STAFF_MENU = '/manage/system/staff';
const READ_MENUS = [PERMISSION_MENU, STAFF_MENU];

/** Menu tree endpoints accept the spec's `endpoint` (1 = the web console, the only one there is). */
const endpointQuery = z.object({
  endpoint: z.coerce
    .number({ error: 'endpoint 必须是数字' })
    .int('endpoint 必须是整数')
    .min(1, 'endpoint 必须是 1 到 9 之间的整数')
    .max(9, 'endpoint 必须是 1 到 9 之间的整数')
    .default(1),
});

/** Roles, their permission bits, menu grants and members (spec §6, §7 "Permissions and roles"). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, menus } = app.deps;
  const deps = { db, menus };

  // ---- /user/api/v1/role ------------------------------------------------------------------------------

  app.get(
    '/user/api/v1/role/permission/get',
    {
      config: { menu: READ_MENUS },
      schema: { tags: ['角色权限'], summary: '权限位列表（编号、名称、图标、位值）' },
    },
    async () => ok(PERMISSIONS.map((p) => ({ ...p, mask: 2 ** p.index }))),
  );

  app.get(
    '/user/api/v1/role/permission/role/get',
    {
      config: { menu: READ_MENUS },
      schema: {
        tags: ['角色权限'],
        summary: '角色列表（分页，按名称或描述搜索）',
        querystring: zeroBasedPaging.extend({ keyword: keywordQuery }),
      },
    },
    async (request) => {
      const { keyword, ...paging } = request.query;
      const { rows, total } = await listRoles(db, request.ctx, { ...toOffset(paging), keyword });
      return okPage(rows, total);
    },
  );

  app.post(
    '/user/api/v1/role/permission/role/add',
    {
      config: { menu: PERMISSION_MENU },
      schema: {
        tags: ['角色权限'],
        summary: '新增角色',
        body: z
          .object({
            name: roleName,
            description: roleDescription,
            permission: permissionMask.optional(),
            permissions: permissionList.optional(),
            menuIds: menuIdList.optional(),
          })
          .superRefine(permissionsAgree),
      },
    },
    async (request) => {
      const { name, description, menuIds } = request.body;
      const role = await createRole(deps, request.ctx, {
        name,
        description,
        menuIds,
        permission: resolvePermission(request.body) ?? 0,
      });
      return ok(role);
    },
  );

  app.post(
    '/user/api/v1/role/modify',
    {
      config: { menu: PERMISSION_MENU },
      schema: {
        tags: ['角色权限'],
        summary: '修改角色（只改传入的字段；menuIds 替换菜单授权；isDefault=true 设为默认角色）',
        body: z
          .object({
            roleId: idParam('roleId'),
            name: roleName.optional(),
            description: roleDescription,
            permission: permissionMask.optional(),
            permissions: permissionList.optional(),
            menuIds: menuIdList.optional(),
            isDefault: z.boolean({ error: 'isDefault 必须是布尔值' }).optional(),
          })
          .superRefine(permissionsAgree),
      },
    },
    async (request) => {
      const { roleId, name, description, menuIds, isDefault } = request.body;
      const role = await modifyRole(deps, request.ctx, {
        roleId,
        name,
        description,
        menuIds,
        isDefault,
        permission: resolvePermission(request.body),
      });
      return ok(role);
    },
  );

  app.post(
    '/user/api/v1/role/permission/role/delete',
    {
      config: { menu: PERMISSION_MENU },
      schema: {
        tags: ['角色权限'],
        summary: '删除角色（默认角色不能删除；成员失去全部角色时改为默认角色）',
        querystring: z.object({ roleIds: idListQuery('roleIds', '请选择要删除的角色') }),
      },
    },
    async (request) => ok(await deleteRoles(db, request.ctx, request.query.roleIds)),
  );

  app.post(
    '/user/api/v1/role/assign',
    {
      config: { menu: PERMISSION_MENU },
      schema: {
        tags: ['角色权限'],
        summary: '为员工分配角色（add 追加，replace 替换全部角色）',
        body: z.object({
          userIds: idListBody('userIds', '请选择员工', 10_000),
          roleIds: idListBody('roleIds', '请选择角色', 100),
          mode: z.enum(['replace', 'add'], { error: 'mode 只能是 replace 或 add' }).default('add'),
        }),
      },
    },
    async (request) => ok(await assignRoles(deps, request.ctx, request.body)),
  );

  app.post(
    '/user/api/v1/role/unassign',
    {
      config: { menu: PERMISSION_MENU },
      schema: {
        tags: ['角色权限'],
        summary: '将员工移出角色（失去全部角色的员工改为默认角色）',
        body: z.object({
          userIds: idListBody('userIds', '请选择员工', 10_000),
          roleIds: idListBody('roleIds', '请选择角色', 100),
        }),
      },
    },
    async (request) => ok(await unassignRoles(db, request.ctx, request.body)),
  );

  app.get(
    '/user/api/v1/role/users',
    {
      config: { menu: READ_MENUS },
      schema: {
        tags: ['角色权限'],
        summary: '角色成员（分页，按姓名、账号或工号搜索）',
        querystring: zeroBasedPaging.extend({ roleId: idParam('roleId'), keyword: keywordQuery }),
      },
    },
    async (request) => {
      const { roleId, keyword, ...paging } = request.query;
      const { rows, total } = await listRoleMembers(db, request.ctx, {
        ...toOffset(paging),
        roleId,
        keyword,
      });
      return okPage(rows, total);
    },
  );

  app.get(
    '/user/api/v1/role/detail',
    {
      config: { menu: READ_MENUS },
      schema: {
        tags: ['角色权限'],
        summary: '角色详情（含直接授权的菜单 id）',
        querystring: z.object({ roleId: idParam('roleId') }),
      },
    },
    async (request) => {
      const role = await getRole(db, request.ctx, request.query.roleId);
      return ok({ ...role, menuIds: await roleMenuIds(db, request.ctx, role.roleId) });
    },
  );

  // ---- /user/api/v2/sys/permission (get/menu lives in the menu module) ----------------------------

  app.get(
    '/user/api/v2/sys/permission/get/by-endpoint/list',
    {
      config: { menu: PERMISSION_MENU },
      schema: {
        tags: ['角色权限'],
        summary: '全部菜单（平铺，含 parentId，供授权）',
        querystring: endpointQuery,
      },
    },
    async () => ok(await menus.flatList()),
  );

  app.get(
    '/user/api/v2/sys/permission/get/by-endpoint/menu',
    {
      config: { menu: PERMISSION_MENU },
      schema: {
        tags: ['角色权限'],
        summary: '全部菜单树，按功能模式分组（供授权勾选）',
        querystring: endpointQuery,
      },
    },
    async () => ok(await menus.grantTreeByMode()),
  );

  app.get(
    '/user/api/v2/sys/permission/get/by-role',
    {
      config: { menu: READ_MENUS },
      schema: {
        tags: ['角色权限'],
        summary: '角色的授权：permissionType 1 菜单 id，2 权限位编号',
        querystring: z.object({
          roleId: idParam('roleId'),
          permissionType: z.coerce
            .number({ error: 'permissionType 必须是 1（菜单）或 2（权限位）' })
            .int('permissionType 必须是 1（菜单）或 2（权限位）')
            .min(1, 'permissionType 必须是 1（菜单）或 2（权限位）')
            .max(2, 'permissionType 必须是 1（菜单）或 2（权限位）')
            .default(1),
        }),
      },
    },
    async (request) => {
      const { roleId, permissionType } = request.query;
      if (permissionType === 2) return ok((await getRole(db, request.ctx, roleId)).permissions);
      return ok(await roleMenuIds(db, request.ctx, roleId));
    },
  );

  app.post(
    '/user/api/v2/sys/permission/modify/by-role',
    {
      config: { menu: PERMISSION_MENU },
      schema: {
        tags: ['角色权限'],
        summary: '设置角色授权的菜单（替换）',
        body: z.object({ roleId: idParam('roleId'), menuIds: menuIdList }),
      },
    },
    async (request) => ok(await setRoleMenus(deps, request.ctx, request.body.roleId, request.body.menuIds)),
  );
};
