import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examCandidateContracts } from '@kaopei/shared/contracts/exam-candidate';
import { ok } from '../../core/http';
import { routes } from '../../core/route';
import { openExamInfo, registerForOpenExam, sendOpenExamCode } from './exam-open.service';
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

/**
 * The candidate's side (the /m/** pages): any signed-in member, limited to exams they are a candidate
 * of and to their own attempts. No response carries a correct flag or key before results are released
 * (the contract's reply shapes: packages/shared/src/contracts/exam-candidate.ts).
 */
export const examCandidateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  routes(app, examCandidateContracts, {
    myExams: async (request) => ok(await myExams(db, request.ctx, request.query.tab)),
    intro: async (request) => ok(await examIntro(db, request.ctx, request.query.examId)),
    start: async (request) => ok(await startAttempt(db, request.ctx, request.query.examId)),
    attempt: async (request) => ok(await attemptView(db, request.ctx, request.query.attemptId)),
    // The hottest call of an exam (bench/exam-load.bench.ts): the caller's user row may be 10 s old.
    saveAnswers: [
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
      { config: { cachedUser: true } },
    ],
    submit: async (request) => ok(await submitAttempt(db, request.ctx, request.query.attemptId)),
    result: async (request) => ok(await attemptResult(db, request.ctx, request.query.attemptId)),

    // ---- open link (audience mode open): no sign-in until registered ----
    openExam: async (request) => ok(await openExamInfo(app.deps, request.query.examId)),
    openSms: async (request) => {
      await sendOpenExamCode(app.deps, request.query.examId, request.query.phone, request.ip);
      return ok(null);
    },
    openRegister: async (request) =>
      ok(await registerForOpenExam(app.deps, request.query.examId, request.body)),
  });
};
