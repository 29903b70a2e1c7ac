import { permissionIndicesFromMask, permissionMaskFromIndices } from '@kaopei/shared';
import type { RoleMember, RoleRow } from '@kaopei/shared/contracts/role';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, forbidden, notFound } from '../../core/http';
import { recordActivity } from '../../core/activity';
import type { MenuService } from '../menu/menu.service';
import { isUniqueViolation } from '../../core/db-errors';
import * as repo from './role.repo';

export type { RoleMember, RoleRow } from '@kaopei/shared/contracts/role';

export interface Paging {
  limit: number;
  offset: number;
}

/**
 * The permission of a role may be sent as the mask (`permission`) or as indices (`permissions`; the
 * contract checks that both together agree). Resolves to the mask, or undefined when neither was sent.
 */
export function resolvePermission(input: {
  permission?: number | undefined;
  permissions?: number[] | undefined;
}): number | undefined {
  if (input.permissions !== undefined) return permissionMaskFromIndices(input.permissions);
  return input.permission;
}

/** The services a role operation needs. */
export interface RoleDeps {
  db: Db;
  menus: MenuService;
}

const NAME_INDEX = 'roles_org_name_uq';
const roleNotFound = () => notFound('角色不存在');
const nameTaken = (name: string) => conflict(`角色名称“${name}”已存在`, 'name');

