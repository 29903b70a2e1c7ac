import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QUESTION_TYPES, TagType, questionTypeLabel, toOffset, zeroBasedPaging } from '@kaopei/shared';
import { badRequest, idParam, ok, okPage } from '../../core/http';
import type { RequestContext } from '../../core/context';
import { sendDownload } from '../staff/staff.routes';
import { XLSX_MIME } from '../staff/staff.excel';
import { dateStamp } from '../staff/staff.rules';
import {
  buildQuestionTemplate,
  exportQuestions,
  parseQuestionFile,
  runQuestionImport,
} from './question.excel';
import { idListBody, idListQuery } from '../role/role.schemas';
import { listTags } from '../tag/tag.service';
import {
  COPY_MENUS,
  READ_MENUS,
  WRITE_MENUS,
  idsBody,
  questionBodySchema,
  questionContentSchema,
  questionFilterSchema,
} from './question.schemas';
import {
  addQuestion,
  addQuestionBatch,
  addQuestionKnowledge,
  addQuestionTags,
  auditInfo,
  checkQuestion,
  countByKnowledgeAndType,
  countByType,
  defaultTemplates,
  deleteQuestions,
  getQuestion,
  modifyQuestion,
  requireOwnBank,
  requireWritableBank,
  moveQuestions,
  searchPlatformQuestions,
  searchQuestions,
} from './question.service';
import { copyQuestions, narrowToBankCategory } from './question.copy';

const PREFIX = '/question/api/v1/questions';
const TAGS = ['试题'];
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** The caller's own questions may also be narrowed to banks of one category (测评试题: 测评). */
const ownFilterSchema = questionFilterSchema.extend({
  bankCategory: z
    .string({ error: 'bankCategory（题库分类）必须是文本' })
    .trim()
    .max(50, 'bankCategory（题库分类）不能超过 50 个字符')
    .optional(),
});

