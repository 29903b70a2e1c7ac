import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context';
import type { Db } from '../../db/client';
import { departments, organizations, roles, userRoles, users } from '../../db/schema';

type Caller = Pick<RequestContext, 'userId'>;

/** The signed-in user with their organisation and department. */
export async function findSignedInUser(db: Db, ctx: Caller) {
  const [row] = await db
    .select({
      userId: users.id,
      account: users.account,
      realName: users.realName,
      gender: users.gender,
      phone: users.phone,
      email: users.email,
      jobNumber: users.jobNumber,
      avatarUrl: users.avatarUrl,
      isAdmin: users.isAdmin,
      kind: users.kind,
      organizationId: organizations.id,
      organizationName: organizations.name,
      organizationLogoUrl: organizations.logoUrl,
      organizationKind: organizations.kind,
      departmentId: users.departmentId,
      departmentName: departments.name,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(eq(users.id, ctx.userId));
  return row;
}

/** The signed-in user's roles with their permission masks. */
export async function listSignedInUserRoles(db: Db, ctx: Caller) {
  return db
    .select({ roleId: roles.id, name: roles.name, permission: roles.permission })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, ctx.userId));
}
