import { type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { signedIn } from '../support';

async function nodeAction(page: Page, name: string, action: string): Promise<void> {
  const node = page.getByTestId(`category-node-${name}`);
  await node.hover();
  await node.getByRole('button', { name: `分类「${name}」操作` }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: action }).click();
}

test('manages paper categories and paper banks', async ({ page }) => {
  const tag = Date.now().toString(36);
  const category = `安全类${tag}`;
  const renamed = `安全生产类${tag}`;
  const bank = `季度考试卷库${tag}`;

  await signedIn(page, 'admin', '/manage/paperBankMgt');
  await expect(page.getByTestId('category-node-全部分类')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: '新增分类' }).click();
  const addDialog = page.getByRole('dialog', { name: '新增一级分类' });
  await addDialog.getByLabel('分类名称').fill(category);
  await addDialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByTestId(`category-node-${category}`)).toBeVisible();

  // The new category is selected: a bank created now goes into it.
  await page.getByRole('button', { name: '新建试卷库' }).click();
  const bankDialog = page.getByRole('dialog', { name: '新建试卷库' });
  await bankDialog.getByLabel('试卷库名称').fill(bank);
  await bankDialog.getByRole('button', { name: /保\s*存/ }).click();
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: bank });
  await expect(row).toContainText(category);

  await nodeAction(page, category, '重命名');
  const renameDialog = page.getByRole('dialog', { name: '重命名分类' });
  await renameDialog.getByLabel('分类名称').fill(renamed);
  await renameDialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByTestId(`category-node-${renamed}`)).toBeVisible();
  await expect(row).toContainText(renamed);

  await nodeAction(page, renamed, '发布');
  await expect(page.getByTestId(`category-node-${renamed}`)).toContainText('已发布');

  // A category holding a bank cannot be deleted.
  await nodeAction(page, renamed, '删除');
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText('分类下还有试卷库或试卷，请先移走').first()).toBeVisible();

  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(row).toHaveCount(0);
  await nodeAction(page, renamed, '删除');
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByTestId(`category-node-${renamed}`)).toHaveCount(0);
});
