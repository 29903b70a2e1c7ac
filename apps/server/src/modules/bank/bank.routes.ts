import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toOffset, zeroBasedPaging } from '@kaopei/shared';
import { idParam, ok, okPage } from '../../core/http';
import { idListBody, keywordQuery } from '../role/role.schemas';
import { imageUrlField } from '../account/fields';
import {
  bankCategories,
  copyBank,
  createBank,
  deleteBanks,
  getBank,
  listBanks,
  modifyBank,
  simpleBanks,
} from './bank.service';

export const BANK_MENU = '/manage/question/bank';
export const EVALUATE_BANK_MENU = '/manage/evaluate/question/bank';
/** Either page manages banks (the evaluation page shows the 测评 category). */
const WRITE_MENUS = [BANK_MENU, EVALUATE_BANK_MENU];

const BASE = '/question/api/v1/bank';

const bankName = z
  .string({ error: '题库名称必须是文本' })
  .trim()
  .min(1, '题库名称不能为空')
  .max(100, '题库名称不能超过 100 个字符');

const bankDescription = z
  .string({ error: '题库描述必须是文本' })
  .trim()
  .max(500, '题库描述不能超过 500 个字符')
  .nullish();

const bankCategory = z
  .string({ error: '题库分类必须是文本' })
  .trim()
  .max(50, '题库分类不能超过 50 个字符')
  .nullish();

const tagIdList = z.array(idParam('tagIds')).max(50, 'tagIds 最多 50 个');

const scopeField = z.enum(['mine', 'public'], {
  error: "scope 只能是 'mine'（我的题库）或 'public'（公开题库）",
});

/** Question banks (spec §2 question/bank with 我的题库 / 公开题库; paths in the style of spec §7). */
export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // Reading is open to every signed-in member: question, paper and exam pages pick banks too.
  app.post(
    `${BASE}/list`,
    {
      schema: {
        tags: ['题库'],
        summary: '题库列表（我的题库 / 公开题库；名称搜索、分类、标签筛选；含各题型试题数）',
        querystring: zeroBasedPaging,
        body: z
          .object({
            scope: scopeField.default('mine'),
            keyword: keywordQuery,
            category: bankCategory.transform((value) => value || undefined),
            tagIds: tagIdList.optional(),
          })
          .nullish()
          .transform((body) => body ?? { scope: 'mine' as const }),
      },
    },
    async (request) => {
      const { rows, total } = await listBanks(db, request.ctx, {
        ...toOffset(request.query),
        ...request.body,
      });
      return okPage(rows, total);
    },
  );

  app.get(
    `${BASE}/detail`,
    {
      schema: {
        tags: ['题库'],
        summary: '题库详情（含各题型试题数）',
        querystring: z.object({ bankId: idParam('bankId') }),
      },
    },
    async (request) => ok(await getBank(db, request.ctx, request.query.bankId)),
  );

  app.get(
    `${BASE}/simple`,
    { schema: { tags: ['题库'], summary: '可选的题库（本组织的在前，公开题库在后）' } },
    async (request) => ok(await simpleBanks(db, request.ctx)),
  );

  app.get(
    `${BASE}/categories`,
    {
      schema: {
        tags: ['题库'],
        summary: '题库分类（去重，按名称）',
        querystring: z.object({ scope: scopeField.optional() }),
      },
    },
    async (request) => ok(await bankCategories(db, request.ctx, request.query.scope)),
  );

  app.post(
    `${BASE}/add`,
    {
      config: { menu: WRITE_MENUS },
      schema: {
        tags: ['题库'],
        summary: '新建题库',
        body: z.object({
          name: bankName,
          description: bankDescription,
          category: bankCategory,
          coverUrl: imageUrlField('封面'),
          tagIds: tagIdList.optional(),
        }),
      },
    },
    async (request) => ok(await createBank(db, request.ctx, request.body)),
  );

  app.post(
    `${BASE}/modify`,
    {
      config: { menu: WRITE_MENUS },
      schema: {
        tags: ['题库'],
        summary: '修改题库（只改传入的字段；tagIds 传入时替换标签；公开题库不可修改）',
        body: z.object({
          bankId: idParam('bankId'),
          name: bankName.optional(),
          description: bankDescription,
          category: bankCategory,
          coverUrl: imageUrlField('封面'),
          tagIds: tagIdList.optional(),
        }),
      },
    },
    async (request) => ok(await modifyBank(db, request.ctx, request.body)),
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { menu: WRITE_MENUS },
      schema: {
        tags: ['题库'],
        summary:
          '删除题库（全部成功或全部不删）。题库中还有试题时拒绝（409），除非给出 moveTo：先把试题移动到该题库（本组织的另一题库）再删除，在同一事务中完成',
        body: z.object({
          bankIds: idListBody('bankIds', '请选择要删除的题库', 100),
          moveTo: idParam('moveTo').optional(),
        }),
      },
    },
    async (request) => ok(await deleteBanks(db, request.ctx, request.body.bankIds, request.body.moveTo)),
  );

  app.post(
    `${BASE}/copy`,
    {
      config: { menu: WRITE_MENUS },
      schema: {
        tags: ['题库'],
        summary: '复制题库（连同全部试题）到我的题库',
        body: z.object({ bankId: idParam('bankId') }),
      },
    },
    async (request) => ok(await copyBank(db, request.ctx, request.body.bankId)),
  );
};
