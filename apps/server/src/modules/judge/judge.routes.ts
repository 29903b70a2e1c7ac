import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { judgeContracts } from '@kaopei/shared/contracts/judge';
import { ok } from '../../core/http';
import { routes } from '../../core/route';
import { sampleRun, startSampleRun } from './judge.service';

/** Running code against a question's sample cases while answering (judged by the queue's workers). */
export const judgeRoutes: FastifyPluginAsyncZod = async (app) => {
  routes(app, judgeContracts, {
    startRun: async (request) =>
      ok(await startSampleRun(app.deps, request.ctx, request.query.attemptId, request.body)),
    run: async (request) => ok(await sampleRun(app.deps, request.ctx, request.query.jobId)),
  });
};
