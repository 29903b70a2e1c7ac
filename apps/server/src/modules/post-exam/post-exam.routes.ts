import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postExamContracts } from '@kaopei/shared/contracts/post-exam';
import { OK_MESSAGE, ok, okPage } from '../../core/http';
import { sendDownload } from '../../core/download';
import { routes } from '../../core/route';
import { generatePostPaper, postModel } from './post-exam.paper';
import { postResultsWorkbook } from './post-exam.excel';
import {
  abilityResults,
  addEvaluationExam,
  addPostExam,
  evaluationPapers,
  postOptions,
  postPapers,
  publishEvaluationExam,
  publishPostExam,
  searchExams,
} from './post-exam.service';

/** 岗位试卷、岗位考试、测评考试与能力结果 (contracts: packages/shared/src/contracts/post-exam.ts). */
export const postExamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, postExamContracts, {
    posts: async (request) => {
      const { rows, total } = await postOptions(db, request.ctx, request.query);
      return okPage(rows, total);
    },
    model: async (request) => ok(await postModel(db, request.ctx, request.query.postId)),
    generate: async (request) => ok(await generatePostPaper(db, request.ctx, request.body)),
    papers: async (request) => {
      const { rows, total } = await postPapers(db, request.ctx, request.query);
      return okPage(rows, total);
    },

    examList: async (request) => {
      const { rows, total } = await searchExams(db, request.ctx, 'post', request.query);
      return okPage(rows, total);
    },
    examAdd: async (request) => ok(await addPostExam(db, request.ctx, request.body)),
    examPublish: async (request) => ok(await publishPostExam(db, request.ctx, request.query.examId)),
    examDetail: async (request) => {
      const { data, total } = await abilityResults(db, request.ctx, 'post', request.query);
      return { code: 0, message: OK_MESSAGE, res: { data, total } };
    },
    examExport: async (request, reply) =>
      sendDownload(reply, await postResultsWorkbook(db, request.ctx, request.query)),

    evaluateList: async (request) => {
      const { rows, total } = await searchExams(db, request.ctx, 'evaluation', request.query);
      return okPage(rows, total);
    },
    evaluatePapers: async (request) => {
      const { rows, total } = await evaluationPapers(db, request.ctx, request.query);
      return okPage(rows, total);
    },
    evaluateAdd: async (request) => ok(await addEvaluationExam(db, request.ctx, request.body)),
    evaluatePublish: async (request) =>
      ok(await publishEvaluationExam(db, request.ctx, request.query.examId)),
    evaluateProfile: async (request) => {
      const { data, total } = await abilityResults(db, request.ctx, 'evaluation', request.query);
      return { code: 0, message: OK_MESSAGE, res: { data, total } };
    },
  });
};
