import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { analysisIrtContracts } from '@kaopei/shared/contracts/analysis-irt';
import type { RequestContext } from '../../core/context';
import { sendDownload } from '../../core/download';
import { receiveXlsx } from '../../core/excel';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import {
  assertBank,
  exportCalibrations,
  listCalibrations,
  paperInformationOf,
  runCalibration,
} from './analysis-irt.service';
import {
  offlinePaper,
  offlineTemplate,
  parseOfflineSheet,
  runOfflineImport,
  type OfflineImportInput,
} from './offline-import';
import { listOptions } from './analysis-irt.repo';

const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
const CALIBRATION_JOB = 'irt-calibration';
const OFFLINE_JOB = 'offline-results-import';
/** Progress of a calibration counts EM cycles, reported up to 99 then finished. */
const CALIBRATION_STEPS = 100;

export const analysisIrtRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, jobs } = app.deps;
  jobs.define<{ bankId: number }>(CALIBRATION_JOB, (ctx, { bankId }, progress) =>
    runCalibration(db, ctx, bankId, progress),
  );
  jobs.define<OfflineImportInput>(OFFLINE_JOB, (ctx, input, progress) =>
    runOfflineImport(db, ctx, input, progress),
  );

  routes(app, analysisIrtContracts, {
    options: async (request) => ok(await listOptions(db, request.ctx)),
    offlineTemplate: async (request, reply) =>
      sendDownload(reply, await offlineTemplate(db, request.ctx, request.query.examId)),
    calibrate: async (request) => {
      await assertBank(db, request.ctx, request.body.bankId);
      const ctx: RequestContext = { ...request.ctx };
      const jobId = await jobs.start(ctx, CALIBRATION_JOB, CALIBRATION_STEPS, {
        bankId: request.body.bankId,
      });
      return ok({ jobId, total: CALIBRATION_STEPS });
    },
    calibrations: async (request) => {
      const { bankId, page, size } = request.query;
      const { offset, limit } = toOffset({ page, size });
      const { rows, total } = await listCalibrations(db, request.ctx, bankId, { offset, limit });
      return okPage(rows, total);
    },
    exportCalibrations: async (request, reply) =>
      sendDownload(reply, await exportCalibrations(db, request.ctx, request.query.bankId)),
    paperInformation: async (request) => ok(await paperInformationOf(db, request.ctx, request.query.paperId)),
    offlineImport: async (request) => {
      // the exam first: another organisation's exam is refused before the file is read
      await offlinePaper(db, request.ctx, request.query.examId);
      const { buffer } = await receiveXlsx(request, MAX_IMPORT_BYTES, '仅支持 .xlsx 格式的 Excel 答题表');
      const rows = await parseOfflineSheet(buffer);
      const ctx: RequestContext = { ...request.ctx };
      const input: OfflineImportInput = { examId: request.query.examId, mode: request.query.mode, rows };
      const jobId = await jobs.start(ctx, OFFLINE_JOB, rows.length, input);
      return ok({ jobId, total: rows.length });
    },
  });
};
