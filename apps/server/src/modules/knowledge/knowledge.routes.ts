import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, idParam, ok } from '../../core/http';
import { XLSX_MIME } from '../staff/staff.excel';
import { sendDownload } from '../staff/staff.routes';
import { nullableId } from '../staff/staff.schemas';
import { dateStamp } from '../staff/staff.rules';
import {
  MAX_NAME_LENGTH,
  MAX_UPLOAD_ROWS,
  addNode,
  childNodes,
  deleteNode,
  exportTree,
  knowledgeGraph,
  knowledgeTree,
  moveNode,
  rootNodes,
  searchCountedTree,
  searchNodes,
  updateNode,
  uploadTree,
} from './knowledge.service';

const TAGS = ['知识点'];
const PREFIX = '/knowledge/api/v1/knowledge';
const QUESTION_PREFIX = '/question/api/v1/questions';
export const KNOWLEDGE_MENU = '/manage/knowledge/edit';
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const nodeName = z
  .string({ error: '知识点名称不能为空' })
  .trim()
  .min(1, '知识点名称不能为空')
  .max(MAX_NAME_LENGTH, `知识点名称不能超过 ${MAX_NAME_LENGTH} 个字符`)
  .refine((value) => !/[/\\]/.test(value), { error: '知识点名称不能包含“/”或“\\”' });

const description = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string().trim().max(500, '知识点描述不能超过 500 个字符').nullable().optional(),
);

const scopeQuery = z.object({
  scope: z
    .enum(['org', 'platform'], { error: 'scope 只能是 org（本组织）或 platform（平台）' })
    .default('org'),
});

const keyword = z.string().trim().max(50, '关键词不能超过 50 个字符').default('');

/**
 * The knowledge-point tree. Reads are open to every signed-in member (the platform tree to every
 * organisation, read-only); changes need the 知识点管理 menu and touch only the caller's own tree.
 * Upload is synchronous: a file holds at most MAX_UPLOAD_ROWS rows and one transaction creates the nodes.
 */
