import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postMatchContracts } from '@kaopei/shared/contracts/post-match';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import { dateStamp, sendDownload } from '../../core/download';
import { XLSX_MIME } from '../../core/excel';
import {
  abilityProfile,
  exportHeatmap,
  heatmap,
  heatmapPeople,
  matchDetail,
  matchPosts,
  matchTree,
  ranking,
  rateAbility,
} from './post-match.service';

/** 人岗匹配、经理评定与能力分析 (contracts: packages/shared/src/contracts/post-match.ts). */
export const postMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  routes(app, postMatchContracts, {
    rate: async (request) => ok(await rateAbility(db, request.ctx, request.body)),

    profile: async (request) => ok(await abilityProfile(db, request.ctx, request.query.userId)),

    posts: async (request) => ok(await matchPosts(db, request.ctx)),

    tree: async (request) => ok(await matchTree(db, request.ctx, request.query.postId)),

    ranking: async (request) => {
      const { rows, total } = await ranking(db, request.ctx, request.query);
      return okPage(rows, total);
    },

    detail: async (request) =>
      ok(await matchDetail(db, request.ctx, request.query.postId, request.query.userId)),

    heatmap: async (request) => ok(await heatmap(db, request.ctx, request.query)),

    heatmapPeople: async (request) => {
      const { rows, total } = await heatmapPeople(db, request.ctx, request.query);
      return okPage(rows, total);
    },

    heatmapExport: async (request, reply) => {
      const data = await exportHeatmap(db, request.ctx, request.query);
      const kind = request.query.groupBy === 'post' ? '岗位' : '部门';
      return sendDownload(reply, {
        fileName: `能力热力图_${kind}_${dateStamp()}.xlsx`,
        contentType: XLSX_MIME,
        data,
      });
    },
  });
};
