import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiToken, signedIn } from '../support';

const HEADER = ['姓名*', '账号*', '手机号', '邮箱', '性别', '工号', '部门', '岗位', '初始密码'];

/** Writes an import workbook (template header + rows) to a temp file and returns its path. */
async function workbookFile(name: string, rows: (string | null)[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('员工信息');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-staff-e2e-'));
  const file = path.join(dir, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

/** A random mobile number no demo account uses. */
function phone(): string {
  return '166' + String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
}

function treeNode(page: Page, name: string): Locator {
  return page.getByTestId(`dept-node-${name}`);
}

async function openNodeMenu(page: Page, name: string): Promise<Locator> {
  const node = treeNode(page, name);
  await node.hover();
  await node.getByRole('button', { name: `部门「${name}」操作` }).click();
  const menu = page.locator('.ant-dropdown:visible').getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function nodeAction(page: Page, name: string, action: string): Promise<void> {
  const menu = await openNodeMenu(page, name);
  await menu.getByRole('menuitem', { name: action }).click();
}

test('an admin builds departments, adds staff by hand, imports from Excel with row errors, and exports', async ({
  page,
  request,
}) => {
  // One long journey through the whole page.
  // Starts with a letter so, as a search keyword, it never matches a phone number.
  const tag = `k${Date.now().toString(36).slice(-5)}`;
  const parentName = `质量部${tag}`;
  // Names carry the tag so the journey can run again on the same database.
  const handName = `钱测试${tag}`;
  const importedA = `孙导入${tag}`;
  const importedB = `周导入${tag}`;
  const childName = `质检组${tag}`;

  const staffTable = page.locator('.kp-staff__table');

  await signedIn(page, 'admin', '/manage/system/staff');
  await expect(page.getByRole('heading', { name: '员工管理' })).toBeVisible();
  await expect(treeNode(page, '技术部')).toBeVisible();
  await expect(treeNode(page, '研发组')).toBeVisible();
  await treeNode(page, '研发组').click();
  await expect(page.getByTestId('staff-scope')).toHaveText('技术部/研发组（含下级部门）');
  await expect(staffTable.getByRole('row', { name: /张三/ })).toBeVisible();

  // ---- build a department and a child ----
  await page.getByRole('button', { name: '新增部门' }).click();
  let dialog = page.getByRole('dialog', { name: '新增部门' });
  await dialog.getByLabel('部门名称').fill(parentName);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('部门已新增')).toBeVisible();
  await expect(treeNode(page, parentName)).toBeVisible();

  await nodeAction(page, parentName, '新增子部门');
  dialog = page.getByRole('dialog', { name: '新增部门' });
  await expect(dialog.getByLabel('部门名称')).toHaveValue('');
  await dialog.getByLabel('部门名称').fill(childName);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(treeNode(page, childName)).toBeVisible();
  await expect(page.getByTestId('staff-scope')).toHaveText(`${parentName}/${childName}（含下级部门）`);

  // A department with children cannot be deleted; the server's reason is shown.
  const techMenu = await openNodeMenu(page, '技术部');
  await expect(techMenu.getByRole('menuitem', { name: '删除' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await expect(techMenu).toBeHidden();

  // ---- add a staff member by hand (into the new child department, password generated) ----
  const handAccount = `qa_${tag}`;
  await page.getByRole('button', { name: /新增员工/ }).click();
  dialog = page.getByRole('dialog', { name: '新增员工' });
  await dialog.getByLabel('姓名').fill(handName);
  // An account in use: the server's refusal shows under 账号, the dialog stays open, no toast.
  await dialog.getByLabel('账号').fill('zhangsan');
  await dialog.getByLabel('手机号').fill(phone());
  await dialog.getByRole('radio', { name: '女' }).check();
  await dialog.getByLabel('工号').fill(`Q${tag}`);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(
    dialog.locator('.ant-form-item-explain-error').filter({ hasText: '账号「zhangsan」已被使用' }),
  ).toBeVisible();
  await expect(dialog.getByLabel('账号')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.ant-message-notice').filter({ hasText: '已被使用' })).toHaveCount(0);
  await dialog.getByLabel('账号').fill(handAccount);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  const notice = page.getByTestId('password-notice');
  await expect(notice).toBeVisible();
  const password = (await notice.locator('code').textContent())?.trim() ?? '';
  expect(password).toMatch(/^\S{12}$/);
  await page.getByRole('button', { name: '我已记下' }).click();
  await expect(notice).toBeHidden();
  const handRow = staffTable.getByRole('row', { name: new RegExp(handName) });
  await expect(handRow).toContainText(handAccount);
  await expect(handRow).toContainText(childName);
  await expect(handRow).toContainText('女');
  await expect(handRow).toContainText('在职');
  // The generated password really signs in.
  expect(await apiToken(request, handAccount, password)).toBeTruthy();

  // Deleting the child department is refused while it has staff.
  await nodeAction(page, childName, '删除');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText(/该部门下还有员工，无法删除/)).toBeVisible();
  await expect(treeNode(page, childName)).toBeVisible();

  // ---- import a file with bad rows: every row's error is listed, nothing is imported ----
  const goodA = `imp_a_${tag}`;
  const goodB = `imp_b_${tag}`;
  const badFile = await workbookFile('员工-有错误.xlsx', [
    [importedA, goodA, phone(), `${goodA}@example.com`, '男', `I1${tag}`, '技术部/研发组', '', 'Import123'],
    ['', 'bad', '12345', '', '', '', '', '', ''],
    ['重复的人', 'zhangsan', '', '', '未知', '', '不存在的部门', '', ''],
    [importedB, goodB, '', '', '女', `I2${tag}`, `${parentName}/${childName}`, '', ''],
  ]);
  await page.getByRole('button', { name: /导\s*入$/ }).click();
  dialog = page.getByRole('dialog', { name: '导入员工' });
  await dialog.locator('input[type="file"]').setInputFiles(badFile);
  await expect(dialog.getByText('员工-有错误.xlsx')).toBeVisible();
  await dialog.getByLabel('默认初始密码').fill('Welcome2024');
  await dialog.getByRole('button', { name: '开始导入' }).click();
  const result = dialog.getByTestId('import-result');
  await expect(result).toContainText('2 行有错误，未导入任何数据');
  const errorRow = (row: number, field: string) =>
    result
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(row), exact: true }) })
      .filter({
        has: page.getByRole('cell', { name: field, exact: true }),
      });
  await expect(errorRow(3, '姓名')).toContainText('姓名不能为空');
  await expect(errorRow(3, '账号')).toContainText('账号需为 4–32 位字母、数字或下划线');
  await expect(errorRow(3, '手机号')).toContainText('手机号格式不正确');
  await expect(errorRow(4, '账号')).toContainText('账号「zhangsan」已被使用');
  await expect(errorRow(4, '性别')).toContainText('性别只能填写“男”或“女”');
  await expect(errorRow(4, '部门')).toContainText('部门「不存在的部门」不存在');

  // ---- import a good file ----
  await dialog.getByRole('button', { name: /重新导入/ }).click();
  const goodFile = await workbookFile('员工-正确.xlsx', [
    [importedA, goodA, phone(), `${goodA}@example.com`, '男', `I1${tag}`, '技术部/研发组', '', 'Import123'],
    [importedB, goodB, '', '', '女', `I2${tag}`, `${parentName}/${childName}`, '', ''],
  ]);
  await dialog.locator('input[type="file"]').setInputFiles(goodFile);
  await dialog.getByLabel('默认初始密码').fill('Welcome2024');
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await expect(result).toContainText('导入成功，共导入 2 名员工');
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(dialog).toBeHidden();

  // The child department now lists the hand-added and the imported person.
  await expect(staffTable.getByRole('row', { name: new RegExp(importedB) })).toBeVisible();
  await page.getByRole('button', { name: /全部员工/ }).click();
  await page.getByLabel('关键词').fill(tag);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(staffTable.getByRole('row', { name: new RegExp(importedA) })).toContainText('研发组');
  await expect(staffTable.getByRole('row', { name: new RegExp(importedB) })).toContainText(childName);
  expect(await apiToken(request, goodB, 'Welcome2024')).toBeTruthy();

  // ---- export the filtered staff and read the file back ----
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /导\s*出$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^员工信息_\d{8}\.xlsx$/);
  const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-staff-export-')), 'export.xlsx');
  await download.saveAs(saved);
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.readFile(saved);
  const sheet = exported.getWorksheet('员工信息');
  expect(sheet?.getRow(1).getCell(1).text).toBe('姓名');
  const accounts: string[] = [];
  sheet?.eachRow((row, number) => {
    if (number > 1) accounts.push(row.getCell(2).text);
  });
  expect(accounts.sort()).toEqual([handAccount, goodA, goodB].sort());
});
