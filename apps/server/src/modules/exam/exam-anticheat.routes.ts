import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examAntiCheatContracts } from '@kaopei/shared/contracts/exam-candidate';
import { badRequest, ok } from '../../core/http';
import { routes } from '../../core/route';
import { EventStreams, type EventStream } from '../../core/sse';
import {
  MAX_SNAPSHOT_BYTES,
  attemptChannel,
  candidateMessages,
  markPresence,
  recordEvents,
  requireOwnAttempt,
  saveSnapshot,
} from './exam-monitor.service';

/**
 * The candidate's anti-cheating side (issue 7): what the exam page reports, webcam snapshots, and the
 * stream of invigilators' messages. Own attempts only (404 for anyone else's).
 */
export const examAntiCheatRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const streams = new EventStreams(app);

  routes(app, examAntiCheatContracts, {
    // The heartbeat of every candidate every 20 s: the caller's user row may be 10 s old.
    events: [
      async (request) =>
        ok(await recordEvents(deps, request.ctx, request.query.attemptId, request.body.events)),
      { config: { cachedUser: true } },
    ],

    snapshot: async (request) => {
      if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传图片');
      const part = await request.file({ limits: { fileSize: MAX_SNAPSHOT_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'file') throw badRequest('请选择图片');
      const data = await part.toBuffer().catch(() => {
        throw badRequest('抓拍图片不能超过 1MB');
      });
      return ok(
        await saveSnapshot(deps, request.ctx, request.query.attemptId, { mimetype: part.mimetype, data }),
      );
    },

    messages: async (request) =>
      ok(await candidateMessages(deps.db, request.ctx, request.query.attemptId, request.query.afterId)),

    stream: async (request, reply) => {
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
  });
};
