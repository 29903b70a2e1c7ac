import { and, asc, count, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scoped, type RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import { departments, roleMenus, roles, userRoles, users } from '../../db/schema';

type OrgScope = Pick<RequestContext, 'organizationId'>;

const userCount = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`;

const roleColumns = {
  roleId: roles.id,
  name: roles.name,
  description: roles.description,
  permission: roles.permission,
  isDefault: roles.isDefault,
  createdAt: roles.createdAt,
  userCount,
};

/** One page of the organisation's roles (default first, then oldest first) and their total. */
export async function listRoles(
  db: DbOrTx,
  ctx: OrgScope,
  query: { limit: number; offset: number; keyword?: string },
) {
  const pattern = query.keyword ? containsPattern(query.keyword) : undefined;
  const where = scoped(
    roles.organizationId,
    ctx,
    pattern ? or(ilike(roles.name, pattern), ilike(roles.description, pattern)) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(roleColumns)
      .from(roles)
      .where(where)
      .orderBy(sql`${roles.isDefault} desc`, asc(roles.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(roles).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** One role of the organisation with its member count. */
export async function findRole(db: DbOrTx, ctx: OrgScope, roleId: number) {
  const [row] = await db
    .select(roleColumns)
    .from(roles)
    .where(scoped(roles.organizationId, ctx, eq(roles.id, roleId)));
  return row;
}

export type RoleRecord = NonNullable<Awaited<ReturnType<typeof findRole>>>;

/** The organisation's role of that name (its id). */
export async function findRoleByName(db: DbOrTx, ctx: OrgScope, name: string) {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(scoped(roles.organizationId, ctx, eq(roles.name, name)));
  return taken;
}

/** Replaces the menus a role grants (the role checked to be the organisation's). */
export async function replaceRoleMenus(tx: DbOrTx, roleId: number, menuIds: readonly number[]) {
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (menuIds.length > 0) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
}

/** Inserts a role of the organisation; returns its id. */
export async function insertRole(
  tx: DbOrTx,
  ctx: OrgScope,
  values: { name: string; description: string | null; permission: number },
) {
  const [role] = await tx
    .insert(roles)
    .values({ organizationId: ctx.organizationId, ...values })
    .returning({ id: roles.id });
  return role;
}

/** Clears the organisation's default role flag. */
export async function clearDefaultRole(tx: DbOrTx, ctx: OrgScope) {
  await tx
    .update(roles)
    .set({ isDefault: false })
    .where(scoped(roles.organizationId, ctx, eq(roles.isDefault, true)));
}

/** Updates a role of the organisation. */
export async function updateRole(
  tx: DbOrTx,
  ctx: OrgScope,
  roleId: number,
  set: Partial<Pick<typeof roles.$inferInsert, 'name' | 'description' | 'permission' | 'isDefault'>>,
) {
  await tx
    .update(roles)
    .set(set)
    .where(scoped(roles.organizationId, ctx, eq(roles.id, roleId)));
}

/** The organisation's default role (its id). */
export async function findDefaultRole(tx: DbOrTx, ctx: OrgScope) {
  const [defaultRole] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(scoped(roles.organizationId, ctx, eq(roles.isDefault, true)));
  return defaultRole;
}

/** Those of `userIds` who are non-admin users of the organisation without any role. */
export function listUsersWithoutRole(tx: DbOrTx, ctx: OrgScope, userIds: number[]) {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(
      scoped(
        users.organizationId,
        ctx,
        inArray(users.id, userIds),
        eq(users.isAdmin, false),
        sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id})`,
      ),
    );
}

/** Gives roles to users, skipping pairs they already have (both checked to be the organisation's). */
export async function insertUserRolesIfMissing(tx: DbOrTx, rows: { userId: number; roleId: number }[]) {
  await tx.insert(userRoles).values(rows).onConflictDoNothing();
}

/** Locks the organisation's roles among `roleIds` for the transaction and returns them. */
export function lockRoles(tx: DbOrTx, ctx: OrgScope, roleIds: number[]) {
  return tx
    .select({ id: roles.id, name: roles.name, isDefault: roles.isDefault })
    .from(roles)
    .where(scoped(roles.organizationId, ctx, inArray(roles.id, roleIds)))
    .for('update');
}

