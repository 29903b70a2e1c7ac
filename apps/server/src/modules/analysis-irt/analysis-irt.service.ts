import ExcelJS from 'exceljs';
import { fitNotes, testInformation, thetaGrid, type CalibrationResult, type ResponseMatrix } from '@kaopei/shared';
import type { ImportResult } from '@kaopei/shared/contracts/file';
import type { CalibrationRow, PaperInformation } from '@kaopei/shared/contracts/analysis-irt';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import type { JobProgress } from '../../core/jobs';
import { badRequest, notFound } from '../../core/http';
import { startWorker } from '../../core/worker-thread';
import { cellSafeText, styleHeaderRow, workbookBuffer, XLSX_MIME } from '../../core/excel';
import type { DownloadFile } from '../../core/download';
import {
  findBank,
  findPaper,
  listBankResponses,
  pageCalibrations,
  paperCalibrations,
  replaceCalibration,
} from './analysis-irt.repo';

/** Fewer closed attempts than this and a calibration is refused (nothing stable to estimate). */
export const MIN_RESPONDENTS = 20;
const MAX_ITERATIONS = 500;

export async function assertBank(db: Db, ctx: RequestContext, bankId: number) {
  const bank = await findBank(db, ctx, bankId);
  if (!bank) throw notFound('题库不存在');
  return bank;
}

/** The bank's responses as a matrix: one respondent per attempt, items in question-id order. */
export function responseMatrix(rows: { attemptId: number; questionId: number; right: boolean }[]) {
  const questionIds = [...new Set(rows.map((r) => r.questionId))].sort((x, y) => x - y);
  const itemOf = new Map(questionIds.map((id, i) => [id, i]));
  const starts: number[] = [0];
  const itemIndex = new Int32Array(rows.length);
  const correct = new Uint8Array(rows.length);
  rows.forEach((row, k) => {
    if (k > 0 && row.attemptId !== rows[k - 1]!.attemptId) starts.push(k);
    itemIndex[k] = itemOf.get(row.questionId)!;
    correct[k] = row.right ? 1 : 0;
  });
  if (rows.length > 0) starts.push(rows.length);
  const matrix: ResponseMatrix = {
    itemCount: questionIds.length,
    start: Int32Array.from(starts.length > 1 ? starts : [0]),
    itemIndex,
    correct,
  };
  return { matrix, questionIds };
}

/** Fits the 2PL in a worker thread (seconds of arithmetic for a large bank), reporting each EM cycle. */
function fitInWorker(
  matrix: ResponseMatrix,
  onIteration?: (iteration: number) => void,
): Promise<CalibrationResult> {
  const worker = startWorker('irt-worker.js', new URL('./irt-worker.ts', import.meta.url), {
    workerData: { matrix, maxIterations: MAX_ITERATIONS },
    stdout: false,
  });
  return new Promise((resolve, reject) => {
    worker.on('message', (message: { iteration: number } | { fit: CalibrationResult }) => {
      if ('iteration' in message) onIteration?.(message.iteration);
      else {
        resolve(message.fit);
        void worker.terminate();
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`irt worker exited (${code}) without a result`)));
  });
}

/**
 * Calibrates a bank: reads its answers, fits the 2PL (weak priors keep perfect items finite) and
 * replaces the bank's stored calibration. Returns how many questions were calibrated. Refuses (400)
 * with fewer than MIN_RESPONDENTS closed attempts.
 */
export async function calibrateBank(
  db: Db,
  ctx: RequestContext,
  bankId: number,
  onIteration?: (iteration: number) => void,
): Promise<number> {
  await assertBank(db, ctx, bankId);
  const rows = await listBankResponses(db, ctx, bankId);
  const { matrix, questionIds } = responseMatrix(rows);
  const respondents = matrix.start.length - 1;
  if (respondents < MIN_RESPONDENTS)
    throw badRequest(`题库的已评分客观题作答只有 ${respondents} 份，至少需要 ${MIN_RESPONDENTS} 份才能校准`);
  const fit = await fitInWorker(matrix, onIteration);
  await replaceCalibration(
    db,
    ctx,
    bankId,
    fit.items.map((item, i) => ({
      questionId: questionIds[i]!,
      organizationId: ctx.organizationId,
      bankId,
      a: item.a,
      b: item.b,
      seA: item.seA,
      seB: item.seB,
      n: Math.round(item.n),
      pValue: item.pValue,
      notes: fit.converged ? fitNotes(item) : [...fitNotes(item), `未在 ${MAX_ITERATIONS} 轮内收敛`],
    })),
  );
  return questionIds.length;
}

/** The calibration job; progress counts EM cycles (reported every ten, up to 99). */
export async function runCalibration(
  db: Db,
  ctx: RequestContext,
  bankId: number,
  progress: JobProgress,
): Promise<ImportResult> {
  let reported = Promise.resolve();
  const count = await calibrateBank(db, ctx, bankId, (iteration) => {
    if (iteration % 10 === 0) reported = progress.advance(Math.min(99, iteration)).catch(() => undefined);
  });
  await reported;
  return { mode: 'all', total: count, imported: count, failedRows: 0, errors: [], errorsTruncated: false };
}

const rowOf = (row: Awaited<ReturnType<typeof pageCalibrations>>['rows'][number]): CalibrationRow => ({
  ...row,
  n: Number(row.n),
  calibratedAt: row.calibratedAt.getTime(),
});

export async function listCalibrations(
  db: Db,
  ctx: RequestContext,
  bankId: number,
  page: { offset: number; limit: number },
) {
  await assertBank(db, ctx, bankId);
  const { rows, total } = await pageCalibrations(db, ctx, bankId, page);
  return { rows: rows.map(rowOf), total };
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

export async function exportCalibrations(db: Db, ctx: RequestContext, bankId: number): Promise<DownloadFile> {
  const bank = await assertBank(db, ctx, bankId);
  const { rows } = await pageCalibrations(db, ctx, bankId);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('IRT 校准');
  sheet.columns = [
    { header: '试题ID', key: 'id', width: 10 },
    { header: '题干', key: 'stem', width: 50 },
    { header: '区分度 a', key: 'a', width: 10 },
    { header: 'a 标准误', key: 'seA', width: 10 },
    { header: '难度 b', key: 'b', width: 10 },
    { header: 'b 标准误', key: 'seB', width: 10 },
    { header: '作答数 n', key: 'n', width: 10 },
    { header: '满分率', key: 'p', width: 10 },
    { header: '说明', key: 'notes', width: 40 },
  ];
  for (const row of rows) {
    sheet.addRow({
      id: row.questionId,
      stem: cellSafeText(row.stem),
      a: round(row.a),
      seA: round(row.seA),
      b: round(row.b),
      seB: round(row.seB),
      n: Number(row.n),
      p: round(row.pValue),
      notes: cellSafeText(row.notes.join('；')),
    });
  }
  styleHeaderRow(sheet);
  return {
    fileName: `${bank.name}-IRT校准.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}

export async function paperInformationOf(
  db: Db,
  ctx: RequestContext,
  paperId: number,
): Promise<PaperInformation> {
  if (!(await findPaper(db, ctx, paperId))) throw notFound('试卷不存在');
  const items = await paperCalibrations(db, ctx, paperId);
  const calibrated = items.flatMap((item) =>
    item.a === null || item.b === null ? [] : [{ a: item.a, b: item.b }],
  );
  return {
    paperId,
    questionCount: items.length,
    calibratedCount: calibrated.length,
    points: thetaGrid(-4, 4, 81).map((theta) => ({
      theta,
      information: round(testInformation(calibrated, theta), 4),
    })),
  };
}
