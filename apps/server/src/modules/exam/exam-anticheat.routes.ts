import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, idParam, ok } from '../../core/http';
import { EventStreams, type EventStream } from '../../core/sse';
import { attemptIdQuery } from './exam.schemas';
import {
  CANDIDATE_EVENT_KINDS,
  MAX_SNAPSHOT_BYTES,
  attemptChannel,
  candidateMessages,
  markPresence,
  recordEvents,
  requireOwnAttempt,
  saveSnapshot,
} from './exam-monitor.service';

const PREFIX = '/exam/api/v1/candidate';
const TAGS = ['考生'];

const eventsBody = z.object({
  events: z
    .array(
      z.object({
        kind: z.enum(CANDIDATE_EVENT_KINDS, {
          error: `events.kind 只能是 ${CANDIDATE_EVENT_KINDS.join('、')}`,
        }),
        at: z
          .number({ error: 'events.at 必须是毫秒时间戳' })
          .int('events.at 必须是整数')
          .positive()
          .optional(),
      }),
      { error: '请提交 events 数组' },
    )
    .min(1, '请至少上报一个事件')
    .max(50, '一次最多上报 50 个事件'),
});

/**
 * The candidate's anti-cheating side (issue 7): what the exam page reports, webcam snapshots, and the
 * stream of invigilators' messages. Own attempts only (404 for anyone else's).
 */
export const examAntiCheatRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const streams = new EventStreams(app);

  app.post(
    `${PREFIX}/events`,
    {
      config: { cachedUser: true },
      schema: {
        tags: TAGS,
        summary: '上报防作弊事件（切屏、退出全屏、复制粘贴被拦截、摄像头授权、心跳），超过切屏上限自动交卷',
        querystring: attemptIdQuery,
        body: eventsBody,
      },
    },
    async (request) =>
      ok(await recordEvents(deps, request.ctx, request.query.attemptId, request.body.events)),
  );

  app.post(
    `${PREFIX}/snapshot`,
    {
      schema: {
        tags: TAGS,
        summary: '上传摄像头抓拍（multipart 字段 file，JPEG/PNG，不超过 1MB）',
        querystring: attemptIdQuery,
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('参数 file 不正确：请以 multipart/form-data 上传图片');
      const part = await request.file({ limits: { fileSize: MAX_SNAPSHOT_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'file') throw badRequest('参数 file 不正确：请选择图片');
      const data = await part.toBuffer().catch(() => {
        throw badRequest('参数 file 不正确：抓拍图片不能超过 1MB');
      });
      return ok(
        await saveSnapshot(deps, request.ctx, request.query.attemptId, { mimetype: part.mimetype, data }),
      );
    },
  );

  app.get(
    `${PREFIX}/messages`,
    {
      schema: {
        tags: TAGS,
        summary: '监考提醒（afterId 之后的，按时间先后）',
        querystring: attemptIdQuery.extend({
          afterId: z.coerce
            .number({ error: 'afterId 必须是数字' })
            .int('afterId 必须是整数')
            .min(0)
            .default(0),
        }),
      },
    },
    async (request) =>
      ok(await candidateMessages(deps.db, request.ctx, request.query.attemptId, request.query.afterId)),
  );

  app.get(
    `${PREFIX}/stream`,
    {
      schema: {
        tags: TAGS,
        summary:
          '考生消息流（Server-Sent Events：warning 提醒、extended 延时、submitted 已交卷；每 20 秒一个注释心跳）',
        querystring: z.object({ attemptId: idParam('attemptId') }),
      },
    },
    async (request, reply) => {
      const attempt = await requireOwnAttempt(deps.db, request.ctx, request.query.attemptId);
      // Messages arriving before the stream is open are held back, then sent in order.
      const open: { stream?: EventStream } = {};
      const early: Record<string, unknown>[] = [];
      const forward = (message: Record<string, unknown>) => {
        if (typeof message.event === 'string') open.stream?.send(message.event, message.data ?? {});
      };
      const unsubscribe = deps.realtime.subscribe(attemptChannel(attempt.id), (message) => {
        if (open.stream) forward(message);
        else early.push(message);
      });
      await deps.realtime.ready();
      const stream = streams.start(request, reply);
      open.stream = stream;
      early.forEach(forward);
      if (attempt.status !== 0) {
        stream.send('submitted', { reason: attempt.submitReason ?? 'manual' });
      } else {
        await markPresence(deps, attempt, true).catch((error: unknown) =>
          request.log.error({ err: error }, 'marking presence failed'),
        );
      }
      stream.onClose(() => {
        unsubscribe();
        if (attempt.status === 0)
          markPresence(deps, attempt, false).catch((error: unknown) =>
            request.log.error({ err: error }, 'marking presence failed'),
          );
      });
    },
  );
};
