import { type APIRequestContext } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiToken, signedIn } from '../support';

const PUBLIC_BANK = '公共基础题库';

test('an admin creates a bank and copies the public bank into 我的题库', async ({ page }) => {
  const name = `入职培训题库${Date.now().toString(36)}`;
  await signedIn(page, 'admin', '/manage/question/bank');
  await expect(page.getByRole('heading', { name: '题库', exact: true })).toBeVisible();
  // The demo organisation's own banks (found by name: other suites' newer banks may fill page 1).
  const cards = page.getByTestId('bank-card');
  const search = page.getByPlaceholder('搜索题库名称');
  await search.fill('安全生产题库');
  await search.press('Enter');
  await expect(cards.filter({ hasText: '安全生产题库' })).toBeVisible();
  await search.fill('');
  await search.press('Enter');

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
  // The refusal offers moving the questions elsewhere first; not this time.
  const moveDialog = page.getByRole('dialog', { name: `删除题库「${PUBLIC_BANK}」` });
  await expect(moveDialog).toBeVisible();
  await moveDialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(moveDialog).toBeHidden();
  await created.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText(`已删除题库「${name}」`)).toBeVisible();
  await expect(cards.filter({ hasText: name })).toHaveCount(0);
});

async function addBank(request: APIRequestContext, token: string, name: string): Promise<number> {
  const res = await request.post('/question/api/v1/bank/add', {
    headers: { authorization: `Bearer ${token}` },
    data: { name },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { res: { data: { bankId: number } } }).res.data.bankId;
}

test('copies one public question into my bank from the public bank', async ({ page, request }) => {
  const mine = `我的练习题库${Date.now().toString(36)}`;
  const token = await apiToken(request, 'admin');
  const bankId = await addBank(request, token, mine);

  await signedIn(page, 'admin', '/manage/question/bank');
  await page.locator('.ant-segmented').getByText('公开题库').click();
  const publicCard = page.getByTestId('bank-card').filter({ hasText: PUBLIC_BANK });
  await publicCard.getByRole('button', { name: /选题复制/ }).click();

  // The question list's public view, narrowed to that bank: read-only, copyable.
  await expect(page).toHaveURL(/\/manage\/question\/list\?scope=public&bankId=\d+/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(page.getByText('共 14 条')).toBeVisible();
  await expect(rows.first().getByRole('button', { name: /编\s*辑/ })).toHaveCount(0);
  const first = rows.first();
  const stem = (await first.locator('.kp-question-stem').first().innerText()).trim();
  expect(stem).not.toBe('');
  await first.getByRole('button', { name: /复制到我的题库/ }).click();
  const dialog = page.getByRole('dialog', { name: '复制 1 道试题到我的题库' });
  await dialog.getByLabel('复制到的题库').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: mine })
    .click();
  await dialog.getByRole('button', { name: /复\s*制/ }).click();
  await expect(page.getByText(`已复制 1 道试题到「${mine}」`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // It is in my bank now, editable.
  await page.goto(`/manage/question/list?bankId=${bankId}`);
  await expect(page.locator('.ant-segmented-item-selected')).toHaveText('我的试题');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(stem);
  await expect(rows.first().getByRole('button', { name: /编\s*辑/ })).toBeVisible();
  await expect(rows.first()).toContainText('已通过');
});

test('deletes a bank that still holds questions by moving them to another bank first', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const [full, target] = [`待删题库${tag}`, `接收题库${tag}`];
  const token = await apiToken(request, 'admin');
  const fullId = await addBank(request, token, full);
  await addBank(request, token, target);
  for (const stem of [`甲${tag}`, `乙${tag}`]) {
    const res = await request.post('/question/api/v1/questions/add', {
      headers: { authorization: `Bearer ${token}` },
      data: { bankId: fullId, type: 0, stem, answer: true },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  await signedIn(page, 'admin', '/manage/question/bank');
  const cards = page.getByTestId('bank-card');
  const card = cards.filter({ hasText: full });
  await expect(card).toContainText('共 2 题');
  await card.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /删\s*除/ })
    .click();

  const dialog = page.getByRole('dialog', { name: `删除题库「${full}」` });
  await expect(dialog).toContainText(`「${full}」中还有 2 道试题`);
  await expect(dialog.getByRole('button', { name: /移动并删除/ })).toBeDisabled();
  // Search by the tag both banks carry: the list holds the demo's and other journeys' banks too.
  await dialog.getByLabel('移动到的题库').fill(tag);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: target })).toBeVisible();
  await expect(options.filter({ hasText: full })).toHaveCount(0);
  await options.filter({ hasText: target }).click();
  await dialog.getByRole('button', { name: /移动并删除/ }).click();
  await expect(page.getByText(`已移动 2 道试题并删除题库「${full}」`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cards.filter({ hasText: full })).toHaveCount(0);
  await expect(cards.filter({ hasText: target })).toContainText('共 2 题');
});