/** Questions of the six canonical types (spec §7 "Questions"). */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    `${PREFIX}/add`,
    {
      config: { menu: WRITE_MENUS },
      schema: { tags: TAGS, summary: '新增试题（按题型校验选项与答案）', body: questionBodySchema },
    },
    async (request) => ok(await addQuestion(db, request.ctx, request.body)),
  );

  app.post(
    `${PREFIX}/modify`,
    {
      config: { menu: WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '修改试题（整体替换内容；审核状态回到待审核）',
        querystring: z.object({ id: idParam('id') }),
        body: questionBodySchema,
      },
    },
    async (request) => ok(await modifyQuestion(db, request.ctx, request.query.id, request.body)),
  );

  app.post(
    `${PREFIX}/add/batch`,
    {
      config: { menu: WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '批量新增试题到题库（全部成功或全部失败）',
        querystring: z.object({ questionBankId: idParam('questionBankId') }),
        body: z.array(questionContentSchema).min(1, '请提供试题').max(5000, '一次最多 5000 题'),
      },
    },
    async (request) =>
      ok(await addQuestionBatch(db, request.ctx, request.query.questionBankId, request.body)),
  );

  app.get(
    `${PREFIX}/detail/:id`,
    {
      config: { menu: READ_MENUS },
      schema: { tags: TAGS, summary: '试题详情', params: z.object({ id: idParam('id') }) },
    },
    async (request) => ok(await getQuestion(db, request.ctx, request.params.id)),
  );

  app.post(
    `${PREFIX}/delete`,
    {
      config: { menu: WRITE_MENUS },
      schema: { tags: TAGS, summary: '删除试题（全部成功或全部失败）', body: z.object({ ids: idsBody }) },
    },
    async (request) => ok(await deleteQuestions(db, request.ctx, request.body.ids)),
  );

  app.post(
    `${PREFIX}/move`,
    {
      config: { menu: WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '移动试题到另一题库',
        querystring: z.object({ toQuestionBankId: idParam('toQuestionBankId') }),
        body: z.object({ ids: idsBody }),
      },
    },
    async (request) =>
      ok(await moveQuestions(db, request.ctx, request.query.toQuestionBankId, request.body.ids)),
  );

  app.post(
    `${PREFIX}/copy`,
    {
      config: { menu: COPY_MENUS },
      schema: {
        tags: TAGS,
        summary:
          '复制试题到我的题库（已通过的公开试题或本组织的试题；全部成功或全部失败；保留可读的知识点，不复制标签）',
        querystring: z.object({ toQuestionBankId: idParam('toQuestionBankId') }),
        body: z.object({ ids: idsBody }),
      },
    },
    async (request) =>
      ok(await copyQuestions(db, request.ctx, request.query.toQuestionBankId, request.body.ids)),
  );

  app.post(
    `${PREFIX}/check`,
    {
      config: { menu: WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '审核试题（status 1 通过，2 驳回且必须填写原因）',
        querystring: z.object({
          questionId: idParam('questionId'),
          status: z.coerce
            .number({ error: 'status 只能是 1（通过）或 2（驳回）' })
            .refine((value) => value === 1 || value === 2, 'status 只能是 1（通过）或 2（驳回）')
            .transform((value) => value as 1 | 2),
        }),
        body: z
          .object({
            reason: z
              .string({ error: 'reason 必须是文本' })
              .trim()
              .max(500, '驳回原因不能超过 500 个字符')
              .optional(),
          })
          .nullish(),
      },
    },
    async (request) =>
      ok(
        await checkQuestion(
          db,
          request.ctx,
          request.query.questionId,
          request.query.status,
          request.body?.reason || undefined,
        ),
      ),
  );

  app.get(
    `${PREFIX}/question/audit/info`,
    {
      config: { menu: READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '试题审核信息',
        querystring: z.object({ questionId: idParam('questionId') }),
      },
    },
    async (request) => ok(await auditInfo(db, request.ctx, request.query.questionId)),
  );

  app.post(
    `${PREFIX}/search/detail`,
    {
      config: { menu: READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '试题分页搜索（题库、题型、难度、标签、知识点、状态、关键字；排序）',
        querystring: zeroBasedPaging,
        body: ownFilterSchema.nullish(),
      },
    },
    async (request) => {
      const filter = await narrowToBankCategory(db, request.ctx, request.body ?? {});
      if (!filter) return okPage([], 0);
      const { rows, total, totalCapped } = await searchQuestions(db, request.ctx, {
        ...filter,
        ...toOffset(request.query),
      });
      return okPage(rows, total, totalCapped);
    },
  );

  app.post(
    `${PREFIX}/platform/search/detail`,
    {
      config: { menu: READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '平台公开试题（只读）',
        querystring: zeroBasedPaging.extend({
          sort: z.enum(['asc', 'desc'], { error: 'sort 只能是 asc 或 desc' }).default('desc'),
        }),
        body: questionFilterSchema.nullish(),
      },
    },
    async (request) => {
      const { sort, page, size } = request.query;
      const { rows, total, totalCapped } = await searchPlatformQuestions(db, request.ctx, {
        ...(request.body ?? {}),
        sortOrder: request.body?.sortOrder ?? sort,
        ...toOffset({ page, size }),
      });
      return okPage(rows, total, totalCapped);
    },
  );

  app.post(
    `${PREFIX}/search/tags`,
    {
      config: { menu: READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '试题标签搜索（按名称关键字；每个标签带使用它的试题数 usageCount，默认按使用次数排序）',
        querystring: zeroBasedPaging,
        body: z
          .object({
            keyword: z
              .string({ error: 'keyword 必须是文本' })
              .trim()
              .max(50, '关键字不能超过 50 个字符')
              .optional(),
            sortField: z
              .enum(['name', 'usageCount', 'createdAt'], {
                error: 'sortField 只能是 name、usageCount 或 createdAt',
              })
              .default('usageCount'),
            sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder 只能是 asc 或 desc' }).default('desc'),
          })
          .nullish(),
      },
    },
    async (request) => {
      const body = request.body ?? { sortField: 'usageCount' as const, sortOrder: 'desc' as const };
      const { rows, total } = await listTags(db, request.ctx, {
        type: TagType.QUESTION,
        keyword: body.keyword || undefined,
        sortField: body.sortField,
        sortOrder: body.sortOrder,
        ...toOffset(request.query),
      });
      return okPage(rows, total);
    },
  );

  app.post(
    `${PREFIX}/get/question/type/count`,
    {
      config: { menu: READ_MENUS },
      schema: { tags: TAGS, summary: '按题型统计试题数量', body: ownFilterSchema.nullish() },
    },
    async (request) => {
      const filter = await narrowToBankCategory(db, request.ctx, request.body ?? {});
      if (!filter) {
        return ok(QUESTION_TYPES.map((type) => ({ type, typeLabel: questionTypeLabel(type), count: 0 })));
      }
      return ok(await countByType(db, request.ctx, filter));
    },
  );

  for (const path of ['get/knowledge/question-type/count', 'search/knowledge/question-type/count']) {
    app.post(
      `${PREFIX}/${path}`,
      {
        config: { menu: READ_MENUS },
        schema: {
          tags: TAGS,
          summary: '按知识点 × 题型统计试题数量',
          body: questionFilterSchema.nullish(),
        },
      },
      async (request) => ok(await countByKnowledgeAndType(db, request.ctx, request.body ?? {})),
    );
  }

  app.post(
    `${PREFIX}/questions-tags/add`,
    {
      config: { menu: WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '为试题添加标签',
        querystring: z.object({
          questionIds: idListQuery('questionIds', '请选择试题'),
          tagIds: idListQuery('tagIds', '请选择标签'),
        }),
      },
    },
    async (request) =>
      ok(await addQuestionTags(db, request.ctx, request.query.questionIds, request.query.tagIds)),
  );

  app.post(
    `${PREFIX}/questions-knowledgePoints/add`,
    {
      config: { menu: WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '为试题添加知识点',
        querystring: z.object({
          questionIds: idListQuery('questionIds', '请选择试题'),
          knowledgeIds: idListQuery('knowledgeIds', '请选择知识点'),
        }),
      },
    },
    async (request) => ok(await addQuestionKnowledge(db, request.ctx, [request.query])),
  );

  app.post(
    `${PREFIX}/questions-knowledgePoints/add/batch`,
    {
      config: { menu: WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary: '批量为试题添加知识点',
        body: z
          .array(
            z.object({
              questionIds: idListBody('questionIds', '请选择试题'),
              knowledgeIds: idListBody('knowledgeIds', '请选择知识点'),
            }),
          )
          .min(1, '请提供试题与知识点')
          .max(1000, '一次最多 1000 组'),
      },
    },
    async (request) => ok(await addQuestionKnowledge(db, request.ctx, request.body)),
  );

  app.get(
    `${PREFIX}/default/template`,
    { schema: { tags: TAGS, summary: '各语言的默认代码模板' } },
    async () => ok(defaultTemplates()),
  );

  app.get(
    `${PREFIX}/template`,
    {
      config: { menu: WRITE_MENUS },
      schema: { tags: TAGS, summary: '下载试题导入模板（.xlsx，六种题型各一行示例）' },
    },
    async (_request, reply) =>
      sendDownload(reply, {
        fileName: '试题导入模板.xlsx',
        contentType: XLSX_MIME,
        data: await buildQuestionTemplate(),
      }),
  );

  app.post(
    `${PREFIX}/import`,
    {
      config: { menu: WRITE_MENUS },
      schema: {
        tags: TAGS,
        summary:
          '导入试题（multipart 文件字段 file）。mode=all 有任何错误行则全部不导入；mode=valid 只导入正确行。返回 jobId，进度与结果（errors: [{row, field, reason}]）见 GET /user/api/v1/jobs/:id',
        querystring: z.object({
          questionBankId: idParam('questionBankId'),
          mode: z
            .enum(['all', 'valid'], { error: 'mode 只能是 all（全部导入）或 valid（仅导入正确行）' })
            .default('all'),
        }),
      },
    },
    async (request) => {
      const { questionBankId, mode } = request.query;
      await requireWritableBank(db, request.ctx, questionBankId);
      if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传 Excel 文件');
      const part = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
      if (!part) throw badRequest('请选择要导入的 Excel 文件');
      if (!/\.xlsx$/i.test(part.filename)) {
        part.file.resume();
        throw badRequest('仅支持 .xlsx 格式的 Excel 文件，请使用下载的导入模板');
      }
      const buffer = await part.toBuffer().catch(() => {
        throw badRequest(`文件不能超过 ${MAX_IMPORT_BYTES / 1024 / 1024}MB`);
      });
      const rows = await parseQuestionFile(buffer);
      const ctx: RequestContext = { ...request.ctx };
      const jobId = await app.deps.jobs.start(ctx, 'question-import', rows.length, (progress) =>
        runQuestionImport(db, ctx, questionBankId, rows, mode, progress),
      );
      return ok({ jobId, total: rows.length });
    },
  );

  app.get(
    `${PREFIX}/export`,
    {
      config: { menu: READ_MENUS },
      schema: {
        tags: TAGS,
        summary: '导出题库的试题（.xlsx，与导入模板同格式）',
        querystring: z.object({ bankId: idParam('bankId') }),
      },
    },
    async (request, reply) => {
      const bank = await requireOwnBank(db, request.ctx, request.query.bankId);
      const data = await exportQuestions(db, request.ctx, bank.id);
      return sendDownload(reply, {
        fileName: `${bank.name}_${dateStamp()}.xlsx`,
        contentType: XLSX_MIME,
        data,
      });
    },
  );
};
