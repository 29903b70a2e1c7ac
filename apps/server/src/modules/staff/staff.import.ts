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

/** Checks every row against the rules, the rest of the file and the database. */
export async function validateImport(
  db: Db,
  ctx: RequestContext,
  rows: ImportRow[],
  defaultPassword: string | undefined,
): Promise<{ prepared: PreparedRow[]; errors: ImportError[]; failedRows: Set<number> }> {
  const accounts = rows.map((r) => r.values.account.toLowerCase()).filter(Boolean);
  const phones = rows.map((r) => r.values.phone).filter(Boolean);
  const emails = rows.map((r) => r.values.email.toLowerCase()).filter(Boolean);
  const jobNumbers = rows.map((r) => r.values.jobNumber).filter(Boolean);
  const [index, postRows, takenAccounts, takenPhones, takenEmails, takenJobNumbers] = await Promise.all([
    loadDepartments(db, ctx),
    listPosts(db, ctx),
    existing(accounts, (chunk) => findTakenAccountsInAnyOrg(db, chunk)),
    existing(phones, (chunk) => findTakenPhonesInAnyOrg(db, chunk)),
    existing(emails, (chunk) => findTakenEmailsInAnyOrg(db, chunk)),
    existing(jobNumbers, (chunk) => findTakenJobNumbers(db, ctx, chunk)),
  ]);
  const departmentByPath = index.pathMap();
  const postByName = new Map(postRows.map((p) => [p.name, p.id]));

  const errors: ImportError[] = [];
  const failedRows = new Set<number>();
  const prepared: PreparedRow[] = [];
  // First row (Excel number) holding each value, for "duplicate of row N" reports.
  const seen: Record<'account' | 'phone' | 'email' | 'jobNumber', Map<string, number>> = {
    account: new Map(),
    phone: new Map(),
    email: new Map(),
    jobNumber: new Map(),
  };

  for (const { row, values } of rows) {
    const rowErrors: ImportError[] = [];
    const fail = (field: ImportField, reason: string) =>
      rowErrors.push({ row, field: FIELD_LABELS[field], reason });
    const duplicateOf = (kind: keyof typeof seen, key: string): number | undefined => {
      const first = seen[kind].get(key);
      if (first === undefined) seen[kind].set(key, row);
      return first;
    };

    const realName = values.realName;
    if (realName === '') fail('realName', MESSAGES.realNameRequired);
    else if (realName.length > REAL_NAME_MAX) fail('realName', MESSAGES.realNameTooLong);

    const account = values.account;
    if (account === '') fail('account', MESSAGES.accountRequired);
    else {
      const problem = accountProblem(account);
      const key = account.toLowerCase();
      const first = duplicateOf('account', key);
      if (problem) fail('account', problem);
      else if (first !== undefined) fail('account', `账号与第 ${first} 行重复`);
      else if (takenAccounts.has(key)) fail('account', `账号「${account}」已被使用`);
    }

    const phone = values.phone;
    if (phone !== '') {
      const first = duplicateOf('phone', phone);
      if (!PHONE_PATTERN.test(phone)) fail('phone', MESSAGES.phoneFormat);
      else if (first !== undefined) fail('phone', `手机号与第 ${first} 行重复`);
      else if (takenPhones.has(phone)) fail('phone', `手机号「${phone}」已被使用`);
    }

    const email = values.email;
    if (email !== '') {
      const key = email.toLowerCase();
      const first = duplicateOf('email', key);
      if (email.length > EMAIL_MAX) fail('email', MESSAGES.emailTooLong);
      else if (!EMAIL_PATTERN.test(email)) fail('email', MESSAGES.emailFormat);
      else if (first !== undefined) fail('email', `邮箱与第 ${first} 行重复`);
      else if (takenEmails.has(key)) fail('email', `邮箱「${email}」已被使用`);
    }

    const gender = parseGender(values.gender);
    if (gender === undefined) fail('gender', MESSAGES.genderFormat);

    const jobNumber = values.jobNumber;
    if (jobNumber !== '') {
      const first = duplicateOf('jobNumber', jobNumber);
      if (jobNumber.length > JOB_NUMBER_MAX) fail('jobNumber', MESSAGES.jobNumberTooLong);
      else if (first !== undefined) fail('jobNumber', `工号与第 ${first} 行重复`);
      else if (takenJobNumbers.has(jobNumber)) fail('jobNumber', `工号「${jobNumber}」已被使用`);
    }

    let departmentId: number | null = null;
    if (values.department !== '') {
      const path = normalisePath(values.department);
      const found = departmentByPath.get(path);
      if (found === undefined)
        fail('department', `部门「${values.department}」不存在，请填写完整路径，如 技术部/研发组`);
      else departmentId = found;
    }

    let postId: number | null = null;
    if (values.post !== '') {
      const found = postByName.get(values.post);
      if (found === undefined) fail('post', `岗位「${values.post}」不存在`);
      else postId = found;
    }

    const password = values.password || defaultPassword || '';
    if (values.password !== '' && !PASSWORD_PATTERN.test(values.password))
      fail('password', MESSAGES.passwordFormat);
    else if (password === '') fail('password', '初始密码为空，且导入时未设置默认初始密码');

    if (rowErrors.length > 0) {
      failedRows.add(row);
      errors.push(...rowErrors);
      continue;
    }
    prepared.push({
      row,
      account,
      realName,
      phone: phone || null,
      email: email || null,
      gender: gender ?? null,
      jobNumber: jobNumber || null,
      departmentId,
      postId,
      password,
    });
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
