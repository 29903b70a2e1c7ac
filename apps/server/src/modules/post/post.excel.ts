import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/http';
import { recordActivity } from '../../core/activity';
import { violatedUniqueIndex } from '../../core/db-errors';
import { dateStamp, type DownloadFile } from '../../core/download';
import { readUploadedRows, styleHeaderRow, workbookBuffer, XLSX_MIME } from '../../core/excel';
import type { ImportMode, ImportResult, ImportRowError } from '@kaopei/shared/contracts/file';
import {
  POST_CODE_MAX,
  POST_GRADE_MAX,
  POST_HEADCOUNT_MAX,
  POST_NAME_MAX,
  POST_TEXT_MAX,
} from '@kaopei/shared/contracts/post';
import { loadDepartments } from '../department/department.service';
import { loadFamilies } from './post-family.service';
import {
  findPostsNamedOrCoded,
  insertPosts,
  listPostDepartments,
  listPostTags,
  replacePostDepartments,
  searchPostRecords,
  type PostSearch,
} from './post.repo';

/** The post sheet: one column table for the template, the import and the export. */

export const MAX_POST_IMPORT_ROWS = 2000;
export const MAX_POST_EXPORT_ROWS = 10_000;
const SHEET = '岗位信息';
const REFERENCE_SHEET = '序列与部门';

type Field =
  | 'name'
  | 'code'
  | 'family'
  | 'grade'
  | 'headcount'
  | 'departments'
  | 'duties'
  | 'requirements'
  | 'description';

interface Column {
  field: Field;
  header: string;
  label: string;
  width: number;
}

const COLUMNS: readonly Column[] = [
  { field: 'name', header: '岗位名称*', label: '岗位名称', width: 20 },
  { field: 'code', header: '岗位编码', label: '岗位编码', width: 14 },
  { field: 'family', header: '岗位序列', label: '岗位序列', width: 18 },
  { field: 'grade', header: '职级', label: '职级', width: 10 },
  { field: 'headcount', header: '编制人数', label: '编制人数', width: 10 },
  { field: 'departments', header: '所属部门', label: '所属部门', width: 28 },
  { field: 'duties', header: '岗位职责', label: '岗位职责', width: 40 },
  { field: 'requirements', header: '任职要求', label: '任职要求', width: 40 },
  { field: 'description', header: '岗位描述', label: '岗位描述', width: 30 },
];

const EXAMPLE: Readonly<Record<Field, string>> = {
  name: '示例岗位（示例）',
  code: 'RD-001',
  family: '技术序列/研发',
  grade: 'P5',
  headcount: '5',
  departments: '技术部/研发组；技术部/测试组',
  duties: '1. 负责……',
  requirements: '1. 本科及以上学历……',
  description: '',
};

const NOTES = [
  '岗位导入说明',
  '',
  `1. 在「${SHEET}」工作表中从第 3 行开始填写，每行一个岗位；第 2 行是示例（名称为“${EXAMPLE.name}”的行导入时自动忽略）。`,
  '2. 岗位名称必填，在本组织内不能重复，也不能与已有岗位同名；岗位编码选填，填写时不能重复。',
  `3. 岗位序列：填写已有序列的完整路径，如 技术序列/研发（见「${REFERENCE_SHEET}」工作表），可留空。`,
  `4. 所属部门：填写部门的完整路径，如 技术部/研发组；多个部门用“；”分隔。`,
  `5. 编制人数：0 到 ${POST_HEADCOUNT_MAX} 的整数，可留空。`,
  '6. 导入方式：“全部导入”在任何一行有错误时不导入任何数据；“仅导入正确行”只导入校验通过的行。',
  `7. 每次最多导入 ${MAX_POST_IMPORT_ROWS} 行；文件格式为 .xlsx。`,
];

