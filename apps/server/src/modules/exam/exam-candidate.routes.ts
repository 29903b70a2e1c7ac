import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHONE_PATTERN } from '@kaopei/shared';
import { ok } from '../../core/http';
import { openExamInfo, registerForOpenExam, sendOpenExamCode } from './exam-open.service';
import { answerSchema, attemptIdQuery, examIdQuery } from './exam.schemas';
import { publishProgress } from './exam-monitor.service';
import {
  attemptResult,
  attemptView,
  examIntro,
  myExams,
  saveAnswers,
  startAttempt,
  submitAttempt,
} from './exam-attempt.service';

const PREFIX = '/exam/api/v1/candidate';
const OPEN = '/exam/api/v1/open';
const phoneField = z.string({ error: '请输入手机号' }).trim().regex(PHONE_PATTERN, '手机号格式不正确');
const TAGS = ['考生'];

/**
 * The candidate's side (the /m/** pages): any signed-in member, limited to exams they are a candidate
 * of and to their own attempts. No response carries a correct flag or key before results are released.
 */
export const examCandidateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    `${PREFIX}/exams`,
    {
      schema: {
        tags: TAGS,
        summary: '我的考试（upcoming 未开始、ongoing 可参加、finished 已完成）',
        querystring: z.object({
          tab: z
            .enum(['upcoming', 'ongoing', 'finished'], { error: 'tab 只能是 upcoming、ongoing 或 finished' })
            .default('ongoing'),
        }),
      },
    },
    async (request) => ok(await myExams(db, request.ctx, request.query.tab)),
  );

  app.get(
    `${PREFIX}/exam`,
    { schema: { tags: TAGS, summary: '考试说明与我的答卷', querystring: examIdQuery } },
    async (request) => ok(await examIntro(db, request.ctx, request.query.examId)),
  );

  app.post(
    `${PREFIX}/start`,
    { schema: { tags: TAGS, summary: '开始考试（已有进行中的答卷时继续它）', querystring: examIdQuery } },
    async (request) => ok(await startAttempt(db, request.ctx, request.query.examId)),
  );

  app.get(
    `${PREFIX}/attempt`,
    {
      schema: {
        tags: TAGS,
        summary: '我的答卷（试题、已保存的答案、服务器截止时间）',
        querystring: attemptIdQuery,
      },
    },
    async (request) => ok(await attemptView(db, request.ctx, request.query.attemptId)),
  );

  app.post(
    `${PREFIX}/answers`,
    {
      config: { cachedUser: true },
      schema: {
        tags: TAGS,
        summary: '保存答案（可批量；按 seq 幂等：不大于已存 seq 的保存被忽略）',
        querystring: attemptIdQuery,
        body: z
          .array(answerSchema, { error: '请提交答案数组' })
          .min(1, '请提供答案')
          .max(500, '一次最多保存 500 题'),
      },
    },
    async (request) => {
      const { attemptId } = request.query;
      const { result, progress } = await saveAnswers(db, request.ctx, attemptId, request.body);
      // The monitors' progress, after the response and never failing it.
      setImmediate(() => {
        publishProgress(
          app.deps,
          { id: attemptId, examId: progress.examId, userId: request.ctx.userId },
          progress.answered,
        ).catch((error: unknown) => request.log.warn({ err: error }, 'publishing progress failed'));
      });
      return ok(result);
    },
  );

  app.post(
    `${PREFIX}/submit`,
    { schema: { tags: TAGS, summary: '交卷', querystring: attemptIdQuery } },
    async (request) => ok(await submitAttempt(db, request.ctx, request.query.attemptId)),
  );

  app.get(
    `${PREFIX}/result`,
    { schema: { tags: TAGS, summary: '我的成绩（按考试的公布设置）', querystring: attemptIdQuery } },
    async (request) => ok(await attemptResult(db, request.ctx, request.query.attemptId)),
  );

  // ---- open link (audience mode open): no sign-in until registered ----

  app.get(
    `${OPEN}/exam`,
    {
      config: { public: true },
      schema: { tags: TAGS, summary: '开放报名考试的说明与报名字段（无需登录）', querystring: examIdQuery },
    },
    async (request) => ok(await openExamInfo(app.deps, request.query.examId)),
  );

  app.post(
    `${OPEN}/sms`,
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: '开放报名：发送手机验证码',
        querystring: examIdQuery.extend({ phone: phoneField }),
      },
    },
    async (request) => {
      await sendOpenExamCode(app.deps, request.query.examId, request.query.phone, request.ip);
      return ok(null);
    },
  );

  app.post(
    `${OPEN}/register`,
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: '开放报名：验证手机号、填写报名信息，成为考生并登录（返回令牌）',
        querystring: examIdQuery,
        body: z.object({
          realName: z
            .string({ error: '请输入姓名' })
            .trim()
            .min(1, '请输入姓名')
            .max(50, '姓名不能超过 50 个字符'),
          phone: phoneField,
          code: z
            .string({ error: '请输入验证码' })
            .trim()
            .regex(/^\d{6}$/, '验证码为 6 位数字'),
          fields: z.record(z.string(), z.string().max(200, '报名信息过长')).default({}),
        }),
      },
    },
    async (request) => ok(await registerForOpenExam(app.deps, request.query.examId, request.body)),
  );
};
