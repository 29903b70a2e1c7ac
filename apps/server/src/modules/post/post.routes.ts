import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { postContracts } from '@kaopei/shared/contracts/post';
import type { ImportMode } from '@kaopei/shared/contracts/file';
import { ok, okPage } from '../../core/http';
import { sendDownload } from '../../core/download';
import { receiveXlsx, XLSX_MIME } from '../../core/excel';
import { routes } from '../../core/route';
import {
  buildPostTemplate,
  exportPosts,
  parsePostFile,
  runPostImport,
  type PostImportRow,
} from './post.excel';
import { addFamily, deleteFamily, familyTree, modifyFamily, moveFamily } from './post-family.service';
import {
  addPost,
  assignStaff,
  deletePost,
  modifyPost,
  postDetail,
  postOptions,
  postStaff,
  resolveFilter,
  searchPosts,
  sharePost,
  staffCounts,
  unsharePost,
} from './post.service';

const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** A post import as the job queue carries it (core/jobs.ts). */
interface PostImportInput {
  rows: PostImportRow[];
  mode: ImportMode;
}

/** 岗位与岗位序列 (contracts: packages/shared/src/contracts/post.ts). */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.deps.jobs.define<PostImportInput>('post-import', (ctx, { rows, mode }) =>
    runPostImport(db, ctx, rows, mode),
  );

  routes(app, postContracts, {
    simple: async (request) => ok(await postOptions(db, request.ctx)),
    search: async (request) => {
      const { rows, total } = await searchPosts(db, request.ctx, request.body ?? {}, toOffset(request.query));
      return okPage(rows, total);
    },
    get: async (request) => ok(await postDetail(db, request.ctx, request.query.postId)),
    add: async (request) => ok(await addPost(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyPost(db, request.ctx, request.body)),
    delete: async (request) => ok(await deletePost(db, request.ctx, request.query.postId)),
    staff: async (request) => {
      const { postId, page, size } = request.query;
      const { rows, total } = await postStaff(db, request.ctx, postId, toOffset({ page, size }));
      return okPage(rows, total);
    },
    assignStaff: async (request) =>
      ok(await assignStaff(db, request.ctx, request.body.postId, request.body.userIds)),
    share: async (request) => ok(await sharePost(db, request.ctx, request.query.postId)),
    unshare: async (request) => ok(await unsharePost(db, request.ctx, request.query.postId)),
    export: async (request, reply) => {
      const filter = await resolveFilter(db, request.ctx, request.body ?? {});
      const file = await exportPosts(db, request.ctx, filter, (ids) => staffCounts(db, request.ctx, ids));
      return sendDownload(reply, file);
    },
    importTemplate: async (request, reply) =>
      sendDownload(reply, {
        fileName: '岗位导入模板.xlsx',
        contentType: XLSX_MIME,
        data: await buildPostTemplate(db, request.ctx),
      }),
    import: async (request) => {
      const { buffer } = await receiveXlsx(
        request,
        MAX_IMPORT_BYTES,
        '仅支持 .xlsx 格式的 Excel 文件，请使用下载的导入模板',
      );
      const rows = await parsePostFile(buffer);
      const input: PostImportInput = { rows, mode: request.query.mode };
      const jobId = await app.deps.jobs.start({ ...request.ctx }, 'post-import', rows.length, input);
      return ok({ jobId, total: rows.length });
    },

    familyTree: async (request) => ok(await familyTree(db, request.ctx)),
    familyAdd: async (request) => ok(await addFamily(db, request.ctx, request.body)),
    familyModify: async (request) => ok(await modifyFamily(db, request.ctx, request.body)),
    familyMove: async (request) => ok(await moveFamily(db, request.ctx, request.body)),
    familyDelete: async (request) => ok(await deleteFamily(db, request.ctx, request.query.familyId)),
  });
};
