import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { questionBanks, questions } from '../../db/schema';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import {
  createMember,
  createRole,
  download,
  multipart,
  readWorkbook,
  sheetRows,
} from '../../../test/support';
import type { ImportResult } from './question.excel';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
const Q = '/question/api/v1/questions';

async function newBank(organizationId: number): Promise<number> {
  const [bank] = await t.app.deps.db
    .insert(questionBanks)
    .values({ organizationId, name: unique('题库') })
    .returning();
  if (!bank) throw new Error('bank insert failed');
  return bank.id;
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
});
afterAll(() => t.close());

interface JobView {
  status: string;
  result: ImportResult | null;
  error: string | null;
}

async function importFile(bankId: number, file: Buffer, mode = 'all', user = org.admin) {
  const { payload, headers } = multipart({}, { name: '试题.xlsx', data: file });
  const raw = await t.app.inject({
    method: 'POST',
    url: `${Q}/import?questionBankId=${bankId}&mode=${mode}`,
    headers: { ...headers, authorization: `Bearer ${user.token}` },
    payload,
  });
  const body = raw.json() as { message: string; res: { data: { jobId: number; total: number } } | null };
  return { status: raw.statusCode, body };
}

async function jobResult(jobId: number): Promise<JobView> {
  await t.app.deps.jobs.idle();
  const res = await call(t, 'GET', `/user/api/v1/jobs/${jobId}`, { user: org.admin });
  expect(res.status).toBe(200);
  return res.body.res?.data as JobView;
}

/** The template with its example rows turned into real rows, plus `extra` rows. */
async function filledTemplate(extra: Record<string, string>[], keepExamples = true): Promise<Buffer> {
  const res = await download(t, 'GET', `${Q}/template`, { user: org.admin });
  const workbook = await readWorkbook(res.data);
  const sheet = workbook.getWorksheet('试题');
  if (!sheet) throw new Error('sheet missing');
  const headers = sheetRows(sheet)[0] ?? [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const stem = row.getCell(2);
    stem.value = keepExamples ? String(stem.text).replace('示例：', '') : '';
    if (!keepExamples) row.eachCell((cell) => (cell.value = null));
  });
  for (const values of extra) {
    sheet.addRow(headers.map((header) => values[header.replace('*', '')] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('question Excel import and export', () => {
  it('downloads a template with an example per type and a notes sheet', async () => {
    const res = await download(t, 'GET', `${Q}/template`, { user: org.admin });
    expect(res.status).toBe(200);
    const workbook = await readWorkbook(res.data);
    const rows = sheetRows(workbook.getWorksheet('试题'));
    expect(rows[0]?.slice(0, 3)).toEqual(['题型*', '题干*', '选项A']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      '判断题',
      '单选题',
      '多选题',
      '填空题',
      '简答题',
      '编程题',
    ]);
    expect(sheetRows(workbook.getWorksheet('填写说明')).length).toBeGreaterThan(5);
  });

  it('reports every bad row and imports nothing in mode all, only the valid rows in mode valid', async () => {
    const bankId = await newBank(org.id);
    const file = await filledTemplate([
      { 题型: '单选题', 题干: '两个正确', 选项A: '1', 选项B: '2', 答案: 'A,B' },
      { 题型: '填空题', 题干: '没有答案' },
      { 题型: '编程题', 题干: '没有用例', 编程语言: 'java' },
    ]);
    const started = await importFile(bankId, file);
    expect(started.status).toBe(200);
    expect(started.body.res?.data.total).toBe(9);
    const job = await jobResult(started.body.res?.data.jobId ?? 0);
    expect(job.status).toBe('succeeded');
    expect(job.result).toMatchObject({ total: 9, imported: 0, failedRows: 3 });
    expect(job.result?.errors).toEqual([
      { row: 8, field: '选项', reason: expect.stringContaining('单选题必须有且只有一个正确选项') as string },
      { row: 9, field: '答案', reason: expect.stringContaining('填空题') as string },
      { row: 10, field: '测试用例', reason: '编程题至少需要一个测试用例' },
    ]);
    const valid = await jobResult((await importFile(bankId, file, 'valid')).body.res?.data.jobId ?? 0);
    expect(valid.result).toMatchObject({ imported: 6, failedRows: 3 });
    const counts = await call(t, 'POST', `${Q}/get/question/type/count`, {
      user: org.admin,
      body: { bankId },
    });
    expect((counts.body.res?.data as { count: number }[]).map((c) => c.count)).toEqual([1, 1, 1, 1, 1, 1]);

    const exported = await download(t, 'GET', `${Q}/export?bankId=${bankId}`, { user: org.admin });
    expect(exported.status).toBe(200);
    const rows = sheetRows((await readWorkbook(exported.data)).getWorksheet('试题'));
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r[0] === '填空题')?.[10]).toBe('北京/Beijing|上海');
    // The export reads back in.
    const again = await jobResult(
      (await importFile(bankId, Buffer.from(exported.data))).body.res?.data.jobId ?? 0,
    );
    expect(again.result).toMatchObject({ imported: 6, failedRows: 0 });
  });

  it('imports 5,000 rows', async () => {
    const bankId = await newBank(org.id);
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      题型: '单选题',
      题干: `第 ${i + 1} 题`,
      选项A: '甲',
      选项B: '乙',
      答案: i % 2 === 0 ? 'A' : 'B',
      难度: String((i % 10) + 1),
    }));
    const job = await jobResult(
      (await importFile(bankId, await filledTemplate(rows, false))).body.res?.data.jobId ?? 0,
    );
    expect(job.result).toMatchObject({ total: 5000, imported: 5000, failedRows: 0 });
    const page = await call(t, 'POST', `${Q}/search/detail?page=0&size=1`, {
      user: org.admin,
      body: { bankId },
    });
    expect(page.body.res?.total).toBe(5000);
  }, 120_000);

  it("stores imported questions with the importer's audit state (question.audit.ts)", async () => {
    const bankId = await newBank(org.id);
    const writer = await createMember(t, org, await createRole(t, org, [502]));
    const file = await filledTemplate([]);
    const byAdmin = await jobResult((await importFile(bankId, file, 'all')).body.res?.data.jobId ?? 0);
    expect(byAdmin.result).toMatchObject({ imported: 6 });
    const started = await importFile(bankId, file, 'all', writer);
    expect(started.status).toBe(200);
    await t.app.deps.jobs.idle();
    const rows = await t.app.deps.db
      .select({ status: questions.status, auditedBy: questions.auditedBy, createdBy: questions.createdBy })
      .from(questions)
      .where(eq(questions.bankId, bankId));
    expect(rows).toHaveLength(12);
    const mine = (id: number) => rows.filter((row) => row.createdBy === id);
    expect(mine(org.admin.id).every((row) => row.status === 1 && row.auditedBy === org.admin.id)).toBe(true);
    expect(mine(writer.id).map((row) => [row.status, row.auditedBy])).toEqual(Array(6).fill([0, null]));
  });

  it("refuses other organisations' banks", async () => {
    const bankId = await newBank(other.id);
    expect((await importFile(bankId, await filledTemplate([]))).status).toBe(404);
    expect((await download(t, 'GET', `${Q}/export?bankId=${bankId}`, { user: org.admin })).status).toBe(404);
  });
});
