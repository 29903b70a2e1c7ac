import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { MultipartFields } from '@fastify/multipart';
import { declaredUnzippedBytes, MAX_CELL_CHARS, type SheetReadResult, type SheetRow } from './excel-read';
import { badRequest } from './http';
import { startWorker } from './worker-thread';

/** Excel pieces every import and export shares; what a sheet holds stays with its feature. */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ZIP_MIME = 'application/zip';

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };

/** The house style of a sheet's header row (bold on light blue, a thin rule below). */
export function styleHeaderRow(sheet: ExcelJS.Worksheet): void {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.height = 22;
  header.alignment = { vertical: 'middle' };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.border = { bottom: { style: 'thin', color: { argb: 'FFBFBFBF' } } };
  });
}

/** Text a spreadsheet would read as a formula (or a DDE command) when it starts a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `text` safe to put in a cell: formula-like text gets a leading `'` and stays text (OWASP CSV injection). */
export function cellSafeText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Every text cell of the workbook made safe: exports carry what people typed, never a formula. */
function neutraliseFormulas(workbook: ExcelJS.Workbook): void {
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        const value = cell.value;
        if (typeof value === 'string') cell.value = cellSafeText(value);
        else if (value && typeof value === 'object' && 'richText' in value) {
          const [first, ...rest] = value.richText;
          if (first) cell.value = { richText: [{ ...first, text: cellSafeText(first.text) }, ...rest] };
        } else if (value && typeof value === 'object' && 'formula' in value) {
          // Exports write values only; a formula here came from data.
          cell.value = cellSafeText(`=${String(value.formula)}`);
        }
      });
    });
  });
}

/** The workbook as .xlsx bytes, every text cell made safe first (each export writes through here). */
export async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  neutraliseFormulas(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export { cellText, type SheetRow } from './excel-read';

/** Longest an import's parse may take before its worker is stopped. */
const PARSE_TIMEOUT_MS = 60_000;
/** Heap of one parse worker: a hostile workbook that gets past the size checks dies here, alone. */
const PARSE_HEAP_MB = 256;
/** Parses running at once per instance; more wait their turn. */
const PARSE_CONCURRENCY = 2;
/** Below this many uncompressed bytes the compression ratio is not checked (small files compress well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

let running = 0;
const waiting: (() => void)[] = [];

async function withParseSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARSE_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function parseInWorker(buffer: Buffer, sheetName: string, maxRows: number): Promise<SheetReadResult> {
  const worker = startWorker('excel-worker.js', new URL('./excel-worker.ts', import.meta.url), {
    workerData: { buffer: new Uint8Array(buffer), sheetName, maxRows },
    resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB },
    stdout: false,
  });
  return new Promise<SheetReadResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(badRequest('文件过于复杂，解析超时，请拆分后再导入'));
    }, PARSE_TIMEOUT_MS);
    worker.once('message', (result: SheetReadResult) => {
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) => {
      clearTimeout(timer);
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') reject(badRequest('文件解压后过大，请拆分后再导入'));
      else reject(error);
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('excel worker exited without a result'));
    });
  });
}

const PROBLEMS: Record<string, string> = {
  noSheet: '文件中没有工作表',
  cellTooLong: `文件中有单元格超过 ${MAX_CELL_CHARS} 个字符（Excel 的上限），请检查后再导入`,
};

/**
 * The non-blank rows of the sheet named `sheetName` of an uploaded workbook (or its first sheet), read in
 * a worker thread and streamed: more than `maxRows` non-blank rows (headers and examples included) fail
 * with `tooMany` having read at most `maxRows + 1`. Fails with a Chinese 400 (`unreadable`) when the
 * file is not a workbook, and when it has no sheet.
 */
export async function readUploadedRows(
  buffer: Buffer,
  options: { sheetName: string; unreadable: string; maxRows: number; tooMany: string },
): Promise<SheetRow[]> {
  const result = await withParseSlot(() => parseInWorker(buffer, options.sheetName, options.maxRows));
  if (!result.ok) throw badRequest(PROBLEMS[result.problem] ?? options.unreadable);
  if (result.truncated) throw badRequest(options.tooMany);
  return result.rows;
}

/**
 * Refuses a workbook whose entries inflate beyond the configured size or ratio, before anything parses.
 * A file that is no zip at all passes: the parse calls it unreadable in the import's own words.
 */
export function assertInflatesSafely(
  buffer: Buffer,
  limits: { maxUnzippedBytes: number; maxRatio: number },
): void {
  let unzipped: number;
  try {
    unzipped = declaredUnzippedBytes(buffer);
  } catch {
    return;
  }
  if (unzipped > limits.maxUnzippedBytes) {
    const mb = Math.round(limits.maxUnzippedBytes / 1024 / 1024);
    throw badRequest(`文件解压后过大（超过 ${mb} MB），请拆分后再导入`);
  }
  if (unzipped > RATIO_FLOOR_BYTES && unzipped / Math.max(buffer.length, 1) > limits.maxRatio)
    throw badRequest(`文件解压后过大（超过原文件的 ${limits.maxRatio} 倍），请拆分后再导入`);
}

/**
 * The one .xlsx file of a multipart upload, at most `maxBytes`, with the form's other fields. Fails with
 * a Chinese 400 when the request is not multipart, has no file, names no .xlsx (`notXlsx`), is too big,
 * or inflates beyond the configured size or compression ratio (IMPORT_MAX_UNZIPPED_MB, IMPORT_MAX_ZIP_RATIO).
 */
export async function receiveXlsx(
  request: FastifyRequest,
  maxBytes: number,
  notXlsx: string,
): Promise<{ buffer: Buffer; fields: MultipartFields }> {
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传 Excel 文件');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw badRequest('请选择要导入的 Excel 文件');
  if (!/\.xlsx$/i.test(part.filename)) {
    part.file.resume();
    throw badRequest(notXlsx);
  }
  const buffer = await part.toBuffer().catch(() => {
    throw badRequest(`文件不能超过 ${maxBytes / 1024 / 1024}MB`);
  });
  const { config } = request.server.deps;
  assertInflatesSafely(buffer, {
    maxUnzippedBytes: config.importMaxUnzippedMb * 1024 * 1024,
    maxRatio: config.importMaxZipRatio,
  });
  return { buffer, fields: part.fields };
}
