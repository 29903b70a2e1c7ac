import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postPublicContracts } from '@kaopei/shared/contracts/post-public';
import { ok } from '../../core/http';
import { routes } from '../../core/route';
import { createPortrayalLink, portrayalByToken, publicPosition } from './post-public.service';

/** 公开岗位页面与人才画像分享 (contracts: packages/shared/src/contracts/post-public.ts). */
export const postPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  routes(app, postPublicContracts, {
    position: async (request) => ok(await publicPosition(db, request.query.token)),
    sharePortrayal: async (request) =>
      ok(
        await createPortrayalLink(db, request.ctx, {
          serverSecret: config.jwtSecret,
          publicBase: config.publicUrl.replace(/\/$/, ''),
          ...request.body,
        }),
      ),
    portrayal: async (request) => ok(await portrayalByToken(db, config.jwtSecret, request.query.token)),
  });
};
