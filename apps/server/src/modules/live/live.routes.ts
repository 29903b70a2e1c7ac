import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { toOffset } from '@kaopei/shared';
import { liveContracts } from '@kaopei/shared/contracts/live';
import { forbidden, ok, okPage } from '../../core/http';
import { sendDownload } from '../../core/download';
import { routes } from '../../core/route';
import { EventStreams, type EventStream } from '../../core/sse';
import { exportAttendance } from './live.excel';
import { isLoopback, onPublish, onPublishDone, onRecordDone, serveHls } from './live.media';
import { callbackSecret, sameSecret } from './live.rules';
import {
  attendanceList,
  endLive,
  heartbeat,
  listLives,
  listMessages,
  liveChannel,
  livePush,
  liveRoom,
  regenerateKey,
  requireRoomAccess,
  sendMessage,
  startLive,
} from './live.service';

/** 直播 (contracts: packages/shared/src/contracts/live.ts; media server: scripts/live-server.mjs). */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  const streams = new EventStreams(app);
  const secret = callbackSecret(deps.config);

  /** Callbacks come from nginx-rtmp on this machine, with the secret of the generated config. */
  const checkCallback = (request: FastifyRequest<{ Querystring: { secret?: string } }>) => {
    if (!isLoopback(request.socket.remoteAddress) || !sameSecret(request.query.secret, secret))
      throw forbidden('仅接受本机直播服务器的回调');
  };

  routes(app, liveContracts, {
    list: async (request) => {
      const { page, size, status, courseId, keyword } = request.query;
      const { rows, total } = await listLives(
        db,
        request.ctx,
        { status, courseId, keyword },
        toOffset({ page, size }),
      );
      return okPage(rows, total);
    },
    push: async (request) => ok(await livePush(deps, request.ctx, request.query.sectionId)),
    regenerateKey: async (request) => ok(await regenerateKey(deps, request.ctx, request.query.sectionId)),
    start: async (request) => ok(await startLive(deps, request.ctx, request.query.sectionId)),
    end: async (request) => ok(await endLive(deps, request.ctx, request.query.sectionId)),
    attendance: async (request) => {
      const { sectionId, page, size } = request.query;
      const { rows, total } = await attendanceList(db, request.ctx, sectionId, toOffset({ page, size }));
      return okPage(rows, total);
    },
    attendanceExport: async (request, reply) =>
      sendDownload(reply, await exportAttendance(db, request.ctx, request.query.sectionId)),

    room: async (request) => ok(await liveRoom(deps, request.ctx, request.query.sectionId)),
    heartbeat: async (request) => ok(await heartbeat(deps, request.ctx, request.body.sectionId)),
    messages: async (request) => ok(await listMessages(deps, request.ctx, request.query)),
    send: async (request) =>
      ok(await sendMessage(deps, request.ctx, request.body.sectionId, request.body.content)),
    stream: async (request, reply) => {
      const { section } = await requireRoomAccess(deps, request.ctx, request.query.sectionId);
      const open: { stream?: EventStream } = {};
      const early: Record<string, unknown>[] = [];
      const forward = (stream: EventStream, message: Record<string, unknown>) => {
        if (typeof message.event === 'string') stream.send(message.event, message.data);
      };
      const unsubscribe = deps.realtime.subscribe(liveChannel(section.id), (message) => {
        if (open.stream) forward(open.stream, message);
        else early.push(message);
      });
      await deps.realtime.ready();
      const stream = streams.start(request, reply);
      open.stream = stream;
      for (const message of early) forward(stream, message);
      stream.onClose(unsubscribe);
    },
    hls: [
      async (request, reply) => serveHls(deps, request.params.token, request.params.file, reply),
      { hide: true },
    ],

    onPublish: async (request) => {
      checkCallback(request);
      await onPublish(deps, request.body.name);
      return ok(null);
    },
    onPublishDone: async (request) => {
      checkCallback(request);
      await onPublishDone(deps, request.body.name);
      return ok(null);
    },
    onRecordDone: async (request) => {
      checkCallback(request);
      onRecordDone(deps, request.body.name, request.body.path, request.log);
      return ok(null);
    },
  });
};
