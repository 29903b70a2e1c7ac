import { expect, test } from '../a11y';
import { signedIn } from '../support';

/**
 * Exam analysis (issue 19): the administrator opens the analysis of the demo's finished exam, sees the
 * score distribution and the figures, then the question analysis, where the demo's miskeyed question
 * (油锅起火, keyed D) is flagged with negative discrimination. The 编辑试题 link opens the question's
 * editor; the key is fixed to B; back on the analysis, 重新判分 grades the answers again and the
 * question is no longer flagged, and the exam's mean score has changed.
 */
test('an admin finds a miskeyed question in the exam analysis, fixes its key and rescores', async ({
  page,
}) => {
  await signedIn(page, 'admin', '/manage/analysis/exam');
  await page.getByRole('link', { name: '安全生产月度考核', exact: true }).click();

  // The exam's distribution and figures.
  await expect(page.getByTestId('score-histogram')).toBeVisible();
  await expect(page.getByTestId('score-histogram').getByRole('img')).toHaveAttribute(
    'aria-label',
    /分 \d+ 人/,
  );
  const mean = page.getByTestId('metric-mean');
  await expect(mean).toHaveText(/^\d+\.\d$/);
  const meanBefore = await mean.textContent();
  await expect(page.getByTestId('metric-reliability')).toHaveText(/^0\.\d\d$/);

  // The question analysis flags the miskeyed question.
  await page.getByRole('button', { name: /试题分析/ }).click();
  await expect(page.getByText(/道题需要复核/)).toBeVisible();
  const flawed = page.getByRole('row', { name: /油锅起火/ });
  await expect(flawed.getByText('负区分度')).toBeVisible();
  // The first negative figure of the row is its discrimination D (then the correlations).
  const discrimination = flawed.getByRole('cell', { name: /^-0\.\d\d$/ }).first();
  await expect(discrimination).toBeVisible();

  // Its editor: the key is D; B is right.
  await flawed.getByRole('link', { name: /编辑试题（第 \d+ 题）/ }).click();
  const editor = page.getByRole('dialog', { name: '编辑试题' });
  await expect(editor.getByLabel('选项D正确')).toBeChecked();
  await editor.getByLabel('选项B正确').check();
  await editor.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('试题已保存')).toBeVisible();

  // Back to the analysis: 重新判分 against the fixed key.
  await page.goBack();
  await expect(page.getByRole('row', { name: /油锅起火/ }).getByText('负区分度')).toBeVisible();
  await page.getByRole('button', { name: '重新判分' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '重新判分' }).click();
  await expect(page.getByText(/重新判分完成：\d+ 个答案、\d+ 份答卷的成绩已更新/)).toBeVisible();
  const fixed = page.getByRole('row', { name: /油锅起火/ });
  await expect(fixed.getByText('负区分度')).toHaveCount(0);
  await expect(fixed.getByRole('cell', { name: /^0\.\d\d$/ }).first()).toBeVisible();

  // The exam's figures follow the new scores.
  await page.getByRole('button', { name: '考试概况' }).click();
  await expect(page.getByTestId('metric-mean')).toHaveText(/^\d+\.\d$/);
  await expect(page.getByTestId('metric-mean')).not.toHaveText(meanBefore ?? '');
});
