import { type APIRequestContext } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiToken, signedIn } from '../support';

async function bankWithQuestion(
  request: APIRequestContext,
  token: string,
  bank: { name: string; category?: string },
  stem: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/question/api/v1/bank/add', { headers, data: bank });
  expect(created.ok(), await created.text()).toBe(true);
  const bankId = ((await created.json()) as { res: { data: { bankId: number } } }).res.data.bankId;
  const added = await request.post('/question/api/v1/questions/add', {
    headers,
    data: { bankId, type: 0, stem, answer: true },
  });
  expect(added.ok(), await added.text()).toBe(true);
}

test('测评试题 lists only the questions of evaluation banks', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const token = await apiToken(request, 'admin');
  const evaluationBank = `测评题库${tag}`;
  const plainBank = `普通题库${tag}`;
  await bankWithQuestion(request, token, { name: evaluationBank, category: '测评' }, `测评题${tag}`);
  await bankWithQuestion(request, token, { name: plainBank, category: '安全' }, `普通题${tag}`);

  await signedIn(page, 'admin', '/manage/evaluate/question/list');
  const filters = page.locator('form').first();
  // No 公开试题 side here, and the bank filter offers evaluation banks only.
  await expect(filters.locator('.ant-segmented')).toHaveCount(0);
  await filters.getByLabel('筛选题库', { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: evaluationBank })).toHaveCount(1);
  await expect(options.filter({ hasText: plainBank })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Both stems match the keyword; only the evaluation bank's question is listed.
  await filters.getByLabel('搜索题干').fill(tag);
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`测评题${tag}`);
  await expect(rows.first()).toContainText(evaluationBank);

  // The same search on 试题列表 finds both.
  await page.goto('/manage/question/list');
  const all = page.locator('form').first();
  await all.getByLabel('搜索题干').fill(tag);
  await all.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows).toHaveCount(2);
});
