import { gradeResponse, roundScore } from '@kaopei/shared';
import type { ImportMode, ImportResult, ImportRowError } from '@kaopei/shared/contracts/file';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import type { JobProgress } from '../../core/jobs';
import { badRequest, notFound } from '../../core/http';
import ExcelJS from 'exceljs';
import { readUploadedRows, styleHeaderRow, workbookBuffer, XLSX_MIME, type SheetRow } from '../../core/excel';
import type { DownloadFile } from '../../core/download';

import { sectionsOf } from '../paper/paper.service';
import {
  examPaperIds,
  findExam,
  findPeople,
  frozenContents,
  insertOfflineAttempts,
} from './analysis-irt.repo';
import type { ExamQuestionContent } from './analysis-irt.repo';

/**
 * Offline results (issue 19): a paper-based exam's answer sheet — one row per candidate (account or
 * name in the first column), one column per question in paper order holding the chosen letter(s), 对/错,
 * or 1/0 (full marks / none) — becomes graded attempts of the exam, so its statistics count them the
 * same way as online attempts.
 */

export const MAX_OFFLINE_ROWS = 5000;
const MAX_REPORTED_ERRORS = 2000;
const PERSON = '考生';

export interface OfflineImportInput {
  examId: number;
  mode: ImportMode;
  rows: SheetRow[];
}

/** The sheet's data rows (the first non-blank row is the header). */
export async function parseOfflineSheet(buffer: Buffer): Promise<SheetRow[]> {
  const rows = await readUploadedRows(buffer, {
    sheetName: '答题表',
    unreadable: '无法读取文件，请上传 .xlsx 格式的答题表',
    maxRows: MAX_OFFLINE_ROWS + 1,
    tooMany: `一次最多导入 ${MAX_OFFLINE_ROWS} 名考生`,
  });
  const data = rows.slice(1);
  if (data.length === 0) throw badRequest('答题表中没有考生数据（第一行为表头）');
  return data;
}

export interface PaperItem {
  questionId: number;
  points: number;
  sectionName: string;
  sectionSort: number;
  sort: number;
  content: ExamQuestionContent;
}

/** The exam's paper in order with the content frozen at publish (what online candidates were graded on). */
export async function offlinePaper(db: Db, ctx: RequestContext, examId: number) {
  const exam = await findExam(db, ctx, examId);
  if (!exam) throw notFound('考试不存在');
  const [first] = await examPaperIds(db, examId);
  if (!first) throw badRequest('考试没有试卷，不能导入成绩');
  const sections = await sectionsOf(db, first.paperId);
  const ids = sections.flatMap((s) => s.questionVOS.map((q) => q.questionId));
  if (ids.length === 0) throw badRequest('考试的试卷没有固定试题（随机卷不能导入线下成绩）');
  const frozen = new Map((await frozenContents(db, examId, ids)).map((r) => [r.questionId, r.content]));
  if (frozen.size < ids.length) throw badRequest('考试尚未发布（试题未冻结），不能导入成绩');
  const items: PaperItem[] = sections.flatMap((section, sectionSort) =>
    section.questionVOS.map((q, sort) => ({
      questionId: q.questionId,
      points: q.points,
      sectionName: section.name,
      sectionSort,
      sort,
      content: frozen.get(q.questionId)!,
    })),
  );
  return { exam, paperId: first.paperId, items };
}

const TRUE_WORDS = new Set(['对', '√', '✓', 'T', 'TRUE', '正确', 'Y']);
const FALSE_WORDS = new Set(['错', '×', '✗', 'F', 'FALSE', '错误', 'N']);

type Cell = { answer: unknown; score?: number } | { error: string };

/** One cell: '' unanswered; 1/0 full marks or none; else the kind's own answer (letters, 对/错). */
export function readCell(text: string, content: ExamQuestionContent, points: number): Cell {
  const value = text
    .trim()
    .toUpperCase()
    .replace(/[\s,，、]/g, '');
  if (value === '') return { answer: null };
  if (value === '1') return { answer: null, score: points };
  if (value === '0') return { answer: null, score: 0 };
  const options = content.options?.length ?? 0;
  const letters = [...value].map((ch) => ch.charCodeAt(0) - 65);
  const lettersOk = letters.every((i) => i >= 0 && i < options);
  switch (content.type) {
    case 0:
      if (TRUE_WORDS.has(value)) return { answer: true };
      if (FALSE_WORDS.has(value)) return { answer: false };
      return { error: '判断题请填 对/错 或 1/0' };
    case 1:
      if (letters.length === 1 && lettersOk) return { answer: letters[0] };
      return { error: `单选题请填一个选项字母（A–${String.fromCharCode(64 + options)}）或 1/0` };
    case 2:
      if (lettersOk && new Set(letters).size === letters.length)
        return { answer: [...letters].sort((x, y) => x - y) };
      return { error: `多选题请填选项字母（A–${String.fromCharCode(64 + options)}，不重复）或 1/0` };
    default:
      return { error: '此题型请填 1（满分）或 0（零分）' };
  }
}

