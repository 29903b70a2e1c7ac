import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { menuContracts } from '@kaopei/shared/contracts/menu';
import { ok } from '../../core/http';
import { routes } from '../../core/route';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  routes(app, menuContracts, {
    mine: async (request) => ok(await app.deps.menus.treeFor(request.ctx)),
  });
};
