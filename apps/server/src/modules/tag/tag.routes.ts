import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isTagType, toOffset, zeroBasedPaging, type TagType } from '@kaopei/shared';
import { idParam, ok, okPage } from '../../core/http';
import { idListBody, idListQuery, keywordQuery } from '../role/role.schemas';
import {
  addUserTags,
  createTag,
  deleteTags,
  listTags,
  modifyTag,
  removeUserTags,
  simpleTags,
} from './tag.service';

export const TAG_MENU = '/manage/system/tag';
const STAFF_MENU = '/manage/system/staff';

const TYPE_MESSAGE = 'type 必须是 1 到 5 之间的整数（1 题库，2 试题，3 岗位，4 用户，5 组织）';

/** A tag type from a query string. */
const tagTypeQuery = z.coerce
  .number({ error: TYPE_MESSAGE })
  .refine(isTagType, TYPE_MESSAGE)
  .transform((value) => value as TagType);

/** A tag type in a JSON body. */
const tagTypeBody = z
  .number({ error: TYPE_MESSAGE })
  .refine(isTagType, TYPE_MESSAGE)
  .transform((value) => value as TagType);

const tagName = z
  .string({ error: '标签名称必须是文本' })
  .trim()
  .min(1, '标签名称不能为空')
  .max(50, '标签名称不能超过 50 个字符');

/** '#rgb', '#rrggbb' or '#rrggbbaa', stored in lower case. */
const tagColor = z
  .string({ error: '颜色必须是文本' })
  .trim()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, '颜色必须是十六进制色值，如 #1677ff')
  .transform((value) => value.toLowerCase());

const tagDescription = z
  .string({ error: '标签描述必须是文本' })
  .trim()
  .max(200, '标签描述不能超过 200 个字符')
  .nullish();

const userTagLinks = z.object({
  userIds: idListBody('userIds', '请选择员工', 10_000),
  tagIds: idListBody('tagIds', '请选择标签', 100),
});

/** Tags of the five types, and tags on users (spec §3 tag types; paths in the style of spec §7). */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/user/api/v1/tag/list',
    {
      config: { menu: TAG_MENU },
      schema: {
        tags: ['标签'],
        summary: '标签列表（分页；按类型筛选、名称搜索；含使用次数）',
        querystring: zeroBasedPaging.extend({
          type: tagTypeQuery.optional(),
          keyword: keywordQuery,
          sortField: z
            .enum(['name', 'usageCount', 'createdAt'], {
              error: 'sortField 只能是 name、usageCount 或 createdAt',
            })
            .optional(),
          sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder 只能是 asc 或 desc' }).optional(),
        }),
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.query;
      const { rows, total } = await listTags(db, request.ctx, { ...toOffset({ page, size }), ...filters });
      return okPage(rows, total);
    },
  );

  // Pickers of every feature use this, so any signed-in member of the organisation may read it.
  app.get(
    '/user/api/v1/tag/simple',
    {
      schema: {
        tags: ['标签'],
        summary: '某类型的全部标签（供选择）',
        querystring: z.object({ type: tagTypeQuery }),
      },
    },
    async (request) => ok(await simpleTags(db, request.ctx, request.query.type)),
  );

  app.post(
    '/user/api/v1/tag/add',
    {
      config: { menu: TAG_MENU },
      schema: {
        tags: ['标签'],
        summary: '新增标签（同一类型下名称唯一）',
        body: z.object({
          type: tagTypeBody,
          name: tagName,
          color: tagColor.default('#1677ff'),
          description: tagDescription,
        }),
      },
    },
    async (request) => ok(await createTag(db, request.ctx, request.body)),
  );

  app.post(
    '/user/api/v1/tag/modify',
    {
      config: { menu: TAG_MENU },
      schema: {
        tags: ['标签'],
        summary: '修改标签（只改传入的字段；类型不可改）',
        body: z.object({
          tagId: idParam('tagId'),
          name: tagName.optional(),
          color: tagColor.optional(),
          description: tagDescription,
        }),
      },
    },
    async (request) => ok(await modifyTag(db, request.ctx, request.body)),
  );

  app.post(
    '/user/api/v1/tag/delete',
    {
      config: { menu: TAG_MENU },
      schema: {
        tags: ['标签'],
        summary: '删除标签（同时解除它与题库、试题、岗位、用户等的关联）',
        querystring: z.object({ tagIds: idListQuery('tagIds', '请选择要删除的标签') }),
      },
    },
    async (request) => ok(await deleteTags(db, request.ctx, request.query.tagIds)),
  );

  app.post(
    '/user/api/v1/tag/users/add',
    {
      config: { menu: [TAG_MENU, STAFF_MENU] },
      schema: { tags: ['标签'], summary: '为员工添加用户标签', body: userTagLinks },
    },
    async (request) => ok(await addUserTags(db, request.ctx, request.body)),
  );

  app.post(
    '/user/api/v1/tag/users/remove',
    {
      config: { menu: [TAG_MENU, STAFF_MENU] },
      schema: { tags: ['标签'], summary: '移除员工的用户标签', body: userTagLinks },
    },
    async (request) => ok(await removeUserTags(db, request.ctx, request.body)),
  );
};
