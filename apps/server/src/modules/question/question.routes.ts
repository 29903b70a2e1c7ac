import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QUESTION_TYPES, TagType, questionTypeLabel, toOffset } from '@kaopei/shared';
import { questionContracts } from '@kaopei/shared/contracts/question';
import { ok, okPage } from '../../core/http';
import type { RequestContext } from '../../core/context';
import { routes } from '../../core/route';
import { dateStamp, sendDownload } from '../../core/download';
import { receiveXlsx, XLSX_MIME } from '../../core/excel';
import {
  buildQuestionTemplate,
  exportQuestions,
  parseQuestionFile,
  runQuestionImport,
} from './question.excel';

/** A question import as the job queue carries it (core/jobs.ts). */
interface QuestionImportInput {
  bankId: number;
  rows: Parameters<typeof runQuestionImport>[3];
  mode: Parameters<typeof runQuestionImport>[4];
}
import { listTags } from '../tag/tag.service';
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

const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** Questions of the six canonical types (contracts: packages/shared/src/contracts/question.ts). */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;
  app.deps.jobs.define<QuestionImportInput>('question-import', (ctx, { bankId, rows, mode }, progress) =>
    runQuestionImport(deps, ctx, bankId, rows, mode, progress),
  );
  routes(app, questionContracts, {
    add: async (request) => ok(await addQuestion(deps, request.ctx, request.body)),
    modify: async (request) => ok(await modifyQuestion(deps, request.ctx, request.query.id, request.body)),
    addBatch: async (request) =>
      ok(await addQuestionBatch(deps, request.ctx, request.query.questionBankId, request.body)),
    detail: async (request) => ok(await getQuestion(db, request.ctx, request.params.id)),
    delete: async (request) => ok(await deleteQuestions(db, request.ctx, request.body.ids)),
    move: async (request) =>
      ok(await moveQuestions(db, request.ctx, request.query.toQuestionBankId, request.body.ids)),
    copy: async (request) =>
      ok(await copyQuestions(deps, request.ctx, request.query.toQuestionBankId, request.body.ids)),
    check: async (request) =>
      ok(
        await checkQuestion(
          db,
          request.ctx,
          request.query.questionId,
          request.query.status,
          request.body?.reason || undefined,
        ),
      ),
    auditInfo: async (request) => ok(await auditInfo(db, request.ctx, request.query.questionId)),
    search: async (request) => {
      const filter = await narrowToBankCategory(db, request.ctx, request.body ?? {});
      if (!filter) return okPage([], 0);
      const { page, size } = request.query;
      const { rows, total, totalCapped } = await searchQuestions(db, request.ctx, {
        ...filter,
        ...toOffset({ page, size }),
      });
      return okPage(rows, total, totalCapped);
    },
    platformSearch: async (request) => {
      const { sort, page, size } = request.query;
      const { rows, total, totalCapped } = await searchPlatformQuestions(db, request.ctx, {
        ...(request.body ?? {}),
        sortOrder: request.body?.sortOrder ?? sort,
        ...toOffset({ page, size }),
      });
      return okPage(rows, total, totalCapped);
    },
    searchTags: async (request) => {
      const body = request.body ?? {
        keyword: undefined,
        sortField: 'usageCount' as const,
        sortOrder: 'desc' as const,
      };
      const { page, size } = request.query;
      const { rows, total } = await listTags(db, request.ctx, {
        type: TagType.QUESTION,
        keyword: body.keyword || undefined,
        sortField: body.sortField,
        sortOrder: body.sortOrder,
        ...toOffset({ page, size }),
      });
      return okPage(rows, total);
    },
    typeCount: async (request) => {
      const filter = await narrowToBankCategory(db, request.ctx, request.body ?? {});
      if (!filter) {
        return ok(
          QUESTION_TYPES.map((type) => ({
            type,
            typeLabel: questionTypeLabel(type),
            count: 0,
            capped: false,
          })),
        );
      }
      return ok(await countByType(db, request.ctx, filter));
    },
    knowledgeTypeCount: async (request) =>
      ok(await countByKnowledgeAndType(db, request.ctx, request.body ?? {})),
    searchKnowledgeTypeCount: async (request) =>
      ok(await countByKnowledgeAndType(db, request.ctx, request.body ?? {})),
    addTags: async (request) =>
      ok(await addQuestionTags(db, request.ctx, request.query.questionIds, request.query.tagIds)),
    addKnowledge: async (request) => ok(await addQuestionKnowledge(db, request.ctx, [request.query])),
    addKnowledgeBatch: async (request) => ok(await addQuestionKnowledge(db, request.ctx, request.body)),
    defaultTemplates: async () => ok(defaultTemplates()),
    importTemplate: async (_request, reply) =>
      sendDownload(reply, {
        fileName: '试题导入模板.xlsx',
        contentType: XLSX_MIME,
        data: await buildQuestionTemplate(),
      }),
    import: async (request) => {
      const { questionBankId, mode } = request.query;
      await requireWritableBank(db, request.ctx, questionBankId);
      const { buffer } = await receiveXlsx(
        request,
        MAX_IMPORT_BYTES,
        '仅支持 .xlsx 格式的 Excel 文件，请使用下载的导入模板',
      );
      const rows = await parseQuestionFile(buffer);
      const ctx: RequestContext = { ...request.ctx };
      const input: QuestionImportInput = { bankId: questionBankId, rows, mode };
      const jobId = await app.deps.jobs.start(ctx, 'question-import', rows.length, input);
      return ok({ jobId, total: rows.length });
    },
    export: async (request, reply) => {
      const bank = await requireOwnBank(db, request.ctx, request.query.bankId);
      const data = await exportQuestions(db, request.ctx, bank.id);
      return sendDownload(reply, {
        fileName: `${bank.name}_${dateStamp()}.xlsx`,
        contentType: XLSX_MIME,
        data,
      });
    },
  });
};
