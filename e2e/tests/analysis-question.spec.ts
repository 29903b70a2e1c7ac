import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiToken, seedExam, signedIn, staffUserId } from '../support';

/**
 * 试题分析 · IRT 校准 (issue 19): the administrator calibrates a demo bank from the demo attempts (the
 * job runs with progress), reads the table and a question's ICC; then imports a paper-based exam's
 * answer sheet into an exam — a bad row first, listed with its reason — and sees the attempt counted.
 */

async function answerSheet(name: string, rows: string[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('答题表');
  sheet.addRow(['考生', '第1题', '第2题']);
  for (const row of rows) sheet.addRow(row);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-offline-e2e-')), name);
  await workbook.xlsx.writeFile(file);
  return file;
}

async function pick(page: Page, label: string, name: string): Promise<void> {
  // The other tab stays in the page (hidden) with fields of the same names: the IRT tab's own.
  const field = page.getByRole('tabpanel', { name: 'IRT 校准' }).getByLabel(label, { exact: true });
  await field.click();
  await field.pressSequentially(name);
  // a bank's option reads 名称（已校准 N 题） once calibrated
  await page
    .locator('.ant-select-dropdown:visible')
    .getByTitle(new RegExp(`^${name}(（|$)`))
    .first()
    .click();
}

test('an admin calibrates a demo bank, reads an ICC, and imports offline results', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'admin');
  const zhangsan = await staffUserId(request, token, 'zhangsan');
  const examName = `线下考试${Date.now().toString(36)}`;
  await seedExam(request, token, {
    name: examName,
    questions: [
      {
        type: 1,
        stem: '线下题一',
        options: [
          { content: '甲', correct: true },
          { content: '乙', correct: false },
        ],
      },
      { type: 0, stem: '线下题二', answer: true },
    ],
    passScore: 10,
    audience: { mode: 'assigned', userIds: [zhangsan] },
  });

  await signedIn(page, 'admin', '/manage/analysis/question');
  await page.getByRole('tab', { name: 'IRT 校准' }).click();
  await expect(page.getByRole('tab', { name: 'IRT 校准' })).toHaveAttribute('aria-selected', 'true');

  // Calibrate the demo safety bank from the demo attempts.
  await pick(page, '题库', '安全生产题库');
  await page.getByRole('button', { name: /开始校准/ }).click();
  await expect(page.getByText(/校准完成：\d+ 道题/)).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('tabpanel', { name: 'IRT 校准' }).locator('.ant-table').first();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/共 \d+ 题/)).toBeVisible();
  await table.getByRole('row').nth(2).click();
  await expect(
    page.getByTestId('icc-chart').getByRole('img', { name: /试题特征曲线：区分度/ }),
  ).toBeVisible();
  await expect(page.getByTestId('icc-chart').locator('canvas')).toBeVisible();

  // Offline results: a bad row is refused with its reason, then the good sheet imports.
  await pick(page, '考试', examName);
  await expect(page.getByTestId('exam-attempts')).toContainText('0');
  await page.getByRole('button', { name: /导入线下成绩/ }).click();
  const dialog = page.getByRole('dialog', { name: '导入线下成绩' });
  await dialog.locator('input[type="file"]').setInputFiles(
    await answerSheet('答题表-有错误.xlsx', [
      ['zhangsan', 'A', '对'],
      ['nobody_here', 'B', '错'],
    ]),
  );
  await dialog.getByRole('button', { name: '开始导入' }).click();
  const result = dialog.getByTestId('import-result');
  await expect(result).toContainText('1 行有错误，未导入任何数据');
  await expect(result).toContainText('找不到账号或姓名为「nobody_here」的人员');
  await dialog.getByRole('button', { name: /重新导入/ }).click();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(await answerSheet('答题表.xlsx', [['zhangsan', 'A', '对']]));
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await expect(result).toContainText('导入成功，共导入 1 名考生');
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(page.getByTestId('exam-attempts')).toContainText('1');
});
