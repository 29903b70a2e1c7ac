import { expect, test } from '@playwright/test';
import { signIn } from '../support';

const PUBLIC_BANK = '公共基础题库';

test('an admin creates a bank and copies the public bank into 我的题库', async ({ page }) => {
  const name = `入职培训题库${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await page.goto('/manage/question/bank');
  await expect(page.getByRole('heading', { name: '题库', exact: true })).toBeVisible();
  // The demo organisation's own banks.
  const cards = page.getByTestId('bank-card');
  await expect(cards.filter({ hasText: '安全生产题库' })).toBeVisible();

  // Create a bank through the form; a blank name is refused first.
  await page
    .getByRole('button', { name: /新建题库/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: '新建题库' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请输入题库名称')).toBeVisible();
  await dialog.getByLabel('题库名称').fill(name);
  await dialog.getByLabel('分类').fill('入职培训');
  await dialog.getByLabel('描述').fill('新员工入职必考');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(`已创建题库「${name}」`)).toBeVisible();
  const created = cards.filter({ hasText: name });
  await expect(created).toContainText('共 0 题');
  await expect(created).toContainText('入职培训');
  await expect(created).toContainText('新员工入职必考');

  // 公开题库: read-only, copyable.
  await page.locator('.ant-segmented').getByText('公开题库').click();
  const publicCard = cards.filter({ hasText: PUBLIC_BANK });
  await expect(publicCard).toContainText('公开');
  await expect(publicCard).toContainText('共 14 题');
  await expect(publicCard.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await expect(cards.filter({ hasText: name })).toHaveCount(0);
  await publicCard.getByRole('button', { name: /复制到我的题库/ }).click();
  await expect(page.getByText(`已复制到我的题库：「${PUBLIC_BANK}」（14 题）`)).toBeVisible();

  // The copy is ours, with its question counts by type.
  await page.locator('.ant-segmented').getByText('我的题库').click();
  const copy = cards.filter({ hasText: PUBLIC_BANK });
  await expect(copy).toContainText('共 14 题');
  await expect(copy).toContainText('判断 3');
  await expect(copy).toContainText('编程 2');
  await expect(copy.getByRole('button', { name: /编\s*辑/ })).toBeVisible();
  await expect(copy).not.toContainText('公开');

  // A bank with questions cannot be deleted; an empty one can.
  await copy.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText(/题库中还有试题，请先移动或删除试题/)).toBeVisible();
  await created.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText(`已删除题库「${name}」`)).toBeVisible();
  await expect(cards.filter({ hasText: name })).toHaveCount(0);
});