export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const menu = { menu: KNOWLEDGE_MENU };

  app.get(
    `${PREFIX}/tree`,
    {
      schema: {
        tags: TAGS,
        summary: '知识点树（scope=org 本组织，platform 平台只读）；questionCount 含下级知识点',
        querystring: scopeQuery,
      },
    },
    async (request) => ok(await knowledgeTree(db, request.ctx, request.query.scope)),
  );

  app.get(
    `${PREFIX}/root`,
    { schema: { tags: TAGS, summary: '一级知识点', querystring: scopeQuery } },
    async (request) => ok(await rootNodes(db, request.ctx, request.query.scope)),
  );

  app.get(
    `${PREFIX}/child`,
    {
      schema: {
        tags: TAGS,
        summary: '下一级知识点',
        querystring: z.object({ parentId: idParam('parentId') }),
      },
    },
    async (request) => ok(await childNodes(db, request.ctx, request.query.parentId)),
  );

  app.get(
    `${PREFIX}/search`,
    {
      schema: {
        tags: TAGS,
        summary: '按名称搜索知识点（含路径 path 与 pathIds）',
        querystring: scopeQuery.extend({ keyword }),
      },
    },
    async (request) => {
      const { scope, keyword: text } = request.query;
      return ok(text ? await searchNodes(db, request.ctx, scope, text) : []);
    },
  );

  app.get(
    `${PREFIX}/graph`,
    {
      schema: {
        tags: TAGS,
        summary: '知识图谱：nodes（含题目数与按题型的题目数 typeCounts）与 links（上级→下级）',
        querystring: scopeQuery,
      },
    },
    async (request) => ok(await knowledgeGraph(db, request.ctx, request.query.scope)),
  );

  app.post(
    `${PREFIX}/add`,
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary: '新增知识点（parentId 为空则为一级；同级不能重名）',
        body: z.object({ name: nodeName, parentId: nullableId('parentId'), description }),
      },
    },
    async (request) => ok(await addNode(db, request.ctx, request.body)),
  );

  app.put(
    `${PREFIX}/update`,
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary: '修改知识点名称或描述',
        body: z.object({ id: idParam('id'), name: nodeName.optional(), description }),
      },
    },
    async (request) => {
      await updateNode(db, request.ctx, request.body);
      return ok(null);
    },
  );

  app.post(
    `${PREFIX}/delete`,
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary: '删除知识点（有子知识点时拒绝；题目与它的关联一并解除）',
        body: z.object({ id: idParam('id') }),
      },
    },
    async (request) => {
      await deleteNode(db, request.ctx, request.body.id);
      return ok(null);
    },
  );

  app.post(
    `${PREFIX}/move`,
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary:
          '移动知识点：parentId 为 null 则为一级，sort 为新同级中的位置（从 0 起）；不能移到自身或下级之下',
        body: z.object({
          id: idParam('id'),
          parentId: nullableId('parentId'),
          sort: z.coerce
            .number({ error: 'sort 必须是整数' })
            .int({ error: 'sort 必须是整数' })
            .min(0, { error: 'sort 不能小于 0' })
            .max(100_000, { error: 'sort 过大' })
            .default(0),
        }),
      },
    },
    async (request) => {
      await moveNode(db, request.ctx, { ...request.body, parentId: request.body.parentId ?? null });
      return ok(null);
    },
  );

  app.get(
    `${PREFIX}/download`,
    {
      schema: {
        tags: TAGS,
        summary: '导出知识点树（.xlsx：一级、二级、三级……列，末列为题目数）',
        querystring: scopeQuery,
      },
    },
    async (request, reply) => {
      const data = await exportTree(db, request.ctx, request.query.scope);
      return sendDownload(reply, { fileName: `知识点_${dateStamp()}.xlsx`, contentType: XLSX_MIME, data });
    },
  );

  app.post(
    `${PREFIX}/upload`,
    {
      config: menu,
      schema: {
        tags: TAGS,
        summary: `导入知识点（multipart 文件字段 file，格式同导出；同步处理，最多 ${MAX_UPLOAD_ROWS} 行）：创建缺少的知识点，返回 {created, existing, errors:[{row, reason}]}`,
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传 Excel 文件');
      const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
      if (!part) throw badRequest('请选择要导入的 Excel 文件');
      if (!/\.xlsx$/i.test(part.filename)) {
        part.file.resume();
        throw badRequest('仅支持 .xlsx 格式的 Excel 文件');
      }
      const buffer = await part.toBuffer().catch(() => {
        throw badRequest(`文件不能超过 ${MAX_UPLOAD_BYTES / 1024 / 1024}MB`);
      });
      return ok(await uploadTree(db, request.ctx, buffer));
    },
  );

  app.get(
    `${QUESTION_PREFIX}/knowledge/tree/with-count`,
    {
      schema: { tags: TAGS, summary: '知识点树及各知识点的题目数（含下级）', querystring: scopeQuery },
    },
    async (request) => ok(await knowledgeTree(db, request.ctx, request.query.scope)),
  );

  app.post(
    `${QUESTION_PREFIX}/knowledge/tree/with-count/search`,
    {
      schema: {
        tags: TAGS,
        summary: '按名称搜索带题目数的知识点树（可限定题库 bankIds）：命中的知识点连同上级与下级',
        body: z
          .object({
            keyword,
            bankIds: z.array(idParam('bankIds')).max(1000, 'bankIds 最多 1000 个').optional(),
            scope: scopeQuery.shape.scope,
          })
          .optional(),
      },
    },
    async (request) => {
      const body = request.body ?? { keyword: '', scope: 'org' as const };
      return ok(await searchCountedTree(db, request.ctx, body.scope, body.keyword, body.bankIds));
    },
  );
};
