import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { tagContracts } from '@kaopei/shared/contracts/tag';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import {
  addUserTags,
  createTag,
  deleteTags,
  listTags,
  modifyTag,
  removeUserTags,
  simpleTags,
} from './tag.service';

export { TAG_MENU } from '@kaopei/shared/contracts/tag';

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, tagContracts, {
    list: async (request) => {
      const { page, size, pageNumber: _n, pageSize: _s, ...filters } = request.query;
      const { rows, total } = await listTags(db, request.ctx, { ...toOffset({ page, size }), ...filters });
      return okPage(rows, total);
    },
    simple: async (request) => ok(await simpleTags(db, request.ctx, request.query.type)),
    add: async (request) => ok(await createTag(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyTag(db, request.ctx, request.body)),
    delete: async (request) => ok(await deleteTags(db, request.ctx, request.query.tagIds)),
    addToUsers: async (request) => ok(await addUserTags(db, request.ctx, request.body)),
    removeFromUsers: async (request) => ok(await removeUserTags(db, request.ctx, request.body)),
  });
};
