import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postExamContracts } from '@kaopei/shared/contracts/post-exam';
import { routes } from '../../core/route';

/** 岗位试卷、岗位考试、测评考试与能力结果 (contracts: packages/shared/src/contracts/post-exam.ts). */
export const postExamRoutes: FastifyPluginAsyncZod = async (app) => {
  routes(app, postExamContracts, {});
};
