import { expect, test } from '../a11y';
import { apiToken, signedIn } from '../support';

test('an admin sends a message to a staff member, who sees it in the bell and the message box and reads it', async ({
  page,
  browser,
  request,
}) => {
  const content = `请于周五前提交季度培训总结（${Date.now().toString(36)}）`;

  // Start 孙七 from a clean slate so the red dot comes from this message.
  const token = await apiToken(request, 'sunqi');
  const cleared = await request.post('/user/api/v1/notice/read/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(cleared.ok()).toBe(true);

  // The admin writes from the message box.
  await signedIn(page, 'admin', '/personal/message');
  await expect(page.getByRole('heading', { name: '消息中心' })).toBeVisible();
  await page.getByTestId('compose-message').click();
  const dialog = page.getByRole('dialog', { name: '发送消息' });
  await dialog.getByLabel('接收人').fill('孙七');
  await page.locator('.ant-select-item-option', { hasText: '孙七（研发组）' }).click();
  await dialog.getByLabel('标题').fill('培训总结');
  await dialog.getByLabel('内容').fill(content);
  await dialog.getByRole('button', { name: /发\s*送/ }).click();
  await expect(page.getByText('消息已发送给 1 人')).toBeVisible();
  await expect(dialog).toBeHidden();

  // 孙七 sees the red dot on the bell …
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signedIn(staff, 'sunqi', '/manage/console');
  await expect(staff.getByTestId('bell-dot')).toBeVisible();

  // … the message waiting in the message box, where opening it marks it read …
  await staff.goto('/personal/message');
  await staff.getByRole('tab', { name: /未读/ }).click();
  const item = staff.getByTestId('message-item').filter({ hasText: content });
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item).toContainText('系统管理员');
  await item.getByRole('button', { name: /培训总结/ }).click();
  await expect(staff.getByText('没有未读消息').first()).toBeVisible();
  await staff.getByRole('tab', { name: '全部' }).click();
  await expect(staff.getByTestId('message-item').filter({ hasText: content })).toHaveAttribute(
    'data-unread',
    'false',
  );

  // … and the bell no longer shows the dot; its list holds the message, read, and leads back here.
  await staff.goto('/manage/console');
  await expect(staff.getByTestId('message-bell')).toBeVisible();
  await expect(staff.getByTestId('bell-dot')).toHaveCount(0);
  await staff.getByTestId('message-bell').click();
  const bellItem = staff.getByTestId('bell-item').filter({ hasText: content });
  await expect(bellItem).toHaveAttribute('data-unread', 'false');
  await staff.getByTestId('bell-view-all').click();
  await expect(staff).toHaveURL(/\/personal\/message$/);
  await context.close();
});
