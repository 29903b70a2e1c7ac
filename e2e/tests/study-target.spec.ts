import { expect, test } from '../a11y';
import { signedIn } from '../support';

/**
 * Learning targets (issue 18): an administrator creates a 学时 target for 研发组 with a fourth gradation
 * level in the browser, opens its chart page (both charts drawn, the people table shows each person's
 * level), and zhangsan — in 研发组 — finds it under 我的目标 on a phone.
 */

function shanghaiDate(offsetDays: number): string {
  return new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

test('an admin sets a target with gradations; the chart shows levels; zhangsan sees it on /m/targets', async ({
  page,
}) => {
  const name = `学时目标${Date.now().toString(36)}`;
  await signedIn(page, 'admin', '/manage/study/target');
  await page.getByRole('button', { name: '新建目标' }).click();
  const dialog = page.getByRole('dialog', { name: '新建学习目标' });
  await dialog.getByLabel('目标名称').fill(name);
  await dialog.getByLabel('开始日期').fill(shanghaiDate(-30));
  await dialog.getByLabel('结束日期').fill(shanghaiDate(30));
  await dialog.getByLabel(/每人目标值/).fill('1');
  await dialog.getByLabel('部门', { exact: true }).click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '研发组' }).click();
  await page.keyboard.press('Escape');
  // The default gradation is filled in; add a fourth level above 优秀.
  await expect(dialog.getByTestId('gradation-row')).toHaveCount(3);
  await dialog.getByRole('button', { name: '添加等级' }).click();
  await dialog.getByLabel('第 4 级名称').fill('卓越');
  await dialog.getByLabel('第 4 级门槛（%）').fill('100');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  // Not above 优秀 (120 %): the shared rule refuses it in the form.
  await expect(dialog.getByText('分级门槛必须从低到高递增')).toBeVisible();
  await dialog.getByLabel('第 4 级门槛（%）').fill('200');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();

  await expect(page).toHaveURL(/\/manage\/study\/target\/chart\?targetId=\d+/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('未达标 ≥ 0%，达标 ≥ 100%，优秀 ≥ 120%，卓越 ≥ 200%')).toBeVisible();
  const trend = page.getByTestId('target-trend-chart');
  await expect(trend.locator('canvas')).toBeVisible();
  await expect(trend.getByRole('img')).toHaveAttribute('aria-label', /平均达成率 \d+\.\d%/);
  await expect(page.getByTestId('target-department-chart').locator('canvas')).toBeVisible();
  await page.getByRole('textbox', { name: '姓名或工号' }).fill('张三');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const zhangsanRow = page.locator('.kp-target-people tr', { hasText: '张三' });
  await expect(zhangsanRow).toContainText(/\d+\.\d%/);
  await expect(zhangsanRow.locator('.ant-tag')).toHaveText(/^(未达标|达标|优秀|卓越)$/);
  const level = (await zhangsanRow.locator('.ant-tag').textContent()) ?? '';

  await page.setViewportSize({ width: 375, height: 812 });
  await signedIn(page, 'zhangsan', '/m');
  await page.getByRole('navigation', { name: '学员导航' }).getByRole('link', { name: '我的目标' }).click();
  await expect(page).toHaveURL(/\/m\/targets$/);
  const card = page.getByTestId('my-target').filter({ hasText: name });
  await expect(card).toContainText('进行中');
  await expect(card).toContainText(/学时：\d+\.\d 小时 \/ 1\.0 小时/);
  await expect(card.locator('.ant-tag')).toHaveText(level);
  await expect(card.getByRole('progressbar')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
