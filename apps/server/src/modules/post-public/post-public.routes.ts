import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postPublicContracts } from '@kaopei/shared/contracts/post-public';
import { routes } from '../../core/route';

/** 公开岗位页面与人才画像分享 (contracts: packages/shared/src/contracts/post-public.ts). */
export const postPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  routes(app, postPublicContracts, {});
};
