import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXAMINEE_STATES, toOffset, zeroBasedPaging } from '@kaopei/shared';
import { idParam, ok, okPage } from '../../core/http';
import { EventStreams, type EventStream } from '../../core/sse';
import { examIdQuery } from './exam.schemas';
import {
  examChannel,
  monitorAttempt,
  monitorCandidates,
  monitorExams,
  requireOrgExam,
  snapshotImage,
  warnCandidate,
} from './exam-monitor.service';

/** Menu URL guarding live monitoring (menu.data.ts id 222). */
export const MONITOR_MENU = '/manage/exam/monitor';
const PREFIX = '/exam/api/v1/monitor';
const TAGS = ['监考'];
const keywordField = z.string().trim().max(50, '关键字不能超过 50 个字符').optional();

/** Invigilators' side of live monitoring (issue 7): exams running now, candidates, live updates, warnings. */
export const examMonitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  const streams = new EventStreams(app);
  const config = { menu: MONITOR_MENU };

  app.get(
    `${PREFIX}/exams`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: '可监考的考试（进行中，或 24 小时内开始/结束的已发布考试），进行中的在前',
        querystring: zeroBasedPaging.extend({ keyword: keywordField }),
      },
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      const { rows, total } = await monitorExams(db, request.ctx, {
        ...toOffset({ page, size }),
        keyword: keyword || undefined,
      });
      return okPage(rows, total);
    },
  );

  app.get(
    `${PREFIX}/candidates`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: '考生实时状态（在线、进度、剩余时间、切屏、提醒、抓拍）',
        querystring: zeroBasedPaging.extend(examIdQuery.shape).extend({
          keyword: keywordField,
          state: z
            .enum(EXAMINEE_STATES, { error: 'state 只能是 not_started、in_progress、submitted 或 graded' })
            .optional(),
        }),
      },
    },
    async (request) => {
      const { examId, page, size, keyword, state } = request.query;
      const { rows, total } = await monitorCandidates(db, request.ctx, examId, {
        ...toOffset({ page, size }),
        keyword: keyword || undefined,
        state,
      });
      return okPage(rows, total);
    },
  );

  app.get(
    `${PREFIX}/stream`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: '监考实时更新（Server-Sent Events：update 事件；每 20 秒一个注释心跳）',
        querystring: examIdQuery,
      },
    },
    async (request, reply) => {
      const exam = await requireOrgExam(db, request.ctx, request.query.examId);
      const open: { stream?: EventStream } = {};
      const early: Record<string, unknown>[] = [];
      const unsubscribe = deps.realtime.subscribe(examChannel(exam.id), (message) => {
        if (open.stream) open.stream.send('update', message);
        else early.push(message);
      });
      await deps.realtime.ready();
      const stream = streams.start(request, reply);
      open.stream = stream;
      for (const message of early) stream.send('update', message);
      stream.onClose(unsubscribe);
    },
  );

  app.get(
    `${PREFIX}/attempt`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: '考生答卷详情（状态、各题作答/标记、事件记录、抓拍）',
        querystring: z.object({ attemptId: idParam('attemptId') }),
      },
    },
    async (request) => ok(await monitorAttempt(db, request.ctx, request.query.attemptId)),
  );

  app.get(
    `${PREFIX}/snapshot`,
    {
      config,
      schema: { tags: TAGS, summary: '抓拍图片', querystring: z.object({ eventId: idParam('eventId') }) },
    },
    async (request, reply) => {
      const image = await snapshotImage(deps, request.ctx, request.query.eventId);
      return reply.type(image.mime).header('Cache-Control', 'private, max-age=3600').send(image.data);
    },
  );

  app.post(
    `${PREFIX}/warn`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: '向考生发送提醒（考生页面弹窗，须确认）',
        body: z.object({
          attemptId: idParam('attemptId'),
          message: z
            .string({ error: '请输入提醒内容' })
            .trim()
            .min(1, '请输入提醒内容')
            .max(200, '提醒内容不能超过 200 个字符'),
        }),
      },
    },
    async (request) =>
      ok(await warnCandidate(deps, request.ctx, request.body.attemptId, request.body.message)),
  );
};
