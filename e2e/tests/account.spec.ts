import { expect, test } from '../a11y';
import { DEMO_PASSWORD, latestMail, signIn } from '../support';

// wangwu is the account these journeys may change (other suites sign in as admin and zhangsan).
// The second journey sets the demo password back, so the suite leaves wangwu as it found him.
test.describe.configure({ mode: 'serial' });

const NEW_PASSWORD = 'Wangwu2025x';

test('a user changes the password and signs in with the new one', async ({ page }) => {
  await signIn(page, 'wangwu');
  await page.goto('/manage/userInfo');
  await expect(page.getByRole('heading', { name: '账户信息' })).toBeVisible();
  const card = page.getByTestId('password-card');
  await card.getByPlaceholder('当前使用的密码').fill(DEMO_PASSWORD);
  await card.getByPlaceholder('新密码', { exact: true }).fill('short');
  await card.getByTestId('save-password').click();
  await expect(card.getByText('密码长度需为 8–32 位')).toBeVisible();
  await card.getByPlaceholder('新密码', { exact: true }).fill(NEW_PASSWORD);
  await card.getByPlaceholder('再次输入新密码').fill(NEW_PASSWORD);
  await card.getByTestId('save-password').click();

  // Every session ends with the change: back to the sign-in page.
  await page.waitForURL(/\/login$/);
  await expect(page.getByText('密码已修改，请使用新密码重新登录')).toBeVisible();
  await page.getByPlaceholder(/账号/).first().fill('wangwu');
  await page.getByPlaceholder(/密码/).first().fill(DEMO_PASSWORD);
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');

  await signIn(page, 'wangwu', NEW_PASSWORD);
  await expect(page).toHaveURL(/\/manage/);
});

test('a forgotten password is reset from the e-mailed link', async ({ page }) => {
  const startedAt = Date.now();
  await page.goto('/login');
  await page.getByTestId('forgot-password').click();
  await expect(page).toHaveURL(/\/forgetPwd$/);
  // On a loaded machine the first keystrokes can land before the form has settled and be lost: type
  // until the field holds the address, then send.
  const account = page.getByPlaceholder('账号 / 手机号 / 邮箱');
  await expect(async () => {
    await account.fill('wangwu@example.com');
    await expect(account).toHaveValue('wangwu@example.com', { timeout: 1000 });
  }).toPass();
  await page.getByTestId('send-reset-code').click();
  await expect(page.getByTestId('reset-notice')).toContainText('如果该账号存在');

  const mail = await latestMail('wangwu@example.com', startedAt);
  const link = mail.text?.match(/https?:\/\/\S+\/mailPwdUpdate\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  const { pathname, search } = new URL(link ?? '');
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { name: '设置新密码' })).toBeVisible();
  await page.getByPlaceholder('新密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByPlaceholder('再次输入新密码').fill(DEMO_PASSWORD);
  await page.getByTestId('mail-reset-submit').click();
  await expect(page.getByText('密码已重置')).toBeVisible();

  // The link works once.
  await page.goto(`${pathname}${search}`);
  await expect(page.getByText('链接无效或已过期')).toBeVisible();

  await signIn(page, 'wangwu', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/manage/);
});
