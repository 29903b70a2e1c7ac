import { expect, test } from '../a11y';
import { signedIn } from '../support';

/** Issue 14, point 9: "start now" without typing a date, and no unsaved edit lost by leaving the editor. */

function shanghaiTime(ms: number): string {
  return new Date(ms).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 16);
}

test('the exam editor starts an exam now in one click and asks before unsaved edits are dropped', async ({
  page,
}) => {
  await signedIn(page, 'admin', '/manage/exam/list');
  await page.getByRole('button', { name: '新建考试' }).click();
  await expect(page).toHaveURL(/\/manage\/exam\/editor$/);

  // Nothing changed yet: leaving asks nothing.
  await page.getByRole('button', { name: /^取\s*消$/ }).click();
  await expect(page).toHaveURL(/\/manage\/exam\/list$/);
  await page.getByRole('button', { name: '新建考试' }).click();

  const before = Date.now();
  await page.getByRole('button', { name: '立即开始' }).click();
  const start = await page.getByPlaceholder('开始时间').inputValue();
  expect([shanghaiTime(before), shanghaiTime(Date.now())]).toContain(start);
  const end = await page.getByPlaceholder('结束时间').inputValue();
  expect(Date.parse(`${end}:00+08:00`) - Date.parse(`${start}:00+08:00`)).toBe(24 * 3600_000);

  await page.getByLabel('考试名称').fill('还没保存的考试');
  await page.getByRole('button', { name: /^取\s*消$/ }).click();
  const dialog = page.getByRole('dialog', { name: '离开此页面？' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /留\s*下/ }).click();
  await expect(page).toHaveURL(/\/manage\/exam\/editor$/);
  await expect(page.getByLabel('考试名称')).toHaveValue('还没保存的考试');

  await page.getByRole('button', { name: /^取\s*消$/ }).click();
  await page
    .getByRole('dialog', { name: '离开此页面？' })
    .getByRole('button', { name: /离\s*开/ })
    .click();
  await expect(page).toHaveURL(/\/manage\/exam\/list$/);
});
