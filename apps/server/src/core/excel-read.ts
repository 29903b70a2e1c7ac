import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { unzipSync, strFromU8 } from 'fflate';

/**
 * Reading an uploaded workbook row by row with a cut-off. Pure (no server imports): it runs inside the
 * import worker thread (core/excel-worker.ts) and in unit tests.
 */

/** One non-blank row of a sheet: its number as Excel shows it and each cell's text (cells[0] is column A). */
export interface SheetRow {
  row: number;
  cells: string[];
}

export type SheetReadResult =
  | { ok: true; rows: SheetRow[]; truncated: boolean; rowsRead: number }
  | { ok: false; problem: 'unreadable' | 'noSheet' | 'cellTooLong' };

/** Excel's own limit on a cell's text; a longer one comes from a crafted file. */
export const MAX_CELL_CHARS = 32_767;

/** Cell text as the user sees it: rich text joined, hyperlinks by their text, formulas by their result. */
export function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'error' in value) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  let text: string;
  try {
    text = cell.text;
  } catch {
    text = '';
  }
  return (text ?? '').replace(/\u00a0/g, ' ').trim();
}

/** Sum of the declared uncompressed sizes of a zip's entries, from its central directory (nothing inflated). */
export function declaredUnzippedBytes(buffer: Uint8Array): number {
  let total = 0;
  unzipSync(buffer, {
    filter: (entry) => {
      total += entry.originalSize;
      return false;
    },
  });
  return total;
}

const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The sheet names of a workbook in the workbook's order (only xl/workbook.xml is inflated). */
function sheetNames(buffer: Uint8Array): string[] {
  const files = unzipSync(buffer, { filter: (entry) => entry.name === 'xl/workbook.xml' });
  const xml = files['xl/workbook.xml'];
  if (!xml) return [];
  return [...strFromU8(xml).matchAll(/<(?:\w+:)?sheet\b[^>]*?\bname="([^"]*)"/g)].map((m) =>
    decodeXml(m[1] ?? ''),
  );
}

function rowCells(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  row.eachCell((cell, col) => {
    cells[col - 1] = cellText(cell);
  });
  for (let i = 0; i < cells.length; i++) cells[i] ??= '';
  return cells;
}

/**
 * The non-blank rows of the sheet named `sheetName` (or the first sheet), streamed: reading stops at
 * `maxRows + 1` non-blank rows (`truncated` then tells the caller there were more than `maxRows`).
 */
export async function readSheetRows(
  buffer: Uint8Array,
  sheetName: string,
  maxRows: number,
): Promise<SheetReadResult> {
  let target: string | undefined;
  try {
    const names = sheetNames(buffer);
    target = names.includes(sheetName) ? sheetName : names[0];
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  if (target === undefined) return { ok: false, problem: 'noSheet' };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(buffer)]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const rows: SheetRow[] = [];
  let rowsRead = 0;
  try {
    for await (const sheet of reader) {
      if ((sheet as unknown as { name: string }).name !== target) continue;
      for await (const row of sheet) {
        rowsRead += 1;
        const cells = rowCells(row);
        if (cells.some((c) => c.length > MAX_CELL_CHARS)) return { ok: false, problem: 'cellTooLong' };
        if (cells.every((c) => c === '')) continue;
        if (rows.length === maxRows) return { ok: true, rows, truncated: true, rowsRead };
        rows.push({ row: row.number, cells });
      }
      return { ok: true, rows, truncated: false, rowsRead };
    }
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  return { ok: false, problem: 'noSheet' };
}
