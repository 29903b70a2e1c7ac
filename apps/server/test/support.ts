import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { posts, roleMenus, roles, userRoles, users } from '../src/db/schema';
import { TEST_PASSWORD, unique, uniquePhone, type TestApp, type TestOrg, type TestUser } from './harness';
import { hashPassword } from '../src/core/crypto';
import type { DefaultRoleKey } from '../src/modules/system/default-roles';

/** Test helpers shared by many suites: members with roles, posts, downloads and Excel workbooks. */

let passwordHash: Promise<string> | undefined;

/** A member of `org` holding one of the default roles (e.g. 'manager' = 培训管理员, who has 员工管理). */
export async function createMember(
  t: TestApp,
  org: TestOrg,
  role: DefaultRoleKey | number,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  const { db, tokens } = t.app.deps;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const account = unique('mem');
  const phone = uniquePhone();
  const [user] = await db
    .insert(users)
    .values({
      organizationId: org.id,
      account,
      phone,
      realName: '成员',
      passwordHash: await passwordHash,
      ...values,
    })
    .returning();
  if (!user) throw new Error('user insert failed');
  await db
    .insert(userRoles)
    .values({ userId: user.id, roleId: typeof role === 'number' ? role : org.roleIds[role] });
  const token = await tokens.signAccess({ userId: user.id, organizationId: org.id });
  return { id: user.id, account: user.account, phone, token };
}

/** A role of `org` granting exactly these menu ids (e.g. 1101 员工管理 alone). */
export async function createRole(t: TestApp, org: TestOrg, menuIds: number[]): Promise<number> {
  const { db } = t.app.deps;
  const [role] = await db
    .insert(roles)
    .values({ organizationId: org.id, name: unique('角色') })
    .returning({ id: roles.id });
  if (!role) throw new Error('role insert failed');
  await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: role.id, menuId })));
  return role.id;
}

export async function createPost(t: TestApp, org: TestOrg, name: string): Promise<number> {
  const [post] = await t.app.deps.db
    .insert(posts)
    .values({ organizationId: org.id, name })
    .returning({ id: posts.id });
  if (!post) throw new Error('post insert failed');
  return post.id;
}

export async function userRow(t: TestApp, id: number) {
  const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Raw request returning the body as bytes (downloads). */
export async function download(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  options: { user?: TestUser; body?: unknown } = {},
) {
  const raw = await t.app.inject({
    method,
    url,
    headers: options.user ? { authorization: `Bearer ${options.user.token}` } : {},
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return { status: raw.statusCode, headers: raw.headers, data: raw.rawPayload, raw };
}

export async function readWorkbook(data: Buffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(data) as unknown as ExcelJS.Buffer);
  return workbook;
}

/** Rows of a sheet as arrays of cell texts (row 1 first). */
export function sheetRows(sheet: ExcelJS.Worksheet | undefined): string[][] {
  expect(sheet).toBeDefined();
  const rows: string[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(row.getCell(c).text);
    rows.push(cells);
  });
  return rows;
}

export const TEMPLATE_HEADER = [
  '姓名*',
  '账号*',
  '手机号',
  '邮箱',
  '性别',
  '工号',
  '部门',
  '岗位',
  '初始密码',
];

/** An import workbook: the template header, then the given rows (each an array in header order). */
export async function importWorkbook(
  rows: (string | number | null)[][],
  header = TEMPLATE_HEADER,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('员工信息');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart/form-data body with text fields first, then one file. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; contentType?: string; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kaopei${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        'utf8',
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}\r\n\r\n`,
        'utf8',
      ),
      file.data,
      Buffer.from('\r\n', 'utf8'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
