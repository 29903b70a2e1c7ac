import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { toOffset } from '@kaopei/shared';
import {
  RECORDING_MAX_BYTES,
  interviewContracts,
  type RoomPresence,
} from '@kaopei/shared/contracts/interview';
import { sendDownload } from '../../core/download';
import { badRequest, ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import { EventStreams, type EventStream } from '../../core/sse';
import {
  addInterview,
  cancelInterview,
  interviewDetail,
  interviewerTicket,
  listInterviews,
  modifyInterview,
  recordingFile,
  recruitmentInterviewSource,
  scorecardsOfApplicant,
  submitScorecard,
} from './interview.service';
import {
  codeRun,
  giveConsent,
  relaySignal,
  requireRoom,
  roomInfo,
  saveRecording,
  startCodeRun,
} from './interview-room.service';
import { roomChannel } from './interview.rules';
import { registerInterviewSource } from '../recruitment/interview-hook';

/** 视频面试 (contracts: packages/shared/src/contracts/interview.ts). */
export const interviewRoutes: FastifyPluginAsyncZod = async (app) => {
  registerInterviewSource(recruitmentInterviewSource);
  const deps = app.deps;
  const streams = new EventStreams(app);

  routes(app, interviewContracts, {
    list: async (request) => {
      const { page, size, ...filter } = request.query;
      const { rows, total } = await listInterviews(deps, request.ctx, filter, toOffset({ page, size }));
      return okPage(rows, total);
    },
    mine: async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await listInterviews(
        deps,
        request.ctx,
        { interviewerId: request.ctx.userId, status: 'scheduled' },
        toOffset({ page, size }),
        'soonest',
      );
      return okPage(rows, total);
    },
    detail: async (request) => ok(await interviewDetail(deps, request.ctx, request.query.id)),
    add: async (request) => ok(await addInterview(deps, request.ctx, request.body)),
    modify: async (request) => {
      await modifyInterview(deps, request.ctx, request.query.id, request.body);
      return ok(null);
    },
    cancel: async (request) => {
      await cancelInterview(deps, request.ctx, request.query.id);
      return ok(null);
    },
    ticket: async (request) => ok(await interviewerTicket(deps, request.ctx, request.query.id)),
    scorecard: async (request) => ok(await submitScorecard(deps, request.ctx, request.body)),
    scorecardsOfApplicant: async (request) =>
      ok(await scorecardsOfApplicant(deps, request.ctx, request.query.applicantId)),
    recording: async (request, reply) => {
      const file = await recordingFile(deps, request.ctx, request.query.id);
      return sendDownload(reply, { fileName: file.fileName, contentType: file.mime, data: file.data });
    },

    room: async (request) => ok(await roomInfo(deps, await requireRoom(deps, request.query.ticket))),
    events: async (request, reply) => {
      const access = await requireRoom(deps, request.query.ticket);
      const channel = roomChannel(access.interview.id);
      const presence: RoomPresence = {
        peer: request.query.peer,
        role: access.ticket.role,
        name: access.name,
      };
      const open: { stream?: EventStream } = {};
      const early: Record<string, unknown>[] = [];
      const forward = (stream: EventStream, message: Record<string, unknown>) => {
        if (typeof message.event === 'string') stream.send(message.event, message.data);
      };
      const unsubscribe = deps.realtime.subscribe(channel, (message) => {
        if (open.stream) forward(open.stream, message);
        else early.push(message);
      });
      await deps.realtime.ready();
      const stream = streams.start(request, reply);
      open.stream = stream;
      for (const message of early) forward(stream, message);
      stream.onClose(() => {
        unsubscribe();
        void deps.realtime.publish(channel, { event: 'leave', data: presence }).catch(() => undefined);
      });
      await deps.realtime.publish(channel, { event: 'join', data: presence });
    },
    signal: async (request) => {
      const { ticket, ...signal } = request.body;
      await relaySignal(deps, await requireRoom(deps, ticket), signal);
      return ok(null);
    },
    consent: async (request) => {
      await giveConsent(deps, await requireRoom(deps, request.body.ticket));
      return ok(null);
    },
    startRun: async (request) => {
      const { ticket, ...input } = request.body;
      return ok(await startCodeRun(deps, await requireRoom(deps, ticket), input));
    },
    run: async (request) =>
      ok(await codeRun(deps, await requireRoom(deps, request.query.ticket), request.query.id)),
    uploadRecording: async (request) => {
      const access = await requireRoom(deps, request.query.ticket);
      const part = await request.file({ limits: { fileSize: RECORDING_MAX_BYTES, files: 1 } });
      if (!part) throw badRequest('请选择录像文件');
      const data = await part.toBuffer().catch(() => {
        throw badRequest(`录像不能超过 ${RECORDING_MAX_BYTES / 1024 / 1024}MB`);
      });
      // The type is read from the bytes, never from the client's Content-Type.
      const type = await fileTypeFromBuffer(data);
      if (!type || !['video/webm', 'audio/webm', 'video/mp4'].includes(type.mime))
        throw badRequest('录像必须是 WebM 或 MP4 视频');
      await saveRecording(deps, access, { data, mime: type.mime });
      return ok(null);
    },
  });
};
