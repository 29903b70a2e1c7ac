import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiPost, apiToken, signedIn } from '../support';

/**
 * Issue 14 point 5: a question written by someone who may audit is approved on save (the organisation's
 * setting 审核人员录入的试题免审核, on by default) and the paper builder can pick it at once; a question
 * of a writer without 试题审核 waits, and the builder's picker says so instead of showing nothing.
 */

const Q = '/question/api/v1/questions';
const WRITER_PASSWORD = 'Writer2024x';
/** Menu ids: 502 试题列表, 411 手工组卷 — and not 505 试题审核. */
const WRITER_MENUS = [502, 411];

async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** Opens the manual paper builder and searches its picker for `keyword`. */
async function searchPicker(page: Page, keyword: string): Promise<Locator> {
  await page.goto('/manage/paper/manual');
  const picker = page.getByTestId('question-picker');
  await page.getByLabel('选题关键词').fill(keyword);
  await page
    .getByRole('button', { name: /查\s*询/ })
    .first()
    .click();
  return picker;
}

test('an admin’s question is pickable at once; a writer’s waits and the picker says so', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const admin = await apiToken(request, 'admin');
  const bank = `审核题库${tag}`;
  const { bankId } = await apiPost<{ bankId: number }>(request, admin, '/question/api/v1/bank/add', {
    name: bank,
    tagIds: [],
  });

  // The admin writes a true/false question in the question list's editor.
  await signedIn(page, 'admin', '/manage/question/list');
  await page.getByRole('button', { name: '新增试题' }).click();
  const drawer = page.locator('.ant-drawer:visible');
  await pick(page, drawer, '题库', bank);
  await pick(page, drawer, '题型', '判断题');
  await drawer.locator('.tiptap').click();
  await page.keyboard.type(`管理员判断${tag}`);
  await drawer.getByLabel('判断题答案').click();
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('试题已新增').last()).toBeVisible();
  await expect(drawer).toBeHidden();

  // It is approved on save, so the manual paper builder offers it straight away.
  let picker = await searchPicker(page, `管理员判断${tag}`);
  await expect(picker.getByRole('button', { name: `选择 管理员判断${tag}`, exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('picker-pending')).toHaveCount(0);

  // A writer whose role lacks 试题审核 writes one: it waits for audit.
  const role = await apiPost<{ roleId: number }>(request, admin, '/user/api/v1/role/permission/role/add', {
    name: `出题人${tag}`,
    menuIds: WRITER_MENUS,
  });
  const account = `writer${tag}`;
  await apiPost(request, admin, '/user/api/v1/staff/add', {
    account,
    realName: `出题人${tag}`,
    password: WRITER_PASSWORD,
    roleIds: [role.roleId],
  });
  const writer = await apiToken(request, account, WRITER_PASSWORD);
  const written = await apiPost<{ id: number; status: number }>(request, writer, `${Q}/add`, {
    bankId,
    type: 0,
    stem: `出题人判断${tag}`,
    answer: true,
  });
  expect(written.status).toBe(0);

  // The writer's picker finds nothing it may use, and says why.
  const context = await browser.newContext();
  const writerPage = await context.newPage();
  await signedIn(writerPage, account, undefined, WRITER_PASSWORD);
  const writerPicker = await searchPicker(writerPage, `出题人判断${tag}`);
  await expect(writerPage.getByTestId('picker-pending')).toHaveText(
    '另有 1 道试题待审核，审核通过后可选用，请联系审核人员',
    { timeout: 30_000 },
  );
  await expect(writerPicker.locator('tr.ant-table-row')).toHaveCount(0);
  await context.close();

  // The admin is offered the audit page, approves it there, and the builder then offers it.
  picker = await searchPicker(page, tag);
  await expect(picker.getByRole('button', { name: `选择 管理员判断${tag}`, exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const note = page.getByTestId('picker-pending');
  await expect(note).toContainText('另有 1 道试题待审核，审核通过后可选用');
  await note.getByRole('link', { name: '去审核' }).click();
  await expect(page).toHaveURL(/\/manage\/question\/audit$/);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `出题人判断${tag}` });
  await expect(row).toContainText('待审核', { timeout: 30_000 });
  await row.getByRole('button', { name: /通\s*过/ }).click();
  // The audit page lists what waits: the approved question leaves it.
  await expect(row).toHaveCount(0);

  picker = await searchPicker(page, tag);
  await expect(picker.getByRole('button', { name: `选择 出题人判断${tag}`, exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('picker-pending')).toHaveCount(0);
});
