import { expect, test } from '../a11y';
import { apiCall, apiPost, apiToken, signedIn, staffUserId } from '../support';

const A = '/post/api/v1/ability';

/** Five behavioural anchors, as the ability library requires. */
function anchors(name: string) {
  return ['入门', '初级', '中级', '高级', '专家'].map((level, i) => ({
    level: i + 1,
    name: level,
    behaviour: `${name}：第 ${i + 1} 级行为`,
  }));
}

test('rates a person, ranks them against a post, explains the match with a radar, and drills into the heat map', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const token = await apiToken(request, 'admin');
  // A post of its own with a two-ability model: 编码 60 % at level 3, 评审 40 % at level 4.
  const [dimension] = await apiCall<{ id: number }[]>(request, token, 'GET', `${A}/dimension/list`);
  const coding = `编码${suffix}`;
  const review = `评审${suffix}`;
  const abilityIds: number[] = [];
  for (const name of [coding, review]) {
    const row = await apiPost<{ id: number }>(request, token, `${A}/add`, {
      name,
      dimensionId: dimension!.id,
      levels: anchors(name),
    });
    abilityIds.push(row.id);
  }
  const postName = `匹配岗位${suffix}`;
  const post = await apiPost<{ postId: number }>(request, token, '/post/api/v1/post/add', { name: postName });
  await apiPost(request, token, `${A}/model/save`, {
    postId: post.postId,
    items: [
      { abilityId: abilityIds[0], requiredLevel: 3, weight: 60 },
      { abilityId: abilityIds[1], requiredLevel: 4, weight: 40 },
    ],
  });
  const wangwu = await staffUserId(request, token, 'wangwu');
  const departments = await apiCall<{ name: string; path: string }[]>(
    request,
    token,
    'GET',
    '/user/api/v1/department/all',
  );
  const departmentPath = departments.find((d) => d.name === '测试组')!.path;

  await signedIn(page, 'admin', `/manage/post/match?postId=${post.postId}`);
  await page.getByLabel('搜索姓名或工号').fill('王五');
  await page.getByLabel('搜索姓名或工号').press('Enter');
  const row = page.getByRole('row').filter({ hasText: '王五' });
  await expect(row).toContainText('0%');

  // Rate 编码 at level 4 (meets level 3): 60 % of the model.
  await row.getByRole('button', { name: '评定' }).click();
  const dialog = page.getByRole('dialog', { name: '评定能力：王五' });
  // The library holds many abilities (the select renders a window of them): search for it.
  await dialog.getByLabel('能力', { exact: true }).fill(coding);
  await page.locator('.ant-select-item-option').filter({ hasText: coding }).click();
  await dialog.getByLabel('4 级 高级').check();
  await dialog.getByLabel('评语').fill('独立完成模块开发');
  await dialog.getByRole('button', { name: '保存评定' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('60%');
  await expect(row).toContainText('待提升');

  await row.getByRole('link', { name: '详情' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/manage/post/match/detail\\?postId=${post.postId}&userId=${wangwu}`),
  );
  await expect(page.getByText('匹配度如何计算')).toBeVisible();
  await expect(page.getByTestId('match-radar').locator('canvas')).toBeVisible();
  const codingRow = page.getByRole('row').filter({ hasText: coding });
  await expect(codingRow).toContainText('4 级');
  await expect(codingRow).toContainText('评定 4 级，系统管理员');
  await expect(page.getByRole('row').filter({ hasText: review })).toContainText('未测评');

  // The heat map by department: 王五's department has his level on 编码; the cell drills down to him.
  await page.goto('/manage/post/ability/analysis');
  await expect(page.getByTestId('ability-heatmap')).toBeVisible();
  const cell = page.getByRole('button', { name: `${departmentPath} ${coding}：4，查看人员` });
  await cell.click();
  const drawer = page.getByRole('dialog', { name: `${departmentPath} · ${coding}` });
  await expect(drawer.getByRole('row').filter({ hasText: '王五' })).toContainText('4 级');
});
