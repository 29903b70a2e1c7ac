import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { menus, roleMenus, roles, userRoles } from '../../db/schema';

// The menu tree is reference data shared by every organisation; grants are looked up by user.

export type MenuRow = typeof menus.$inferSelect;

/** Writes one menu node (insert, or update by id). */
export async function upsertMenu(db: DbOrTx, row: MenuRow): Promise<void> {
  await db
    .insert(menus)
    .values(row)
    .onConflictDoUpdate({
      target: menus.id,
      set: {
        parentId: row.parentId,
        name: row.name,
        icon: row.icon,
        url: row.url,
        modes: row.modes,
        permissionIndex: row.permissionIndex,
        sort: row.sort,
      },
    });
}

/** Every menu node, by sort then id (runs at once: the promise may be kept and awaited again). */
export async function listMenus(db: DbOrTx): Promise<MenuRow[]> {
  return await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
}

/**
 * What the user's roles grant: one row per role and granted menu (menuId null for a role without
 * menus). Roles are only ever given within the user's organisation, so the user id scopes it.
 */
export function listRoleGrantsOfUser(db: DbOrTx, userId: number) {
  return db
    .select({ roleId: roles.id, permission: roles.permission, menuId: roleMenus.menuId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(roleMenus, eq(roleMenus.roleId, roles.id))
    .where(eq(userRoles.userId, userId));
}

/** Those of the ids that are menu nodes. */
export function findMenuIds(db: DbOrTx, ids: number[]) {
  return db.select({ id: menus.id }).from(menus).where(inArray(menus.id, ids));
}