function toRoleRow(row: repo.RoleRecord): RoleRow {
  return {
    ...row,
    userCount: Number(row.userCount),
    permissions: permissionIndicesFromMask(row.permission),
    createdAt: row.createdAt.getTime(),
  };
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** The caller's organisation's roles, default role first, then oldest first. */
export async function listRoles(
  db: Db,
  ctx: RequestContext,
  query: Paging & { keyword?: string },
): Promise<{ rows: RoleRow[]; total: number }> {
  const { rows, total } = await repo.listRoles(db, ctx, query);
  return { rows: rows.map(toRoleRow), total };
}

/** One role of the caller's organisation; a foreign or missing id is 404. */
export async function getRole(db: DbOrTx, ctx: RequestContext, roleId: number): Promise<RoleRow> {
  const row = await repo.findRole(db, ctx, roleId);
  if (!row) throw roleNotFound();
  return toRoleRow(row);
}

async function assertNameFree(db: DbOrTx, ctx: RequestContext, name: string, exceptId?: number) {
  const taken = await repo.findRoleByName(db, ctx, name);
  if (taken && taken.id !== exceptId) throw nameTaken(name);
}

/** Validates menu ids against the tree and reduces them to the smallest equivalent grant. */
async function normaliseMenuIds(menus: MenuService, menuIds: readonly number[]): Promise<number[]> {
  const wanted = unique(menuIds);
  const existing = new Set(await menus.existingIds(wanted));
  const missing = wanted.filter((id) => !existing.has(id));
  if (missing.length > 0) throw badRequest(`菜单不存在：${missing.join(', ')}`);
  return menus.compactGrant(wanted);
}

/** Non-admins holding the permission menu may not hand out more than they have themselves. */
async function assertWithinOwnAccess(
  menus: MenuService,
  ctx: RequestContext,
  grant: { menuIds?: readonly number[]; permission?: number },
): Promise<void> {
  const beyond = await menus.beyondAccess(ctx, grant);
  if (beyond.length > 0) throw forbidden(`不能授予超出您自身权限的功能：${beyond.join('、')}`);
}

function activity(tx: DbOrTx, ctx: RequestContext, detail: string) {
  return recordActivity(tx, {
    organizationId: ctx.organizationId,
    actorId: ctx.userId,
    action: 'role',
    detail,
  });
}

export interface CreateRoleInput {
  name: string;
  description?: string | null;
  permission: number;
  menuIds?: number[];
}

export async function createRole(deps: RoleDeps, ctx: RequestContext, input: CreateRoleInput) {
  const { db, menus } = deps;
  await assertNameFree(db, ctx, input.name);
  const menuIds = await normaliseMenuIds(menus, input.menuIds ?? []);
  await assertWithinOwnAccess(menus, ctx, { menuIds, permission: input.permission });
  try {
    return await db.transaction(async (tx) => {
      const role = await repo.insertRole(tx, ctx, {
        name: input.name,
        description: input.description || null,
        permission: input.permission,
      });
      if (!role) throw new Error('role insert failed');
      await repo.replaceRoleMenus(tx, role.id, menuIds);
      await activity(tx, ctx, `创建了角色“${input.name}”`);
      return getRole(tx, ctx, role.id);
    });
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken(input.name);
    throw error;
  }
}

export interface ModifyRoleInput {
  roleId: number;
  name?: string;
  description?: string | null;
  permission?: number;
  menuIds?: number[];
  isDefault?: boolean;
}

/** Changes the given fields of a role; `menuIds` replaces its menu grants; `isDefault: true` moves the default. */
export async function modifyRole(deps: RoleDeps, ctx: RequestContext, input: ModifyRoleInput) {
  const { db, menus } = deps;
  const role = await getRole(db, ctx, input.roleId);
  if (input.name !== undefined && input.name !== role.name)
    await assertNameFree(db, ctx, input.name, role.roleId);
  if (input.isDefault === false && role.isDefault) {
    throw badRequest('组织必须保留一个默认角色，请把其他角色设为默认角色');
  }
  // The default role is given to every new account (staff added without roles, imports).
  if (input.isDefault === true && !role.isDefault) await assertMayChangeRoles(deps, ctx, [role.roleId]);
  const menuIds = input.menuIds === undefined ? undefined : await normaliseMenuIds(menus, input.menuIds);
  const current = menuIds === undefined ? [] : await roleMenuIds(db, ctx, role.roleId);
  await assertWithinOwnAccess(menus, ctx, {
    menuIds: menuIds?.filter((id) => !current.includes(id)),
    // Only bits being added are checked: keeping what the role has is not granting.
    permission: input.permission === undefined ? 0 : input.permission & ~role.permission,
  });
  try {
    return await db.transaction(async (tx) => {
      if (input.isDefault === true && !role.isDefault) {
        await repo.clearDefaultRole(tx, ctx);
      }
      const set = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.permission !== undefined ? { permission: input.permission } : {}),
        ...(input.isDefault === true ? { isDefault: true } : {}),
      };
      if (Object.keys(set).length > 0) {
        await repo.updateRole(tx, ctx, role.roleId, set);
      }
      if (menuIds !== undefined) await repo.replaceRoleMenus(tx, role.roleId, menuIds);
      await activity(tx, ctx, `修改了角色“${input.name ?? role.name}”`);
      return getRole(tx, ctx, role.roleId);
    });
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken(input.name ?? role.name);
    throw error;
  }
}

/** Gives the organisation's default role to those of `userIds` (non-admins) left without any role. */
async function fallBackToDefaultRole(tx: DbOrTx, ctx: RequestContext, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const defaultRole = await repo.findDefaultRole(tx, ctx);
  if (!defaultRole) return 0;
  const orphans = await repo.listUsersWithoutRole(tx, ctx, userIds);
  if (orphans.length === 0) return 0;
  await repo.insertUserRolesIfMissing(
    tx,
    orphans.map((user) => ({ userId: user.id, roleId: defaultRole.id })),
  );
  return orphans.length;
}

/**
 * Deletes roles with their grants and memberships. The default role cannot be deleted; members left
 * without any role fall back to it. All or nothing: one foreign or missing id deletes nothing.
 */
