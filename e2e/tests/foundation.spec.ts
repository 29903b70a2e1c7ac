import { expect, test } from '../a11y';
import { EDITION_PORT } from '../playwright.config';
import { apiToken, DEMO_PASSWORD, latestSmsCode, signIn, signedIn } from '../support';

test.describe('sign-in', () => {
  test('signs in with a password and lands on a console with real counts', async ({ page, request }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/manage\/console$/);
    const token = await apiToken(request, 'admin');
    const stats = await (
      await request.get('/user/api/v1/statistic/console', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    await expect(page.getByTestId('stat-staff')).toContainText(String(stats.res.data.figures.staffCount));
    await expect(page.getByTestId('stat-department')).toContainText(
      String(stats.res.data.figures.departmentCount),
    );
    await expect(page.getByTestId('org-brand')).toContainText('示例科技有限公司');
  });

  test('signs in with an SMS code read from the dev outbox', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: '验证码登录' }).click();
    await page.getByPlaceholder('手机号').fill('13800000001');
    const before = Date.now();
    await page.getByTestId('send-sms-code').click();
    await expect(page.getByTestId('send-sms-code')).toContainText(/\d+\s*秒/);
    const code = await latestSmsCode('13800000001', before - 1000);
    await page.getByPlaceholder('短信验证码').fill(code);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page).toHaveURL(/\/manage\/console$/);
    await expect(page.getByTestId('user-menu')).toContainText('张三');
  });

  test('shows the server’s message for a wrong password', async ({ page }) => {
    await page.goto('/login');
    await page.getByPlaceholder(/账号/).fill('admin');
    await page.getByPlaceholder('密码').fill('not-the-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByTestId('login-error')).toHaveText(/用户名或密码错误/);
    await expect(page).toHaveURL(/\/login/);
  });

  test('sends the password RSA-encrypted', async ({ page }) => {
    await page.goto('/login');
    const tokenCall = page.waitForRequest((r) => r.url().includes('/auth/oauth/token'));
    await page.getByPlaceholder(/账号/).fill('zhangsan');
    await page.getByPlaceholder('密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    const body = new URLSearchParams((await tokenCall).postData() ?? '');
    expect(body.get('encrypted')).toBe('1');
    expect(body.get('password')).not.toBe(DEMO_PASSWORD);
    expect(body.get('role')).toBe('1');
  });
});

test.describe('the shell', () => {
  test('the mode switch changes the menu groups', async ({ page }) => {
    await signedIn(page, 'admin', '/manage/console');
    const nav = page.getByTestId('main-nav');
    await expect(nav.getByText('控制台')).toBeVisible();
    await expect(nav.getByText('考试管理')).toBeVisible();
    const modes = page.getByRole('radiogroup', { name: '功能模式' });
    await modes.getByText('任务学习', { exact: true }).click();
    await expect(nav.getByText('学习管理')).toBeVisible();
    await expect(nav.getByText('考试管理')).toHaveCount(0);
    await modes.getByText('招聘管理', { exact: true }).click();
    await expect(nav.getByText('招聘管理')).toBeVisible();
    await expect(nav.getByText('数据分析')).toHaveCount(0);
    await expect(nav.getByText('系统管理')).toBeVisible();
  });

  test('a user without a menu entry who types its URL is warned and sent to the first menu URL', async ({
    page,
  }) => {
    await signedIn(page, 'zhangsan', '/manage/console');
    await expect(page).toHaveURL(/\/manage\/console$/);
    await page.goto('/manage/system/staff');
    await expect(page.getByText('您没有权限访问！,系统会跳到首页')).toBeVisible();
    await expect(page).toHaveURL(/\/manage\/console$/);
  });

  test('an invalid token sends the user to /home and back to the remembered page after sign-in', async ({
    page,
  }) => {
    await signedIn(page, 'admin', '/manage/version');
    await page.evaluate(() => {
      const auth = JSON.parse(localStorage.getItem('kaopei.auth') ?? '{}');
      localStorage.setItem(
        'kaopei.auth',
        JSON.stringify({ ...auth, access_token: 'invalid.token.value', refresh_token: 'revoked' }),
      );
    });
    await page.goto('/manage/console');
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('kaopei.auth'))).toBeNull();
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/manage\/console$/);
  });

  test('the bell shows unread messages and hovering one marks it read', async ({ page }) => {
    await signedIn(page, 'zhaoliu', '/manage/console');
    await expect(page.getByTestId('bell-dot')).toBeVisible();
    await page.getByTestId('message-bell').click();
    const unread = page.getByTestId('bell-item').filter({ has: page.getByTestId('bell-unread-dot') });
    await expect(unread.first()).toBeVisible();
    const count = await unread.count();
    expect(count).toBeGreaterThan(0);
    const readCall = page.waitForResponse((r) => r.url().includes('/user/api/v1/user/message/read'));
    await unread.first().hover();
    expect((await readCall).status()).toBe(200);
    await expect(unread).toHaveCount(count - 1);
  });

  test('quit clears the stored session and lands on /home', async ({ page }) => {
    await signedIn(page, 'admin', '/manage/console');
    await page.getByTestId('user-menu').click();
    const logout = page.waitForRequest((r) => r.url().includes('/auth/logout'));
    await page.getByRole('menuitem', { name: /退出/ }).click();
    await logout;
    await expect(page).toHaveURL(/\/home$/);
    const stored = await page.evaluate(() => [
      localStorage.getItem('kaopei.auth'),
      localStorage.getItem('kaopei.userInfo'),
      localStorage.getItem('kaopei.menuInfo'),
    ]);
    expect(stored).toEqual([null, null, null]);
  });

  test('an unknown path redirects home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/home$/);
  });
});

test('switching EDITION changes name, logo and title', async ({ page }) => {
  await page.goto('/home');
  const saasTitle = await page.title();
  const saasLogo = await page.locator('img[src*="/editions/"]').first().getAttribute('src');
  await page.goto(`http://localhost:${EDITION_PORT}/home`);
  await expect(page).toHaveTitle('工程师培训与认证中心');
  expect(saasTitle).not.toBe('工程师培训与认证中心');
  await expect(page.getByText('考培·工程师学院').first()).toBeVisible();
  const logo = await page.locator('img[src*="/editions/"]').first().getAttribute('src');
  expect(logo).toContain('engineer');
  expect(logo).not.toBe(saasLogo);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /engineer-favicon/);
});
