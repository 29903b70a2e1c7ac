import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERMISSION_INDICES, permissionMaskFromIndices } from '@kaopei/shared';
import { userContracts } from '@kaopei/shared/contracts/user';
import { notFound, ok } from '../../core/http';
import { route } from '../../core/route';
import { findSignedInUser, listSignedInUserRoles } from './user.repo';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, userContracts.detail, async (request) => {
    const { db } = app.deps;
    const row = await findSignedInUser(db, request.ctx);
    if (!row) throw notFound('用户不存在');
    const roleRows = await listSignedInUserRoles(db, request.ctx);
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
