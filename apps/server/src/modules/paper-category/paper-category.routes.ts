import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok } from '../../core/http';
import { PAPER_BANK_MENU, PAPER_READ_MENUS } from '../paper/paper.menus';
import {
  addCategory,
  categoryTree,
  deleteCategory,
  listCategories,
  modifyCategory,
  moveCategory,
  publishCategory,
} from './paper-category.service';

const BASE = '/paper/api/v1/category';
const TAGS = ['试卷分类'];

const categoryName = z
  .string({ error: '分类名称必须是文本' })
  .trim()
  .min(1, '分类名称不能为空')
  .max(100, '分类名称不能超过 100 个字符');

/** 0 means the top level (全部分类). */
const parentField = z.coerce
  .number({ error: 'parentId 必须是数字' })
  .int('parentId 必须是整数')
  .min(0, 'parentId 不能为负数')
  .default(0);

const sortField = z
  .number({ error: 'sort 必须是数字' })
  .int('sort 必须是整数')
  .min(0, 'sort 不能为负数')
  .max(100_000, 'sort 过大')
  .optional();

/** The paper category tree (spec §7 "category get-all, tree by categoryId, add, modify, delete, move"). */
export const paperCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    `${BASE}/get-all`,
    { config: { menu: PAPER_READ_MENUS }, schema: { tags: TAGS, summary: '全部试卷分类（平铺）' } },
    async (request) => ok(await listCategories(db, request.ctx)),
  );

  app.get(
    `${BASE}/tree`,
    {
      config: { menu: PAPER_READ_MENUS },
      schema: {
        tags: TAGS,
        summary:
          '分类树（categoryId 为 0 或不传时返回根节点「全部分类」，id 为 0；子节点在 categoryTreeVOS）',
        querystring: z.object({
          categoryId: z.coerce
            .number({ error: 'categoryId 必须是数字' })
            .int('categoryId 必须是整数')
            .min(0, 'categoryId 不能为负数')
            .default(0),
        }),
      },
    },
    async (request) => ok(await categoryTree(db, request.ctx, request.query.categoryId)),
  );

  app.post(
    `${BASE}/add`,
    {
      config: { menu: PAPER_BANK_MENU },
      schema: {
        tags: TAGS,
        summary: '新增分类（parentId 为 0 时在顶层；同级名称不能重复）',
        body: z.object({ name: categoryName, parentId: parentField, sort: sortField }),
      },
    },
    async (request) => ok(await addCategory(db, request.ctx, request.body)),
  );

  app.post(
    `${BASE}/modify`,
    {
      config: { menu: PAPER_BANK_MENU },
      schema: {
        tags: TAGS,
        summary: '修改分类名称或排序',
        body: z.object({ categoryId: idParam('categoryId'), name: categoryName.optional(), sort: sortField }),
      },
    },
    async (request) => ok(await modifyCategory(db, request.ctx, request.body)),
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { menu: PAPER_BANK_MENU },
      schema: {
        tags: TAGS,
        summary: '删除分类（有子分类、试卷库或试卷时拒绝）',
        querystring: z.object({ categoryId: idParam('categoryId') }),
      },
    },
    async (request) => ok(await deleteCategory(db, request.ctx, request.query.categoryId)),
  );

  app.post(
    `${BASE}/move`,
    {
      config: { menu: PAPER_BANK_MENU },
      schema: {
        tags: TAGS,
        summary: '移动分类到另一分类下（parentId 为 0 时移到顶层；不能移到自身或子分类下）',
        body: z.object({ categoryId: idParam('categoryId'), parentId: parentField, sort: sortField }),
      },
    },
    async (request) => ok(await moveCategory(db, request.ctx, request.body)),
  );

  app.post(
    `${BASE}/publish`,
    {
      config: { menu: PAPER_BANK_MENU },
      schema: {
        tags: TAGS,
        summary: '发布或取消发布分类（平台组织已发布分类下的试卷库对所有组织公开）',
        querystring: z.object({
          categoryId: idParam('categoryId'),
          published: z
            .enum(['true', 'false', '1', '0'], { error: 'published 只能是 true 或 false' })
            .default('true')
            .transform((value) => value === 'true' || value === '1'),
        }),
      },
    },
    async (request) =>
      ok(await publishCategory(db, request.ctx, request.query.categoryId, request.query.published)),
  );
};
