import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../core/http';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/api/v2/sys/permission/get/menu',
    {
      schema: {
        tags: ['权限'],
        summary: '当前用户可见的菜单树',
        querystring: z.object({ endpoint: z.coerce.number().int().min(1).max(9).default(1) }),
      },
    },
    async (request) => ok(await app.deps.menus.treeFor(request.ctx)),
  );
};
