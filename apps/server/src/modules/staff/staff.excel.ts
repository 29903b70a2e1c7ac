import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { badRequest } from '../../core/http';
import { dateStamp, type DownloadFile } from '../../core/download';
import { readUploadedRows, styleHeaderRow, workbookBuffer, XLSX_MIME, ZIP_MIME } from '../../core/excel';

/** Rows per exported workbook; larger exports become a zip of several workbooks. */
export const EXPORT_ROWS_PER_FILE = 5000;
/** Rows accepted by one import. */
export const MAX_IMPORT_ROWS = 10_000;
/** Rows of the template that carry drop-down lists. */
const TEMPLATE_VALIDATION_ROWS = 5001;

/** The worksheet's data-validation model (present at run time, missing from exceljs's typings). */
interface DataValidationsModel {
  add(address: string, validation: ExcelJS.DataValidation): void;
}

// ---------------------------------------------------------------------------------------------------------
// Import template and parsing
// ---------------------------------------------------------------------------------------------------------

export type ImportField =
  'realName' | 'account' | 'phone' | 'email' | 'gender' | 'jobNumber' | 'department' | 'post' | 'password';

interface ImportColumn {
  field: ImportField;
  /** Header in the template ('*' marks required columns). */
  header: string;
  /** Name used in error reports. */
  label: string;
  /** Other headers accepted for the column (normalised). */
  aliases: string[];
  width: number;
  required?: boolean;
  /** Stored as text so Excel does not turn phone and job numbers into numbers. */
  text?: boolean;
}

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    field: 'realName',
    header: '姓名*',
    label: '姓名',
    aliases: ['姓名', '员工姓名'],
    width: 14,
    required: true,
  },
  {
    field: 'account',
    header: '账号*',
    label: '账号',
    aliases: ['账号', '登录账号', '用户名'],
    width: 18,
    required: true,
    text: true,
  },
  {
    field: 'phone',
    header: '手机号',
    label: '手机号',
    aliases: ['手机号', '手机', '手机号码'],
    width: 16,
    text: true,
  },
  { field: 'email', header: '邮箱', label: '邮箱', aliases: ['邮箱', '电子邮箱', '邮件'], width: 26 },
  { field: 'gender', header: '性别', label: '性别', aliases: ['性别'], width: 8 },
  { field: 'jobNumber', header: '工号', label: '工号', aliases: ['工号', '员工编号'], width: 12, text: true },
  {
    field: 'department',
    header: '部门',
    label: '部门',
    aliases: ['部门', '所属部门', '部门路径'],
    width: 24,
  },
  { field: 'post', header: '岗位', label: '岗位', aliases: ['岗位', '职位'], width: 16 },
  {
    field: 'password',
    header: '初始密码',
    label: '初始密码',
    aliases: ['初始密码', '密码'],
    width: 16,
    text: true,
  },
];

export const FIELD_LABELS: Readonly<Record<ImportField, string>> = Object.fromEntries(
  IMPORT_COLUMNS.map((column) => [column.field, column.label]),
) as Record<ImportField, string>;

/** The template's example row; a row with this name is skipped on import. */
export const EXAMPLE_ROW: Readonly<Record<ImportField, string>> = {
  realName: '张三（示例）',
  account: 'zhangsan_demo',
  phone: '13800138000',
  email: 'zhangsan@example.com',
  gender: '男',
  jobNumber: 'E0001',
  department: '技术部/研发组',
  post: '软件工程师',
  password: 'Welcome2024',
};

const NOTES = [
  '员工导入说明',
  '',
  '1. 在「员工信息」工作表中从第 3 行开始填写，每行一名员工；第 2 行是填写示例（姓名为“张三（示例）”的行导入时自动忽略）。',
  '2. 带 * 的列必填：姓名、账号。',
  '3. 账号：4–32 位字母、数字或下划线，全平台唯一，不能使用手机号格式；员工可用账号、手机号或邮箱登录。',
  '4. 手机号：11 位中国大陆手机号，选填，全平台唯一。邮箱：选填，全平台唯一。',
  '5. 性别：填写“男”或“女”，可留空。',
  '6. 工号：选填，在本组织内唯一。',
  '7. 部门：填写从一级部门开始的完整路径，用“/”分隔，例如：技术部/研发组；部门必须已存在（见「部门与岗位」工作表），留空表示暂不分配部门。',
  '8. 岗位：填写已存在的岗位名称（见「部门与岗位」工作表），可留空。',
  '9. 初始密码：8–32 位，同时包含字母和数字；留空时使用导入窗口中填写的“默认初始密码”。',
  '10. 导入方式：“全部导入”在任何一行有错误时不导入任何数据；“仅导入正确行”只导入校验通过的行。两种方式都会列出每个错误的行号、字段和原因。',
  `11. 每次最多导入 ${MAX_IMPORT_ROWS} 行；文件格式为 .xlsx。`,
];

