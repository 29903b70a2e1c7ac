import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createTestApp, type TestApp, type TestOrg } from '../../test/harness';
import { importWorkbook, multipart } from '../../test/support';
import { questionBanks } from '../db/schema';
import { readSheetRows } from './excel-read';
import { assertInflatesSafely } from './excel';

/** A staff workbook whose one extra cell holds `bytes` of one repeated sentence: it deflates ~1000:1. */
async function zipBomb(bytes: number): Promise<Buffer> {
  const normal = await importWorkbook([
    ['张三', 'bomb1'],
    ['BOMB', 'bomb2'],
  ]);
  const files = unzipSync(normal);
  const shared = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
  const sentence = '这是一段被重复了很多次的文字。';
  const huge = sentence.repeat(Math.ceil(bytes / Buffer.byteLength(sentence)));
  files['xl/sharedStrings.xml'] = strToU8(shared.replace('BOMB', huge));
  return Buffer.from(zipSync(files, { level: 9 }));
}

async function rowsWorkbook(count: number, sheetName = '员工信息'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('说明').addRow(['不是这张表']);
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(['姓名*', '账号*']);
  for (let i = 1; i <= count; i++) sheet.addRow([`员工${i}`, `acct${i}`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('readSheetRows (streamed, in the import worker)', () => {
  it('stops after maxRows + 1 non-blank rows and says there were more', async () => {
    const result = await readSheetRows(await rowsWorkbook(500), '员工信息', 20);
    expect(result).toMatchObject({ ok: true, truncated: true, rowsRead: 21 });
    if (!result.ok) throw new Error('unreadable');
    expect(result.rows).toHaveLength(20);
    expect(result.rows[0]).toEqual({ row: 1, cells: ['姓名*', '账号*'] });
    expect(result.rows[19]).toEqual({ row: 20, cells: ['员工19', 'acct19'] });
  });

  it('reads the named sheet, or the first, whole when within the limit', async () => {
    const named = await readSheetRows(await rowsWorkbook(3), '员工信息', 4);
    expect(named).toMatchObject({ ok: true, truncated: false, rows: { length: 4 } });
    const first = await readSheetRows(await rowsWorkbook(3), '没有这张表', 10);
    expect(first).toEqual({
      ok: true,
      truncated: false,
      rowsRead: 1,
      rows: [{ row: 1, cells: ['不是这张表'] }],
    });
  });

  it('says a file that is not a workbook is unreadable', async () => {
    expect(await readSheetRows(Buffer.from('not a zip at all'), 'x', 10)).toEqual({
      ok: false,
      problem: 'unreadable',
    });
  });
});

describe('assertInflatesSafely', () => {
  const limits = { maxUnzippedBytes: 5 * 1024 * 1024, maxRatio: 100 };

  it('refuses a workbook declaring more than the configured size, or inflating beyond the ratio', async () => {
    const bomb = await zipBomb(8 * 1024 * 1024);
    expect(() => assertInflatesSafely(bomb, limits)).toThrow('文件解压后过大（超过 5 MB），请拆分后再导入');
    const ratio = await zipBomb(3 * 1024 * 1024);
    expect(() => assertInflatesSafely(ratio, limits)).toThrow('超过原文件的 100 倍');
  });

  it('lets an ordinary workbook through, and a non-zip on to the parse (which calls it unreadable)', async () => {
    expect(() => assertInflatesSafely(Buffer.from('hello'), limits)).not.toThrow();
    const ordinary = await rowsWorkbook(2000);
    expect(() => assertInflatesSafely(ordinary, limits)).not.toThrow();
  });
});

describe('Excel imports against hostile workbooks', () => {
  let t: TestApp;
  let org: TestOrg;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t);
  });
  afterAll(() => t.close());

  async function upload(url: string, file: Buffer) {
    const { payload, headers } = multipart({}, { name: '导入.xlsx', data: file });
    const started = performance.now();
    const raw = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, authorization: `Bearer ${org.admin.token}` },
    });
    return { raw, ms: performance.now() - started };
  }

  /** The slowest GET /api/health, asked every 10 ms while `work` runs (the same event loop serves both). */
  async function healthDuring<T>(work: Promise<T>): Promise<{ healthMs: number; result: T }> {
    let done = false;
    const result = work.finally(() => {
      done = true;
    });
    let healthMs = 0;
    do {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const started = performance.now();
      const health = await t.app.inject({ url: '/api/health' });
      healthMs = Math.max(healthMs, performance.now() - started);
      expect(health.statusCode).toBe(200);
    } while (!done);
    return { healthMs, result: await result };
  }

  it('refuses a 40 MB zip bomb on every import quickly, the server answering meanwhile', async () => {
    const bomb = await zipBomb(40 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const [bank] = await t.app.deps.db
      .insert(questionBanks)
      .values({ organizationId: org.id, name: '炸弹题库' })
      .returning();
    const urls = [
      '/user/api/v1/staff/import?mode=all',
      `/question/api/v1/questions/import?questionBankId=${bank?.id}&mode=all`,
      '/knowledge/api/v1/knowledge/upload',
    ];
    for (const url of urls) {
      const { healthMs, result } = await healthDuring(upload(url, bomb));
      expect(healthMs).toBeLessThan(200);
      expect(result.raw.statusCode, result.raw.body).toBe(400);
      expect(result.raw.json()).toMatchObject({ message: expect.stringContaining('文件解压后过大') });
      expect(result.ms).toBeLessThan(1500);
      expect(healthMs).toBeLessThan(200);
    }
  });

  it('parses a large workbook off the event loop and refuses one over the row limit', async () => {
    const big = await rowsWorkbook(10_000 + 12);
    const { healthMs, result } = await healthDuring(upload('/user/api/v1/staff/import?mode=all', big));
    expect(result.raw.statusCode, result.raw.body).toBe(400);
    expect(result.raw.json()).toMatchObject({ message: '每次最多导入 10000 行，请拆分文件后再导入' });
    expect(healthMs).toBeLessThan(200);
  });
});

describe('Excel imports with the inflate checks lifted: the parse still runs off the event loop', () => {
  let t: TestApp;
  let org: TestOrg;
  beforeAll(async () => {
    t = await createTestApp({ IMPORT_MAX_UNZIPPED_MB: '1024', IMPORT_MAX_ZIP_RATIO: '10000' });
    org = await createOrg(t);
  });
  afterAll(() => t.close());

  it('parses a 40 MB zip bomb in the worker, the server answering meanwhile, and refuses its giant cell', async () => {
    const bomb = await zipBomb(40 * 1024 * 1024);
    const { payload, headers } = multipart({}, { name: '导入.xlsx', data: bomb });
    const work = t.app.inject({
      method: 'POST',
      url: '/user/api/v1/staff/import?mode=all',
      payload,
      headers: { ...headers, authorization: `Bearer ${org.admin.token}` },
    });
    let done = false;
    void work.finally(() => {
      done = true;
    });
    let slowest = 0;
    do {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const started = performance.now();
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
    } while (!done);
    const raw = await work;
    expect(slowest).toBeLessThan(200);
    expect(raw.statusCode, raw.body).toBe(400);
    expect(raw.json()).toMatchObject({ message: expect.stringContaining('单元格超过 32767 个字符') });
  });
});
