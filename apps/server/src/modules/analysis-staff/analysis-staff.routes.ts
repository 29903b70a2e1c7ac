import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analysisStaffContracts } from '@kaopei/shared/contracts/analysis-staff';
import { ok, okPage } from '../../core/http';
import { sendDownload } from '../../core/download';
import { routes } from '../../core/route';
import {
  courseAnalysis,
  courseRows,
  personCourses,
  personExams,
  personProfile,
  staffGroups,
  staffPeople,
  staffStatistics,
  staffTrend,
} from './analysis-staff.service';
import {
  exportCourse,
  exportCourses,
  exportGroups,
  exportPeople,
  exportProfile,
  exportStatistics,
} from './analysis-staff.excel';

/** 员工分析、课程分析、员工画像与用户档案 (contracts: packages/shared/src/contracts/analysis-staff.ts). */
export const analysisStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, analysisStaffContracts, {
    groups: async (request) => {
      const { page, size, ...input } = request.query;
      const { rows, total } = await staffGroups(db, request.ctx, input, { page, size });
      return okPage(rows, total);
    },
    groupsExport: async (request, reply) =>
      sendDownload(reply, await exportGroups(db, request.ctx, request.query)),
    trend: async (request) => ok(await staffTrend(db, request.ctx, request.query)),
    people: async (request) => {
      const { page, size, ...input } = request.query;
      const { rows, total } = await staffPeople(db, request.ctx, input, { page, size });
      return okPage(rows, total);
    },
    peopleExport: async (request, reply) =>
      sendDownload(reply, await exportPeople(db, request.ctx, request.query)),
    statistics: async (request) => ok(await staffStatistics(db, request.ctx, request.query.months)),
    statisticsExport: async (request, reply) =>
      sendDownload(reply, await exportStatistics(db, request.ctx, request.query.months)),
    profile: async (request) => ok(await personProfile(db, request.ctx, request.query.userId)),
    profileExams: async (request) => {
      const { userId, page, size } = request.query;
      const { rows, total } = await personExams(db, request.ctx, userId, { page, size });
      return okPage(rows, total);
    },
    profileCourses: async (request) => {
      const { userId, page, size } = request.query;
      const { rows, total } = await personCourses(db, request.ctx, userId, { page, size });
      return okPage(rows, total);
    },
    profileExport: async (request, reply) =>
      sendDownload(reply, await exportProfile(db, request.ctx, request.query.userId)),
    courses: async (request) => {
      const { keyword, page, size } = request.query;
      const { rows, total } = await courseRows(db, request.ctx, keyword, { page, size });
      return okPage(rows, total);
    },
    coursesExport: async (request, reply) =>
      sendDownload(reply, await exportCourses(db, request.ctx, request.query.keyword)),
    course: async (request) => ok(await courseAnalysis(db, request.ctx, request.query.courseId)),
    courseExport: async (request, reply) =>
      sendDownload(reply, await exportCourse(db, request.ctx, request.query.courseId)),
  });
};
