import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import type { JobProgress } from '../../core/jobs';
import { hashPassword } from '../../core/crypto';
import { recordActivity } from '../../core/activity';
import { violatedUniqueIndex } from '../../core/db-errors';
import { loadDepartments } from '../department/department.service';
import type { ImportMode, ImportResult, ImportRowError as ImportError } from '@kaopei/shared/contracts/file';
import { FIELD_LABELS, type ImportField, type ImportRow } from './staff.excel';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  JOB_NUMBER_MAX,
  MESSAGES,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
  REAL_NAME_MAX,
  accountProblem,
  uniqueIndexMessage,
} from './staff.rules';
import {
  findDefaultRoleId,
  findTakenAccountsInAnyOrg,
  findTakenEmailsInAnyOrg,
  findTakenJobNumbers,
  findTakenPhonesInAnyOrg,
  insertStaff,
  insertUserRoles,
  listPosts,
} from './staff.repo';

export type { ImportResult } from '@kaopei/shared/contracts/file';

/** At most this many errors are kept in the job result (the count of failed rows is always exact). */
export const MAX_REPORTED_ERRORS = 2000;
const INSERT_CHUNK = 500;
const LOOKUP_CHUNK = 1000;
// Argon2 runs on libuv's thread pool; a few at a time keeps the pool busy without starving other work.
const HASH_CONCURRENCY = 4;

interface PreparedRow {
  row: number;
  account: string;
  realName: string;
  phone: string | null;
  email: string | null;
  gender: boolean | null;
  jobNumber: string | null;
  departmentId: number | null;
  postId: number | null;
  password: string;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Values of `values` already used in the database (lower-cased where the index is). */
async function existing(
  values: string[],
  lookup: (chunk: string[]) => Promise<{ value: string | null }[]>,
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of chunks([...new Set(values)], LOOKUP_CHUNK)) {
    for (const row of await lookup(chunk)) if (row.value) found.add(row.value);
  }
  return found;
}

function normalisePath(path: string): string {
  return path
    .split(/[/／\\]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join('/');
}

function parseGender(text: string): boolean | null | undefined {
  if (text === '') return null;
  if (text === '男' || text === '男性') return true;
  if (text === '女' || text === '女性') return false;
  return undefined;
}

type UniqueField = 'account' | 'phone' | 'email' | 'jobNumber';

/** What a row is checked against: values already in the database, departments and posts by name. */
interface ImportLookups {
  taken: Record<UniqueField, Set<string>>;
  departmentByPath: Map<string, number>;
  postByName: Map<string, number>;
  /** First row (Excel number) holding each value, for "duplicate of row N" reports. */
  seen: Record<UniqueField, Map<string, number>>;
  defaultPassword: string | undefined;
}

async function loadLookups(
  db: Db,
  ctx: RequestContext,
  rows: ImportRow[],
  defaultPassword: string | undefined,
): Promise<ImportLookups> {
  const valuesOf = (field: UniqueField, fold: boolean) =>
    rows.map((r) => (fold ? r.values[field].toLowerCase() : r.values[field])).filter(Boolean);
  const [index, postRows, account, phone, email, jobNumber] = await Promise.all([
    loadDepartments(db, ctx),
    listPosts(db, ctx),
    existing(valuesOf('account', true), (chunk) => findTakenAccountsInAnyOrg(db, chunk)),
    existing(valuesOf('phone', false), (chunk) => findTakenPhonesInAnyOrg(db, chunk)),
    existing(valuesOf('email', true), (chunk) => findTakenEmailsInAnyOrg(db, chunk)),
    existing(valuesOf('jobNumber', false), (chunk) => findTakenJobNumbers(db, ctx, chunk)),
  ]);
  return {
    taken: { account, phone, email, jobNumber },
    departmentByPath: index.pathMap(),
    postByName: new Map(postRows.map((p) => [p.name, p.id])),
    seen: { account: new Map(), phone: new Map(), email: new Map(), jobNumber: new Map() },
    defaultPassword,
  };
}

type Fail = (field: ImportField, reason: string) => void;

/**
 * A value that must be unique: its own format first, then a repeat of an earlier row, then one already
 * in use. `key` is the value as compared (folded for accounts and e-mails).
 */
function checkUnique(
  look: ImportLookups,
  row: number,
  fail: Fail,
  field: UniqueField,
  value: string,
  problem: string | null,
): void {
  if (value === '') return;
  const key = field === 'account' || field === 'email' ? value.toLowerCase() : value;
  const first = look.seen[field].get(key);
  if (first === undefined) look.seen[field].set(key, row);
  const label = FIELD_LABELS[field];
  if (problem) fail(field, problem);
  else if (first !== undefined) fail(field, `${label}与第 ${first} 行重复`);
  else if (look.taken[field].has(key)) fail(field, `${label}「${value}」已被使用`);
}

function emailProblem(email: string): string | null {
  if (email.length > EMAIL_MAX) return MESSAGES.emailTooLong;
  return EMAIL_PATTERN.test(email) ? null : MESSAGES.emailFormat;
}

/** One row checked; the row ready to insert, or undefined when `fail` was called. */
function checkRow(
  look: ImportLookups,
  row: number,
  values: ImportRow['values'],
  fail: Fail,
): PreparedRow | undefined {
  let failed = false;
  const failing: Fail = (field, reason) => {
    failed = true;
    fail(field, reason);
  };
  const { realName, account, phone, email, jobNumber } = values;
  if (realName === '') failing('realName', MESSAGES.realNameRequired);
  else if (realName.length > REAL_NAME_MAX) failing('realName', MESSAGES.realNameTooLong);
  if (account === '') failing('account', MESSAGES.accountRequired);
  checkUnique(look, row, failing, 'account', account, accountProblem(account));
  checkUnique(look, row, failing, 'phone', phone, PHONE_PATTERN.test(phone) ? null : MESSAGES.phoneFormat);
  checkUnique(look, row, failing, 'email', email, emailProblem(email));
  const gender = parseGender(values.gender);
  if (gender === undefined) failing('gender', MESSAGES.genderFormat);
  checkUnique(
    look,
    row,
    failing,
    'jobNumber',
    jobNumber,
    jobNumber.length > JOB_NUMBER_MAX ? MESSAGES.jobNumberTooLong : null,
  );
  const departmentId =
    values.department === '' ? null : look.departmentByPath.get(normalisePath(values.department));
  if (departmentId === undefined)
    failing('department', `部门「${values.department}」不存在，请填写完整路径，如 技术部/研发组`);
  const postId = values.post === '' ? null : look.postByName.get(values.post);
  if (postId === undefined) failing('post', `岗位「${values.post}」不存在`);
  const password = values.password || look.defaultPassword || '';
  if (values.password !== '' && !PASSWORD_PATTERN.test(values.password))
    failing('password', MESSAGES.passwordFormat);
  else if (password === '') failing('password', '初始密码为空，且导入时未设置默认初始密码');
  if (failed) return undefined;
  return {
    row,
    account,
    realName,
    phone: phone || null,
    email: email || null,
    gender: gender ?? null,
    jobNumber: jobNumber || null,
    departmentId: departmentId ?? null,
    postId: postId ?? null,
    password,
  };
}

/** Checks every row against the rules, the rest of the file and the database. */
export async function validateImport(
  db: Db,
  ctx: RequestContext,
  rows: ImportRow[],
  defaultPassword: string | undefined,
): Promise<{ prepared: PreparedRow[]; errors: ImportError[]; failedRows: Set<number> }> {
  const look = await loadLookups(db, ctx, rows, defaultPassword);
  const errors: ImportError[] = [];
  const failedRows = new Set<number>();
  const prepared: PreparedRow[] = [];
  for (const { row, values } of rows) {
    const checked = checkRow(look, row, values, (field, reason) => {
      failedRows.add(row);
      errors.push({ row, field: FIELD_LABELS[field], reason });
    });
    if (checked) prepared.push(checked);
  }
  return { prepared, errors, failedRows };
}

async function hashAll(rows: PreparedRow[], onHashed: (done: number) => Promise<void>): Promise<string[]> {
  const hashes: string[] = new Array<string>(rows.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < rows.length) {
      const i = next++;
      hashes[i] = await hashPassword((rows[i] as PreparedRow).password);
      done += 1;
      await onHashed(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(HASH_CONCURRENCY, rows.length) }, worker));
  return hashes;
}

