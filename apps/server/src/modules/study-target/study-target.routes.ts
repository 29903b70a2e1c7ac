import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { studyTargetContracts } from '@kaopei/shared/contracts/study-target';
import { ok, okPage } from '../../core/http';
import { sendDownload } from '../../core/download';
import { routes } from '../../core/route';
import {
  addTarget,
  deleteTarget,
  getGradation,
  modifyTarget,
  myTargets,
  saveGradation,
  searchTargets,
  targetByDepartment,
  targetDetail,
  targetPeople,
  targetTrend,
} from './study-target.service';
import { exportTargetPeople } from './study-target.excel';

/** 学习目标与分级 (contracts: packages/shared/src/contracts/study-target.ts). */
export const studyTargetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, studyTargetContracts, {
    add: async (request) => ok(await addTarget(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyTarget(db, request.ctx, request.body)),
    get: async (request) => ok(await targetDetail(db, request.ctx, request.query.targetId)),
    search: async (request) => {
      const { keyword, page, size } = request.query;
      const { rows, total } = await searchTargets(db, request.ctx, keyword, toOffset({ page, size }));
      return okPage(rows, total);
    },
    delete: async (request) => ok(await deleteTarget(db, request.ctx, request.query.targetId)),
    gradationGet: async (request) => ok(await getGradation(db, request.ctx, request.query.targetId)),
    gradationSave: async (request) =>
      ok(await saveGradation(db, request.ctx, request.body.targetId, request.body.levels)),
    trend: async (request) => ok(await targetTrend(db, request.ctx, request.query.targetId)),
    byDepartment: async (request) => ok(await targetByDepartment(db, request.ctx, request.query.targetId)),
    people: async (request) => {
      const { page, size, ...filter } = request.query;
      const { rows, total } = await targetPeople(db, request.ctx, filter, toOffset({ page, size }));
      return okPage(rows, total);
    },
    export: async (request, reply) =>
      sendDownload(reply, await exportTargetPeople(db, request.ctx, request.query)),
    member: async (request) => ok(await myTargets(db, request.ctx)),
  });
};
