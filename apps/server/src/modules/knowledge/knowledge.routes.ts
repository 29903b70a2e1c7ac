import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { knowledgeContracts } from '@kaopei/shared/contracts/knowledge';
import { ok } from '../../core/http';
import { routes } from '../../core/route';
import { dateStamp, sendDownload } from '../../core/download';
import { receiveXlsx, XLSX_MIME } from '../../core/excel';
import {
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

export { KNOWLEDGE_MENU } from '@kaopei/shared/contracts/knowledge';

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * The knowledge-point tree (contracts: packages/shared/src/contracts/knowledge.ts). Upload is
 * synchronous: a file holds at most MAX_UPLOAD_ROWS rows and one transaction creates the nodes.
 */
export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, knowledgeContracts, {
    tree: async (request) => ok(await knowledgeTree(db, request.ctx, request.query.scope)),
    root: async (request) => ok(await rootNodes(db, request.ctx, request.query.scope)),
    child: async (request) => ok(await childNodes(db, request.ctx, request.query.parentId)),
    search: async (request) => {
      const { scope, keyword } = request.query;
      return ok(keyword ? await searchNodes(db, request.ctx, scope, keyword) : []);
    },
    graph: async (request) => ok(await knowledgeGraph(db, request.ctx, request.query.scope)),
    add: async (request) => ok(await addNode(db, request.ctx, request.body)),
    update: async (request) => {
      await updateNode(db, request.ctx, request.body);
      return ok(null);
    },
    delete: async (request) => {
      await deleteNode(db, request.ctx, request.body.id);
      return ok(null);
    },
    move: async (request) => {
      await moveNode(db, request.ctx, { ...request.body, parentId: request.body.parentId ?? null });
      return ok(null);
    },
    download: async (request, reply) => {
      const data = await exportTree(db, request.ctx, request.query.scope);
      return sendDownload(reply, { fileName: `知识点_${dateStamp()}.xlsx`, contentType: XLSX_MIME, data });
    },
    upload: async (request) => {
      const { buffer } = await receiveXlsx(request, MAX_UPLOAD_BYTES, '仅支持 .xlsx 格式的 Excel 文件');
      return ok(await uploadTree(db, request.ctx, buffer));
    },
    countedTree: async (request) => ok(await knowledgeTree(db, request.ctx, request.query.scope)),
    searchCountedTree: async (request) => {
      const body = request.body ?? { keyword: '', scope: 'org' as const };
      return ok(await searchCountedTree(db, request.ctx, body.scope, body.keyword, body.bankIds));
    },
  });
};
