import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { examAnalysisContracts } from '@kaopei/shared/contracts/exam-analysis';
import { ok, okPage } from '../../core/http';
import { sendDownload } from '../../core/download';
import { routes } from '../../core/route';
import { onAttemptGraded } from '../exam/attempt-graded';
import {
  analysedExams,
  dropAnalysisOnGrade,
  examAnalysis,
  questionsAcrossExams,
  refreshAnalysis,
  rescoreExam,
} from './exam-analysis.service';
import { analysisWorkbook, examsWorkbook, questionsWorkbook } from './exam-analysis.excel';

/** 考试分析 and 试题分析 (contracts: packages/shared/src/contracts/exam-analysis.ts). */
export const examAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // A graded or re-marked attempt makes its exam's cached analysis stale.
  onAttemptGraded(dropAnalysisOnGrade);
  routes(app, examAnalysisContracts, {
    exams: async (request) => {
      const { keyword, page, size } = request.query;
      const { rows, total } = await analysedExams(db, request.ctx, { keyword, ...toOffset({ page, size }) });
      return okPage(rows, total);
    },
    get: async (request) => ok(await examAnalysis(db, request.ctx, request.query.examId)),
    refresh: async (request) => ok(await refreshAnalysis(db, request.ctx, request.query.examId)),
    rescore: async (request) => ok(await rescoreExam(db, request.ctx, request.query.examId)),
    export: async (request, reply) =>
      sendDownload(reply, await analysisWorkbook(db, request.ctx, request.query.examId)),
    examsExport: async (request, reply) =>
      sendDownload(reply, await examsWorkbook(db, request.ctx, request.query.keyword)),
    questionsExport: async (request, reply) =>
      sendDownload(reply, await questionsWorkbook(db, request.ctx, request.query)),
    questions: async (request) => {
      const { keyword, bankId, page, size } = request.query;
      const { rows, total } = await questionsAcrossExams(db, request.ctx, {
        keyword,
        bankId,
        ...toOffset({ page, size }),
      });
      return okPage(rows, total);
    },
  });
};
