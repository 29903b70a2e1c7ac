import { type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiPost, apiToken, signedIn } from '../support';

/** Picks `name` in the open tree-select dropdown. */
async function pickTreeNode(page: Page, name: string): Promise<void> {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: name })
    .first()
    .click();
}

test('an admin builds a category and a course, enrols a department, opens and closes it; statistics and copy of a demo course', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const categoryName = `领导力${stamp}`;
  const courseName = `高效沟通${stamp}`;
  await signedIn(page, 'admin', '/manage/study/course');
  await expect(page.getByRole('heading', { name: '课程管理' })).toBeVisible();
  // The demo courses are there.
  await expect(page.getByRole('row', { name: /信息安全意识/ }).first()).toBeVisible();

  // A new top-level category, selected once added.
  const tree = page.getByRole('navigation', { name: '课程分类' });
  await tree.getByRole('button', { name: /新增分类/ }).click();
  const categoryDialog = page.getByRole('dialog', { name: '新增课程分类' });
  await categoryDialog.getByLabel('分类名称').fill(categoryName);
  await categoryDialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(`已新增课程分类「${categoryName}」`)).toBeVisible();
  await expect(tree.getByTestId(`course-category-${categoryName}`)).toBeVisible();
  await expect(page.getByText('该分类下还没有课程。')).toBeVisible();

  // A course in it: name, kind, intro, teacher, credits, minutes.
  await page.getByRole('button', { name: /新建课程/ }).click();
  const dialog = page.getByRole('dialog', { name: '新建课程' });
  await dialog.getByLabel('课程名称').fill(courseName);
  await expect(dialog.getByLabel('课程分类')).toBeAttached();
  await dialog.getByText('必修', { exact: true }).click();
  await dialog.getByTestId('course-intro').locator('.tiptap').click();
  await page.keyboard.type('倾听、表达与反馈的技巧。');
  await dialog.getByLabel('讲师').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '陈明' }).click();
  await dialog.getByLabel('学分').fill('1.5');
  await dialog.getByLabel('学时（分钟）').fill('45');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(`已新建课程「${courseName}」`)).toBeVisible();

  // Its detail page opens: header, basic information.
  await expect(page).toHaveURL(/\/manage\/study\/course\/detail\?courseId=\d+/);
  const courseId = Number(new URL(page.url()).searchParams.get('courseId'));
  const detail = page.locator('.kp-course-detail').first();
  await expect(detail.getByRole('heading', { name: courseName })).toBeVisible();
  await expect(detail.getByTestId('course-status')).toHaveText('未发布');
  await expect(detail.getByText(categoryName).first()).toBeVisible();
  await expect(detail.getByText('倾听、表达与反馈的技巧。')).toBeVisible();
  await expect(detail.getByText('陈明')).toBeVisible();

  // Opening an empty course is refused with the reason.
  await detail.getByRole('button', { name: /开\s*课/ }).click();
  await expect(page.getByText(/还没有任何小节/)).toBeVisible();

  // 学员: enrol 技术部 (with its sub-departments).
  await detail.getByRole('tab', { name: /学员/ }).click();
  await detail.getByRole('button', { name: /添加学员/ }).click();
  const members = page.getByRole('dialog', { name: '添加学员' });
  await members.getByLabel('按部门').click();
  await pickTreeNode(page, '技术部');
  await members.getByRole('button', { name: /添\s*加/ }).click();
  await expect(page.getByText(/已添加 \d+ 名学员/)).toBeVisible();
  await expect(detail.getByRole('row', { name: /研发组/ }).first()).toBeVisible();
  await expect(detail.getByRole('tab', { name: /学员（[1-9]\d*）/ })).toBeVisible();

  // A section (part B's editor builds them; set up through the API here), then open and close.
  const token = await apiToken(page.request, 'admin');
  const chapter = await apiPost<{ id?: number; chapterId?: number }>(
    page.request,
    token,
    '/course/api/v1/chapter/add',
    { courseId, title: '第一章' },
  );
  await apiPost(page.request, token, '/course/api/v1/section/add', {
    chapterId: chapter.chapterId ?? chapter.id,
    kind: 'live',
    title: '线上答疑',
    liveStartAt: Date.now() + 86_400_000,
    liveMinutes: 60,
  });
  await page.reload();
  await detail.getByRole('button', { name: /开\s*课/ }).click();
  await expect(detail.getByTestId('course-status')).toHaveText('已开课');
  await detail.getByRole('button', { name: /关闭课程/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /关闭课程/ })
    .click();
  await expect(detail.getByTestId('course-status')).toHaveText('已关闭');

  // A seeded course's statistics show its figures.
  await page.goto('/manage/study/course');
  const security = page.getByRole('row', { name: /信息安全意识/ }).first();
  await security.getByRole('link', { name: '信息安全意识' }).click();
  const seeded = page.locator('.kp-course-detail').first();
  await seeded.getByRole('tab', { name: '统计' }).click();
  const stats = seeded.getByTestId('course-statistics');
  await expect(stats.getByText('学员数')).toBeVisible();
  await expect(stats.getByRole('cell', { name: '研发组' })).toBeVisible();
  await expect(stats.getByRole('img', { name: /各部门学员与完成人数/ })).toBeVisible();

  // Copy it: a draft named 「（副本）」 opens.
  await seeded.getByRole('button', { name: /复\s*制/ }).click();
  await expect(page.getByText('已复制为「信息安全意识（副本）」（未发布）')).toBeVisible();
  await expect(
    page.locator('.kp-course-detail').first().getByRole('heading', { name: '信息安全意识（副本）' }),
  ).toBeVisible();
  await expect(page.locator('.kp-course-detail').first().getByTestId('course-status')).toHaveText('未发布');
});
