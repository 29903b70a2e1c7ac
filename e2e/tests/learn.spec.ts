import { type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiCall, apiPost, apiToken, signedIn, staffUserId } from '../support';

/**
 * The learner's journey through a course (issue 17, part C) on a phone: zhangsan finds the course under
 * 我的课程, plays its video (a real MP4 made by the demo seed with ffmpeg), leaves and comes back at the
 * same position, is refused skipping ahead (no-skip is on), completes the video, reads the PDF it
 * unlocks and rates the course; the administrator's statistics show the progress.
 */

test.use({ viewport: { width: 375, height: 812 } });

const C = '/course/api/v1';

interface Outline {
  chapters: {
    id: number;
    sections: { id: number; kind: string; fileId: number | null; durationSeconds: number }[];
  }[];
}

/** A new course with no-skip: a video and the PDF after it, zhangsan enrolled (set up through the API). */
async function courseForJourney(page: Page, name: string) {
  const request = page.request;
  const admin = await apiToken(request, 'admin');
  const [demo] = await apiPost<{ courseId: number }[]>(request, admin, `${C}/course/search?size=1`, {
    keyword: 'TypeScript 编程入门',
  });
  const outline = await apiCall<Outline>(
    request,
    admin,
    'GET',
    `${C}/chapter/list?courseId=${demo!.courseId}`,
  );
  const sections = outline.chapters.flatMap((c) => c.sections);
  const video = sections.find((s) => s.kind === 'video' && s.fileId);
  const pdf = sections.find((s) => s.kind === 'datum' && s.fileId);
  test.skip(!video || !pdf, 'the demo has no video (ffmpeg missing)');
  const course = await apiPost<{ courseId: number }>(request, admin, `${C}/course/add`, {
    name,
    noSkip: true,
    completePercent: 90,
    minutes: 5,
  });
  const chapter = await apiPost<{ id: number }>(request, admin, `${C}/chapter/add`, {
    courseId: course.courseId,
    title: '第一章 入门',
  });
  const first = await apiPost<{ id: number }>(request, admin, `${C}/section/add`, {
    chapterId: chapter.id,
    kind: 'video',
    title: '视频课',
    fileId: video!.fileId,
  });
  await apiPost(request, admin, `${C}/section/add`, {
    chapterId: chapter.id,
    kind: 'datum',
    title: '课后资料',
    fileId: pdf!.fileId,
    requiresPrevious: true,
  });
  await apiPost(request, admin, `${C}/course/open?courseId=${course.courseId}`);
  const zhangsan = await staffUserId(request, admin, 'zhangsan');
  await apiPost(request, admin, `${C}/member/add`, { courseId: course.courseId, userIds: [zhangsan] });
  return { admin, courseId: course.courseId, videoId: first.id, duration: video!.durationSeconds };
}

const videoTime = (page: Page) =>
  page.getByTestId('course-video').evaluate((v: HTMLVideoElement) => v.currentTime);

async function playFast(page: Page): Promise<void> {
  await page.getByTestId('course-video').evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    v.playbackRate = 2;
    await v.play();
  });
}

test('zhangsan studies a course on the phone: resume, no skipping, completion, rating', async ({ page }) => {
  const name = `学习旅程${Date.now().toString(36)}`;
  const { admin, courseId, duration } = await courseForJourney(page, name);

  await signedIn(page, 'zhangsan', '/m');
  // From 我的考试 to 我的课程 by the learner's tabs.
  await page.getByRole('navigation', { name: '学员导航' }).getByRole('link', { name: '我的课程' }).click();
  await expect(page).toHaveURL(/\/m\/courses$/);
  const card = page.getByTestId('my-course').filter({ hasText: name });
  await expect(card).toContainText('未开始');
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const locked = page.getByTestId('outline-section').filter({ hasText: '课后资料' });
  await expect(locked.getByRole('img', { name: '未解锁' })).toBeVisible();
  await page.getByRole('link', { name: '开始学习' }).click();

  // Play at 2× for a few seconds, pause: the position is stored.
  await expect(page.getByTestId('course-video')).toBeVisible();
  await playFast(page);
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(6);
  const saved = page.waitForResponse((r) => r.url().includes('/learn/progress') && r.ok());
  await page.getByTestId('course-video').evaluate((v: HTMLVideoElement) => v.pause());
  await saved;
  const paused = await videoTime(page);

  // Leave and come back: the player resumes where zhangsan left.
  await page.getByRole('link', { name: '返回', exact: true }).click();
  await expect(page.getByRole('link', { name: '继续学习' })).toBeVisible();
  await page.getByRole('link', { name: '继续学习' }).click();
  await expect.poll(() => videoTime(page)).toBeGreaterThan(Math.floor(paused) - 1.5);

  // No skipping ahead of what was watched.
  await page.getByTestId('course-video').evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration - 2;
  });
  await expect(page.getByText('本课程不允许拖动到未观看的位置')).toBeVisible();
  await expect.poll(() => videoTime(page)).toBeLessThan(paused + 3);

  // Watch to the end: completed; the PDF after it opens.
  await playFast(page);
  await expect(page.getByTestId('section-completed')).toBeVisible({ timeout: duration * 1000 });
  await page.getByRole('link', { name: '下一节' }).click();
  await expect(page.getByTestId('pdf-page')).toBeVisible();
  await expect(page.getByText(/^1 \/ \d+$/)).toBeVisible();

  // Rate the course.
  await page.getByRole('link', { name: '返回', exact: true }).click();
  await expect(page.getByText('已完成 2/2 节')).toBeVisible();
  await page.getByRole('button', { name: '评价课程' }).click();
  const dialog = page.getByRole('dialog', { name: '评价课程' });
  await dialog.getByRole('radio').nth(3).click();
  await dialog.getByLabel('评价内容').fill('视频清楚，资料实用');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByTestId('evaluation').filter({ hasText: '视频清楚，资料实用' })).toBeVisible();

  // The administrator's statistics show it.
  const stats = await apiCall<{
    enrolled: number;
    started: number;
    completed: number;
    averageRating: number;
  }>(page.request, admin, 'GET', `${C}/statistics/course?courseId=${courseId}`);
  expect(stats).toMatchObject({ enrolled: 1, started: 1, completed: 1, averageRating: 4 });
});
