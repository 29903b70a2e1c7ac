import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postContracts } from '@kaopei/shared/contracts/post';
import { ok } from '../../core/http';
import { route } from '../../core/route';
import { postOptions } from './post.service';

/** 岗位与岗位序列 (contracts: packages/shared/src/contracts/post.ts). */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  route(app, postContracts.simple, async (request) => ok(await postOptions(db, request.ctx)));
};
