import { type Page } from '@playwright/test';
import { expect as baseExpect, test } from '../a11y';
import { apiCall, apiPost, apiToken, departmentStaffCount, signedIn } from '../support';

/**
 * Automatic exams: the admin creates a monthly rule for a department through /manage/exam/auto, checks
 * it against the question pool, clicks 立即生成, and finds the exam in the rule's exams and in the exam
 * list; a member of the department sees it under 我的考试 on the phone pages.
 */

// Page loads share two busy cores with the server and other suites: allow them time.
const expect = baseExpect.configure({ timeout: 30_000 });

async function pickTreeNode(page: Page, testId: string, text: string): Promise<void> {
  const select = page.getByTestId(testId);
  const checkbox = page
    .locator('.ant-select-dropdown:visible .ant-select-tree-treenode')
    .filter({ hasText: text })
    .locator('.ant-select-tree-checkbox');
  // A click while the dropdown is still opening can be lost; check and try again until it holds.
  await expect(async () => {
    if (!(await checkbox.isVisible())) await select.click();
    await checkbox.click({ timeout: 5_000 });
    await baseExpect(select).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

test('an admin schedules a monthly exam for a department and generates it now; a member sees it', async ({
  page,
  request,
  browser,
}) => {
  // Generous for a machine shared by several suites (load 15–20 on 2 cores: 3–4 min); far less when idle.
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const bankName = `自动考试题库${tag}`;
  const ruleName = `月度安全规则${tag}`;
  const examName = `月度安全考试${tag}`;

  // ---- three approved single-choice questions in a new bank ----
  const adminToken = await apiToken(request, 'admin');
  const bank = await apiPost<{ bankId: number }>(request, adminToken, '/question/api/v1/bank/add', {
    name: bankName,
  });
  for (let i = 1; i <= 3; i++) {
    const added = await apiPost<{ questionId: number }>(
      request,
      adminToken,
      '/question/api/v1/questions/add',
      {
        bankId: bank.bankId,
        type: 1,
        stem: `<p>安全常识第 ${i} 题</p>`,
        options: [
          { content: '正确做法', correct: true },
          { content: '错误做法', correct: false },
        ],
      },
    );
    await apiPost(
      request,
      adminToken,
      `/question/api/v1/questions/check?questionId=${added.questionId}&status=1`,
      {},
    );
  }

  // ---- the rule, through the page ----
  await signedIn(page, 'admin', '/manage/exam/auto');
  await page.getByRole('button', { name: '新建规则' }).click();
  const drawer = page.locator('.ant-drawer:visible');
  await drawer.getByLabel('规则名称').fill(ruleName);
  await drawer.getByLabel('考试名称').fill(examName);
  await pickTreeNode(page, 'auto-departments', '研发组');
  await drawer.getByRole('radio', { name: '每月' }).check();
  // The first exam opens tomorrow at 09:00 (the default) and its name carries the month.
  await expect(drawer.getByText(new RegExp(`首场考试名称：${examName} \\d{4}-\\d{2}$`))).toBeVisible();

  const banks = drawer.getByLabel('组卷题库');
  const bankOption = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: bankName });
  const bankItem = drawer
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel('组卷题库') })
    .last();
  // A click while the options re-render can be lost, and a second click would drop the bank again.
  await expect(async () => {
    if (!((await bankItem.textContent()) ?? '').includes(bankName)) {
      // The list holds every bank of the demo and of earlier journeys: search, so the option is rendered.
      await banks.fill(tag);
      await bankOption.click({ timeout: 5_000 });
    }
    await baseExpect(bankItem).toContainText(bankName, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');

  // Anti-cheating rules for every exam the rule creates; the interval shows once snapshots are on.
  await drawer.getByLabel('切屏次数上限').fill('3');
  await drawer.getByRole('switch', { name: '禁止复制粘贴' }).click();
  await expect(drawer.getByLabel('抓拍间隔（秒）')).toHaveCount(0);
  await drawer.getByRole('switch', { name: '摄像头抓拍' }).click();
  await drawer.getByLabel('抓拍间隔（秒）').fill('30');

  // Ten questions cannot come from a bank of three: 检查规则 says so before saving.
  await drawer.getByLabel('题数 1').fill('10');
  await page.getByRole('button', { name: '检查规则' }).click();
  await expect(drawer.getByTestId('auto-check-result')).toContainText('当前题库无法满足规则');
  await drawer.getByLabel('题数 1').fill('2');
  await page.getByRole('button', { name: '检查规则' }).click();
  await expect(drawer.getByTestId('auto-check-result')).toContainText('当前题库可以生成试卷');
  await expect(drawer.getByTestId('auto-check-result')).toContainText('2 题');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText(`已创建规则「${ruleName}」`)).toBeVisible();

  const row = page.locator('.ant-table-row').filter({ hasText: ruleName });
  await expect(row).toContainText('每月');
  await expect(row.getByText('正常')).toBeVisible();

  // ---- 立即生成 ----
  await row.getByRole('button', { name: '立即生成' }).click();
  await page.locator('.ant-modal:visible').getByRole('button', { name: '立即生成' }).click();
  const devCount = await departmentStaffCount(request, adminToken, '研发组');
  await expect(
    page.getByText(new RegExp(`已生成并发布考试「${examName} \\d{4}-\\d{2}」，考生 ${devCount} 人`)),
  ).toBeVisible();
  await expect(row).toContainText('1 场');
  await expect(row.getByText(new RegExp(`^${examName} \\d{4}-\\d{2}$`))).toBeVisible();

  // The generated exam carries the rule's anti-cheating settings.
  const generated = await apiPost<{ examId: number; settings: Record<string, unknown> }[]>(
    request,
    adminToken,
    '/exam/api/v1/exam/search?page=0&size=10',
    { keyword: examName },
  );
  expect(generated).toHaveLength(1);
  const detail = await apiCall<{ settings: Record<string, unknown> }>(
    request,
    adminToken,
    'GET',
    `/exam/api/v1/exam/detail?examId=${generated[0]?.examId}`,
  );
  expect(detail.settings).toMatchObject({
    leaveLimit: 3,
    blockCopyPaste: true,
    webcamSnapshots: true,
    snapshotIntervalSeconds: 30,
    requireFullscreen: false,
  });

  await row.getByRole('button', { name: '考试', exact: true }).click();
  const exams = page.getByTestId('auto-rule-exams');
  await expect(exams.locator('.ant-table-row')).toHaveCount(1);
  await expect(exams).toContainText(examName);
  await expect(exams).toContainText('未开始');

  await page.goto('/manage/exam/list');
  await expect(page.locator('.ant-table-row').filter({ hasText: examName })).toContainText('未开始');

  // ---- a member of 研发组 sees it under 我的考试 ----
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    timezoneId: 'Asia/Shanghai',
  });
  const member = await phone.newPage();
  await signedIn(member, 'zhangsan', '/m?tab=upcoming');
  await expect(member.getByText(examName)).toBeVisible();
  await phone.close();
});
