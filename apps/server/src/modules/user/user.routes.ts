import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { departments, organizations, roles, userRoles, users } from '../../db/schema';
import { PERMISSION_INDICES, permissionMaskFromIndices } from '@kaopei/shared';
import { userContracts } from '@kaopei/shared/contracts/user';
import { notFound, ok } from '../../core/http';
import { route } from '../../core/route';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, userContracts.detail, async (request) => {
    const { db } = app.deps;
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
      .where(eq(users.id, request.ctx.userId));
    if (!row) throw notFound('用户不存在');
    const roleRows = await db
      .select({ roleId: roles.id, name: roles.name, permission: roles.permission })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, request.ctx.userId));
    const permission = row.isAdmin
      ? permissionMaskFromIndices([...PERMISSION_INDICES])
      : roleRows.reduce((mask, r) => mask | r.permission, 0);
    return ok({
      ...row,
      roles: roleRows.map(({ roleId, name }) => ({ roleId, name })),
      permission,
    });
  });
};
