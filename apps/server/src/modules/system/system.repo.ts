import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { roleMenus, roles } from '../../db/schema';

type OrgScope = Pick<RequestContext, 'organizationId'>;

/** Inserts a role of the organisation; returns its id. */
export async function insertRole(
  db: DbOrTx,
  ctx: OrgScope,
  values: { name: string; description: string; permission: number; isDefault: boolean },
) {
  const [role] = await db
    .insert(roles)
    .values({ organizationId: ctx.organizationId, ...values })
    .returning({ id: roles.id });
  return role;
}

/** Grants menus to a role just created for the organisation. */
export async function insertRoleMenus(db: DbOrTx, roleId: number, menuIds: readonly number[]) {
  await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
}
