import { type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { signedIn } from '../support';

/** Picks an option of the open select dropdown (closed dropdowns stay in the DOM, hidden). */
async function pickOption(page: Page, text: string): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).click();
}

test('an enterprise admin creates an education–industry project with a member', async ({ page }) => {
  const name = `数字化人才订单班${Date.now().toString(36)}`;
  await signedIn(page, 'admin', '/eduIndusty/project/list');
  await expect(page.getByRole('heading', { name: '产教融合项目' })).toBeVisible();

  await page.getByRole('button', { name: /新建项目/ }).click();
  const dialog = page.getByRole('dialog', { name: '新建项目' });
  await dialog.getByLabel('项目名称').fill(name);
  await dialog.getByLabel('状态').click();
  await pickOption(page, '进行中');
  await dialog.getByLabel('项目简介').fill('与职业学院共建订单班，定向培养测试工程师。');
  await dialog.getByTestId('add-member').click();
  await dialog.getByLabel('第 1 个成员类型').click();
  await pickOption(page, '院校');
  await dialog.getByLabel('第 1 个成员单位名称').fill('杭州职业技术学院');
  await dialog.getByLabel('第 1 个成员联系人').fill('周老师');
  await dialog.getByLabel('第 1 个成员联系电话').fill('13700001111');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('项目已创建')).toBeVisible();

  const row = page.locator('tr', { hasText: name });
  await expect(row).toContainText('进行中');
  await expect(row).toContainText('1');
  await row.getByRole('button', { name: name }).click();
  const drawer = page.getByRole('dialog', { name: '项目详情' });
  await expect(drawer).toContainText('杭州职业技术学院');
  await expect(drawer).toContainText('周老师');
  await expect(drawer).toContainText('13700001111');

  // The status filter narrows the list.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByLabel('状态筛选').click();
  await pickOption(page, '已结束');
  await expect(page.locator('tr', { hasText: name })).toHaveCount(0);
});
