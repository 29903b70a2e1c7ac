import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { signedIn } from '../support';

/**
 * 分析报告 (issue 19): the administrator previews the demo exam's report, exports it as Excel (the
 * workbook's 概况 sheet holds the mean the page shows) and as PDF (printed by the server's Chromium: a
 * real PDF whose text names the exam), sees the demo's monthly schedule and adds one of 技术部's report.
 */

const EXAM = '安全生产月度考核';

async function saveDownload(page: Page, click: () => Promise<void>, name: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), click()]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kp-report-')), name);
  await download.saveAs(file);
  expect(download.suggestedFilename()).toContain(`${EXAM} 考试报告`);
  return file;
}

/** pdf.js 6 calls Promise.withResolvers (Node 22+); the Node that runs the suite may be older. */
function polyfillWithResolvers(): void {
  const P = Promise as unknown as { withResolvers?: () => unknown };
  P.withResolvers ??= () => {
    let resolve: unknown;
    let reject: unknown;
    const promise = new Promise((yes, no) => {
      resolve = yes;
      reject = no;
    });
    return { promise, resolve, reject };
  };
}

async function pdfText(file: string): Promise<{ pages: number; text: string }> {
  polyfillWithResolvers();
  const pdf = await getDocument({ data: new Uint8Array(fs.readFileSync(file)), useSystemFonts: false })
    .promise;
  let text = '';
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  // Noto CJK maps some glyphs to Kangxi radicals (⽣ for 生): compare compatibility-normalised text.
  return { pages: pdf.numPages, text: text.normalize('NFKC').replace(/\s/g, '') };
}

test('an admin previews an exam report, exports it as Excel and PDF, and schedules a monthly report', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedIn(page, 'admin', '/manage/analysis/report');
  await expect(page.getByRole('heading', { name: '分析报告' })).toBeVisible();

  // Preview the demo exam's report.
  await page.getByLabel('考试', { exact: true }).click();
  await page.getByLabel('考试', { exact: true }).fill('安全生产');
  await page.locator('.ant-select-item-option', { hasText: EXAM }).first().click();
  await page.getByRole('button', { name: '预览' }).click();
  await expect(page.getByTestId('report-title')).toHaveText(`${EXAM} 考试报告`);
  await expect(page.getByTestId('report-histogram').locator('canvas')).toBeVisible();
  const mean = page.getByTestId('report-exam-mean');
  await expect(mean).toHaveText(/^\d+\.\d$/);
  const shownMean = Number(await mean.textContent());
  // Every figure explains itself.
  await expect(page.getByLabel(/^平均分：平均分：/).first()).toBeVisible();

  // Excel: one workbook, the exam analysis' sheets after the cover, the mean as the page shows it.
  const xlsx = await saveDownload(
    page,
    () => page.getByRole('button', { name: /导出 Excel/ }).click(),
    'report.xlsx',
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx);
  expect(workbook.worksheets.map((s) => s.name)).toEqual(
    expect.arrayContaining(['报告', '概况', '分数分布', '部门', '岗位', '试题', '选项']),
  );
  expect(workbook.getWorksheet('报告')!.getRow(2).getCell(2).value).toBe(`${EXAM} 考试报告`);
  const overview = workbook.getWorksheet('概况')!;
  const meanRow = overview.getColumn(1).values.indexOf('平均分');
  expect(Number(overview.getRow(meanRow).getCell(2).value)).toBeCloseTo(shownMean, 1);

  // PDF: printed server-side by Chromium from the print route.
  const pdf = await saveDownload(
    page,
    () => page.getByRole('button', { name: /导出 PDF/ }).click(),
    'report.pdf',
  );
  expect(fs.readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { pages, text } = await pdfText(pdf);
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(text).toContain(`${EXAM}考试报告`);
  // The same figures as the page: the mean the preview showed.
  expect(text).toContain(`平均分${shownMean.toFixed(1)}`);

  // 定时发送: the demo's schedule is listed; add one for 技术部.
  await page.getByRole('tab', { name: '定时发送' }).click();
  await expect(page.getByRole('row', { name: /技术部月度报告/ })).toBeVisible();
  await page.getByRole('button', { name: '新增定时发送' }).click();
  const dialog = page.getByRole('dialog', { name: '新增定时发送' });
  await dialog.getByLabel('名称').fill('技术部月报（E2E）');
  await dialog.getByLabel('部门', { exact: true }).click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '技术部' }).click();
  await dialog.getByLabel('每月发送日').fill('5');
  await dialog.getByLabel('接收人').click();
  await dialog.getByLabel('接收人').fill('张三');
  await page.locator('.ant-select-item-option', { hasText: '张三' }).first().click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('定时发送已保存')).toBeVisible();
  const row = page.getByRole('row', { name: /技术部月报（E2E）/ });
  await expect(row).toContainText('部门报告：技术部');
  await expect(row).toContainText('5 日');
  await expect(row).toContainText('张三');
});
