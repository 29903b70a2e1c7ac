import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { examMonitorContracts } from '@kaopei/shared/contracts/exam-monitor';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import { EventStreams, type EventStream } from '../../core/sse';
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
export { MONITOR_MENU } from '@kaopei/shared/contracts/exam-monitor';

/** Invigilators' side of live monitoring (issue 7): exams running now, candidates, live updates, warnings. */
export const examMonitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  const streams = new EventStreams(app);

  routes(app, examMonitorContracts, {
    exams: async (request) => {
      const { page, size, keyword } = request.query;
      const { rows, total } = await monitorExams(db, request.ctx, { ...toOffset({ page, size }), keyword });
      return okPage(rows, total);
    },

    candidates: async (request) => {
      const { examId, page, size, keyword, state } = request.query;
      const { rows, total } = await monitorCandidates(db, request.ctx, examId, {
        ...toOffset({ page, size }),
        keyword,
        state,
      });
      return okPage(rows, total);
    },

    stream: async (request, reply) => {
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

    attempt: async (request) => ok(await monitorAttempt(db, request.ctx, request.query.attemptId)),

    snapshot: async (request, reply) => {
      const image = await snapshotImage(deps, request.ctx, request.query.eventId);
      return reply.type(image.mime).header('Cache-Control', 'private, max-age=3600').send(image.data);
    },

    warn: async (request) =>
      ok(await warnCandidate(deps, request.ctx, request.body.attemptId, request.body.message)),
  });
};
