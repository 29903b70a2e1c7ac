import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { learnContracts } from '@kaopei/shared/contracts/learn';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import { onAttemptGraded, type AttemptGradedListener } from '../exam/attempt-graded';
import { refreshCourseProgressForExam } from './course-progress.repo';
import {
  catalog,
  catalogCategories,
  courseEvaluations,
  coursePage,
  enrol,
  evaluate,
  myCourses,
  openSection,
  reportProgress,
} from './learn.service';

/** A graded attempt of a course's exam completes its section: the learner's course progress follows. */
const refreshCourseOnGrade: AttemptGradedListener = async (db, attempt) => {
  if (attempt.purpose === 'course') await refreshCourseProgressForExam(db, attempt.examId, attempt.userId);
};

/** 学员学习 (contracts: packages/shared/src/contracts/learn.ts). */
export const learnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  onAttemptGraded(refreshCourseOnGrade);
  routes(app, learnContracts, {
    myCourses: async (request) => {
      const { tab, page, size } = request.query;
      const { rows, total } = await myCourses(db, request.ctx, tab, toOffset({ page, size }));
      return okPage(rows, total);
    },
    categories: async (request) => ok(await catalogCategories(db, request.ctx)),
    catalog: async (request) => {
      const { keyword, categoryId, page, size } = request.query;
      const { rows, total } = await catalog(
        db,
        request.ctx,
        { keyword, categoryId: categoryId || undefined },
        toOffset({ page, size }),
      );
      return okPage(rows, total);
    },
    enrol: async (request) => ok(await enrol(db, request.ctx, request.query.courseId)),
    course: async (request) => ok(await coursePage(db, request.ctx, request.query.courseId)),
    evaluations: async (request) => {
      const { courseId, page, size } = request.query;
      const { rows, total } = await courseEvaluations(db, request.ctx, courseId, toOffset({ page, size }));
      return okPage(rows, total);
    },
    evaluate: async (request) => ok(await evaluate(db, request.ctx, request.body)),
    openSection: async (request) => ok(await openSection(db, request.ctx, request.query.sectionId)),
    // The hottest learner call: the user row may be a few seconds old (core/auth-hook.ts).
    progress: [
      async (request) => ok(await reportProgress(db, request.ctx, request.body)),
      { config: { cachedUser: true } },
    ],
  });
};
