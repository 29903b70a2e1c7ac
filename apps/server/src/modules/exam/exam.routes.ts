import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXAMINEE_STATES, formatScore, toOffset, zeroBasedPaging } from '@kaopei/shared';
import { READ_MENUS as QUESTION_READ_MENUS } from '../question/question.schemas';
import { idParam, notFound, ok, okPage } from '../../core/http';
import { sendDownload } from '../staff/staff.routes';
import { XLSX_MIME } from '../staff/staff.excel';
import { dateStamp } from '../staff/staff.rules';
import {
  CHECK_MENU,
  COMMENT_MENU,
  DESIGNATE_MENU,
  EXAMINEE_MENU,
  EXAM_LIST_MENU,
  EXAM_READ_MENUS,
  REPORT_MENU,
  RESULT_MENU,
  examBodySchema,
  examIdQuery,
  examIdsBody,
  examSearchSchema,
  markSchema,
  userIdsBody,
} from './exam.schemas';
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
  RECORD_SORT_FIELDS,
  removeExaminees,
  examsUsingQuestion,
  signReportToken,
  verifyReportToken,
} from './exam-result.service';
import { MONITOR_MENU } from './exam-monitor.routes';
import { announceExtended, announceForced } from './exam-monitor.service';

const PREFIX = '/exam/api/v1/exam';
const TAGS = ['考试'];
/** Shared report links work for 30 days. */
const REPORT_LINK_MS = 30 * 24 * 3600_000;

const examUserQuery = examIdQuery.extend({ userId: idParam('userId') });
const attemptQuery = z.object({ attemptId: idParam('attemptId') });

