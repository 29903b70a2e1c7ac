import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { courseContracts } from '@kaopei/shared/contracts/course';
import { ok, okPage } from '../../core/http';
import { sendDownload } from '../../core/download';
import { routes } from '../../core/route';
import {
  addCategory,
  categoryTree,
  deleteCategory,
  modifyCategory,
  publishCategory,
} from './course-category.service';
import {
  addCourse,
  closeCourse,
  copyCourse,
  courseDetail,
  courseOptions,
  deleteCourse,
  modifyCourse,
  openCourse,
  requireCourse,
  resolveCourseFilter,
  searchCourses,
} from './course.service';
import {
  addTeacher,
  deleteTeacher,
  listTeachers,
  modifyTeacher,
  teacherOptions,
} from './course-teacher.service';
import {
  addGroup,
  addMembers,
  courseGroups,
  courseManagers,
  courseStatistics,
  courseSummary,
  deleteGroup,
  groupMembers,
  hideEvaluation,
  listEvaluations,
  listMembers,
  modifyGroup,
  removeMembers,
  resolveMemberFilter,
} from './course-member.service';
import { exportCourses, exportMembers } from './course.excel';

/** 课程目录与管理 (contracts: packages/shared/src/contracts/course.ts). */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, courseContracts, {
    categoryTree: async (request) => ok(await categoryTree(db, request.ctx)),
    categoryAdd: async (request) => ok(await addCategory(db, request.ctx, request.body)),
    categoryModify: async (request) => ok(await modifyCategory(db, request.ctx, request.body)),
    categoryDelete: async (request) => ok(await deleteCategory(db, request.ctx, request.query.categoryId)),
    categoryPublish: async (request) =>
      ok(await publishCategory(db, request.ctx, request.query.categoryId, request.query.published)),

    search: async (request) => {
      const { rows, total } = await searchCourses(
        db,
        request.ctx,
        request.body ?? {},
        toOffset(request.query),
      );
      return okPage(rows, total);
    },
    simple: async (request) => ok(await courseOptions(db, request.ctx, request.query.keyword)),
    get: async (request) => ok(await courseDetail(db, request.ctx, request.query.courseId)),
    add: async (request) => ok(await addCourse(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyCourse(db, request.ctx, request.body)),
    delete: async (request) => ok(await deleteCourse(db, request.ctx, request.query.courseId)),
    copy: async (request) => ok(await copyCourse(db, request.ctx, request.query.courseId)),
    open: async (request) => ok(await openCourse(db, request.ctx, request.query.courseId)),
    close: async (request) => ok(await closeCourse(db, request.ctx, request.query.courseId)),
    export: async (request, reply) => {
      const filter = await resolveCourseFilter(db, request.ctx, request.body ?? {});
      return sendDownload(reply, await exportCourses(db, request.ctx, filter));
    },

    teacherList: async (request) => {
      const { keyword, page, size } = request.query;
      const { rows, total } = await listTeachers(db, request.ctx, keyword, toOffset({ page, size }));
      return okPage(rows, total);
    },
    teacherSimple: async (request) => ok(await teacherOptions(db, request.ctx)),
    teacherAdd: async (request) => ok(await addTeacher(db, request.ctx, request.body)),
    teacherModify: async (request) => ok(await modifyTeacher(db, request.ctx, request.body)),
    teacherDelete: async (request) => ok(await deleteTeacher(db, request.ctx, request.query.teacherId)),

    memberList: async (request) => {
      const search = await resolveMemberFilter(db, request.ctx, request.body);
      const { rows, total } = await listMembers(db, request.ctx, search, toOffset(request.query));
      return okPage(rows, total);
    },
    memberAdd: async (request) => ok(await addMembers(db, request.ctx, request.body)),
    memberRemove: async (request) =>
      ok(await removeMembers(db, request.ctx, request.body.courseId, request.body.userIds)),
    memberGroup: async (request) => ok(await groupMembers(db, request.ctx, request.body)),
    memberExport: async (request, reply) => {
      const course = await requireCourse(db, request.ctx, request.body.courseId);
      const search = await resolveMemberFilter(db, request.ctx, request.body);
      return sendDownload(reply, await exportMembers(db, request.ctx, course.name, search));
    },

    groupList: async (request) => ok(await courseGroups(db, request.ctx, request.query.courseId)),
    groupAdd: async (request) =>
      ok(await addGroup(db, request.ctx, request.body.courseId, request.body.name)),
    groupModify: async (request) =>
      ok(await modifyGroup(db, request.ctx, request.body.groupId, request.body.name)),
    groupDelete: async (request) => ok(await deleteGroup(db, request.ctx, request.query.groupId)),

    statistics: async (request) => ok(await courseStatistics(db, request.ctx, request.query.courseId)),
    summary: async (request) => ok(await courseSummary(db, request.ctx)),

    evaluationList: async (request) => {
      const { courseId, rating, page, size } = request.query;
      const { rows, total } = await listEvaluations(
        db,
        request.ctx,
        { courseId, rating },
        toOffset({ page, size }),
      );
      return okPage(rows, total);
    },
    evaluationHide: async (request) =>
      ok(await hideEvaluation(db, request.ctx, request.body.evaluationId, request.body.hidden)),

    managers: async (request) => ok(await courseManagers(db, request.ctx, request.query.keyword)),
  });
};
