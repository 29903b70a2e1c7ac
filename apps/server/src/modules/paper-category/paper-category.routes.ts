import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paperCategoryContracts } from '@kaopei/shared/contracts/paper-category';
import { ok } from '../../core/http';
import { routes } from '../../core/route';
import {
  addCategory,
  categoryTree,
  deleteCategory,
  listCategories,
  modifyCategory,
  moveCategory,
  publishCategory,
} from './paper-category.service';

/** The paper category tree (contracts: packages/shared/src/contracts/paper-category.ts). */
export const paperCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, paperCategoryContracts, {
    getAll: async (request) => ok(await listCategories(db, request.ctx)),
    tree: async (request) => ok(await categoryTree(db, request.ctx, request.query.categoryId)),
    add: async (request) => ok(await addCategory(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyCategory(db, request.ctx, request.body)),
    delete: async (request) => ok(await deleteCategory(db, request.ctx, request.query.categoryId)),
    move: async (request) => ok(await moveCategory(db, request.ctx, request.body)),
    publish: async (request) =>
      ok(await publishCategory(db, request.ctx, request.query.categoryId, request.query.published)),
  });
};