/** The administrator's side of exams (spec §2 exam/*). */
export const examRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    `${PREFIX}/search`,
    {
      config: { menu: EXAM_READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '考试分页搜索（关键字、状态 draft/upcoming/ongoing/ended）',
        querystring: zeroBasedPaging,
        body: examSearchSchema,
      },
    },
    async (request) => {
      const { rows, total } = await searchExams(db, request.ctx, {
        keyword: request.body?.keyword || undefined,
        state: request.body?.state,
        ...toOffset(request.query),
      });
      return okPage(rows, total);
    },
  );

  app.get(
    `${PREFIX}/detail`,
    {
      config: { menu: EXAM_READ_MENUS },
      schema: { tags: TAGS, summary: '考试详情', querystring: examIdQuery },
    },
    async (request) => ok(await getExam(db, request.ctx, request.query.examId)),
  );

  app.post(
    `${PREFIX}/add`,
    {
      config: { menu: EXAM_LIST_MENU },
      schema: { tags: TAGS, summary: '新建考试（草稿）', body: examBodySchema },
    },
    async (request) => ok(await createExam(db, request.ctx, request.body)),
  );

  app.post(
    `${PREFIX}/modify`,
    {
      config: { menu: EXAM_LIST_MENU },
      schema: {
        tags: TAGS,
        summary: '修改考试（已有考生作答后不能更换试卷）',
        querystring: examIdQuery,
        body: examBodySchema,
      },
    },
    async (request) => ok(await modifyExam(db, request.ctx, request.query.examId, request.body)),
  );

  app.post(
    `${PREFIX}/delete`,
    {
      config: { menu: EXAM_LIST_MENU },
      schema: { tags: TAGS, summary: '删除考试（无人作答时；全部成功或全部失败）', body: examIdsBody },
    },
    async (request) => ok(await deleteExams(db, request.ctx, request.body.ids)),
  );

  app.post(
    `${PREFIX}/copy`,
    {
      config: { menu: EXAM_LIST_MENU },
      schema: { tags: TAGS, summary: '复制考试为草稿', querystring: examIdQuery },
    },
    async (request) => ok(await copyExam(db, request.ctx, request.query.examId)),
  );

  app.post(
    `${PREFIX}/publish`,
    {
      config: { menu: EXAM_LIST_MENU },
      schema: {
        tags: TAGS,
        summary: '发布考试：确定考生名单、冻结试题内容并通知考生',
        querystring: examIdQuery,
      },
    },
    async (request) => ok(await publishExam(db, request.ctx, request.query.examId)),
  );

  app.post(
    `${PREFIX}/unpublish`,
    {
      config: { menu: EXAM_LIST_MENU },
      schema: { tags: TAGS, summary: '取消发布（无人作答时）', querystring: examIdQuery },
    },
    async (request) => ok(await unpublishExam(db, request.ctx, request.query.examId)),
  );

  app.get(
    `${PREFIX}/link`,
    {
      config: { menu: EXAM_READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '考试二维码链接（type 1 考生端考试页，2 考试说明页）；二维码 300×300 由前端生成',
        querystring: examIdQuery.extend({
          type: z.coerce
            .number({ error: 'type 只能是 1 或 2' })
            .int()
            .min(1, 'type 只能是 1 或 2')
            .max(2, 'type 只能是 1 或 2')
            .default(1),
        }),
      },
    },
    async (request) => {
      const exam = await requireExam(db, request.ctx, request.query.examId);
      const base = app.deps.config.publicUrl.replace(/\/$/, '');
      // Open-link exams start at registration; others at the candidate's exam page.
      const path =
        exam.audience?.mode === 'open'
          ? `/m/open/${exam.id}`
          : request.query.type === 2
            ? `/m/exams/${exam.id}?type=2`
            : `/m/exams/${exam.id}`;
      return ok({ examId: exam.id, type: request.query.type, url: `${base}${path}` });
    },
  );

  // ---- where a question is used (spec §7 Questions: get/exam/by/question, get/exam/record/by/question) ----

  app.post(
    '/question/api/v1/questions/get/exam/by/question',
    {
      config: { menu: QUESTION_READ_MENUS },
      schema: {
        tags: ['试题'],
        summary: '使用该试题的考试（已发布考试冻结的试题，或草稿考试试卷中的试题），带作答数与平均得分率',
        querystring: z.object({ questionId: idParam('questionId') }),
      },
    },
    async (request) => ok(await examsUsingQuestion(db, request.ctx, request.query.questionId)),
  );

  app.post(
    '/question/api/v1/questions/get/exam/record/by/question',
    {
      config: { menu: QUESTION_READ_MENUS },
      schema: {
        tags: ['试题'],
        summary:
          '该试题在各场考试中的作答记录（分页；sortableField submittedAt/answeredAt/score，sortType asc/desc）',
        querystring: zeroBasedPaging.extend({
          questionId: idParam('questionId'),
          sortableField: z
            .enum(RECORD_SORT_FIELDS, { error: 'sortableField 只能是 submittedAt、answeredAt 或 score' })
            .default('submittedAt'),
          sortType: z.enum(['asc', 'desc'], { error: 'sortType 只能是 asc 或 desc' }).default('desc'),
        }),
      },
    },
    async (request) => {
      const { questionId, sortableField, sortType, page, size } = request.query;
      const { rows, total } = await questionRecords(db, request.ctx, questionId, {
        ...toOffset({ page, size }),
        sortField: sortableField,
        sortType,
      });
      return okPage(rows, total);
    },
  );

  // ---- candidates (exam/examinee) ----

  app.post(
    `${PREFIX}/examinee/search`,
    {
      config: { menu: [EXAMINEE_MENU, EXAM_LIST_MENU, DESIGNATE_MENU] },
      schema: {
        tags: TAGS,
        summary: '考生列表与状态（未开始、答题中、待阅卷、已评分）',
        querystring: zeroBasedPaging.extend(examIdQuery.shape),
        body: z
          .object({
            keyword: z.string().trim().max(50, '关键字不能超过 50 个字符').optional(),
            state: z
              .enum(EXAMINEE_STATES, {
                error: 'state 只能是 not_started、in_progress、submitted 或 graded',
              })
              .optional(),
          })
          .nullish(),
      },
    },
    async (request) => {
      const { examId, page, size } = request.query;
      const { rows, total } = await listExaminees(db, request.ctx, examId, {
        keyword: request.body?.keyword || undefined,
        state: request.body?.state,
        ...toOffset({ page, size }),
      });
      return okPage(rows, total);
    },
  );

  app.post(
    `${PREFIX}/examinee/add`,
    {
      config: { menu: EXAMINEE_MENU },
      schema: { tags: TAGS, summary: '添加考生', querystring: examIdQuery, body: userIdsBody },
    },
    async (request) => ok(await addExaminees(db, request.ctx, request.query.examId, request.body.userIds)),
  );

  app.post(
    `${PREFIX}/examinee/remove`,
    {
      config: { menu: EXAMINEE_MENU },
      schema: { tags: TAGS, summary: '移除未开始作答的考生', querystring: examIdQuery, body: userIdsBody },
    },
    async (request) => ok(await removeExaminees(db, request.ctx, request.query.examId, request.body.userIds)),
  );

  app.post(
    `${PREFIX}/examinee/extend`,
    {
      config: { menu: [EXAMINEE_MENU, MONITOR_MENU] },
      schema: {
        tags: TAGS,
        summary: '为考生延长考试时间（分钟）',
        querystring: examUserQuery,
        body: z.object({
          minutes: z
            .number({ error: 'minutes（延长分钟数）必须是数字' })
            .int('延长时间必须是整数分钟')
            .min(1, '延长时间至少 1 分钟')
            .max(600, '一次最多延长 600 分钟'),
        }),
      },
    },
    async (request) => {
      const { examId, userId } = request.query;
      const result = await extendTime(db, request.ctx, examId, userId, request.body.minutes);
      await announceExtended(app.deps, request.ctx, examId, userId, request.body.minutes);
      return ok(result);
    },
  );

  app.post(
    `${PREFIX}/examinee/attempt/grant`,
    {
      config: { menu: EXAMINEE_MENU },
      schema: { tags: TAGS, summary: '允许考生再考一次', querystring: examUserQuery },
    },
    async (request) => ok(await grantAttempt(db, request.ctx, request.query.examId, request.query.userId)),
  );

  app.post(
    `${PREFIX}/examinee/force-submit`,
    {
      config: { menu: [EXAMINEE_MENU, MONITOR_MENU] },
      schema: { tags: TAGS, summary: '强制考生交卷', querystring: examUserQuery },
    },
    async (request) => {
      const result = await forceSubmit(db, request.ctx, request.query.examId, request.query.userId);
      await announceForced(app.deps, request.ctx, result.attemptId);
      return ok(result);
    },
  );

  app.post(
    `${PREFIX}/examinee/designate`,
    {
      config: { menu: DESIGNATE_MENU },
      schema: {
        tags: TAGS,
        summary: '为考生指定试卷（paperId 为 null 时取消指定）',
        querystring: examIdQuery,
        body: userIdsBody.extend({ paperId: idParam('paperId').nullable() }),
      },
    },
    async (request) =>
      ok(
        await designatePaper(
          db,
          request.ctx,
          request.query.examId,
          request.body.userIds,
          request.body.paperId,
        ),
      ),
  );

  // ---- marking (exam/check) ----

  app.get(
    `${PREFIX}/check/overview`,
    {
      config: { menu: CHECK_MENU },
      schema: { tags: TAGS, summary: '阅卷进度：待阅的题目与答卷数', querystring: examIdQuery },
    },
    async (request) => ok(await markingOverview(db, request.ctx, request.query.examId)),
  );

  app.post(
    `${PREFIX}/check/answers`,
    {
      config: { menu: CHECK_MENU },
      schema: {
        tags: TAGS,
        summary: '按题阅卷：某题所有考生的作答（未阅在前；匿名阅卷时隐藏姓名）',
        querystring: zeroBasedPaging.extend({ examId: idParam('examId'), questionId: idParam('questionId') }),
      },
    },
    async (request) => {
      const { examId, questionId, page, size } = request.query;
      const result = await answersToMark(db, request.ctx, examId, questionId, toOffset({ page, size }));
      return {
        code: 0,
        message: '成功',
        res: { data: result.rows, total: result.total, question: result.question },
      };
    },
  );

  app.get(
    `${PREFIX}/check/attempt`,
    {
      config: { menu: CHECK_MENU },
      schema: { tags: TAGS, summary: '按人阅卷：一份答卷的全部作答与参考答案', querystring: attemptQuery },
    },
    async (request) => {
      const report = await personalReport(db, request.query.attemptId, request.ctx.organizationId);
      const exam = await requireExam(db, request.ctx, report.examId);
      return ok(
        exam.settings?.blindMarking
          ? { ...report, realName: `考生 ${report.attemptId}`, departmentName: null }
          : report,
      );
    },
  );

  app.post(
    `${PREFIX}/check/mark`,
    {
      config: { menu: CHECK_MENU },
      schema: { tags: TAGS, summary: '给一道作答打分（不超过本题分值）并写评语', body: markSchema },
    },
    async (request) => ok(await markAnswer(db, request.ctx, request.body)),
  );

  // ---- results and reports ----

  app.post(
    `${PREFIX}/result/search`,
    {
      config: { menu: [RESULT_MENU, EXAM_LIST_MENU, COMMENT_MENU] },
      schema: {
        tags: TAGS,
        summary: '成绩：每位考生的最好成绩、是否及格、排名、用时',
        querystring: zeroBasedPaging.extend(examIdQuery.shape),
        body: z
          .object({ keyword: z.string().trim().max(50, '关键字不能超过 50 个字符').optional() })
          .nullish(),
      },
    },
    async (request) => {
      const { examId, page, size } = request.query;
      const { rows, total } = await examResults(db, request.ctx, examId, {
        ...toOffset({ page, size }),
        keyword: request.body?.keyword || undefined,
      });
      return okPage(rows, total);
    },
  );

  app.get(
    `${PREFIX}/result/export`,
    {
      config: { menu: RESULT_MENU },
      schema: { tags: TAGS, summary: '导出成绩（.xlsx）', querystring: examIdQuery },
    },
    async (request, reply) => {
      const exam = await requireExam(db, request.ctx, request.query.examId);
      const { rows } = await examResults(db, request.ctx, exam.id, { limit: 100_000, offset: 0 });
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('成绩');
      sheet.columns = [
        { header: '排名', key: 'rank', width: 8 },
        { header: '姓名', key: 'realName', width: 14 },
        { header: '账号', key: 'account', width: 16 },
        { header: '部门', key: 'departmentName', width: 18 },
        { header: '成绩', key: 'score', width: 10 },
        { header: '总分', key: 'totalPoints', width: 10 },
        { header: '是否及格', key: 'passed', width: 10 },
        { header: '用时（分钟）', key: 'minutes', width: 12 },
        { header: '交卷时间', key: 'submittedAt', width: 20 },
        { header: '状态', key: 'statusLabel', width: 10 },
      ];
      for (const row of rows) {
        sheet.addRow({
          ...row,
          rank: row.rank ?? '',
          score: row.score === null ? '' : formatScore(row.score),
          passed: row.passed === null ? '待阅卷' : row.passed ? '及格' : '不及格',
          minutes: row.timeUsedSeconds === null ? '' : Math.round(row.timeUsedSeconds / 6) / 10,
          submittedAt: row.submittedAt ? new Date(row.submittedAt) : '',
        });
      }
      sheet.getRow(1).font = { bold: true };
      return sendDownload(reply, {
        fileName: `${exam.name}_成绩_${dateStamp()}.xlsx`,
        contentType: XLSX_MIME,
        data: Buffer.from(await workbook.xlsx.writeBuffer()),
      });
    },
  );

  app.get(
    `${PREFIX}/report/personal`,
    {
      config: { menu: [RESULT_MENU, COMMENT_MENU, CHECK_MENU] },
      schema: { tags: TAGS, summary: '个人考试报告', querystring: attemptQuery },
    },
    async (request) => ok(await personalReport(db, request.query.attemptId, request.ctx.organizationId)),
  );

  app.post(
    `${PREFIX}/report/share`,
    {
      config: { menu: [RESULT_MENU, COMMENT_MENU] },
      schema: {
        tags: TAGS,
        summary: '生成个人报告的分享链接（30 天有效，无需登录）',
        querystring: attemptQuery,
      },
    },
    async (request) => {
      const report = await personalReport(db, request.query.attemptId, request.ctx.organizationId);
      const expiresAt = Date.now() + REPORT_LINK_MS;
      const token = signReportToken(
        app.deps.config.jwtSecret,
        report.attemptId,
        request.ctx.organizationId,
        expiresAt,
      );
      const base = app.deps.config.publicUrl.replace(/\/$/, '');
      return ok({ url: `${base}/report?token=${encodeURIComponent(token)}`, token, expiresAt });
    },
  );

  app.get(
    '/exam/api/v1/public/report',
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: '分享链接打开的个人考试报告（无需登录）',
        querystring: z.object({
          token: z.string({ error: '缺少 token' }).min(1, '缺少 token').max(500, 'token 不正确'),
        }),
      },
    },
    async (request) => {
      const claims = verifyReportToken(app.deps.config.jwtSecret, request.query.token);
      if (!claims) throw notFound('报告链接无效或已过期');
      return ok(await personalReport(db, claims.attemptId, claims.organizationId));
    },
  );

  app.post(
    `${PREFIX}/comment`,
    {
      config: { menu: [COMMENT_MENU, RESULT_MENU] },
      schema: {
        tags: TAGS,
        summary: '考试评语',
        querystring: attemptQuery,
        body: z.object({
          comment: z
            .string({ error: '评语必须是文本' })
            .trim()
            .max(2000, '评语不能超过 2000 个字符')
            .nullable(),
        }),
      },
    },
    async (request) =>
      ok(await commentAttempt(db, request.ctx, request.query.attemptId, request.body.comment || null)),
  );

  app.get(
    `${PREFIX}/report/exam`,
    {
      config: { menu: [REPORT_MENU, RESULT_MENU, EXAM_LIST_MENU] },
      schema: { tags: TAGS, summary: '考试报告：分数分布、及格率、最难的题', querystring: examIdQuery },
    },
    async (request) => ok(await examReport(db, request.ctx, request.query.examId)),
  );
};
