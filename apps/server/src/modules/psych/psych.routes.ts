import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { psychContracts } from '@kaopei/shared/contracts/psych';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import { sendDownload } from '../../core/download';
import {
  addScale,
  deleteScale,
  listScales,
  modifyScale,
  scaleDetail,
  scaleOptions,
} from './psych-scale.repo';
import {
  addMental,
  deleteMental,
  listMental,
  mentalRow,
  modifyMental,
  requireMental,
} from './psych-exam.repo';
import { groupView, personResults, resultsWorkbook } from './psych-result.repo';
import { myMentalExams, myPaper, myResult, saveAnswers, submitAnswers } from './psych-learn.repo';

/** 心理测评: scales, mental exams and their results (contracts: packages/shared/src/contracts/psych.ts). */
export const psychRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, psychContracts, {
    scaleList: async (request) => {
      const { keyword, page, size } = request.query;
      const { rows, total } = await listScales(
        db,
        request.ctx,
        keyword || undefined,
        toOffset({ page, size }),
      );
      return okPage(rows, total);
    },
    scaleDetail: async (request) => ok(await scaleDetail(db, request.ctx, request.query.scaleId)),
    scaleOptions: async (request) => ok(await scaleOptions(db, request.ctx)),
    scaleAdd: async (request) => ok(await addScale(db, request.ctx, request.body)),
    scaleModify: async (request) =>
      ok(await modifyScale(db, request.ctx, request.query.scaleId, request.body)),
    scaleDelete: async (request) => ok(await deleteScale(db, request.ctx, request.query.scaleId)),

    examList: async (request) => {
      const { keyword, page, size } = request.query;
      const { rows, total } = await listMental(
        db,
        request.ctx,
        keyword || undefined,
        toOffset({ page, size }),
      );
      return okPage(rows, total);
    },
    examDetail: async (request) =>
      ok(await mentalRow(db, await requireMental(db, request.ctx, request.query.mentalExamId))),
    examAdd: async (request) => ok(await addMental(db, request.ctx, request.body)),
    examModify: async (request) => ok(await modifyMental(db, request.ctx, request.body)),
    examDelete: async (request) => ok(await deleteMental(db, request.ctx, request.query.mentalExamId)),

    groupView: async (request) => ok(await groupView(db, request.ctx, request.query.mentalExamId)),
    personResults: async (request) => {
      const { mentalExamId, keyword, page, size } = request.query;
      const { rows, total } = await personResults(
        db,
        request.ctx,
        mentalExamId,
        keyword || undefined,
        toOffset({ page, size }),
      );
      return okPage(rows, total);
    },
    personExport: async (request, reply) =>
      sendDownload(reply, await resultsWorkbook(db, request.ctx, request.query.mentalExamId)),

    myList: async (request) => {
      const { rows, total } = await myMentalExams(db, request.ctx, toOffset(request.query));
      return okPage(rows, total);
    },
    myPaper: async (request) => ok(await myPaper(db, request.ctx, request.query.mentalExamId)),
    mySave: async (request) =>
      ok(await saveAnswers(db, request.ctx, request.body.mentalExamId, request.body.answers)),
    mySubmit: async (request) =>
      ok(await submitAnswers(db, request.ctx, request.body.mentalExamId, request.body.answers)),
    myResult: async (request) => ok(await myResult(db, request.ctx, request.query.mentalExamId)),
  });
};
