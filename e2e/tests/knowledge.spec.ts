import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiToken, signedIn } from '../support';

const K = '/knowledge/api/v1/knowledge';

interface TreeNode {
  id: number;
  name: string;
  parentId: number | null;
  questionCount: number;
  typeCounts: Record<string, number>;
  children: TreeNode[];
}

function find(nodes: TreeNode[], name: string): TreeNode | undefined {
  for (const node of nodes) {
    if (node.name === name) return node;
    const found = find(node.children, name);
    if (found) return found;
  }
  return undefined;
}

async function apiTree(request: APIRequestContext, token: string): Promise<TreeNode[]> {
  const res = await request.get(`${K}/tree`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { res: { data: TreeNode[] } }).res.data;
}

function treeNode(page: Page, name: string): Locator {
  return page.getByTestId(`knowledge-node-${name}`);
}

async function addRoot(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: '新增一级知识点' }).click();
  const dialog = page.getByRole('dialog', { name: '新增一级知识点' });
  await dialog.getByLabel('知识点名称').fill(name);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(treeNode(page, name)).toBeVisible();
}

async function addChild(page: Page, parent: string, name: string): Promise<void> {
  const node = treeNode(page, parent);
  await node.hover();
  await node.getByRole('button', { name: `知识点「${parent}」操作` }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '新增子知识点' }).click();
  const dialog = page.getByRole('dialog', { name: '新增子知识点' });
  await dialog.getByLabel('知识点名称').fill(name);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(treeNode(page, name)).toBeVisible();
}

test('builds a knowledge tree, moves a node by drag and drop, and shows the graph', async ({
  page,
  request,
}) => {
  // A tree built by drag and drop plus a question edited through the drawer: long on a busy machine.
  const suffix = Date.now().toString(36);
  const [math, algebra, equation, physics, mechanics] = ['数学', '代数', '方程', '物理', '力学'].map(
    (name) => `${name}${suffix}`,
  ) as [string, string, string, string, string];

  await signedIn(page, 'admin', '/manage/knowledge/edit');
  await expect(page.getByText('知识点管理').first()).toBeVisible();

  await addRoot(page, math);
  await addChild(page, math, algebra);
  await addChild(page, algebra, equation);
  await addRoot(page, physics);
  await addChild(page, physics, mechanics);

  // Drop 方程 onto the lower half of the expanded 物理 node: it becomes a child of 物理.
  const targetRow = page.locator('.ant-tree-treenode', { has: treeNode(page, physics) });
  const box = await targetRow.boundingBox();
  if (!box) throw new Error('target row not visible');
  await treeNode(page, equation).dragTo(targetRow, {
    targetPosition: { x: box.width / 2, y: box.height * 0.75 },
  });
  const confirm = page.getByRole('dialog', { name: '移动知识点' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /移\s*动/ }).click();
  await expect(page.getByText('知识点已移动')).toBeVisible();

  await page.reload();
  await expect(treeNode(page, physics)).toBeVisible();
  const token = await apiToken(request, 'admin');
  const tree = await apiTree(request, token);
  expect(
    find(tree, physics)
      ?.children.map((c) => c.name)
      .sort(),
  ).toEqual([equation, mechanics].sort());
  expect(find(tree, algebra)?.children).toEqual([]);
  await expect(treeNode(page, equation)).toBeVisible();

  // The refusal message when a node still has children.
  const mathNode = treeNode(page, math);
  await mathNode.hover();
  await mathNode.getByRole('button', { name: `知识点「${math}」操作` }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '删除' }).click();
  await expect(page.getByText('该知识点下还有子知识点，无法删除')).toBeVisible();
  await page.getByRole('button', { name: '知道了' }).click();

  // A question (set up through the API), linked to 力学 through the question editor's knowledge picker.
  const auth = { authorization: `Bearer ${token}` };
  const bankName = `题库${suffix}`;
  const bank = await request.post('/question/api/v1/bank/add', { headers: auth, data: { name: bankName } });
  expect(bank.ok(), await bank.text()).toBe(true);
  const bankId = ((await bank.json()) as { res: { data: { bankId: number } } }).res.data.bankId;
  const stem = `牛顿第一定律成立吗？${suffix}`;
  const added = await request.post('/question/api/v1/questions/add', {
    headers: auth,
    data: { bankId, type: 0, stem, answer: true },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto(`/manage/question/list?bankId=${bankId}`);
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: stem });
  // The first visit loads the list and editor code: allow for a busy machine.
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  const drawer = page.locator('.ant-drawer:visible');
  await expect(drawer.getByText('编辑试题', { exact: true })).toBeVisible();
  await drawer.getByLabel('知识点', { exact: true }).click();
  await page.keyboard.type(mechanics);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .filter({ hasText: mechanics })
    .click();
  await page.keyboard.press('Escape');
  await expect(drawer.locator('.ant-select-selection-item', { hasText: mechanics })).toBeVisible();
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('试题已保存')).toBeVisible();
  await expect(drawer).toBeHidden();

  // Opening the editor again shows the link.
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(
    page.locator('.ant-drawer:visible .ant-select-selection-item', { hasText: mechanics }),
  ).toBeVisible();
  await page
    .locator('.ant-drawer:visible')
    .getByRole('button', { name: /取\s*消/ })
    .click();

  const counted = find(await apiTree(request, token), physics);
  expect(counted?.questionCount).toBe(1);
  expect(counted?.typeCounts).toEqual({ '0': 1 });
  await page.goto('/manage/knowledge/edit');
  await expect(treeNode(page, mechanics).getByText('1 题')).toBeVisible();

  await page.goto('/manage/knowledge/show');
  const graph = page.getByTestId('knowledge-graph');
  await expect(graph).toBeVisible();
  await expect(graph.locator('canvas')).toBeVisible();
  await expect(graph.getByRole('img')).toHaveAttribute('aria-label', /知识图谱：\d+ 个知识点/);
  // The same counts as a table: 力学 and its parent 物理 hold the linked question.
  await page.getByText('查看各知识点题目数').click();
  const table = page.getByRole('region', { name: '各知识点题目数' });
  for (const name of [mechanics, physics]) {
    await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('判断题 1 道');
  }
  await expect(table.getByRole('row', { name: new RegExp(math) })).toContainText('暂无题目');
});
