import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abilityContracts } from '@kaopei/shared/contracts/ability';
import { routes } from '../../core/route';

/** 能力库与岗位能力模型 (contracts: packages/shared/src/contracts/ability.ts). */
export const abilityRoutes: FastifyPluginAsyncZod = async (app) => {
  routes(app, abilityContracts, {});
};
