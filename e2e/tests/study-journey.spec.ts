import { expect, test } from '../a11y';
import { apiCall, apiPost, apiToken, signedIn } from '../support';

/**
 * Issue 18 as one journey: a study task of a course and a practice set is allocated to zhangsan's
 * department; on his phone he opens it from 我的任务, practises the set from the task, and the mistakes
 * of that round enter his review book; the task then shows both items done, for him and on the
 * administrator's detail page.
 */

const T = '/course/api/v1/study/task';
const P = '/course/api/v1/practice';

test('a task of a course and a practice set: zhangsan practises from it; his book and the detail follow', async ({
  page,
  browser,
}) => {
  const { request } = page;
  const admin = await apiToken(request, 'admin');
  const zhangsan = await apiToken(request, 'zhangsan');
  const name = `练习任务${Date.now().toString(36)}`;

  // The task: the course zhangsan has completed (信息安全意识) and the demo's daily safety practice.
  const [practice] = await apiCall<{ id: number; name: string }[]>(
    request,
    admin,
    'GET',
    `${T}/practice/simple?keyword=${encodeURIComponent('安全生产每日一练')}`,
  );
  // By its exact name: course.spec copies it, and the copy (newest) would be listed first.
  const course = (
    await apiPost<{ courseId: number; name: string }[]>(
      request,
      admin,
      '/course/api/v1/course/search?page=0&size=20',
      { keyword: '信息安全意识' },
    )
  ).find((c) => c.name === '信息安全意识');
  expect(practice).toBeDefined();
  expect(course).toBeDefined();
  const now = Date.now();
  const task = await apiPost<{ id: number }>(request, admin, `${T}/add`, {
    name,
    startAt: now - 60_000,
    dueAt: now + 7 * 24 * 3600_000,
    items: [
      { kind: 'course', refId: course!.courseId },
      { kind: 'practice', refId: practice!.id },
    ],
  });
  const me = await apiCall<{ departmentId: number }>(request, zhangsan, 'GET', '/user/api/v1/user/detail');
  await apiPost(request, admin, `${T}/allocate`, { taskId: task.id, departmentIds: [me.departmentId] });
  const before = await apiCall<{ bookCount: number }>(request, zhangsan, 'GET', `${P}/review/next`);

  // zhangsan on the phone: the task, half done; the practice from its item; one whole round.
  await page.setViewportSize({ width: 375, height: 812 });
  await signedIn(page, 'zhangsan', '/m/tasks');
  const card = page.getByTestId('my-task').filter({ hasText: name });
  await expect(card).toContainText('1/2');
  await card.click();
  const item = page.getByTestId('task-item').filter({ hasText: practice!.name });
  await expect(item).toContainText('未完成');
  await item.getByRole('link', { name: /去练习/ }).click();
  await expect(page).toHaveURL(new RegExp(`/m/practice/${practice!.id}$`));
  // The page starts (or resumes) a round by itself.
  for (let i = 0; i < 20; i++) {
    const question = page.locator('.kp-practice-question');
    await expect(question).toBeVisible();
    await question.locator('.ant-radio-wrapper, .ant-checkbox-wrapper').first().click();
    await page.getByRole('button', { name: '提交答案' }).click();
    await expect(page.getByTestId('feedback')).toContainText(/回答正确|回答错误/);
    const last = page.getByRole('button', { name: '查看本轮结果' });
    if (await last.isVisible()) {
      await last.click();
      break;
    }
    await page.getByRole('button', { name: '下一题' }).click();
  }
  await expect(page.getByText('本轮练习完成')).toBeVisible();
  const score = (await page.getByText(/答对 \d+ \/ \d+ 题/).innerText()).match(/答对 (\d+) \/ (\d+)/)!;
  const wrong = Number(score[2]) - Number(score[1]);

  // The round's mistakes are in his book (each a card, unless it was there already).
  const after = await apiCall<{ bookCount: number }>(request, zhangsan, 'GET', `${P}/review/next`);
  expect(after.bookCount).toBeGreaterThanOrEqual(before.bookCount + (wrong > 0 ? 1 : 0));
  expect(after.bookCount).toBeLessThanOrEqual(before.bookCount + wrong);

  // Back on the task: both items done.
  await page.goto(`/m/tasks/${task.id}`);
  await expect(page.getByTestId('task-item').filter({ hasText: practice!.name })).toContainText('已完成');
  // Done, it leaves 待完成 for 全部.
  await page.goto('/m/tasks?tab=all');
  await expect(page.getByTestId('my-task').filter({ hasText: name })).toContainText('2/2');

  // The administrator's detail page shows him with both items done.
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adminPage = await desk.newPage();
  await signedIn(adminPage, 'admin', `/manage/study/task/detail?taskId=${task.id}`);
  const row = adminPage.getByRole('row', { name: /张三/ });
  await expect(row).toContainText('已完成');
  await expect(row).toContainText('2/2');
  await desk.close();
});
