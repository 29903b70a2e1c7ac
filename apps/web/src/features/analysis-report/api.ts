import {
  analysisReportContracts as contracts,
  type ReportData,
  type ReportDefinitionIn,
  type ScheduleForm,
  type ScheduleRow,
} from '@kaopei/shared/contracts/analysis-report';
import type { BodyIn } from '@kaopei/shared/contracts/common';
import { call, callPage } from '../../lib/api';
import { download } from '../../lib/download';

/** 分析报告 (contracts: packages/shared/src/contracts/analysis-report.ts). Paging is zero-based. */

export type { ReportData, ReportDefinitionIn, ScheduleForm, ScheduleRow };
export type ScheduleUpdate = BodyIn<typeof contracts.scheduleUpdate>;

export const reportKeys = {
  all: ['analysis-report'] as const,
  report: (definition: ReportDefinitionIn) => ['analysis-report', 'report', definition] as const,
  schedules: (keyword: string | undefined, page: number, size: number) =>
    ['analysis-report', 'schedules', keyword, page, size] as const,
};

export function fetchReport(definition: ReportDefinitionIn): Promise<ReportData> {
  return call(contracts.preview, { query: definition });
}

/** The print route's data, read with the token the PDF export handed to Chromium (no session). */
export function fetchPrintReport(definition: ReportDefinitionIn, token: string): Promise<ReportData> {
  return call(contracts.print, { query: { ...definition, token } });
}

export function exportReportExcel(definition: ReportDefinitionIn, title: string): Promise<string> {
  return download(contracts.exportExcel, { query: definition }, `${title}.xlsx`);
}

export function exportReportPdf(definition: ReportDefinitionIn, title: string): Promise<string> {
  return download(contracts.exportPdf, { query: definition }, `${title}.pdf`);
}

export function fetchSchedules(keyword: string | undefined, page: number, size: number) {
  return callPage(contracts.schedules, { query: { keyword, page, size } });
}

export function addSchedule(body: ScheduleForm): Promise<ScheduleRow> {
  return call(contracts.scheduleAdd, { body });
}

export function updateSchedule(body: ScheduleUpdate): Promise<ScheduleRow> {
  return call(contracts.scheduleUpdate, { body });
}

export function deleteSchedule(scheduleId: number) {
  return call(contracts.scheduleDelete, { query: { scheduleId } });
}
