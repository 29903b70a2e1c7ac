import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postMatchContracts } from '@kaopei/shared/contracts/post-match';
import { routes } from '../../core/route';

/** 人岗匹配、经理评定与能力分析 (contracts: packages/shared/src/contracts/post-match.ts). */
export const postMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  routes(app, postMatchContracts, {});
};