export async function deleteRoles(
  db: Db,
  ctx: RequestContext,
  roleIds: number[],
): Promise<{ count: number; reassigned: number }> {
  const ids = unique(roleIds);
  return db.transaction(async (tx) => {
    const found = await repo.lockRoles(tx, ctx, ids);
    if (found.length !== ids.length) throw roleNotFound();
    const defaultRole = found.find((role) => role.isDefault);
    if (defaultRole) throw conflict(`默认角色“${defaultRole.name}”不能删除`);
    const members = await repo.listMemberIdsOfRoles(tx, ids);
    await repo.deleteRolesById(tx, ctx, ids);
    const reassigned = await fallBackToDefaultRole(
      tx,
      ctx,
      members.map((m) => m.userId),
    );
    await activity(tx, ctx, `删除了角色${found.map((role) => `“${role.name}”`).join('、')}`);
    return { count: found.length, reassigned };
  });
}

async function assertUsersInOrg(db: DbOrTx, ctx: RequestContext, userIds: number[]) {
  const found = await repo.listUsersById(db, ctx, userIds);
  if (found.length !== userIds.length) throw notFound('员工不存在');
  return found;
}

async function assertRolesInOrg(db: DbOrTx, ctx: RequestContext, roleIds: number[]) {
  const found = await repo.listRolesById(db, ctx, roleIds);
  if (found.length !== roleIds.length) throw roleNotFound();
  return found;
}

/**
 * The one rule for every path that gives or takes roles — role assign and unassign, moving the default
 * role, staff add, modify and import: the roles must be the organisation's (404), and a non-admin may
 * only give or take roles whose grants lie within their own access (403 naming what lies beyond).
 */
export async function assertMayChangeRoles(
  deps: RoleDeps,
  ctx: RequestContext,
  roleIds: readonly number[],
): Promise<{ id: number; name: string; isDefault: boolean; permission: number }[]> {
  const ids = unique(roleIds);
  if (ids.length === 0) return [];
  const found = await assertRolesInOrg(deps.db, ctx, ids);
  if (!ctx.isAdmin) {
    const granted = await repo.listMenuGrantsOfRoles(deps.db, ids);
    await assertWithinOwnAccess(deps.menus, ctx, {
      menuIds: granted.map((g) => g.menuId),
      permission: found.reduce((mask, role) => mask | role.permission, 0),
    });
  }
  return found;
}

/**
 * A non-admin may act on people (edit them, reset their password, disable, delete, replace their
 * roles) only when what their roles grant lies within the caller's own access: otherwise resetting a
 * recruiter's password would hand the recruiter's access to whoever holds 员工管理.
 */
export async function assertMayManagePeople(
  deps: RoleDeps,
  ctx: RequestContext,
  userIds: readonly number[],
): Promise<void> {
  if (ctx.isAdmin || userIds.length === 0) return;
  const rows = await repo.listGrantsOfUsers(deps.db, ctx, unique(userIds));
  const people = new Map<number, { realName: string; menuIds: number[]; permission: number }>();
  for (const row of rows) {
    const person = people.get(row.userId) ?? { realName: row.realName, menuIds: [], permission: 0 };
    person.permission |= row.permission;
    if (row.menuId !== null) person.menuIds.push(row.menuId);
    people.set(row.userId, person);
  }
  const beyond = await deps.menus.accessCheck(ctx);
  const above = [...people.values()].filter((person) => beyond(person).length > 0);
  if (above.length > 0)
    throw forbidden(`不能操作权限超出您自身的员工：${above.map((p) => p.realName).join('、')}`);
}

/** The roles given and taken when `userId`'s roles become exactly `roleIds`. */
export async function changedRoles(
  db: DbOrTx,
  userId: number,
  roleIds: readonly number[],
): Promise<number[]> {
  const current = (await repo.listRoleIdsOfUsers(db, [userId])).map((row) => row.roleId);
  const next = new Set(roleIds);
  return unique([...roleIds.filter((id) => !current.includes(id)), ...current.filter((id) => !next.has(id))]);
}

/**
 * Gives staff roles: `add` keeps their other roles, `replace` makes these their only roles.
 * A non-admin may only hand out roles whose grants lie within their own access.
 */
