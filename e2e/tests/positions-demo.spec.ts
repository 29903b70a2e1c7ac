import { type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiCall, apiToken, signedIn } from '../support';

/** What the demo seeds for the positions pages (apps/server/src/db/seed: posts, abilities, post-exams). */
const DEMO_POST = 'Java开发工程师';

async function expectPage(page: Page, url: string, title: string, text?: string) {
  await page.goto(url);
  await expect(page.locator('.kp-page-header').getByText(title, { exact: true }).first()).toBeVisible();
  if (text) await expect(page.getByText(text).first()).toBeVisible();
  await expect(page.getByText('加载失败')).toHaveCount(0);
}

test('every positions page opens with the demo data for the demo admin, and the 岗位管理 menu is live', async ({
  page,
  request,
}) => {
  // Many pages, each checked by axe on its first visit (e2e/a11y.ts): over 2 minutes on a slow machine.
  test.setTimeout(240_000);
  const token = await apiToken(request, 'admin');
  const posts = await apiCall<{ postId: number; postName: string }[]>(
    request,
    token,
    'GET',
    '/post/api/v1/post/simple',
  );
  const postId = posts.find((post) => post.postName === DEMO_POST)?.postId;
  expect(postId).toBeDefined();

  await signedIn(page, 'admin', '/manage/console');
  const group = page.getByTestId('main-nav').locator('.ant-menu-submenu', { hasText: '岗位管理' });
  await expect(group).not.toHaveClass(/ant-menu-submenu-disabled/);

  await expectPage(page, '/manage/post/list', '岗位列表', '人力资源专员');
  await expectPage(page, `/manage/post/detail?postId=${postId}`, '岗位详情', DEMO_POST);
  await expectPage(page, '/manage/post/ability', '能力模型', 'Java编程');
  await expectPage(page, `/manage/post/knowledge/edit?postId=${postId}`, '岗位知识');
  await expectPage(page, '/manage/post/ability/material', '能力素材');
  await expectPage(page, `/manage/post/course?postId=${postId}`, '岗位课程');
  await expectPage(page, '/manage/post/match', '人岗匹配');
  await expectPage(page, '/manage/post/ability/analysis', '能力分析');
  await expectPage(page, '/manage/paper/post', '岗位试卷');
  await expectPage(page, '/manage/exam/post', '岗位考试', 'Java开发工程师岗位能力测评');
  await expectPage(page, '/manage/evaluate/exam/list', '测评考试', '通用素质能力测评');
});
