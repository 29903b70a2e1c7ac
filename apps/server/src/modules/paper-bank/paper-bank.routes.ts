import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toOffset, zeroBasedPaging } from '@kaopei/shared';
import { idParam, ok, okPage } from '../../core/http';
import { idListBody, keywordQuery } from '../role/role.schemas';
import { PAPER_BANK_MENU, PAPER_READ_MENUS } from '../paper/paper.menus';
import {
  banksBesides,
  banksByCategory,
  createPaperBank,
  deletePaperBanks,
  modifyPaperBank,
  searchPaperBanks,
} from './paper-bank.service';

const BASE = '/paper/api/v1/bank';
const TAGS = ['试卷库'];

const bankName = z
  .string({ error: '试卷库名称必须是文本' })
  .trim()
  .min(1, '试卷库名称不能为空')
  .max(100, '试卷库名称不能超过 100 个字符');
const bankDescription = z
  .string({ error: '试卷库描述必须是文本' })
  .trim()
  .max(500, '试卷库描述不能超过 500 个字符')
  .nullish();
/** 0 or absent: no category. */
const categoryField = z
  .number({ error: 'categoryId 必须是数字' })
  .int('categoryId 必须是整数')
  .min(0, 'categoryId 不能为负数')
  .optional();
const searchBody = z
  .object({ keyword: keywordQuery, categoryId: categoryField })
  .nullish()
  .transform((body) => body ?? { keyword: undefined, categoryId: undefined });

/** Paper banks (spec §7 "Paper bank /paper/api/v1/bank" and "bank create, list, modify, delete"). */
export const paperBankRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  const search = (scope: 'inner' | 'outer', summary: string, path: string) =>
    app.post(
      `${BASE}/${path}`,
      {
        config: { menu: PAPER_READ_MENUS },
        schema: { tags: TAGS, summary, querystring: zeroBasedPaging, body: searchBody },
      },
      async (request) => {
        const { rows, total } = await searchPaperBanks(db, request.ctx, {
          scope,
          ...request.body,
          ...toOffset(request.query),
        });
        return okPage(rows, total);
      },
    );
  search('inner', '本组织的试卷库（名称、分类筛选，分类含子分类）', 'search/inner');
  search('outer', '公开试卷库（平台已发布分类下的试卷库，只读）', 'search/outer');
  search('inner', '试卷库列表（同 search/inner）', 'list');

  app.post(
    `${BASE}/search/bycategory`,
    {
      config: { menu: PAPER_READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '按分类查询本组织的试卷库（categoryId 为 0 时全部；含子分类）',
        querystring: zeroBasedPaging.extend({
          categoryId: z.coerce
            .number({ error: 'categoryId 必须是数字' })
            .int('categoryId 必须是整数')
            .min(0, 'categoryId 不能为负数')
            .default(0),
        }),
        body: searchBody,
      },
    },
    async (request) => {
      const { categoryId, page, size } = request.query;
      const { rows, total } = await searchPaperBanks(db, request.ctx, {
        scope: 'inner',
        keyword: request.body.keyword,
        categoryId,
        ...toOffset({ page, size }),
      });
      return okPage(rows, total);
    },
  );

  app.get(
    `${BASE}/paper/bank/category/get/all`,
    {
      config: { menu: PAPER_READ_MENUS },
      schema: { tags: TAGS, summary: '本组织的试卷库按分类分组（未分类的在最后，categoryId 0）' },
    },
    async (request) => ok(await banksByCategory(db, request.ctx)),
  );

  app.get(
    `${BASE}/get/all/besides`,
    {
      config: { menu: PAPER_READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '除指定试卷库外本组织的全部试卷库（移动试卷的目标）',
        querystring: z.object({ paperBankId: idParam('paperBankId') }),
      },
    },
    async (request) => ok(await banksBesides(db, request.ctx, request.query.paperBankId)),
  );

  app.post(
    `${BASE}/create`,
    {
      config: { menu: PAPER_BANK_MENU },
      schema: {
        tags: TAGS,
        summary: '新建试卷库',
        body: z.object({ name: bankName, categoryId: categoryField, description: bankDescription }),
      },
    },
    async (request) => ok(await createPaperBank(db, request.ctx, request.body)),
  );

  app.post(
    `${BASE}/modify`,
    {
      config: { menu: PAPER_BANK_MENU },
      schema: {
        tags: TAGS,
        summary: '修改试卷库（只改传入的字段；categoryId 0 表示未分类）',
        body: z.object({
          paperBankId: idParam('paperBankId'),
          name: bankName.optional(),
          categoryId: categoryField,
          description: bankDescription,
        }),
      },
    },
    async (request) => ok(await modifyPaperBank(db, request.ctx, request.body)),
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { menu: PAPER_BANK_MENU },
      schema: {
        tags: TAGS,
        summary: '删除一个试卷库（库中还有试卷时拒绝）',
        querystring: z.object({ paperBankId: idParam('paperBankId') }),
      },
    },
    async (request) => ok(await deletePaperBanks(db, request.ctx, [request.query.paperBankId])),
  );

  app.post(
    `${BASE}/delete/paper-banks`,
    {
      config: { menu: PAPER_BANK_MENU },
      schema: {
        tags: TAGS,
        summary: '批量删除试卷库（全部成功或全部不删；库中还有试卷时拒绝）',
        body: z.object({ paperBankIds: idListBody('paperBankIds', '请选择要删除的试卷库', 100) }),
      },
    },
    async (request) => ok(await deletePaperBanks(db, request.ctx, request.body.paperBankIds)),
  );
};