/** The users holding any of the roles (checked to be the organisation's). */
export function listMemberIdsOfRoles(tx: DbOrTx, roleIds: number[]) {
  return tx
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .where(inArray(userRoles.roleId, roleIds));
}

/** Deletes roles of the organisation (grants and memberships cascade). */
export async function deleteRolesById(tx: DbOrTx, ctx: OrgScope, roleIds: number[]) {
  await tx.delete(roles).where(scoped(roles.organizationId, ctx, inArray(roles.id, roleIds)));
}

/** The users of the organisation among `userIds`. */
export function listUsersById(db: DbOrTx, ctx: OrgScope, userIds: number[]) {
  return db
    .select({ id: users.id, realName: users.realName, isAdmin: users.isAdmin })
    .from(users)
    .where(scoped(users.organizationId, ctx, inArray(users.id, userIds)));
}

/** The roles of the organisation among `roleIds`. */
export function listRolesById(db: DbOrTx, ctx: OrgScope, roleIds: number[]) {
  return db
    .select({ id: roles.id, name: roles.name, isDefault: roles.isDefault, permission: roles.permission })
    .from(roles)
    .where(scoped(roles.organizationId, ctx, inArray(roles.id, roleIds)));
}

/** The menus the roles grant (roles checked to be the organisation's). */
export function listMenuGrantsOfRoles(db: DbOrTx, roleIds: number[]) {
  return db.select({ menuId: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, roleIds));
}

/** What the roles of each of the users grant: one row per user, role and menu (menu null for none). */
export function listGrantsOfUsers(db: DbOrTx, ctx: OrgScope, userIds: number[]) {
  return db
    .select({
      userId: users.id,
      realName: users.realName,
      roleId: userRoles.roleId,
      permission: roles.permission,
      menuId: roleMenus.menuId,
    })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(roleMenus, eq(roleMenus.roleId, roles.id))
    .where(scoped(users.organizationId, ctx, inArray(users.id, userIds)));
}

/** The roles each of the users (checked to be the organisation's) holds. */
export function listRoleIdsOfUsers(db: DbOrTx, userIds: number[]) {
  return db
    .select({ userId: userRoles.userId, roleId: userRoles.roleId })
    .from(userRoles)
    .where(inArray(userRoles.userId, userIds));
}

/** Takes every role from the users (checked to be the organisation's). */
export async function deleteRolesOfUsers(tx: DbOrTx, userIds: number[]) {
  await tx.delete(userRoles).where(inArray(userRoles.userId, userIds));
}

/** Those of the users (checked to be the organisation's) holding a role other than `roleIds`. */
export function listUsersWithOtherRoles(tx: DbOrTx, userIds: number[], roleIds: number[]) {
  return tx
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(inArray(userRoles.userId, userIds), notInArray(userRoles.roleId, roleIds)));
}

/** Takes the roles from the users (both checked to be the organisation's); returns the pairs removed. */
export function deleteUserRoles(tx: DbOrTx, userIds: number[], roleIds: number[]) {
  return tx
    .delete(userRoles)
    .where(and(inArray(userRoles.userId, userIds), inArray(userRoles.roleId, roleIds)))
    .returning({ userId: userRoles.userId });
}

/** One page of a role's members (users of the organisation), by status then id, and their total. */
export async function listRoleMembers(
  db: DbOrTx,
  ctx: OrgScope,
  query: { roleId: number; limit: number; offset: number; keyword?: string },
) {
  const pattern = query.keyword ? containsPattern(query.keyword) : undefined;
  const where = scoped(
    users.organizationId,
    ctx,
    eq(userRoles.roleId, query.roleId),
    pattern
      ? or(ilike(users.realName, pattern), ilike(users.account, pattern), ilike(users.jobNumber, pattern))
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        userId: users.id,
        account: users.account,
        realName: users.realName,
        jobNumber: users.jobNumber,
        phone: users.phone,
        departmentId: users.departmentId,
        departmentName: departments.name,
        status: users.status,
        isAdmin: users.isAdmin,
      })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(where)
      .orderBy(asc(users.status), asc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: count() })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** The menu ids a role grants directly (the role checked to be the organisation's), ascending. */
export function listRoleMenuIds(db: DbOrTx, roleId: number) {
  return db
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(eq(roleMenus.roleId, roleId))
    .orderBy(asc(roleMenus.menuId));
}
