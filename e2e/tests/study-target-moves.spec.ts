import { expect, test } from '../a11y';
import { apiCall, apiPost, apiToken, signedIn } from '../support';

/**
 * The target chart moves (issue 18): a 课程数 target for zhangsan from today of one course more than he has; a one-document
 * course is assigned to him. The chart page shows him short of it; he opens the document on his phone (a
 * document is done once opened); the chart page then shows him at 100 % (达标), and the trend's average
 * for today has risen.
 */

const C = '/course/api/v1';

function shanghaiDate(offsetDays: number): string {
  return new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

interface Outline {
  chapters: { sections: { id: number; kind: string; fileId: number | null }[] }[];
}

test('zhangsan finishes a course and the target chart follows', async ({ page, browser }) => {
  const { request } = page;
  const admin = await apiToken(request, 'admin');
  const zhangsan = await apiToken(request, 'zhangsan');
  const suffix = Date.now().toString(36);
  const me = await apiCall<{ userId: number }>(request, zhangsan, 'GET', '/user/api/v1/user/detail');

  // A course of one document: the demo security course's rules, reused.
  const security = (
    await apiPost<{ courseId: number; name: string }[]>(request, admin, `${C}/course/search?page=0&size=20`, {
      keyword: '信息安全意识',
    })
  ).find((c) => c.name === '信息安全意识');
  const outline = await apiCall<Outline>(
    request,
    admin,
    'GET',
    `${C}/chapter/list?courseId=${security!.courseId}`,
  );
  const doc = outline.chapters.flatMap((c) => c.sections).find((s) => s.kind === 'datum');
  expect(doc?.fileId).toBeTruthy();
  const course = await apiPost<{ courseId: number }>(request, admin, `${C}/course/add`, {
    name: `守则速读${suffix}`,
  });
  const chapter = await apiPost<{ id: number }>(request, admin, `${C}/chapter/add`, {
    courseId: course.courseId,
    title: '守则',
  });
  const section = await apiPost<{ id: number }>(request, admin, `${C}/section/add`, {
    chapterId: chapter.id,
    kind: 'datum',
    title: '信息安全守则',
    fileId: doc!.fileId,
  });
  await apiPost(request, admin, `${C}/course/open?courseId=${course.courseId}`, {});
  await apiPost(request, admin, `${C}/member/add`, { courseId: course.courseId, userIds: [me.userId] });
  const fields = {
    name: `课程目标${suffix}`,
    startDate: shanghaiDate(0),
    endDate: shanghaiDate(30),
    metric: 'courses',
    targetValue: 1,
    userIds: [me.userId],
  };
  const target = await apiPost<{ targetId: number }>(request, admin, `${C}/target/add`, fields);
  // Other journeys may have had him finish courses today: the goal is one more than he has now.
  const mine = async () =>
    (
      await apiCall<{ targetId: number; value: number; percent: number }[]>(
        request,
        zhangsan,
        'GET',
        `${C}/target/member`,
      )
    ).find((t) => t.targetId === target.targetId);
  const before = (await mine())!.value;
  await apiPost(request, admin, `${C}/target/modify`, {
    ...fields,
    targetId: target.targetId,
    targetValue: before + 1,
  });
  const beforePercent = `${((before * 100) / (before + 1)).toFixed(1)}%`;

  // Before: he is short of it.
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adminPage = await desk.newPage();
  await signedIn(adminPage, 'admin', `/manage/study/target/chart?targetId=${target.targetId}`);
  const row = adminPage.locator('.kp-target-people tr', { hasText: '张三' });
  await expect(row.getByRole('cell', { name: beforePercent, exact: true })).toBeVisible();
  await expect(row.locator('.ant-tag')).toHaveText('未达标');
  const trend = adminPage.getByTestId('target-trend-chart').getByRole('img');
  await expect(trend).toHaveAttribute('aria-label', new RegExp(`平均达成率 ${beforePercent}`));

  // zhangsan opens the document on his phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await signedIn(page, 'zhangsan', `/m/courses/${course.courseId}/sections/${section.id}`);
  await expect(page.getByText('信息安全守则').first()).toBeVisible();
  await expect.poll(async () => (await mine())?.percent).toBe(100);

  // After: the chart page shows him done, and the average has moved.
  await adminPage.reload();
  await expect(row.getByRole('cell', { name: '100.0%', exact: true })).toBeVisible();
  await expect(row.locator('.ant-tag')).toHaveText('达标');
  await expect(trend).toHaveAttribute('aria-label', /平均达成率 100\.0%/);
  await desk.close();
});
