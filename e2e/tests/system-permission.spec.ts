import { type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiToken, signIn, signedIn } from '../support';

const PERMISSION_WARNING = '您没有权限访问！,系统会跳到首页';

/** Ticks a node of the active mode's tree in the menu-grant panel. */
async function tickMenu(page: Page, name: string): Promise<void> {
  const pane = page.getByTestId('menu-grant-panel').locator('[role="tabpanel"][aria-hidden="false"]');
  const node = pane.getByRole('treeitem').filter({
    has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${name}`) }),
  });
  await node.getByRole('checkbox').click();
  await expect(node).toHaveAttribute('aria-checked', 'true');
}

test('an admin makes a role with chosen menus; its member sees only those and is refused elsewhere', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers and many pages: over the default 90 s when CI's two cores are busy.
  const roleName = `标签管理员${Date.now().toString(36)}`;

  await signedIn(page, 'admin', '/manage/system/permission');
  await expect(page.getByRole('heading', { name: '角色权限' })).toBeVisible();
  await expect(page.getByRole('button', { name: '普通员工' })).toBeVisible();

  // Create the role.
  await page.getByRole('button', { name: /新增角色/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增角色' });
  await dialog.getByLabel('角色名称').fill(roleName);
  await dialog.getByLabel('描述').fill('维护标签');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(`已创建角色「${roleName}」`)).toBeVisible();
  await expect(page.getByTestId('role-detail')).toContainText(`「${roleName}」`);

  // Grant 控制台 and 系统管理 > 标签管理.
  await tickMenu(page, '控制台');
  await tickMenu(page, '标签管理');
  await page.getByRole('button', { name: '保存菜单权限' }).click();
  await expect(page.getByText(`已保存「${roleName}」的菜单权限`)).toBeVisible();

  // Give it to 赵六.
  await page.getByRole('tab', { name: /角色成员/ }).click();
  await page.getByRole('button', { name: /添加成员/ }).click();
  const picker = page.getByRole('dialog', { name: `添加「${roleName}」的成员` });
  await picker.getByRole('searchbox', { name: '搜索员工' }).fill('赵六');
  await picker.getByRole('button', { name: /搜\s*索/ }).click();
  const row = picker.getByRole('row', { name: /赵六/ });
  await row.getByRole('checkbox').check();
  await picker.getByRole('button', { name: /添加（1）/ }).click();
  await expect(page.getByText(`已将 1 名员工加入「${roleName}」`)).toBeVisible();
  await expect(page.getByTestId('role-members-panel').getByRole('row', { name: /赵六/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: '角色成员（1）' })).toBeVisible();

  // 赵六, in a fresh browser context, sees only those menus.
  const context = await browser.newContext();
  const member = await context.newPage();
  await signIn(member, 'zhaoliu');
  await expect(member).toHaveURL(/\/manage\/console$/);
  const nav = member.getByTestId('main-nav');
  await expect(nav.getByRole('menuitem', { name: /控制台/ })).toBeVisible();
  await expect(nav.getByRole('menuitem', { name: /系统管理/ })).toBeVisible();
  await expect(nav.getByRole('menuitem')).toHaveCount(2);
  const submenu = member.locator('.ant-menu-submenu-popup:visible');
  // The hover menu opens after a short delay; on a busy machine the first hover can be missed.
  await expect(async () => {
    await member.mouse.move(0, 0);
    await nav.getByRole('menuitem', { name: /系统管理/ }).hover();
    await expect(submenu.getByRole('menuitem')).toHaveText(['标签管理'], { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await submenu.getByRole('link', { name: '标签管理' }).click();
  await expect(member).toHaveURL(/\/manage\/system\/tag$/);
  await expect(member.getByRole('heading', { name: '标签管理' })).toBeVisible();

  // Typing the roles page's address is refused.
  await member.goto('/manage/system/permission');
  await expect(member.getByText(PERMISSION_WARNING)).toBeVisible();
  await expect(member).toHaveURL(/\/manage\/console$/);

  // And so is calling a role endpoint directly.
  const token = await apiToken(request, 'zhaoliu');
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get('/user/api/v1/role/permission/role/get', { headers });
  expect(list.status()).toBe(403);
  const add = await request.post('/user/api/v1/role/permission/role/add', {
    headers,
    data: { name: '越权' },
  });
  expect(add.status()).toBe(403);
  const tags = await request.get('/user/api/v1/tag/list?type=4', { headers });
  expect(tags.status()).toBe(200);
  await context.close();
});

test('the default role cannot be deleted and role changes need a name', async ({ page }) => {
  await signedIn(page, 'admin', '/manage/system/permission');
  const defaultRow = page.getByRole('row', { name: /普通员工/ });
  await expect(defaultRow.getByRole('button', { name: '删除' })).toBeDisabled();

  await defaultRow.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑角色：普通员工' });
  await dialog.getByLabel('角色名称').fill('');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请输入角色名称')).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();
});
