import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiToken, signedIn } from '../support';

const HEADER = [
  '题型*',
  '题干*',
  '选项A',
  '选项B',
  '选项C',
  '选项D',
  '选项E',
  '选项F',
  '选项G',
  '选项H',
  '答案*',
];

async function workbookFile(name: string, rows: (string | null)[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('试题');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-question-e2e-'));
  const file = path.join(dir, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

async function newQuestion(
  page: Page,
  bank: string,
  type: string,
  stem: string,
  fill: (drawer: Locator) => Promise<void>,
): Promise<void> {
  await page.getByRole('button', { name: '新增试题' }).click();
  const drawer = page.locator('.ant-drawer:visible');
  await expect(drawer.getByText('新增试题', { exact: true })).toBeVisible();
  await pick(page, drawer, '题库', bank);
  await pick(page, drawer, '题型', type);
  await drawer.locator('.tiptap').click();
  await page.keyboard.type(stem);
  await fill(drawer);
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('试题已新增').last()).toBeVisible();
  await expect(drawer).toBeHidden();
}

test('an admin creates every type, filters, imports with row errors and audits', async ({
  page,
  request,
}) => {
  // Six questions through the editor plus an import: a long journey on a busy 2-core machine.
  const tag = Date.now().toString(36);
  const bank = `试题测试题库${tag}`;
  const token = await apiToken(request, 'admin');
  const created = await request.post('/question/api/v1/bank/add', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: bank, tagIds: [] },
  });
  expect(created.ok()).toBeTruthy();

  await signedIn(page, 'admin', '/manage/question/list');

  await newQuestion(page, bank, '单选题', `单选${tag}`, async (d) => {
    await d.getByLabel('选项A', { exact: true }).fill('甲');
    await d.getByLabel('选项B', { exact: true }).fill('乙');
    await d.getByLabel('选项C', { exact: true }).fill('丙');
    await d.getByLabel('选项D', { exact: true }).fill('丁');
    // No option starts marked: saving without choosing is refused on the field (issue 14, point 6).
    await expect(d.getByLabel('选项A正确')).not.toBeChecked();
    await d.getByRole('button', { name: /保\s*存/ }).click();
    await expect(d.getByText('单选题必须有且只有一个正确选项（当前 0 个）')).toBeVisible();
    await d.getByLabel('选项B正确').check();
  });
  await newQuestion(page, bank, '多选题', `多选${tag}`, async (d) => {
    await d.getByLabel('选项A', { exact: true }).fill('甲');
    await d.getByLabel('选项B', { exact: true }).fill('乙');
    await d.getByLabel('选项C', { exact: true }).fill('丙');
    await d.getByLabel('选项D', { exact: true }).fill('丁');
    await d.getByLabel('选项A正确').check();
    await d.getByLabel('选项C正确').check();
  });
  await newQuestion(page, bank, '判断题', `判断${tag}`, async (d) => {
    await d.getByLabel('判断题答案').click();
  });
  await newQuestion(page, bank, '填空题', `填空${tag}`, async (d) => {
    await d.getByLabel('第1空答案').fill('北京/Beijing');
  });
  await newQuestion(page, bank, '简答题', `简答${tag}`, async (d) => {
    await d.getByLabel('参考答案').fill('保障安全');
  });
  await newQuestion(page, bank, '编程题', `编程${tag}`, async (d) => {
    await d.getByLabel('用例1输入').fill('1 2');
    await d.getByLabel('用例1输出').fill('3');
  });

  // Filters: the bank holds the six, the type filter narrows to one.
  const filters = page.locator('form').first();
  await pick(page, filters, '筛选题库', bank);
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(6);
  await expect(rows.filter({ hasText: `多选${tag}` })).toContainText('A,C');
  await expect(rows.filter({ hasText: `判断${tag}` })).toContainText('错误');
  await pick(page, filters, '筛选题型', '编程题');
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`编程${tag}`);

  // Audit: reject with a reason, then approve.
  const row = rows.first();
  await row.getByRole('button', { name: /驳\s*回/ }).click();
  const reject = page.getByRole('dialog', { name: '驳回试题' });
  await reject.getByLabel('驳回原因').fill('用例不足');
  await reject.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(row.getByText('已驳回')).toBeVisible();
  await row.getByRole('button', { name: /通\s*过/ }).click();
  await expect(row.getByText('已通过')).toBeVisible();

  // Import a file with three bad rows: each is listed and nothing is imported.
  const file = await workbookFile('试题-有错误.xlsx', [
    ['单选题', `导入好题${tag}`, '甲', '乙', null, null, null, null, null, null, 'A'],
    ['单选题', `两个答案${tag}`, '甲', '乙', null, null, null, null, null, null, 'A,B'],
    ['填空题', `没有答案${tag}`, null, null, null, null, null, null, null, null, null],
    ['未知题', `坏题型${tag}`, null, null, null, null, null, null, null, null, '正确'],
  ]);
  await page
    .getByRole('button', { name: /导\s*入/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: '导入试题' });
  await pick(page, dialog, '导入到题库', bank);
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: /开始导入/ }).click();
  const result = dialog.getByTestId('import-result');
  await expect(result).toContainText('3 行有错误，未导入任何数据');
  await expect(result.locator('tr').filter({ hasText: '单选题必须有且只有一个正确选项' })).toContainText('3');
  await expect(result.locator('tr').filter({ hasText: '填空题' })).toContainText('4');
  await expect(result.locator('tr').filter({ hasText: '不支持的题型' })).toContainText('5');
});
