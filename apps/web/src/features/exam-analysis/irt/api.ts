import {
  analysisIrtContracts as irt,
  type AnalysisOptions,
  type CalibrationRow,
  type PaperInformation,
} from '@kaopei/shared/contracts/analysis-irt';
import { fileContracts, type ImportMode } from '@kaopei/shared/contracts/file';
import { call, callPage } from '../../../lib/api';
import { download } from '../../../lib/download';

/** 试题分析 · IRT 校准 (contracts: packages/shared/src/contracts/analysis-irt.ts). Paging is zero-based. */

export type { AnalysisOptions, CalibrationRow, PaperInformation };

export const irtKeys = {
  all: ['analysis-question', 'irt'] as const,
  options: ['analysis-question', 'irt', 'options'] as const,
  calibrations: (bankId: number, page: number, size: number) =>
    ['analysis-question', 'irt', 'calibrations', bankId, page, size] as const,
  information: (paperId: number) => ['analysis-question', 'irt', 'information', paperId] as const,
  job: (jobId: number) => ['analysis-question', 'irt', 'job', jobId] as const,
};

export function fetchOptions() {
  return call(irt.options);
}

export function fetchCalibrations(bankId: number, page: number, size: number) {
  return callPage(irt.calibrations, { query: { bankId, page, size } });
}

export function startCalibration(bankId: number) {
  return call(irt.calibrate, { body: { bankId } });
}

export function fetchJob(jobId: number) {
  return call(fileContracts.job, { params: { id: jobId } });
}

export function exportCalibrations(bankId: number): Promise<string> {
  return download(irt.exportCalibrations, { query: { bankId } }, 'IRT校准.xlsx');
}

export function fetchPaperInformation(paperId: number) {
  return call(irt.paperInformation, { query: { paperId } });
}

export function downloadOfflineTemplate(examId: number): Promise<string> {
  return download(irt.offlineTemplate, { query: { examId } }, '线下成绩答题表.xlsx');
}

export function startOfflineImport(examId: number, file: File, mode: ImportMode) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(irt.offlineImport, { query: { examId, mode }, form });
}
