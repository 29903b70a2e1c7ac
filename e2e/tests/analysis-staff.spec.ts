import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { signedIn } from '../support';

/**
 * Staff, employee and course analysis (issue 19): the administrator opens 员工分析, narrows it to 技术部
 * (its groups are then its sub-departments), opens 张三's detail and sees his exam history with a
 * percentile, opens his profile from 员工画像 and exports it (a cell of the file checked), then opens
 * 课程分析 for a demo course and sees its completion funnel.
 */

async function saveDownload(
  page: Page,
  click: () => Promise<void>,
  prefix: string,
): Promise<ExcelJS.Workbook> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), prefix)), 'export.xlsx');
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

test('an admin analyses staff by department, a person’s exams with percentiles, and a course funnel', async ({
  page,
}) => {
  await signedIn(page, 'admin', '/manage/analysis/staff');
  const groups = page.locator('.kp-analysis-groups');
  // People are grouped by their own department: 人力资源部's staff are listed before any filter.
  await expect(groups).toContainText('人力资源部');
  await expect(page.getByTestId('analysis-trend').locator('canvas')).toBeVisible();

  // Narrow to 技术部: the department groups are then its sub-departments.
  await page.getByLabel('部门', { exact: true }).click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '技术部' }).click();
  await expect(groups).toContainText('研发组');
  await expect(groups).not.toContainText('人力资源部');
  await expect(page.getByTestId('analysis-groups-chart').locator('canvas')).toBeVisible();

  // The people of 技术部: 张三 leads to his detail with his exam history and percentiles.
  const people = page.locator('.kp-analysis-people');
  await page.getByRole('searchbox', { name: '姓名或工号' }).fill('张三');
  await page.getByRole('searchbox', { name: '姓名或工号' }).press('Enter');
  await expect(people.locator('tbody tr', { hasText: '张三' })).toHaveCount(1);
  await people.getByRole('link', { name: '张三' }).click();
  await expect(page).toHaveURL(/\/manage\/analysis\/staff\/detail\?userId=\d+/);
  await expect(page.getByTestId('person-name')).toContainText('张三');
  const exams = page.locator('.kp-analysis-exams');
  await expect(exams).toContainText('安全生产月度考核');
  await expect(exams.getByTestId('exam-percentile').first()).toHaveText(/^\d+\.\d%$/);

  // 员工画像 → 用户档案: the same person's profile, exported.
  await page.goto('/manage/analysis/employee');
  await page.getByRole('searchbox', { name: '姓名或工号' }).fill('张三');
  await page.getByRole('searchbox', { name: '姓名或工号' }).press('Enter');
  await expect(page.locator('.kp-analysis-people tbody tr', { hasText: '张三' })).toHaveCount(1);
  await page.locator('.kp-analysis-people').getByRole('link', { name: '张三' }).click();
  await expect(page).toHaveURL(/\/manage\/analysis\/user\/profile\?userId=\d+/);
  await expect(page.getByTestId('person-name')).toContainText('张三');
  const shown = (await page.getByTestId('exam-percentile').first().textContent()) ?? '';
  const workbook = await saveDownload(
    page,
    () => page.getByTestId('person-export').click(),
    'kaopei-profile-',
  );
  const sheet = workbook.getWorksheet('考试记录');
  expect(sheet?.getRow(1).getCell(9).value).toBe('百分位(%)');
  expect(`${Number(sheet?.getRow(2).getCell(9).value).toFixed(1)}%`).toBe(shown);

  // 课程分析: a demo course's funnel.
  await page.goto('/manage/analysis/course');
  await page.getByRole('searchbox', { name: '课程名称' }).fill('信息安全意识');
  await page.getByRole('searchbox', { name: '课程名称' }).press('Enter');
  await page.locator('.kp-analysis-courses').getByRole('link', { name: '信息安全意识' }).click();
  await expect(page).toHaveURL(/\/manage\/analysis\/course\?courseId=\d+/);
  await expect(page.getByTestId('course-name')).toHaveText('信息安全意识');
  await expect(page.getByTestId('analysis-funnel').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('analysis-funnel-text')).toContainText(/已报名 [1-9]\d* 人/);
  await expect(page.getByTestId('analysis-funnel-text')).toContainText(/已完成 \d+ 人/);
});
