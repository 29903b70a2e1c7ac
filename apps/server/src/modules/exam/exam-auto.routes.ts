import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { examAutoContracts } from '@kaopei/shared/contracts/exam-auto';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import {
  addRule,
  checkGeneration,
  deleteRules,
  getRule,
  modifyRule,
  ruleExams,
  runRuleNow,
  searchRules,
  setRuleEnabled,
} from './exam-auto.service';
import { searchAutoPapers } from './exam-auto-paper.repo';

/**
 * exam/auto: rules that create and publish exams from intelligent generation (contracts:
 * packages/shared/src/contracts/exam-auto.ts).
 */
export const examAutoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, examAutoContracts, {
    search: async (request) => {
      const { rows, total } = await searchRules(db, request.ctx, {
        keyword: request.body?.keyword || undefined,
        ...toOffset(request.query),
      });
      return okPage(rows, total);
    },
    detail: async (request) => ok(await getRule(db, request.ctx, request.query.ruleId)),
    add: async (request) => ok(await addRule(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyRule(db, request.ctx, request.query.ruleId, request.body)),
    enable: async (request) =>
      ok(await setRuleEnabled(db, request.ctx, request.query.ruleId, request.body.enabled)),
    delete: async (request) => ok(await deleteRules(db, request.ctx, request.body.ids)),
    run: async (request) => ok(await runRuleNow(db, request.ctx, request.query.ruleId)),
    exams: async (request) => {
      const { rows, total } = await ruleExams(db, request.ctx, request.query.ruleId, toOffset(request.query));
      return okPage(rows, total);
    },
    papers: async (request) => {
      const { ruleId, keyword, page, size } = request.query;
      const { rows, total } = await searchAutoPapers(
        db,
        request.ctx,
        { ruleId, keyword: keyword || undefined },
        toOffset({ page, size }),
      );
      return okPage(rows, total);
    },
    check: async (request) => ok(await checkGeneration(db, request.ctx, request.body.generation)),
  });
};
