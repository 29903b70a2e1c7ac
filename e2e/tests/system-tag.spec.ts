import { expect, test } from '../a11y';
import { signedIn } from '../support';

test('an admin creates, edits inline and deletes tags', async ({ page }) => {
  const name = `骨干${Date.now().toString(36)}`;
  await signedIn(page, 'admin', '/manage/system/tag');
  await expect(page.getByRole('heading', { name: '标签管理' })).toBeVisible();
  await page.getByRole('tab', { name: '用户标签' }).click();

  // Create, with a colour typed into the picker.
  await page.getByRole('button', { name: /新增标签/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增用户标签' });
  await dialog.getByLabel('标签名称').fill(name);
  await dialog.locator('.ant-color-picker-trigger').click();
  const hex = page.locator('.ant-color-picker-hex-input input');
  await hex.fill('fa541c');
  await hex.press('Enter');
  // Close the colour popup again with its trigger.
  await dialog.locator('.ant-color-picker-trigger').click();
  await expect(page.locator('.ant-color-picker-hex-input')).toBeHidden();
  await expect(dialog.getByText(name, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(`已添加标签「${name}」`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('#fa541c');
  await expect(row.getByTestId('tag-preview')).toHaveText(name);

  // A second tag of the same name is refused.
  await page.getByRole('button', { name: /新增标签/ }).click();
  await dialog.getByLabel('标签名称').fill(name);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(`用户标签“${name}”已存在`)).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // Inline edit: an empty name is reported and nothing is saved.
  await row.getByRole('button', { name: '编辑' }).click();
  const nameInput = page.getByRole('textbox', { name: '名称' });
  await nameInput.fill('');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('名称：请输入标签名称')).toBeVisible();

  // Then a real edit.
  const renamed = `${name}改`;
  await nameInput.fill(renamed);
  await page.getByRole('textbox', { name: '描述' }).fill('重点培养');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('已保存', { exact: true })).toBeVisible();
  const editedRow = page.getByRole('row', { name: new RegExp(renamed) });
  await expect(editedRow).toContainText('重点培养');
  await expect(editedRow.getByTestId('tag-preview')).toHaveText(renamed);
  await expect(page.getByRole('textbox', { name: '名称' })).toHaveCount(0);

  // The tag survives a reload with its new name.
  await page.reload();
  await page.getByRole('tab', { name: '用户标签' }).click();
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();

  // Delete with confirmation.
  await page
    .getByRole('row', { name: new RegExp(renamed) })
    .getByRole('button', { name: '删除' })
    .click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText('已删除 1 个标签')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
});
