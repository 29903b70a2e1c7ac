import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paperContracts } from '@kaopei/shared/contracts/paper';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import { addAutoRule, getAutoRules } from './paper.generate';
import { drawPaperForCandidate, saveRandomPaper } from './paper.random';
import {
  copyPaper,
  createPaper,
  deletePapers,
  getPaper,
  getPublicPaper,
  modifyPoints,
  movePapers,
  paperStatistics,
  savePaper,
  searchPapers,
  updatePaper,
} from './paper.service';

/** Papers, random papers and intelligent generation rule sets (contracts: packages/shared/src/contracts/paper.ts). */
export const paperRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, paperContracts, {
    create: async (request) =>
      ok(await createPaper(db, request.ctx, request.body, { status: request.body.status ?? 0 })),
    save: async (request) => ok(await savePaper(db, request.ctx, request.body)),
    update: async (request) => ok(await updatePaper(db, request.ctx, request.body)),
    copy: async (request) => ok(await copyPaper(db, request.ctx, request.query.paperId, request.body ?? {})),
    move: async (request) =>
      ok(await movePapers(db, request.ctx, request.body.paperIds, request.body.toPaperBankId)),
    delete: async (request) => ok(await deletePapers(db, request.ctx, request.body.paperIds)),
    search: async (request) => {
      const { rows, total } = await searchPapers(db, request.ctx, request.body);
      return okPage(rows, total);
    },
    detail: async (request) => ok(await getPaper(db, request.ctx, request.query.paperId)),
    publicDetail: async (request) => ok(await getPublicPaper(db, request.ctx, request.query.paperId)),
    statistics: async (request) => ok(await paperStatistics(db, request.ctx, request.query.paperId)),
    modifyPoints: async (request) =>
      ok(await modifyPoints(db, request.ctx, request.query.paperId, request.body)),

    randomCreate: async (request) => ok(await saveRandomPaper(db, request.ctx, request.body)),
    randomModify: async (request) =>
      ok(await saveRandomPaper(db, request.ctx, request.body, request.query.paperId)),
    randomDraw: async (request) =>
      ok(
        await drawPaperForCandidate(
          db,
          request.ctx.organizationId,
          request.query.paperId,
          request.query.seed,
        ),
      ),

    autoRuleAdd: async (request) => ok(await addAutoRule(db, request.ctx, request.body)),
    autoRuleGet: async (request) => ok(await getAutoRules(db, request.ctx, request.query.ruleId)),
  });
};
