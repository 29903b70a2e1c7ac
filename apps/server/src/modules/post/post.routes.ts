import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postContracts } from '@kaopei/shared/contracts/post';
import { routes } from '../../core/route';

/** 岗位与岗位序列 (contracts: packages/shared/src/contracts/post.ts). */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  routes(app, postContracts, {});
};
