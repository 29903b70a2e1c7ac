import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analysisReportContracts, analysisReportPaths } from '@kaopei/shared/contracts/analysis-report';
import { ok, okPage } from '../../core/http';
import { dateStamp, sendDownload } from '../../core/download';
import { renderPdf } from '../../core/pdf';
import { routes } from '../../core/route';
import {
  addSchedule,
  deleteSchedule,
  listSchedules,
  updateSchedule,
} from './analysis-report-schedule.service';
import { buildReport, reportWorkbook } from './analysis-report.service';
import { createPrintSigner } from './analysis-report.token';

/** 分析报告 (contracts: packages/shared/src/contracts/analysis-report.ts). */
export const analysisReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const signer = createPrintSigner(config.jwtSecret);
  routes(app, analysisReportContracts, {
    preview: async (request) => ok(await buildReport(db, request.ctx, request.query)),
    exportExcel: async (request, reply) =>
      sendDownload(reply, await reportWorkbook(db, request.ctx, request.query)),
    exportPdf: async (request, reply) => {
      // The report is read first: an unknown or foreign exam or department is 404 before Chromium starts.
      const { title } = await buildReport(db, request.ctx, request.query, 1);
      const token = signer.sign(request.ctx, request.query);
      const pdf = await renderPdf(
        config.chromiumPath,
        `${config.printBaseUrl}${analysisReportPaths.print(request.query, token)}`,
      );
      return sendDownload(reply, {
        fileName: `${title}_${dateStamp()}.pdf`,
        contentType: 'application/pdf',
        data: pdf,
      });
    },
    print: async (request) => {
      const { token, ...definition } = request.query;
      return ok(await buildReport(db, signer.verify(token, definition), definition));
    },
    schedules: async (request) => {
      const { rows, total } = await listSchedules(db, request.ctx, request.query);
      return okPage(rows, total);
    },
    scheduleAdd: async (request) => ok(await addSchedule(db, request.ctx, request.body)),
    scheduleUpdate: async (request) => ok(await updateSchedule(db, request.ctx, request.body)),
    scheduleDelete: async (request) => ok(await deleteSchedule(db, request.ctx, request.query.scheduleId)),
  });
};