const splitList = (text: string) =>
  text
    .split(/[;；\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
const normalisePath = (path: string) =>
  path
    .split(/[/／\\]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join('/');

// ---------------------------------------------------------------------------------------------------------
// Template and export
// ---------------------------------------------------------------------------------------------------------

function postSheet(workbook: ExcelJS.Workbook, extra: { header: string; key: string; width: number }[] = []) {
  const sheet = workbook.addWorksheet(SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [...COLUMNS.map((c) => ({ header: c.header, key: c.field, width: c.width })), ...extra];
  styleHeaderRow(sheet);
  return sheet;
}

export async function buildPostTemplate(db: Db, ctx: RequestContext): Promise<Buffer> {
  const [families, departments] = await Promise.all([loadFamilies(db, ctx), loadDepartments(db, ctx)]);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  const sheet = postSheet(workbook);
  sheet.addRow(EXAMPLE).font = { italic: true, color: { argb: 'FF8C8C8C' } };
  const reference = workbook.addWorksheet(REFERENCE_SHEET);
  reference.columns = [
    { header: '岗位序列', key: 'family', width: 30 },
    { header: '部门路径', key: 'department', width: 36 },
  ];
  styleHeaderRow(reference);
  const familyPaths = families.rows.map((f) => families.path(f.id));
  const departmentPaths = departments.rows.map((d) => departments.path(d.id));
  for (let i = 0; i < Math.max(familyPaths.length, departmentPaths.length); i++)
    reference.addRow({ family: familyPaths[i] ?? '', department: departmentPaths[i] ?? '' });
  const notes = workbook.addWorksheet('填写说明');
  notes.getColumn(1).width = 110;
  NOTES.forEach((line, i) => {
    notes.getCell(i + 1, 1).value = line;
    if (i === 0) notes.getCell(1, 1).font = { bold: true, size: 14 };
  });
  return workbookBuffer(workbook);
}

/** The filtered posts as an .xlsx in the import's columns (plus tags and staff count), so it re-imports. */
export async function exportPosts(
  db: Db,
  ctx: RequestContext,
  filter: PostSearch,
  staffCounts: (ids: number[]) => Promise<Map<number, number>>,
): Promise<DownloadFile> {
  const { rows, total } = await searchPostRecords(db, ctx, filter, {
    limit: MAX_POST_EXPORT_ROWS,
    offset: 0,
  });
  if (total > MAX_POST_EXPORT_ROWS)
    throw badRequest(`一次最多导出 ${MAX_POST_EXPORT_ROWS} 个岗位，请缩小筛选范围`);
  const ids = rows.map((r) => r.id);
  const [families, departments, links, tagLinks, counts] = await Promise.all([
    loadFamilies(db, ctx),
    loadDepartments(db, ctx),
    listPostDepartments(db, ids),
    listPostTags(db, ids),
    staffCounts(ids),
  ]);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  const sheet = postSheet(workbook, [
    { header: '岗位标签', key: 'tags', width: 20 },
    { header: '在岗人数', key: 'staff', width: 10 },
  ]);
  for (const r of rows) {
    sheet.addRow({
      name: r.name,
      code: r.code ?? '',
      family: families.path(r.familyId),
      grade: r.grade ?? '',
      headcount: r.headcount ?? '',
      departments: links
        .filter((l) => l.postId === r.id)
        .map((l) => departments.path(l.departmentId))
        .join('；'),
      duties: r.duties ?? '',
      requirements: r.requirements ?? '',
      description: r.description ?? '',
      tags: tagLinks
        .filter((t) => t.postId === r.id)
        .map((t) => t.name)
        .join('；'),
      staff: counts.get(r.id) ?? 0,
    });
  }
  sheet.getColumn('code').numFmt = '@';
  return {
    fileName: `岗位信息_${dateStamp()}.xlsx`,
    contentType: XLSX_MIME,
    data: await workbookBuffer(workbook),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------------------------------------

export interface PostImportRow {
  row: number;
  values: Record<Field, string>;
}

const normaliseHeader = (text: string) => text.replace(/[*＊\s]/g, '');

/** The rows of an uploaded post workbook (header: the first row naming 岗位名称, within ten rows). */
export async function parsePostFile(buffer: Buffer): Promise<PostImportRow[]> {
  const tooMany = `每次最多导入 ${MAX_POST_IMPORT_ROWS} 行，请拆分文件后再导入`;
  const sheetRows = await readUploadedRows(buffer, {
    sheetName: SHEET,
    unreadable: '无法读取该文件，请上传用模板填写的 .xlsx 文件',
    maxRows: MAX_POST_IMPORT_ROWS + 11,
    tooMany,
  });
  const header = sheetRows.find(
    (r) => r.row <= 10 && r.cells.some((text) => normaliseHeader(text) === '岗位名称'),
  );
  if (!header) throw badRequest('文件缺少表头「岗位名称*」，请使用下载的导入模板');
  const columnOf = new Map<Field, number>();
  header.cells.forEach((text, i) => {
    const column = COLUMNS.find((c) => c.label === normaliseHeader(text));
    if (column && !columnOf.has(column.field)) columnOf.set(column.field, i);
  });
  const rows: PostImportRow[] = [];
  for (const { row, cells } of sheetRows) {
    if (row <= header.row) continue;
    const values = {} as Record<Field, string>;
    for (const c of COLUMNS) {
      const index = columnOf.get(c.field);
      values[c.field] = index === undefined ? '' : (cells[index] ?? '').trim();
    }
    if (Object.values(values).every((v) => v === '') || values.name === EXAMPLE.name) continue;
    rows.push({ row, values });
  }
  if (rows.length > MAX_POST_IMPORT_ROWS) throw badRequest(tooMany);
  if (rows.length === 0) throw badRequest('文件中没有可导入的岗位数据');
  return rows;
}

interface Prepared {
  name: string;
  code: string | null;
  familyId: number | null;
  grade: string | null;
  headcount: number | null;
  departmentIds: number[];
  duties: string | null;
  requirements: string | null;
  description: string | null;
}

interface Lookups {
  families: Map<string, number>;
  departments: Map<string, number>;
  takenNames: Set<string>;
  takenCodes: Set<string>;
  seenNames: Map<string, number>;
  seenCodes: Map<string, number>;
}

async function loadLookups(db: Db, ctx: RequestContext, rows: PostImportRow[]): Promise<Lookups> {
  const [families, departments, taken] = await Promise.all([
    loadFamilies(db, ctx),
    loadDepartments(db, ctx),
    findPostsNamedOrCoded(
      db,
      ctx,
      rows.map((r) => r.values.name).filter(Boolean),
      rows.map((r) => r.values.code).filter(Boolean),
    ),
  ]);
  return {
    families: new Map(families.rows.map((f) => [families.path(f.id), f.id])),
    departments: departments.pathMap(),
    takenNames: new Set(taken.map((t) => t.name)),
    takenCodes: new Set(taken.flatMap((t) => (t.code ? [t.code] : []))),
    seenNames: new Map(),
    seenCodes: new Map(),
  };
}

function checkRow(
  look: Lookups,
  { row, values: v }: PostImportRow,
  fail: (f: Field, reason: string) => void,
) {
  const tooLong = (field: Field, max: number) => {
    if (v[field].length > max) fail(field, `${labelOf(field)}不能超过 ${max} 个字符`);
  };
  if (v.name === '') fail('name', '岗位名称不能为空');
  tooLong('name', POST_NAME_MAX);
  const firstName = look.seenNames.get(v.name);
  if (v.name && firstName !== undefined) fail('name', `岗位名称与第 ${firstName} 行重复`);
  else if (look.takenNames.has(v.name)) fail('name', `岗位名称「${v.name}」已存在`);
  if (v.name) look.seenNames.set(v.name, look.seenNames.get(v.name) ?? row);
  tooLong('code', POST_CODE_MAX);
  const firstCode = look.seenCodes.get(v.code);
  if (v.code && firstCode !== undefined) fail('code', `岗位编码与第 ${firstCode} 行重复`);
  else if (v.code && look.takenCodes.has(v.code)) fail('code', `岗位编码「${v.code}」已被使用`);
  if (v.code) look.seenCodes.set(v.code, look.seenCodes.get(v.code) ?? row);
  const familyId = v.family === '' ? null : look.families.get(normalisePath(v.family));
  if (familyId === undefined) fail('family', `岗位序列「${v.family}」不存在`);
  tooLong('grade', POST_GRADE_MAX);
  const headcount = v.headcount === '' ? null : Number(v.headcount);
  if (
    headcount !== null &&
    !(Number.isInteger(headcount) && headcount >= 0 && headcount <= POST_HEADCOUNT_MAX)
  )
    fail('headcount', `编制人数必须是 0 到 ${POST_HEADCOUNT_MAX} 的整数`);
  const departmentIds: number[] = [];
  for (const path of splitList(v.departments)) {
    const id = look.departments.get(normalisePath(path));
    if (id === undefined) fail('departments', `部门「${path}」不存在，请填写完整路径，如 技术部/研发组`);
    else if (!departmentIds.includes(id)) departmentIds.push(id);
  }
  for (const field of ['duties', 'requirements', 'description'] as const) tooLong(field, POST_TEXT_MAX);
  const prepared: Prepared = {
    name: v.name,
    code: v.code || null,
    familyId: familyId ?? null,
    grade: v.grade || null,
    headcount,
    departmentIds,
    duties: v.duties || null,
    requirements: v.requirements || null,
    description: v.description || null,
  };
  return prepared;
}

function labelOf(field: Field): string {
  return COLUMNS.find((c) => c.field === field)?.label ?? field;
}

/**
 * The import job: every row checked (rules, the rest of the file, the database); then — mode 'all' only
 * when no row failed, mode 'valid' the good rows — the new posts and their departments in one transaction.
 */
export async function runPostImport(
  db: Db,
  ctx: RequestContext,
  rows: PostImportRow[],
  mode: ImportMode,
): Promise<ImportResult> {
  const look = await loadLookups(db, ctx, rows);
  const errors: ImportRowError[] = [];
  const failed = new Set<number>();
  const good: Prepared[] = [];
  for (const row of rows) {
    const prepared = checkRow(look, row, (field, reason) => {
      failed.add(row.row);
      errors.push({ row: row.row, field: labelOf(field), reason });
    });
    if (!failed.has(row.row)) good.push(prepared);
  }
  const result = (imported: number): ImportResult => ({
    mode,
    total: rows.length,
    imported,
    failedRows: failed.size,
    errors: errors.slice(0, 2000),
    errorsTruncated: errors.length > 2000,
  });
  if (good.length === 0 || (mode === 'all' && failed.size > 0)) return result(0);
  try {
    await db.transaction(async (tx) => {
      const created = await insertPosts(
        tx,
        ctx,
        good.map(({ departmentIds: _ids, ...values }) => values),
      );
      const idOf = new Map(created.map((c) => [c.name, c.id]));
      const links = good.flatMap((p) =>
        p.departmentIds.map((departmentId) => ({ postId: idOf.get(p.name) as number, departmentId })),
      );
      await replacePostDepartments(tx, [...idOf.values()], links);
      await recordActivity(tx, {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: '导入岗位',
        detail: `从 Excel 导入了 ${good.length} 个岗位`,
      });
    });
  } catch (error) {
    // A name or code taken by another save since the check: nothing was written.
    if (violatedUniqueIndex(error)?.startsWith('posts_org_'))
      throw new Error('导入失败：岗位名称或编码已被其他操作占用，未导入任何数据，请重新导入', {
        cause: error,
      });
    throw error;
  }
  return result(good.length);
}
