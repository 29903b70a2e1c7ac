import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERMISSIONS, toOffset } from '@kaopei/shared';
import { roleContracts } from '@kaopei/shared/contracts/role';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import {
  assignRoles,
  createRole,
  deleteRoles,
  getRole,
  listRoleMembers,
  listRoles,
  modifyRole,
  resolvePermission,
  roleMenuIds,
  setRoleMenus,
  unassignRoles,
} from './role.service';

export { PERMISSION_MENU } from '@kaopei/shared/contracts/role';

/** Roles, their permission bits, menu grants and members (spec §6, §7 "Permissions and roles"). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, menus } = app.deps;
  const deps = { db, menus };

  routes(app, roleContracts, {
    permissions: async () => ok(PERMISSIONS.map((p) => ({ ...p, mask: 2 ** p.index }))),

    list: async (request) => {
      const { keyword, page, size } = request.query;
      const { rows, total } = await listRoles(db, request.ctx, { ...toOffset({ page, size }), keyword });
      return okPage(rows, total);
    },

    add: async (request) => {
      const { name, description, menuIds } = request.body;
      const role = await createRole(deps, request.ctx, {
        name,
        description,
        menuIds,
        permission: resolvePermission(request.body) ?? 0,
      });
      return ok(role);
    },

    modify: async (request) => {
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

    delete: async (request) => ok(await deleteRoles(db, request.ctx, request.query.roleIds)),

    assign: async (request) => ok(await assignRoles(deps, request.ctx, request.body)),

    unassign: async (request) => ok(await unassignRoles(deps, request.ctx, request.body)),

    members: async (request) => {
      const { roleId, keyword, page, size } = request.query;
      const { rows, total } = await listRoleMembers(db, request.ctx, {
        ...toOffset({ page, size }),
        roleId,
        keyword,
      });
      return okPage(rows, total);
    },

    detail: async (request) => {
      const role = await getRole(db, request.ctx, request.query.roleId);
      return ok({ ...role, menuIds: await roleMenuIds(db, request.ctx, role.roleId) });
    },

    menuList: async () => ok(await menus.flatList()),

    grantTree: async () => ok(await menus.grantTreeByMode()),

    grantOf: async (request) => {
      const { roleId, permissionType } = request.query;
      if (permissionType === 2) return ok((await getRole(db, request.ctx, roleId)).permissions);
      return ok(await roleMenuIds(db, request.ctx, roleId));
    },

    setMenus: async (request) =>
      ok(await setRoleMenus(deps, request.ctx, request.body.roleId, request.body.menuIds)),
  });
};
