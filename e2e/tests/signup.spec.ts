import { expect, test } from '../a11y';
import { latestSmsCode, signIn } from '../support';

test('a company signs up with an SMS code and its administrator signs in at once', async ({
  browser,
  page,
}) => {
  const suffix = Date.now().toString(36);
  const organizationName = `云帆教育科技${suffix}`;
  const account = `yunfan${suffix}`;
  const phone = `139${String(Date.now()).slice(-8)}`;
  const password = 'Yunfan2024';

  // Sign-up on a phone-sized screen.
  const mobile = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const form = await mobile.newPage();
  await form.goto('/login');
  await form.getByTestId('signup-link').click();
  await expect(form).toHaveURL(/\/signup$/);
  await expect(form.getByRole('tab', { name: '企业注册' })).toHaveAttribute('aria-selected', 'true');
  await form.getByLabel('企业名称').fill(organizationName);
  await form.getByLabel('联系人').fill('林经理');
  await form.getByLabel('手机号').fill(phone);
  const sentAt = Date.now();
  await form.getByTestId('send-register-code').click();
  await expect(form.getByText('验证码已发送，5 分钟内有效')).toBeVisible();
  await form.getByPlaceholder('6 位验证码').fill(await latestSmsCode(phone, sentAt));
  await form.getByLabel('邮箱').fill(`${account}@example.com`);
  await form.getByLabel('管理员账号').fill(account);
  await form.getByLabel('密码', { exact: true }).fill(password);
  await form.getByLabel('确认密码').fill(password);
  const overflow = await form.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await form.getByTestId('signup-submit').click();
  await expect(form.getByText('注册成功')).toBeVisible();
  await expect(form.getByTestId('signup-result')).toContainText(account);
  await mobile.close();

  // The administrator signs in and sees the whole menu and the new organisation.
  await signIn(page, account, password);
  await expect(page).toHaveURL(/\/manage/);
  await expect(page.getByTestId('org-brand')).toContainText(organizationName);
  await expect(page.getByTestId('main-nav')).toContainText('系统管理');
  await expect(page.getByTestId('main-nav')).toContainText('考试管理');

  // Profile edits show in the top bar at once.
  await page.goto('/manage/userInfo');
  const profile = page.getByTestId('profile-card');
  await profile.getByLabel('姓名').fill('林晓');
  await profile.getByTestId('save-profile').click();
  await expect(page.getByText('个人资料已保存')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('林晓');
  const organization = page.getByTestId('organization-card');
  await organization.getByLabel('组织名称').fill(`${organizationName}集团`);
  await organization.getByTestId('save-organization').click();
  await expect(page.getByTestId('org-brand')).toContainText(`${organizationName}集团`);
});