/**
 * The import job: validate every row, then (mode 'all': only when no row failed; mode 'valid': the
 * good rows) insert all new staff in one transaction with the organisation's default role.
 */
export async function runImport(
  db: Db,
  ctx: RequestContext,
  rows: ImportRow[],
  options: { mode: ImportMode; defaultPassword?: string },
  progress: JobProgress,
): Promise<ImportResult> {
  const { prepared, errors, failedRows } = await validateImport(db, ctx, rows, options.defaultPassword);
  const result = (imported: number): ImportResult => ({
    mode: options.mode,
    total: rows.length,
    imported,
    failedRows: failedRows.size,
    errors: errors.slice(0, MAX_REPORTED_ERRORS),
    errorsTruncated: errors.length > MAX_REPORTED_ERRORS,
  });
  if (prepared.length === 0 || (options.mode === 'all' && failedRows.size > 0)) return result(0);

  await progress.advance(failedRows.size);
  const hashes = await hashAll(prepared, (done) => progress.advance(failedRows.size + done));
  try {
    await db.transaction(async (tx) => {
      const roleId = await findDefaultRoleId(tx, ctx);
      for (const [chunkIndex, chunk] of chunks(prepared, INSERT_CHUNK).entries()) {
        const inserted = await insertStaff(
          tx,
          ctx,
          chunk.map((row, i) => ({
            account: row.account,
            realName: row.realName,
            phone: row.phone,
            email: row.email,
            gender: row.gender,
            jobNumber: row.jobNumber,
            departmentId: row.departmentId,
            postId: row.postId,
            passwordHash: hashes[chunkIndex * INSERT_CHUNK + i] as string,
          })),
        );
        if (roleId !== undefined)
          await insertUserRoles(
            tx,
            inserted.map((u) => ({ userId: u.id, roleId })),
          );
      }
      await recordActivity(tx, {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: '导入员工',
        detail: `从 Excel 导入了 ${prepared.length} 名员工`,
      });
    });
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index) {
      // Someone took a value between validation and insert; nothing was written.
      throw new Error(
        `导入失败：${uniqueIndexMessage(index)}（被其他操作占用），未导入任何数据，请重新导入`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
  return result(prepared.length);
}
