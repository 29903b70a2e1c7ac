import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { signedIn } from '../support';

/**
 * Study tasks (issue 18): the administrator creates a task of a demo course and a demo exam in the
 * browser and allocates it to 研发组; zhangsan finds it under 我的任务 on his phone with both items
 * (the security course he has completed is done, the exam links to its page); the task's detail page
 * lists him.
 */

/** Picks `name` in a multiple select: typed first, as the list is virtual and only its first rows exist. */
async function pickOption(page: Page, field: Locator, name: string): Promise<void> {
  await field.click();
  await field.pressSequentially(name);
  await page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click();
}

test('an admin creates and allocates a task; zhangsan sees it on the phone; the detail shows him', async ({
  page,
  browser,
}) => {
  const name = `季度任务${Date.now().toString(36)}`;
  await signedIn(page, 'admin', '/manage/study/task');
  await expect(page.getByRole('heading', { name: '学习任务' })).toBeVisible();

  // Create: a name, a demo course and a demo exam (the dates default to now … in two weeks).
  await page.getByRole('button', { name: /新建任务/ }).click();
  const form = page.getByRole('dialog', { name: '新建学习任务' });
  await form.getByLabel('任务名称').fill(name);
  await pickOption(page, form.getByLabel('课程'), '信息安全意识');
  // A multiple select stays open after a pick: focusing another field closes it.
  await form.getByLabel('任务名称').click();
  await pickOption(page, form.getByLabel('考试'), '全员安全生产知识考试');
  await form.getByLabel('任务名称').click();
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(`已创建学习任务「${name}」`)).toBeVisible();

  // The allocation dialog follows: 研发组 (zhangsan's department).
  const allocate = page.getByRole('dialog', { name: `分配学习任务「${name}」` });
  await allocate.getByLabel('按部门').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '研发组' })
    .first()
    .click();
  await allocate.getByRole('button', { name: /分\s*配/ }).click();
  await expect(page.getByText(/已分配给 [1-9]\d* 人/)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();

  // zhangsan, on a phone: 我的任务 lists it; its page shows both items.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const learner = await phone.newPage();
  await signedIn(learner, 'zhangsan', '/m');
  await expect(learner.getByTestId('home-tasks')).toContainText(name);
  await learner.getByRole('navigation', { name: '学员导航' }).getByRole('link', { name: '我的任务' }).click();
  const card = learner.getByTestId('my-task').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('1/2');
  await card.click();
  const items = learner.getByTestId('task-item');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: '信息安全意识' })).toContainText('已完成');
  const exam = items.filter({ hasText: '全员安全生产知识考试' });
  await expect(exam).toContainText('未完成');
  await exam.getByRole('link', { name: /去考试/ }).click();
  await expect(learner).toHaveURL(/\/m\/exams\/\d+$/);
  // Nothing of the page is wider than the phone.
  const overflow = await learner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.close();

  // The administrator's detail page lists him, 进行中 with one of two items done.
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/study\/task\/detail\?taskId=\d+/);
  const zhangsan = page.getByRole('row', { name: /张三/ });
  await expect(zhangsan).toBeVisible();
  await expect(zhangsan).toContainText('进行中');
  await expect(zhangsan).toContainText('1/2');
});
