import { type Page } from '@playwright/test';
import { expect as baseExpect, test } from '../a11y';
import { CHROMIUM_ARGS } from '../playwright.config';
import { apiCall, apiPost, apiToken, signedIn } from '../support';

/**
 * Video interview (issue 20): the recruiter schedules an interview; the interviewer (signed in) and the
 * applicant (the invitation link, no account) meet in two browser contexts with Chromium's fake camera:
 * each sees the other's video playing, both type in the shared code pad and see each other's text, the
 * code runs through the judge, and the interviewer's scorecard is stored and shown on the detail.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const A = '/recruit/api/v1/interview';

test.use({
  viewport: { width: 1280, height: 900 },
  permissions: ['camera', 'microphone'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      // Host candidates as plain addresses: mDNS names do not resolve inside the test container.
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  },
});

interface PostOption {
  postId: number;
  postName: string;
}

/** The remote <video> has a picture and its time advances. */
async function expectRemoteVideoPlaying(page: Page): Promise<void> {
  const video = page.getByTestId('remote-video').locator('video');
  await expect(video).toHaveCount(1);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 45_000 })
    .toBeGreaterThan(0);
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(first);
}

async function typeInPad(page: Page, text: string): Promise<void> {
  const content = page.getByTestId('code-pad').locator('.cm-content');
  await content.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test('interviewer and applicant meet, share the code pad, run it, and the interviewer scores', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const token = await apiToken(request, 'admin');
  const post = (await apiCall<PostOption[]>(request, token, 'GET', '/post/api/v1/post/simple')).find(
    (p) => p.postName === 'Java开发工程师',
  );
  expect(post).toBeDefined();
  const admin = await apiCall<{ userId: number }>(request, token, 'GET', '/user/api/v1/user/detail');
  const title = `视频面试${Date.now().toString(36)}`;
  const { id } = await apiPost<{ id: number }>(request, token, `${A}/add`, {
    title,
    interviewerIds: [admin.userId],
    applicantName: '林可',
    applicantPhone: '13900002222',
    postId: post!.postId,
    startAt: Date.now() - 60_000,
    endAt: Date.now() + 3600_000,
  });

  // The recruiter's list shows it; the detail gives the invitation link.
  const interviewerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const interviewer = await interviewerContext.newPage();
  await signedIn(interviewer, 'admin', '/manage/recruitment/interview');
  const row = interviewer.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('林可', { timeout: 60_000 });
  await row.getByRole('button', { name: /^详\s*情$/ }).click();
  const link = await interviewer.getByTestId('invite-link').inputValue();
  expect(link).toMatch(/\/interview\?token=/);

  // The interviewer enters signed in; the applicant by the link in a context of their own.
  await interviewer.goto(`/interview?id=${id}`);
  await expect(interviewer.getByTestId('signal-state')).toHaveText('信令已连接');
  const applicantContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const applicant = await applicantContext.newPage();
  await applicant.goto(link);
  await expect(applicant.getByRole('heading', { name: title })).toBeVisible();

  await expect(interviewer.getByTestId('peer-state')).toHaveText('已连接', { timeout: 45_000 });
  await expect(applicant.getByTestId('peer-state')).toHaveText('已连接');
  await expectRemoteVideoPlaying(interviewer);
  await expectRemoteVideoPlaying(applicant);

  // The code pad: each sees what the other typed.
  await typeInPad(interviewer, 'x = int(input())\n');
  await expect(applicant.getByTestId('code-pad')).toContainText('x = int(input())');
  await typeInPad(applicant, 'print(x * 3)');
  await expect(interviewer.getByTestId('code-pad')).toContainText('print(x * 3)');

  // Run through the judge: both see the output.
  await applicant.getByLabel('程序输入（stdin）').fill('14');
  await applicant.getByRole('button', { name: '运行' }).click();
  await expect(applicant.getByTestId('run-output')).toHaveText(/^42\s*$/, { timeout: 60_000 });
  await expect(interviewer.getByTestId('run-output')).toHaveText(/^42\s*$/);
  await expect(interviewer.getByTestId('run-status')).toContainText('运行完成');

  // The scorecard, per ability of the post.
  await interviewer.getByRole('button', { name: '填写评分表' }).click();
  const form = interviewer.getByTestId('scorecard-form');
  const rates = form.locator('.ant-rate');
  await expect(rates.first()).toBeVisible({ timeout: 90_000 });
  const count = await rates.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) await rates.nth(i).locator('.ant-rate-star').nth(3).click();
  await form.getByLabel('总体评价').fill('编码熟练，沟通清楚');
  await form.getByText('推荐', { exact: true }).click();
  await form.getByRole('button', { name: '提交评分表' }).click();
  await expect(interviewer.getByText('评分表已提交')).toBeVisible();

  const detail = await apiCall<{
    scorecards: { average: number; comment: string; recommendation: string; scores: unknown[] }[];
  }>(request, token, 'GET', `${A}/detail?id=${id}`);
  expect(detail.scorecards).toHaveLength(1);
  expect(detail.scorecards[0]).toMatchObject({
    average: 4,
    comment: '编码熟练，沟通清楚',
    recommendation: 'yes',
  });
  expect(detail.scorecards[0]!.scores).toHaveLength(count);

  // Leaving ends the call on both sides.
  await applicant.getByRole('button', { name: '离开' }).click();
  await expect(applicant.getByText('您已离开面试间')).toBeVisible();
  await expect(interviewer.getByText('等待应聘者进入…')).toBeVisible();
  await applicantContext.close();
  await interviewerContext.close();
});

test('an invitation link outside its window shows why in Chinese', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const admin = await apiCall<{ userId: number }>(request, token, 'GET', '/user/api/v1/user/detail');
  const { id } = await apiPost<{ id: number }>(request, token, `${A}/add`, {
    title: `明天的面试${Date.now().toString(36)}`,
    interviewerIds: [admin.userId],
    applicantName: '何青',
    startAt: Date.now() + 86_400_000,
    endAt: Date.now() + 90_000_000,
  });
  const detail = await apiCall<{ invitePath: string }>(request, token, 'GET', `${A}/detail?id=${id}`);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(detail.invitePath);
  await expect(page.getByText('无法进入面试间')).toBeVisible();
  await expect(page.getByText(/面试尚未开始：面试间在开始前 15 分钟开放/)).toBeVisible();
});
