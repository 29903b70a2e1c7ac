import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok } from '../../core/http';
import { attemptIdQuery } from '../exam/exam.schemas';
import { sampleRun, startSampleRun } from './judge.service';

const PREFIX = '/exam/api/v1/candidate/code';
const TAGS = ['考生'];

const runBody = z.object({
  questionId: idParam('questionId'),
  language: z.string({ error: '请选择语言（language）' }).trim().min(1, '请选择语言（language）').max(20),
  code: z
    .string({ error: '请提供代码（code）' })
    .min(1, '请先编写代码（code）')
    .max(64 * 1024, '代码（code）不能超过 64KB'),
});

/** Running code against a question's sample cases while answering (judged by the queue's workers). */
export const judgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${PREFIX}/run`,
    {
      schema: {
        tags: TAGS,
        summary: '运行示例：用本题的示例用例运行代码（排队判题，返回 jobId）',
        querystring: attemptIdQuery,
        body: runBody,
      },
    },
    async (request) => ok(await startSampleRun(app.deps, request.ctx, request.query.attemptId, request.body)),
  );

  app.get(
    `${PREFIX}/run`,
    {
      schema: {
        tags: TAGS,
        summary: '运行示例的结果（仅示例用例）',
        querystring: z.object({ jobId: idParam('jobId') }),
      },
    },
    async (request) => ok(await sampleRun(app.deps, request.ctx, request.query.jobId)),
  );
};
