import ExcelJS from 'exceljs';
import {
  EXCEL_OPTION_COLUMNS,
  difficultyLabel,
  kindByLabel,
  kindOf,
  kindOfType,
  numberCell,
  optionLetter,
  questionKinds,
  questionTypeLabel,
  type StoredKey,
} from '@kaopei/shared';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { AppError, badRequest } from '../../core/http';
import type { JobProgress } from '../../core/jobs';
import { readUploadedRows, styleHeaderRow, workbookBuffer } from '../../core/excel';
import { insertPrepared, prepareQuestion, STATUS_LABELS, type PreparedQuestion } from './question.service';
import { auditStateOnSave, type QuestionSaveDeps } from './question.audit';
import { listQuestionsForExport } from './question.repo';
import type { ImportMode, ImportResult, ImportRowError } from '@kaopei/shared/contracts/file';

export const MAX_IMPORT_ROWS = 10_000;
export const MAX_REPORTED_ERRORS = 2000;
const OPTION_COUNT = EXCEL_OPTION_COLUMNS;
const SHEET_NAME = '试题';

/** A column's cell field: the shared ones, 选项 by index, and the kinds' own columns. */
type Field = string;

interface Column {
  field: Field;
  header: string;
  width: number;
}

/** The shared columns around the kinds' own (which come after 答案, in the kinds' order). */
const COLUMNS: Column[] = [
  { field: 'type', header: '题型*', width: 10 },
  { field: 'stem', header: '题干*', width: 40 },
  ...Array.from({ length: OPTION_COUNT }, (_, i) => ({
    field: `option${i}`,
    header: `选项${optionLetter(i)}`,
    width: 14,
  })),
  { field: 'answer', header: '答案*', width: 24 },
  ...questionKinds.flatMap((kind) => kind.excel.columns),
  { field: 'analysis', header: '解析', width: 30 },
  { field: 'difficulty', header: '难度(1-10)', width: 10 },
  { field: 'defaultPoints', header: '分值', width: 8 },
];

const LABEL: Record<string, string> = Object.fromEntries(
  COLUMNS.map((c) => [c.field, c.header.replace('*', '')]),
);

type Values = Partial<Record<Field, string>>;

const EXAMPLES: Values[] = questionKinds.map((kind) => ({ type: kind.label, ...kind.excel.example }));

const choiceLabels = questionKinds.filter((kind) => kind.hasOptions).map((kind) => kind.label);

const NOTES: [string, string][] = [
  ['题型*', questionKinds.map((kind) => kind.label).join('、')],
  ['题干*', '题目内容（纯文本）'],
  [`选项A–${optionLetter(OPTION_COUNT - 1)}`, `${choiceLabels.join('、')}的选项，至少 2 个，按顺序填写`],
  ...questionKinds.map((kind, index): [string, string] => [
    index === 0 ? '答案*' : '',
    `${kind.label}：${kind.excel.answerNote}`,
  ]),
  ...questionKinds.flatMap((kind) =>
    kind.excel.columns.map((column): [string, string] => [column.header, column.note]),
  ),
  ['难度', '1–10 的整数，默认 5（≤3 简单，4–5 中等，6–7 困难）'],
  ['分值', '默认分值，默认 10'],
  ['说明', '以「示例：」开头的行不会导入，可删除；每次最多导入 10000 行'],
];

/** The import template: one example row per type and a notes sheet. */
export async function buildQuestionTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME);
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, key: c.field, width: c.width }));
  styleHeaderRow(sheet);
  for (const example of EXAMPLES) sheet.addRow(example);
  const notes = workbook.addWorksheet('填写说明');
  notes.columns = [
    { header: '列', key: 'column', width: 18 },
    { header: '说明', key: 'note', width: 100 },
  ];
  styleHeaderRow(notes);
  for (const [column, note] of NOTES) notes.addRow({ column, note });
  return workbookBuffer(workbook);
}

export interface ImportRow {
  row: number;
  values: Values;
}

/** Reads the rows of an import workbook (header in row 1, matched by name). */
export async function parseQuestionFile(buffer: Buffer): Promise<ImportRow[]> {
  const tooMany = `每次最多导入 ${MAX_IMPORT_ROWS} 行，请拆分文件后再导入`;
  const sheetRows = await readUploadedRows(buffer, {
    sheetName: SHEET_NAME,
    unreadable: '无法读取该文件，请上传用模板填写的 .xlsx 文件',
    // Room for the header and the template's example rows.
    maxRows: MAX_IMPORT_ROWS + 1 + EXAMPLES.length,
    tooMany,
  });
  const columnOf = new Map<Field, number>();
  const header = sheetRows[0]?.row === 1 ? sheetRows[0].cells : [];
  header.forEach((text, i) => {
    const column = COLUMNS.find((c) => c.header.replace('*', '') === text.replace(/[*＊\s]/g, ''));
    if (column) columnOf.set(column.field, i + 1);
  });
  if (!columnOf.has('type') || !columnOf.has('stem')) {
    throw badRequest('文件缺少表头「题型*」和「题干*」，请使用下载的导入模板');
  }
  const rows: ImportRow[] = [];
  for (const { row: r, cells } of sheetRows) {
    if (r === 1) continue;
    const values: Values = {};
    let blank = true;
    for (const [field, col] of columnOf) {
      const text = cells[col - 1] ?? '';
      if (text !== '') {
        values[field] = text;
        blank = false;
      }
    }
    if (blank || (values.stem ?? '').startsWith('示例：')) continue;
    rows.push({ row: r, values });
    if (rows.length > MAX_IMPORT_ROWS) throw badRequest(tooMany);
  }
  if (rows.length === 0) throw badRequest('文件中没有可导入的试题');
  return rows;
}