/** Staff of the organisation by account (lower-cased) and by name (several when names repeat). */
async function loadPeople(db: Db, ctx: RequestContext, keys: string[]) {
  const lower = [...new Set(keys.map((k) => k.toLowerCase()))];
  const found = keys.length === 0 ? [] : await findPeople(db, ctx, lower, [...new Set(keys)]);
  const byAccount = new Map(found.map((u) => [u.account.toLowerCase(), u.id]));
  const byName = new Map<string, number[]>();
  for (const u of found) byName.set(u.realName, [...(byName.get(u.realName) ?? []), u.id]);
  return (key: string): number | string => {
    const account = byAccount.get(key.toLowerCase());
    if (account !== undefined) return account;
    const named = byName.get(key) ?? [];
    if (named.length === 1) return named[0]!;
    if (named.length > 1) return `姓名「${key}」对应多名人员，请改填账号`;
    return `找不到账号或姓名为「${key}」的人员`;
  };
}

export interface GradedRow {
  userId: number;
  score: number;
  questions: { item: PaperItem; answer: unknown; score: number }[];
}

function gradeRow(
  row: SheetRow,
  items: PaperItem[],
  partialCredit: boolean,
  fail: (field: string, reason: string) => void,
): GradedRow['questions'] {
  const extra = row.cells.slice(items.length + 1).some((c) => c.trim() !== '');
  if (extra) fail('答案', `答案列多于试卷的 ${items.length} 题`);
  return items.map((item, i) => {
    const cell = readCell(row.cells[i + 1] ?? '', item.content, item.points);
    if ('error' in cell) {
      fail(`第 ${i + 1} 题`, cell.error);
      return { item, answer: null, score: 0 };
    }
    const score =
      cell.score ?? gradeResponse(item.content, cell.answer, item.points, { partialCredit }).score ?? 0;
    return { item, answer: cell.answer, score };
  });
}

/** The import job: checks every row, then writes the good ones (all or none per `mode`). */
export async function runOfflineImport(
  db: Db,
  ctx: RequestContext,
  input: OfflineImportInput,
  progress: JobProgress,
): Promise<ImportResult> {
  const { exam, paperId, items } = await offlinePaper(db, ctx, input.examId);
  const personOf = await loadPeople(
    db,
    ctx,
    input.rows.map((r) => (r.cells[0] ?? '').trim()).filter(Boolean),
  );
  const errors: ImportRowError[] = [];
  const failed = new Set<number>();
  const seen = new Map<number, number>();
  const good: GradedRow[] = [];
  for (const row of input.rows) {
    const fail = (field: string, reason: string) => {
      failed.add(row.row);
      errors.push({ row: row.row, field, reason });
    };
    const key = (row.cells[0] ?? '').trim();
    const person = key === '' ? '请填写考生的账号或姓名' : personOf(key);
    if (typeof person === 'string') fail(PERSON, person);
    else if (seen.has(person)) fail(PERSON, `与第 ${seen.get(person)} 行是同一人`);
    else seen.set(person, row.row);
    const questions = gradeRow(row, items, exam.settings.partialCredit ?? false, fail);
    if (!failed.has(row.row) && typeof person === 'number')
      good.push({ userId: person, score: roundScore(questions.reduce((s, q) => s + q.score, 0)), questions });
  }
  const writes = input.mode === 'all' && failed.size > 0 ? [] : good;
  await insertOfflineAttempts(
    db,
    ctx,
    { examId: input.examId, paperId, passScore: exam.passScore, items },
    writes,
  );
  await progress.advance(input.rows.length);
  return {
    mode: input.mode,
    total: input.rows.length,
    imported: writes.length,
    failedRows: failed.size,
    errors: errors.slice(0, MAX_REPORTED_ERRORS),
    errorsTruncated: errors.length > MAX_REPORTED_ERRORS,
  };
}

const TYPE_HINTS: Record<number, string> = {
  0: '判断：对/错 或 1/0',
  1: '单选：字母 或 1/0',
  2: '多选：字母如 AC 或 1/0',
};

/** The answer-sheet template of an exam: 考生, then one column per question with its kind's hint. */
export async function offlineTemplate(db: Db, ctx: RequestContext, examId: number): Promise<DownloadFile> {
  const { items } = await offlinePaper(db, ctx, examId);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('答题表');
  sheet.addRow([PERSON, ...items.map((_, i) => `第${i + 1}题`)]);
  sheet.addRow([
    '账号或姓名',
    ...items.map((item) => TYPE_HINTS[item.content.type] ?? `${item.points} 分：1 满分 / 0 零分`),
  ]);
  styleHeaderRow(sheet);
  sheet.getColumn(1).width = 16;
  return { fileName: '线下成绩答题表.xlsx', contentType: XLSX_MIME, data: await workbookBuffer(workbook) };
}
