import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { paperQuestionContracts } from '@kaopei/shared/contracts/paper';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import { createAutoPapers, generateAuto } from './paper.generate';
import { notSelectedQuestions } from './paper.picker';
import { papersUsingQuestion, questionsByIds, selectedQuestions } from './paper.service';

/** The paper builder's question calls (contracts: packages/shared/src/contracts/paper.ts). */
export const paperQuestionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, paperQuestionContracts, {
    notSelected: async (request) => {
      const { rows, total, pendingCount } = await notSelectedQuestions(db, request.ctx, {
        ...request.body,
        ...toOffset(request.query),
      });
      const page = okPage(rows, total);
      return { ...page, res: { ...page.res, pendingCount } };
    },
    selected: async (request) => {
      const rows = await selectedQuestions(db, request.ctx, request.body.paperId);
      return okPage(rows, rows.length);
    },
    selectedQuestions: async (request) => ok(await questionsByIds(db, request.ctx, request.body.questionIds)),
    usage: async (request) => ok(await papersUsingQuestion(db, request.ctx, request.query.questionId)),
    autoPreview: async (request) => ok(await generateAuto(db, request.ctx, request.body)),
    autoCreate: async (request) => ok(await createAutoPapers(db, request.ctx, request.body)),
    autoCreateForExam: async (request) => {
      const created = await createAutoPapers(db, request.ctx, request.body);
      return ok({ ...created, exam: null });
    },
  });
};
