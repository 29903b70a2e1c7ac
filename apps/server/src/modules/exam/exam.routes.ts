import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { examContracts } from '@kaopei/shared/contracts/exam';
import { OK_MESSAGE, badRequest, notFound, ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import { sendDownload } from '../../core/download';
import {
  copyExam,
  createExam,
  deleteExams,
  getExam,
  modifyExam,
  publishExam,
  requireExam,
  searchExams,
  unpublishExam,
} from './exam.service';
import {
  addExaminees,
  answersToMark,
  commentAttempt,
  designatePaper,
  examReport,
  examResults,
  extendTime,
  forceSubmit,
  grantAttempt,
  listExaminees,
  markAnswer,
  markingOverview,
  personalReport,
  questionRecords,
  removeExaminees,
  examsUsingQuestion,
  signReportToken,
  verifyReportToken,
} from './exam-result.service';
import { announceExtended, announceForced } from './exam-monitor.service';
import { resultsWorkbook } from './exam-result.excel';

/** Shared report links work for 30 days. */
const REPORT_LINK_MS = 30 * 24 * 3600_000;

/** The question of a "where used" call: from the query string or the JSON body (spec §7). */
function questionIdOf(
  query: { questionId?: number | undefined },
  body: { questionId?: number | undefined } | null | undefined,
): number {
  const fromQuery = query.questionId;
  const fromBody = body?.questionId;
  if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody)
    throw badRequest('查询参数与请求体给出了不同的试题');
  const questionId = fromQuery ?? fromBody;
  if (questionId === undefined) throw badRequest('请提供试题');
  return questionId;
}

/** The administrator's side of exams (spec §2 exam/*; contracts: packages/shared/src/contracts/exam.ts). */
export const examRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const publicBase = () => app.deps.config.publicUrl.replace(/\/$/, '');

  routes(app, examContracts, {
    search: async (request) => {
      const { rows, total } = await searchExams(db, request.ctx, {
        keyword: request.body?.keyword || undefined,
        state: request.body?.state,
        ...toOffset(request.query),
      });
      return okPage(rows, total);
    },
    detail: async (request) => ok(await getExam(db, request.ctx, request.query.examId)),
    add: async (request) => ok(await createExam(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyExam(db, request.ctx, request.query.examId, request.body)),
    delete: async (request) => ok(await deleteExams(db, request.ctx, request.body.ids)),
    copy: async (request) => ok(await copyExam(db, request.ctx, request.query.examId)),
    publish: async (request) => ok(await publishExam(db, request.ctx, request.query.examId)),
    unpublish: async (request) => ok(await unpublishExam(db, request.ctx, request.query.examId)),
    link: async (request) => {
      const exam = await requireExam(db, request.ctx, request.query.examId);
      // Open-link exams start at registration; others at the candidate's exam page.
      const path =
        exam.audience?.mode === 'open'
          ? `/m/open/${exam.id}`
          : request.query.type === 2
            ? `/m/exams/${exam.id}?type=2`
            : `/m/exams/${exam.id}`;
      return ok({ examId: exam.id, type: request.query.type, url: `${publicBase()}${path}` });
    },

    // ---- where a question is used ----

    examsUsingQuestion: async (request) =>
      ok(await examsUsingQuestion(db, request.ctx, questionIdOf(request.query, request.body))),
    questionRecords: async (request) => {
      const { sortableField, sortType, page, size } = request.query;
      const questionId = questionIdOf(request.query, request.body);
      const { rows, total } = await questionRecords(db, request.ctx, questionId, {
        ...toOffset({ page, size }),
        sortField: sortableField,
        sortType,
      });
      return okPage(rows, total);
    },

    // ---- candidates (exam/examinee) ----

    examineeSearch: async (request) => {
      const { examId, page, size } = request.query;
      const { rows, total } = await listExaminees(db, request.ctx, examId, {
        keyword: request.body?.keyword || undefined,
        state: request.body?.state,
        ...toOffset({ page, size }),
      });
      return okPage(rows, total);
    },
    examineeAdd: async (request) =>
      ok(await addExaminees(db, request.ctx, request.query.examId, request.body.userIds)),
    examineeRemove: async (request) =>
      ok(await removeExaminees(db, request.ctx, request.query.examId, request.body.userIds)),
    examineeExtend: async (request) => {
      const { examId, userId } = request.query;
      const result = await extendTime(db, request.ctx, examId, userId, request.body.minutes);
      await announceExtended(app.deps, request.ctx, examId, userId, request.body.minutes);
      return ok(result);
    },
    examineeGrant: async (request) =>
      ok(await grantAttempt(db, request.ctx, request.query.examId, request.query.userId)),
    examineeForceSubmit: async (request) => {
      const result = await forceSubmit(db, request.ctx, request.query.examId, request.query.userId);
      await announceForced(app.deps, request.ctx, result.attemptId);
      return ok(result);
    },
    examineeDesignate: async (request) =>
      ok(
        await designatePaper(
          db,
          request.ctx,
          request.query.examId,
          request.body.userIds,
          request.body.paperId,
        ),
      ),

    // ---- marking (exam/check) ----

    checkOverview: async (request) => ok(await markingOverview(db, request.ctx, request.query.examId)),
    checkAnswers: async (request) => {
      const { examId, questionId, page, size } = request.query;
      const result = await answersToMark(db, request.ctx, examId, questionId, toOffset({ page, size }));
      // The question and its key travel beside the page.
      return {
        code: 0,
        message: OK_MESSAGE,
        res: { data: result.rows, total: result.total, question: result.question },
      };
    },
    checkAttempt: async (request) => {
      const report = await personalReport(db, request.query.attemptId, request.ctx.organizationId);
      const exam = await requireExam(db, request.ctx, report.examId);
      return ok(
        exam.settings?.blindMarking
          ? { ...report, realName: `考生 ${report.attemptId}`, departmentName: null }
          : report,
      );
    },
    checkMark: async (request) => ok(await markAnswer(db, request.ctx, request.body)),

    // ---- results and reports ----

    resultSearch: async (request) => {
      const { examId, page, size } = request.query;
      const { rows, total } = await examResults(db, request.ctx, examId, {
        ...toOffset({ page, size }),
        keyword: request.body?.keyword || undefined,
      });
      return okPage(rows, total);
    },
    resultExport: async (request, reply) =>
      sendDownload(reply, await resultsWorkbook(db, request.ctx, request.query.examId)),
    personalReport: async (request) =>
      ok(await personalReport(db, request.query.attemptId, request.ctx.organizationId)),
    shareReport: async (request) => {
      const report = await personalReport(db, request.query.attemptId, request.ctx.organizationId);
      const expiresAt = Date.now() + REPORT_LINK_MS;
      const token = signReportToken(
        app.deps.config.jwtSecret,
        report.attemptId,
        request.ctx.organizationId,
        expiresAt,
      );
      return ok({ url: `${publicBase()}/report?token=${encodeURIComponent(token)}`, token, expiresAt });
    },
    publicReport: async (request) => {
      const claims = verifyReportToken(app.deps.config.jwtSecret, request.query.token);
      if (!claims) throw notFound('报告链接无效或已过期');
      return ok(await personalReport(db, claims.attemptId, claims.organizationId));
    },
    comment: async (request) =>
      ok(await commentAttempt(db, request.ctx, request.query.attemptId, request.body.comment || null)),
    examReport: async (request) => ok(await examReport(db, request.ctx, request.query.examId)),
  });
};