export async function assignRoles(
  deps: RoleDeps,
  ctx: RequestContext,
  input: { userIds: number[]; roleIds: number[]; mode: 'replace' | 'add' },
): Promise<{ count: number }> {
  const { db } = deps;
  const userIds = unique(input.userIds);
  const roleIds = unique(input.roleIds);
  await assertUsersInOrg(db, ctx, userIds);
  const found = await assertMayChangeRoles(deps, ctx, roleIds);
  // Replacing takes every other role too: only for people within the caller's own access.
  if (input.mode === 'replace') await assertMayManagePeople(deps, ctx, userIds);
  await db.transaction(async (tx) => {
    if (input.mode === 'replace') await repo.deleteRolesOfUsers(tx, userIds);
    await repo.insertUserRolesIfMissing(
      tx,
      userIds.flatMap((userId) => roleIds.map((roleId) => ({ userId, roleId }))),
    );
    await activity(
      tx,
      ctx,
      `为 ${userIds.length} 名员工${input.mode === 'replace' ? '设置' : '添加'}了角色${found
        .map((role) => `“${role.name}”`)
        .join('、')}`,
    );
  });
  return { count: userIds.length };
}

/**
 * Takes roles away from staff. Someone left without any role falls back to the default role; taking
 * the default role from someone who has no other role is refused, so every staff member keeps one.
 */
export async function unassignRoles(
  deps: RoleDeps,
  ctx: RequestContext,
  input: { userIds: number[]; roleIds: number[] },
): Promise<{ count: number; reassigned: number }> {
  const { db } = deps;
  const userIds = unique(input.userIds);
  const roleIds = unique(input.roleIds);
  const people = await assertUsersInOrg(db, ctx, userIds);
  const found = await assertMayChangeRoles(deps, ctx, roleIds);
  return db.transaction(async (tx) => {
    if (found.some((role) => role.isDefault)) {
      const keeping = await repo.listUsersWithOtherRoles(tx, userIds, roleIds);
      const withOther = new Set(keeping.map((k) => k.userId));
      const stranded = people.filter((p) => !p.isAdmin && !withOther.has(p.id));
      if (stranded.length > 0) {
        throw conflict(`${stranded.map((p) => `“${p.realName}”`).join('、')}没有其他角色，不能移出默认角色`);
      }
    }
    const removed = await repo.deleteUserRoles(tx, userIds, roleIds);
    const reassigned = await fallBackToDefaultRole(tx, ctx, userIds);
    if (removed.length > 0) {
      await activity(
        tx,
        ctx,
        `将 ${userIds.length} 名员工移出了角色${found.map((role) => `“${role.name}”`).join('、')}`,
      );
    }
    return { count: removed.length, reassigned };
  });
}

/** The members of a role, by name. */
export async function listRoleMembers(
  db: Db,
  ctx: RequestContext,
  query: Paging & { roleId: number; keyword?: string },
): Promise<{ rows: RoleMember[]; total: number }> {
  await getRole(db, ctx, query.roleId);
  return repo.listRoleMembers(db, ctx, query);
}

/** Menu ids granted to a role directly (its permission bits grant further groups). */
export async function roleMenuIds(db: DbOrTx, ctx: RequestContext, roleId: number): Promise<number[]> {
  await getRole(db, ctx, roleId);
  const rows = await repo.listRoleMenuIds(db, roleId);
  return rows.map((r) => r.menuId);
}

/** Replaces the menus a role grants; returns the stored (compacted) grant. */
export async function setRoleMenus(
  deps: RoleDeps,
  ctx: RequestContext,
  roleId: number,
  menuIds: number[],
): Promise<number[]> {
  const { db, menus } = deps;
  const role = await getRole(db, ctx, roleId);
  const compact = await normaliseMenuIds(menus, menuIds);
  const current = await roleMenuIds(db, ctx, roleId);
  await assertWithinOwnAccess(menus, ctx, { menuIds: compact.filter((id) => !current.includes(id)) });
  await db.transaction(async (tx) => {
    await repo.replaceRoleMenus(tx, roleId, compact);
    await activity(tx, ctx, `修改了角色“${role.name}”的菜单权限`);
  });
  return compact;
}
