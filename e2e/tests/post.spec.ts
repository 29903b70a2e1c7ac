import { expect, test } from '../a11y';
import { signedIn } from '../support';

test('an admin creates a post family and a post with departments, sees it in the list and on its detail page', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const familyName = `运维序列${stamp}`;
  const postName = `运维工程师${stamp}`;
  await signedIn(page, 'admin', '/manage/post/list');
  await expect(page.getByRole('heading', { name: '岗位列表' })).toBeVisible();
  // The demo posts are there.
  await expect(page.getByRole('row', { name: /Java开发工程师/ })).toBeVisible();
  const tree = page.getByRole('navigation', { name: '岗位序列' });
  await expect(tree.getByTestId('family-node-技术序列')).toBeVisible();

  // A new top-level family, selected once added.
  await tree.getByRole('button', { name: /新增序列/ }).click();
  const familyDialog = page.getByRole('dialog', { name: '新增岗位序列' });
  await familyDialog.getByLabel('序列名称').fill(familyName);
  await familyDialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(`已新增岗位序列「${familyName}」`)).toBeVisible();
  await expect(tree.getByTestId(`family-node-${familyName}`)).toBeVisible();
  await expect(page.getByText('该序列下还没有岗位。')).toBeVisible();

  // A post in it, in two departments.
  await page.getByRole('button', { name: /新建岗位/ }).click();
  const dialog = page.getByRole('dialog', { name: '新建岗位' });
  await dialog.getByLabel('岗位名称').fill(postName);
  await dialog.getByLabel('岗位编码').fill(`OPS-${stamp}`);
  await dialog.getByLabel('职级').fill('P5');
  await dialog.getByLabel('编制人数').fill('4');
  await dialog.getByLabel('所属部门').click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '研发组' }).click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '测试组' }).click();
  await dialog.getByLabel('岗位职责').click();
  await dialog.getByLabel('岗位职责').fill('保障线上系统稳定运行');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(`已新建岗位「${postName}」`)).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(postName) });
  await expect(row).toContainText(familyName);
  await expect(row).toContainText('研发组、测试组');
  await expect(row).toContainText('0 / 4');

  // Its detail page: fields, departments, the ability model links, sharing.
  await row.getByRole('link', { name: postName }).click();
  await expect(page).toHaveURL(/\/manage\/post\/detail\?postId=\d+/);
  // The list stays mounted (kept alive, hidden): look inside the detail page only.
  const detail = page.locator('.kp-post-detail');
  await expect(detail.getByRole('heading', { name: postName })).toBeVisible();
  await expect(detail.getByText('研发组、测试组')).toBeVisible();
  await expect(detail.getByText(`${familyName}`)).toBeVisible();
  await expect(detail.getByText('保障线上系统稳定运行')).toBeVisible();
  await expect(detail.getByText('尚未设置能力模型')).toBeVisible();
  const postId = new URL(page.url()).searchParams.get('postId');
  await expect(page.getByRole('link', { name: '编辑能力模型' })).toHaveAttribute(
    'href',
    `/manage/post/ability?postId=${postId}`,
  );
  await page.getByRole('button', { name: /分享岗位/ }).click();
  await expect(page.getByTestId('post-share-link')).toContainText('/post/viewPosition?token=');
});