/** The staff import template: data sheet with an example row, notes, and the organisation's departments and posts. */
export async function buildImportTemplate(departmentPaths: string[], postNames: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  const sheet = workbook.addWorksheet('员工信息', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((column) => ({
    header: column.header,
    key: column.field,
    width: column.width,
    style: column.text ? { numFmt: '@' } : {},
  }));
  styleHeaderRow(sheet);
  IMPORT_COLUMNS.forEach((column, i) => {
    if (column.required) sheet.getRow(1).getCell(i + 1).font = { bold: true, color: { argb: 'FFCF1322' } };
  });
  const example = sheet.addRow(EXAMPLE_ROW);
  example.font = { italic: true, color: { argb: 'FF8C8C8C' } };

  const reference = workbook.addWorksheet('部门与岗位');
  reference.columns = [
    { header: '部门路径', key: 'department', width: 36 },
    { header: '岗位名称', key: 'post', width: 24 },
  ];
  styleHeaderRow(reference);
  const refRows = Math.max(departmentPaths.length, postNames.length);
  for (let i = 0; i < refRows; i++) {
    reference.addRow({ department: departmentPaths[i] ?? '', post: postNames[i] ?? '' });
  }

  // Drop-down lists over whole column ranges (exceljs writes range keys as one sqref).
  const validations = (sheet as unknown as { dataValidations: DataValidationsModel }).dataValidations;
  const range = (field: ImportField) => {
    const letter = String.fromCharCode(65 + IMPORT_COLUMNS.findIndex((c) => c.field === field));
    return `${letter}2:${letter}${TEMPLATE_VALIDATION_ROWS}`;
  };
  const list = (formula: string, title: string, error: string): ExcelJS.DataValidation => ({
    type: 'list',
    allowBlank: true,
    formulae: [formula],
    showErrorMessage: true,
    errorTitle: title,
    error,
  });
  validations.add(range('gender'), list('"男,女"', '性别', '请选择“男”或“女”'));
  if (departmentPaths.length > 0) {
    validations.add(
      range('department'),
      list(
        `'部门与岗位'!$A$2:$A$${departmentPaths.length + 1}`,
        '部门',
        '请选择已有部门（见「部门与岗位」工作表）',
      ),
    );
  }
  if (postNames.length > 0) {
    validations.add(
      range('post'),
      list(
        `'部门与岗位'!$B$2:$B$${postNames.length + 1}`,
        '岗位',
        '请选择已有岗位（见「部门与岗位」工作表）',
      ),
    );
  }

  const notes = workbook.addWorksheet('填写说明');
  notes.getColumn(1).width = 110;
  for (const [i, line] of NOTES.entries()) {
    const cell = notes.getCell(i + 1, 1);
    cell.value = line;
    cell.alignment = { wrapText: true, vertical: 'top' };
    if (i === 0) cell.font = { bold: true, size: 14 };
  }
  return workbookBuffer(workbook);
}

export interface ImportRow {
  /** Excel row number (1-based, as Excel shows it). */
  row: number;
  values: Record<ImportField, string>;
}

function normaliseHeader(text: string): string {
  return text
    .replace(/[*＊\s]/g, '')
    .replace(/[(（]必填[)）]/g, '')
    .replace(/[(（]选填[)）]/g, '');
}

/** Reads the rows of an import workbook. Fails with a Chinese 400 when the file is not a usable template. */
export async function parseImportFile(buffer: Buffer): Promise<ImportRow[]> {
  const tooMany = `每次最多导入 ${MAX_IMPORT_ROWS} 行，请拆分文件后再导入`;
  const sheetRows = await readUploadedRows(buffer, {
    sheetName: '员工信息',
    unreadable: '无法读取该文件，请上传用模板填写的 .xlsx 文件',
    // Room for the header (within the first ten rows) and the example row.
    maxRows: MAX_IMPORT_ROWS + 11,
    tooMany,
  });

  // The header is the first row (within the first ten) naming both 姓名 and 账号.
  let headerRow = 0;
  const columnOf = new Map<ImportField, number>();
  for (const { row: r, cells } of sheetRows) {
    if (r > 10 || headerRow !== 0) break;
    const found = new Map<ImportField, number>();
    cells.forEach((text, i) => {
      const column = IMPORT_COLUMNS.find((c) => c.aliases.includes(normaliseHeader(text)));
      if (column && !found.has(column.field)) found.set(column.field, i + 1);
    });
    if (found.has('realName') && found.has('account')) {
      headerRow = r;
      for (const [field, col] of found) columnOf.set(field, col);
    }
  }
  if (headerRow === 0) throw badRequest('文件缺少表头「姓名*」和「账号*」，请使用下载的导入模板');

  const rows: ImportRow[] = [];
  for (const { row: r, cells } of sheetRows) {
    if (r <= headerRow) continue;
    const values = {} as Record<ImportField, string>;
    let blank = true;
    for (const column of IMPORT_COLUMNS) {
      const col = columnOf.get(column.field);
      const text = col === undefined ? '' : (cells[col - 1] ?? '');
      values[column.field] = text;
      if (text !== '') blank = false;
    }
    if (blank || values.realName === EXAMPLE_ROW.realName) continue;
    rows.push({ row: r, values });
    if (rows.length > MAX_IMPORT_ROWS) throw badRequest(tooMany);
  }
  if (rows.length === 0) throw badRequest('文件中没有可导入的员工数据');
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// Staff export
// ---------------------------------------------------------------------------------------------------------

export interface StaffExportRow {
  realName: string;
  account: string;
  phone: string | null;
  email: string | null;
  gender: boolean | null;
  jobNumber: string | null;
  departmentPath: string;
  postName: string | null;
  roleNames: string | null;
  status: number;
  isAdmin: boolean;
  createdAt: Date;
}

const EXPORT_COLUMNS: { header: string; key: string; width: number }[] = [
  { header: '姓名', key: 'realName', width: 14 },
  { header: '账号', key: 'account', width: 18 },
  { header: '手机号', key: 'phone', width: 16 },
  { header: '邮箱', key: 'email', width: 26 },
  { header: '性别', key: 'gender', width: 8 },
  { header: '工号', key: 'jobNumber', width: 12 },
  { header: '部门', key: 'department', width: 26 },
  { header: '岗位', key: 'post', width: 16 },
  { header: '角色', key: 'roles', width: 22 },
  { header: '状态', key: 'status', width: 8 },
  { header: '管理员', key: 'admin', width: 8 },
  { header: '创建时间', key: 'createdAt', width: 20 },
];

function genderText(gender: boolean | null): string {
  if (gender === null) return '';
  return gender ? '男' : '女';
}

async function staffWorkbook(rows: StaffExportRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  const sheet = workbook.addWorksheet('员工信息', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS;
  styleHeaderRow(sheet);
  for (const row of rows) {
    sheet.addRow({
      realName: row.realName,
      account: row.account,
      phone: row.phone ?? '',
      email: row.email ?? '',
      gender: genderText(row.gender),
      jobNumber: row.jobNumber ?? '',
      department: row.departmentPath,
      post: row.postName ?? '',
      roles: row.roleNames ?? '',
      status: row.status === 0 ? '在职' : '离职',
      admin: row.isAdmin ? '是' : '否',
      createdAt: row.createdAt,
    });
  }
  sheet.getColumn('createdAt').numFmt = 'yyyy-mm-dd hh:mm';
  for (const key of ['phone', 'jobNumber', 'account']) sheet.getColumn(key).numFmt = '@';
  return workbookBuffer(workbook);
}

/** One workbook, or a zip of workbooks of EXPORT_ROWS_PER_FILE rows each when there are more rows. */
export async function staffExportFile(rows: StaffExportRow[], baseName = '员工信息'): Promise<DownloadFile> {
  const stamp = dateStamp();
  if (rows.length <= EXPORT_ROWS_PER_FILE) {
    return { fileName: `${baseName}_${stamp}.xlsx`, contentType: XLSX_MIME, data: await staffWorkbook(rows) };
  }
  const entries: Record<string, Uint8Array> = {};
  for (let start = 0, part = 1; start < rows.length; start += EXPORT_ROWS_PER_FILE, part++) {
    const chunk = rows.slice(start, start + EXPORT_ROWS_PER_FILE);
    entries[`${baseName}_${stamp}_${part}.xlsx`] = new Uint8Array(await staffWorkbook(chunk));
  }
  // xlsx files are zip archives already; storing them avoids compressing twice.
  const zipped = zipSync(entries, { level: 0 });
  return { fileName: `${baseName}_${stamp}.zip`, contentType: ZIP_MIME, data: Buffer.from(zipped) };
}
