import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { studyTaskContracts } from '@kaopei/shared/contracts/study-task';
import { ok, okPage } from '../../core/http';
import { sendDownload } from '../../core/download';
import { routes } from '../../core/route';
import {
  addTask,
  allocateTask,
  clearTask,
  deleteTask,
  examOptions,
  listTasks,
  modifyTask,
  practiceOptions,
  taskDetail,
  tasksOfAudience,
} from './study-task.service';
import { myTask, myTasks, remindLate, taskAnswer, taskAssignees } from './study-task-detail.service';
import { exportTaskDetail } from './study-task.excel';

/** 学习任务 (contracts: packages/shared/src/contracts/study-task.ts). */
export const studyTaskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, studyTaskContracts, {
    search: async (request) => {
      const { rows, total } = await listTasks(db, request.ctx, request.body ?? {}, toOffset(request.query));
      return okPage(rows, total);
    },
    get: async (request) => ok(await taskDetail(db, request.ctx, request.query.taskId)),
    add: async (request) => ok(await addTask(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyTask(db, request.ctx, request.body)),
    delete: async (request) => ok(await deleteTask(db, request.ctx, request.query.taskId)),
    clear: async (request) => ok(await clearTask(db, request.ctx, request.query.taskId)),
    allocate: async (request) => ok(await allocateTask(db, request.ctx, request.body)),
    byDepartment: async (request) =>
      ok(await tasksOfAudience(db, request.ctx, 'department', request.query.departmentId)),
    byTag: async (request) => ok(await tasksOfAudience(db, request.ctx, 'tag', request.query.tagId)),
    detail: async (request) => {
      const { rows, total } = await taskAssignees(db, request.ctx, request.body, toOffset(request.query));
      return okPage(rows, total);
    },
    detailExport: async (request, reply) =>
      sendDownload(reply, await exportTaskDetail(db, request.ctx, request.body)),
    remind: async (request) => ok(await remindLate(db, request.ctx, request.query.taskId)),
    answer: async (request) =>
      ok(await taskAnswer(db, request.ctx, request.query.taskId, request.query.userId)),
    practiceOptions: async (request) => ok(await practiceOptions(db, request.ctx, request.query.keyword)),
    examOptions: async (request) => ok(await examOptions(db, request.ctx, request.query.keyword)),
    mine: async (request) => {
      const { tab, page, size } = request.query;
      const { rows, total } = await myTasks(db, request.ctx, tab, toOffset({ page, size }));
      return okPage(rows, total);
    },
    mineGet: async (request) => ok(await myTask(db, request.ctx, request.query.taskId)),
  });
};
