import { type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiPost, apiToken, signedIn } from '../support';

/** Clicks the option of the open antd select (its listbox options are hidden a11y helpers). */
async function pickOption(page: Page, text: string): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).click();
}

test("an admin adds an ability with its five anchors and builds a post's model", async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const abilityName = `数据分析${suffix}`;
  const token = await apiToken(request, 'admin');
  const post = await apiPost<{ postId: number }>(request, token, '/post/api/v1/post/add', {
    name: `数据分析师${suffix}`,
  });

  await signedIn(page, 'admin', '/manage/post/ability');
  await expect(page.getByRole('heading', { name: '能力模型' })).toBeVisible();
  // The seeded library: the four dimensions and their abilities.
  await expect(page.getByRole('button', { name: /^通用素质 \d+$/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /编程语言基础/ })).toBeVisible();

  // A new ability with the five behavioural anchors (names start as 入门…专家).
  await page.getByRole('button', { name: /新增能力/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增能力' });
  await dialog.getByLabel('能力名称').fill(abilityName);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请填写第 1 级行为描述')).toBeVisible();
  const behaviours = [
    '能在指导下整理数据并制作简单报表',
    '能独立完成常规数据提取与描述统计',
    '能设计分析框架，从数据中发现业务问题',
    '能建立指标体系与分析模型，支撑业务决策',
    '能制定组织的数据分析方法与规范，培养分析团队',
  ];
  for (const [index, behaviour] of behaviours.entries())
    await dialog.getByLabel(`第 ${index + 1} 级行为描述`).fill(behaviour);
  await expect(dialog.getByLabel('第 5 级名称')).toHaveValue('专家');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('能力已保存')).toBeVisible();
  // Its anchors, in the expanded row.
  await page
    .getByRole('row', { name: new RegExp(abilityName) })
    .getByRole('button', { name: '展开行' })
    .click();
  await expect(page.getByRole('list', { name: `${abilityName}的五级行为描述` })).toContainText(
    `L5 专家：${behaviours[4]}`,
  );

  // The post's model, opened by its link: add the new ability and 沟通表达 from the library.
  await page.goto(`/manage/post/ability?postId=${post.postId}`);
  await expect(page.getByRole('tab', { name: '岗位能力模型', selected: true })).toBeVisible();
  await expect(page.getByText('该岗位还没有能力模型')).toBeVisible();
  const pick = async (name: string) => {
    await page.getByLabel('从能力库添加能力').click();
    await page.getByLabel('从能力库添加能力').fill(name);
    await pickOption(page, name);
    await page.getByRole('button', { name: /添加能力/ }).click();
  };
  await pick(abilityName);
  await pick('沟通表达');
  await page.getByLabel(`${abilityName}的权重`).fill('60');
  await page.getByLabel('沟通表达的权重').fill('30');
  await page.getByLabel(`${abilityName}的要求等级`).click();
  await pickOption(page, 'L4 高级');
  // The running total and the error, before saving is possible.
  await expect(page.getByText('权重合计：90%')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('能力权重合计必须为 100%，当前为 90%');
  await expect(page.getByRole('button', { name: /保存模型/ })).toBeDisabled();
  await expect(page.getByText(behaviours[3] ?? '')).toBeVisible();

  await page.getByLabel('沟通表达的权重').fill('40');
  await expect(page.getByText('权重合计：100%')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: /保存模型/ }).click();
  await expect(page.getByText('能力模型已保存')).toBeVisible();

  // Stored: after a reload the model is there with its levels and weights.
  await page.reload();
  await expect(page.getByLabel(`${abilityName}的权重`)).toHaveValue('60');
  await expect(page.getByLabel('沟通表达的权重')).toHaveValue('40');
  await expect(page.getByText('权重合计：100%')).toBeVisible();
});