class RowError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function integer(values: Values, field: Field, fallback: number): number {
  const read = numberCell(values, field, LABEL[field] ?? field, fallback);
  if (!read.ok) throw new RowError(read.problem.field, read.problem.message);
  return read.value;
}

/** The column label for a service validation error: its API field, or failing that words of its message. */
function fieldOfMessage(message: string): string {
  if (message.includes('options')) return '选项';
  if (message.includes('answer.languages') || message.includes('answer.templates')) return '编程语言';
  if (message.includes('testCases') || message.includes('测试用例')) return '测试用例';
  if (message.includes('timeLimit')) return LABEL.timeLimit ?? '';
  if (message.includes('memoryLimit')) return LABEL.memoryLimit ?? '';
  if (message.includes('scoringPoints') || message.includes('得分点')) return '得分点';
  if (message.includes('answer')) return '答案';
  if (message.includes('stem') || message.includes('题干')) return '题干';
  if (message.includes('difficulty')) return '难度';
  if (message.includes('defaultPoints')) return '分值';
  return '答案';
}

/** One row as question content, validated like the API. */
export function rowToQuestion(values: Values): PreparedQuestion {
  const type = kindByLabel(values.type ?? '')?.type;
  if (type === undefined) {
    throw new RowError('题型', values.type ? `不支持的题型“${values.type}”` : '题型不能为空');
  }
  if (!values.stem) throw new RowError('题干', '题干不能为空');
  const read = kindOfType(type).excel.read(values);
  if (!read.ok) throw new RowError(read.problem.field, read.problem.message);
  const { options, answer } = read;
  try {
    return prepareQuestion({
      type,
      stem: values.stem
        .split(/\r?\n/)
        .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
        .join(''),
      options,
      answer,
      analysis: values.analysis ?? null,
      difficulty: integer(values, 'difficulty', 5),
      defaultPoints: integer(values, 'defaultPoints', 10),
      tagIds: [],
      knowledgeIds: [],
    });
  } catch (error) {
    if (error instanceof AppError) {
      throw new RowError(fieldOfMessage(`${error.field ?? ''} ${error.message}`), error.message);
    }
    throw error;
  }
}

export type { ImportResult } from '@kaopei/shared/contracts/file';

/** Validates every row, then inserts (in batches, in one transaction) all rows or only the valid ones. */
export async function runQuestionImport(
  deps: QuestionSaveDeps,
  ctx: RequestContext,
  bankId: number,
  rows: ImportRow[],
  mode: ImportMode,
  progress: JobProgress,
): Promise<ImportResult> {
  const errors: ImportRowError[] = [];
  let failedRows = 0;
  const valid: PreparedQuestion[] = [];
  for (const [index, row] of rows.entries()) {
    // Validation is the first half of the progress; the database is not touched while the insert
    // transaction is open (PGlite has one connection).
    if (index % 200 === 0) await progress.advance(Math.floor(index / 2));
    try {
      valid.push(rowToQuestion(row.values));
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      failedRows += 1;
      if (errors.length < MAX_REPORTED_ERRORS)
        errors.push({ row: row.row, field: error.field, reason: error.message });
    }
  }
  const result = {
    mode,
    total: rows.length,
    failedRows,
    errors,
    errorsTruncated: failedRows > errors.length,
  };
  if (failedRows > 0 && mode === 'all') return { ...result, imported: 0 };
  await progress.advance(Math.floor(rows.length / 2));
  const audit = await auditStateOnSave(deps, ctx);
  const ids = await deps.db.transaction((tx) => insertPrepared(tx, ctx, bankId, audit, valid));
  return { ...result, imported: ids.length };
}

/** The stored key as the row's 选项/答案 (and kind-specific) cells. */
function answerText(type: number, options: unknown, answer: unknown): Values {
  const kind = kindOf(type);
  return kind ? (kind.excel.write({ options: options as StoredKey['options'], answer }) as Values) : {};
}

/** The bank's questions as a workbook in the import format (plus 状态 and 难度等级 columns). */
export async function exportQuestions(db: Db, ctx: RequestContext, bankId: number): Promise<Buffer> {
  const rows = await listQuestionsForExport(db, ctx, bankId);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME);
  sheet.columns = [
    ...COLUMNS.map((c) => ({ header: c.header, key: c.field, width: c.width })),
    { header: '难度等级', key: 'difficultyLabel', width: 10 },
    { header: '状态', key: 'status', width: 10 },
  ];
  styleHeaderRow(sheet);
  for (const row of rows) {
    sheet.addRow({
      type: questionTypeLabel(row.type),
      stem: row.stemText,
      ...answerText(row.type, row.options, row.answer),
      analysis: row.analysis ?? '',
      difficulty: String(row.difficulty),
      defaultPoints: String(Number(row.defaultPoints)),
      difficultyLabel: difficultyLabel(row.difficulty),
      status: STATUS_LABELS[row.status] ?? '',
    });
  }
  return workbookBuffer(workbook);
}
