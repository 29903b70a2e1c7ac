import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { MultipartFields } from '@fastify/multipart';
import { badRequest } from './http';

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

/**
 * The sheet named `sheetName` of an uploaded workbook, or its first sheet. Fails with a Chinese 400
 * (`unreadable`) when the file is not a workbook, and when it has no sheet.
 */
export async function readUploadedSheet(
  buffer: Buffer,
  sheetName: string,
  unreadable: string,
): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(unreadable);
  }
  const sheet = workbook.getWorksheet(sheetName) ?? workbook.worksheets[0];
  if (!sheet) throw badRequest('文件中没有工作表');
  return sheet;
}

/**
 * The one .xlsx file of a multipart upload, at most `maxBytes`, with the form's other fields. Fails with
 * a Chinese 400 when the request is not multipart, has no file, names no .xlsx (`notXlsx`) or is too big.
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
  return { buffer, fields: part.fields };
}
