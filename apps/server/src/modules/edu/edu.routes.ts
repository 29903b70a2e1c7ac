import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { eduContracts } from '@kaopei/shared/contracts/edu';
import { forbidden, ok, okPage } from '../../core/http';
import type { RequestContext } from '../../core/context';
import { routes } from '../../core/route';
import {
  createProject,
  deleteProjects,
  listProjects,
  projectDetail,
  requireEduOrganization,
  updateProject,
} from './edu.service';

/** Education–industry cooperation projects (产教融合) of the caller's college or enterprise. */
export const eduRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  /** Changes are for the organisation's administrators. */
  const requireManager = async (ctx: RequestContext) => {
    await requireEduOrganization(db, ctx);
    if (!ctx.isAdmin) throw forbidden('仅管理员可以维护产教融合项目');
  };

  routes(app, eduContracts, {
    list: async (request) => {
      await requireEduOrganization(db, request.ctx);
      const { status, keyword, page, size } = request.query;
      const { rows, total } = await listProjects(
        db,
        request.ctx,
        { status, keyword },
        toOffset({ page, size }),
      );
      return okPage(rows, total);
    },
    detail: async (request) => {
      await requireEduOrganization(db, request.ctx);
      return ok(await projectDetail(db, request.ctx, request.query.projectId));
    },
    add: async (request) => {
      await requireManager(request.ctx);
      return ok(await createProject(db, request.ctx, request.body));
    },
    modify: async (request) => {
      await requireManager(request.ctx);
      return ok(await updateProject(db, request.ctx, request.query.projectId, request.body));
    },
    delete: async (request) => {
      await requireManager(request.ctx);
      return ok({ count: await deleteProjects(db, request.ctx, request.body.projectIds) });
    },
  });
};
