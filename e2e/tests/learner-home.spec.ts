import { type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiPost, apiToken, seedExam, signIn, signedIn, staffUserId } from '../support';

/**
 * A staff member's first hour (issue 14 points 4 and 10): they land on a home of their own — the exams
 * waiting for them, their results, their own activity, no organisation figures —, the bell's exam notice
 * opens the exam, and after taking it the result shows on the home. Typing an address that does not
 * exist warns a signed-in person and sends them to their first page, not to the public home.
 */

const PERMISSION_WARNING = '您没有权限访问！,系统会跳到首页';

async function submitOnlyQuestion(page: Page): Promise<void> {
  await page.getByRole('button', { name: '开始考试' }).click();
  await page.getByRole('button', { name: '确定开始' }).click();
  await expect(page).toHaveURL(/\/m\/attempts\/\d+$/);
  await page.getByTestId('question').getByText('正确', { exact: true }).click();
  await expect(page.getByTestId('save-status')).toHaveText(/已保存/);
  await page.getByRole('button', { name: /答题卡/ }).click();
  await page
    .locator('.ant-drawer')
    .getByRole('button', { name: /交\s*卷/ })
    .click();
  await page.getByRole('button', { name: /确认交卷/ }).click();
  await expect(page).toHaveURL(/\/result$/);
}

test('a staff member finds their exam on their home and in the bell, and sees the result there', async ({
  page,
  request,
}) => {
  const adminToken = await apiToken(request, 'admin');
  const suffix = Date.now().toString(36);
  // A new member with the organisation's default role (普通员工: the console only); other journeys
  // change the demo staff's roles.
  const account = `home_${suffix}`;
  const password = 'Kaopei2024home';
  await apiPost(request, adminToken, '/user/api/v1/staff/add', { account, realName: '钱八', password });
  const name = `首页考试${suffix}`;
  const examId = await seedExam(request, adminToken, {
    name,
    questions: [{ type: 0, stem: '<p>安全帽是必需的防护用品</p>', answer: true }],
    passScore: 10,
    audience: { mode: 'assigned', userIds: [await staffUserId(request, adminToken, account)] },
    notify: true,
  });

  await signIn(page, account, password);
  await expect(page).toHaveURL(/\/manage\/console$/);
  await expect(page.getByTestId('personal-home')).toBeVisible();
  // No organisation figures for someone who manages nothing.
  await expect(page.getByTestId('stat-staff')).toHaveCount(0);
  await expect(page.getByText('员工分布')).toHaveCount(0);
  const row = page.getByTestId('home-exam').filter({ hasText: name });
  await expect(row.getByRole('link', { name: '参加考试' })).toHaveAttribute('href', `/m/exams/${examId}`);

  // The bell's 考试通知 about it opens the exam's page.
  await page.getByTestId('message-bell').click();
  const notice = page.getByTestId('bell-item').filter({ hasText: name });
  await notice.getByRole('link', { name: '考试通知' }).click();
  await expect(page).toHaveURL(new RegExp(`/m/exams/${examId}$`));
  await expect(page.getByText(name).first()).toBeVisible();

  await submitOnlyQuestion(page);

  // Back home: the exam has left 待参加 and its result (10 of 10, pass mark 10 → 及格) is listed.
  await page.goto('/manage/console');
  await expect(page.getByTestId('home-exam').filter({ hasText: name })).toHaveCount(0);
  const result = page.getByTestId('home-result').filter({ hasText: name });
  await expect(result).toContainText('10.0 分');
  await expect(result).toContainText('及格');
  await result.getByRole('link', { name: '查看成绩' }).click();
  await expect(page).toHaveURL(/\/m\/attempts\/\d+\/result$/);

  // The organisation's staff counts are not theirs to read.
  const staffToken = await apiToken(request, account, password);
  const sum = await request.get('/user/api/v1/statistic/staff/sum', {
    headers: { authorization: `Bearer ${staffToken}` },
  });
  expect(sum.status()).toBe(403);
});

test('an administrator’s console shows the organisation’s figures', async ({ page }) => {
  await signedIn(page, 'admin', '/manage/console');
  await expect(page.getByTestId('stat-staff')).toBeVisible();
  await expect(page.getByTestId('personal-home')).toHaveCount(0);
});

test('a signed-in person typing an unknown address is warned and sent to their first page', async ({
  page,
  browser,
}) => {
  await signedIn(page, 'admin', '/manage/console');
  await expect(page).toHaveURL(/\/manage\/console$/);
  await page.goto('/manage/no-such-page');
  await expect(page.getByText(PERMISSION_WARNING)).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/console$/);

  // Signed out, the same address leads to the public home page.
  const context = await browser.newContext();
  const anonymous = await context.newPage();
  await anonymous.goto('/manage/no-such-page');
  await expect(anonymous).toHaveURL(/\/home$/);
  await context.close();
});
