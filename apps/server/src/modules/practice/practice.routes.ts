import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { practiceContracts } from '@kaopei/shared/contracts/practice';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import { onAttemptGraded, type AttemptGradedListener } from '../exam/attempt-graded';
import {
  addPractice,
  closePractice,
  deletePractice,
  listPractices,
  modifyPractice,
  practiceDetail,
  practiceKnowledgeStats,
  practiceQuestionStats,
  releasePractice,
  sourceOptions,
} from './practice-admin.service';
import { mistakeKnowledge, mistakeQuestions } from './practice-stats.repo';
import { answerQuestion, myPractices, startRound } from './practice-learn.service';
import { recordMistakes, wrongObjectiveQuestions } from './review-book.repo';
import { answerReview, reviewNext } from './review.service';

/** A graded exam attempt: its wrong auto-graded questions enter the candidate's review book. */
export const bookExamMistakes: AttemptGradedListener = async (db, attempt) => {
  const wrong = await wrongObjectiveQuestions(db, attempt.attemptId);
  const [first] = wrong;
  if (!first) return;
  await recordMistakes(
    db,
    { organizationId: first.organizationId, userId: first.userId, source: 'exam', sourceId: attempt.examId },
    wrong.map((row) => row.questionId),
    new Date(),
  );
};

/** 练习与错题本 (contracts: packages/shared/src/contracts/practice.ts). */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  onAttemptGraded(bookExamMistakes);
  routes(app, practiceContracts, {
    list: async (request) => {
      const { keyword, status, page, size } = request.query;
      const { rows, total } = await listPractices(
        db,
        request.ctx,
        { keyword, status },
        toOffset({ page, size }),
      );
      return okPage(rows, total);
    },
    sourceOptions: async (request) => ok(await sourceOptions(db, request.ctx)),
    get: async (request) => ok(await practiceDetail(db, request.ctx, request.query.practiceId)),
    add: async (request) => ok(await addPractice(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyPractice(db, request.ctx, request.body)),
    delete: async (request) => ok(await deletePractice(db, request.ctx, request.query.practiceId)),
    release: async (request) => ok(await releasePractice(db, request.ctx, request.query.practiceId)),
    close: async (request) => ok(await closePractice(db, request.ctx, request.query.practiceId)),
    questionStats: async (request) => {
      const { practiceId, page, size } = request.query;
      const { rows, total } = await practiceQuestionStats(
        db,
        request.ctx,
        practiceId,
        toOffset({ page, size }),
      );
      return okPage(rows, total);
    },
    knowledgeStats: async (request) =>
      ok(await practiceKnowledgeStats(db, request.ctx, request.query.practiceId)),
    mistakes: async (request) => {
      const { keyword, page, size } = request.query;
      const { rows, total } = await mistakeQuestions(db, request.ctx, keyword, toOffset({ page, size }));
      return okPage(rows, total);
    },
    mistakeKnowledge: async (request) => ok(await mistakeKnowledge(db, request.ctx)),

    my: async (request) => {
      const { keyword, page, size } = request.query;
      const { rows, total } = await myPractices(db, request.ctx, keyword, toOffset({ page, size }));
      return okPage(rows, total);
    },
    start: async (request) => ok(await startRound(db, request.ctx, request.query.practiceId)),
    answer: async (request) => ok(await answerQuestion(db, request.ctx, request.body, new Date())),
    reviewNext: async (request) => ok(await reviewNext(db, request.ctx, new Date())),
    reviewAnswer: async (request) => ok(await answerReview(db, request.ctx, request.body, new Date())),
  });
};
