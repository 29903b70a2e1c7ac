import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseContentContracts } from '@kaopei/shared/contracts/course-content';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import {
  addChapter,
  addSection,
  courseExams,
  courseOutline,
  modifySection,
  removeChapter,
  removeSection,
  renameChapter,
  sortChapters,
  sortSections,
} from './course-content.service';
import { cancelUpload, receiveChunk, startUpload, uploadStatus } from './course-upload.service';

/** 课程内容: chapters, sections, uploads (contracts: packages/shared/src/contracts/course-content.ts). */
export const courseContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // A chunk's raw bytes reach the handler as the request stream (written to the staging file as they
  // come, never buffered whole); only this plugin's routes take application/octet-stream.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  routes(app, courseContentContracts, {
    outline: async (request) => ok(await courseOutline(db, request.ctx, request.query.courseId)),
    chapterAdd: async (request) =>
      ok(await addChapter(db, request.ctx, request.body.courseId, request.body.title)),
    chapterModify: async (request) => {
      await renameChapter(db, request.ctx, request.body.chapterId, request.body.title);
      return ok(null);
    },
    chapterDelete: async (request) => {
      await removeChapter(db, request.ctx, request.body.chapterId);
      return ok(null);
    },
    chapterSort: async (request) => {
      await sortChapters(db, request.ctx, request.body.courseId, request.body.chapterIds);
      return ok(null);
    },
    sectionAdd: async (request) => ok(await addSection(db, request.ctx, request.body)),
    sectionModify: async (request) => ok(await modifySection(db, request.ctx, request.body)),
    sectionDelete: async (request) => {
      await removeSection(db, request.ctx, request.body.sectionId);
      return ok(null);
    },
    sectionSort: async (request) => {
      await sortSections(db, request.ctx, request.body.courseId, request.body.chapters);
      return ok(null);
    },
    examList: async (request) => {
      const { rows, total } = await courseExams(db, request.ctx, request.query.courseId, request.query);
      return okPage(rows, total);
    },
    uploadStart: async (request) => ok(await startUpload(app.deps, request.ctx, request.body)),
    uploadChunk: async (request) =>
      ok(
        await receiveChunk(
          app.deps,
          request.ctx,
          request.params.uploadId,
          request.query.offset,
          request.body as unknown as Readable | undefined,
        ),
      ),
    uploadStatus: async (request) => ok(await uploadStatus(app.deps, request.ctx, request.params.uploadId)),
    uploadCancel: async (request) => {
      await cancelUpload(app.deps, request.ctx, request.params.uploadId);
      return ok(null);
    },
  });
};
