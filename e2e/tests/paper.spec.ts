import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiToken, signedIn } from '../support';

const Q = '/question/api/v1/questions';

interface Api {
  post: <T>(url: string, data?: unknown) => Promise<T>;
  get: <T>(url: string) => Promise<T>;
}

async function adminApi(request: APIRequestContext): Promise<Api> {
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const unwrap = async <T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> => {
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { res: { data: T } }).res.data;
  };
  return {
    post: async <T>(url: string, data?: unknown) => unwrap<T>(await request.post(url, { headers, data })),
    get: async <T>(url: string) => unwrap<T>(await request.get(url, { headers })),
  };
}

async function createBank(api: Api, name: string): Promise<number> {
  return (await api.post<{ bankId: number }>('/question/api/v1/bank/add', { name, tagIds: [] })).bankId;
}

/** Adds a question and approves it (only approved questions go into papers). */
async function approvedQuestion(
  api: Api,
  bankId: number,
  question: { type: number; stem: string; difficulty?: number; knowledgeIds?: number[]; answer?: unknown },
): Promise<number> {
  const options =
    question.type === 1
      ? [
          { content: '甲', correct: false },
          { content: '乙', correct: true },
          { content: '丙', correct: false },
        ]
      : undefined;
  const added = await api.post<{ id: number }>(`${Q}/add`, {
    bankId,
    type: question.type,
    stem: question.stem,
    difficulty: question.difficulty ?? 3,
    knowledgeIds: question.knowledgeIds ?? [],
    ...(options ? { options } : {}),
    ...(question.type === 0 ? { answer: question.answer ?? true } : {}),
  });
  await api.post(`${Q}/check?questionId=${added.id}&status=1`, {});
  return added.id;
}

async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.keyboard.type(option);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** Keyboard drag with dnd-kit: Space picks up, arrows move, Space drops. */
async function keyboardDrag(
  page: Page,
  handle: Locator,
  key: 'ArrowUp' | 'ArrowDown',
  times = 1,
): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
}

async function sectionNames(page: Page): Promise<string[]> {
  return page
    .getByTestId('paper-outline')
    .locator('section[data-testid^="section-"]')
    .evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('data-testid')?.slice('section-'.length) ?? ''),
    );
}

interface PaperDetail {
  paperId: number;
  name: string;
  totalScore: number;
  questionCount: number;
  sectionVOS: { name: string; questionVOS: { questionId: number; points: number }[] }[];
}

test('builds a paper by hand: classify by type off and on, reorder, points, save, list, preview and print', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const api = await adminApi(request);
  const bankId = await createBank(api, `组卷题库${tag}`);
  const single1 = await approvedQuestion(api, bankId, { type: 1, stem: `单选一${tag}` });
  const single2 = await approvedQuestion(api, bankId, { type: 1, stem: `单选二${tag}` });
  await approvedQuestion(api, bankId, { type: 1, stem: `单选三${tag}` });
  await approvedQuestion(api, bankId, { type: 0, stem: `判断一${tag}`, answer: true });

  await signedIn(page, 'admin', '/manage/paper/manual');
  const name = `手工试卷${tag}`;
  await page.getByLabel('试卷名称', { exact: true }).fill(name);

  const picker = page.getByTestId('question-picker');
  await page.getByLabel('选题关键词').fill(tag);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(picker.locator('tr.ant-table-row')).toHaveCount(4, { timeout: 30_000 });
  const pick = async (stem: string) => {
    await picker.getByRole('button', { name: `选择 ${stem}`, exact: true }).click();
    await expect(picker.getByRole('button', { name: `选择 ${stem}`, exact: true })).toBeHidden();
  };

  // Classify by type off: the first pick creates 默认大题 and the next one joins it.
  await pick(`单选一${tag}`);
  await pick(`单选二${tag}`);
  expect(await sectionNames(page)).toEqual(['默认大题']);

  // On: each question goes to the section named after its type, created when missing.
  await page.getByRole('switch', { name: '按题型分类' }).click();
  await pick(`判断一${tag}`);
  await pick(`单选三${tag}`);
  expect(await sectionNames(page)).toEqual(['默认大题', '判断题', '单选题']);
  const stats = page.getByTestId('paper-stats');
  await expect(stats).toContainText('总分40.0分');

  // Reorder: 判断题 to the top, then the second question of 默认大题 above the first.
  await keyboardDrag(page, page.getByRole('button', { name: '拖动大题 判断题' }), 'ArrowUp');
  await expect.poll(() => sectionNames(page)).toEqual(['判断题', '默认大题', '单选题']);
  await keyboardDrag(page, page.getByRole('button', { name: '拖动第 3 题' }), 'ArrowUp');
  const defaultSection = page.getByTestId('section-默认大题');
  await expect(defaultSection.locator('li').first()).toContainText(`单选二${tag}`);

  // Points: the total follows.
  await page.getByLabel('第 2 题分值').fill('5');
  await expect(stats).toContainText('总分35.0分');

  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText(`试卷「${name}」已保存`)).toBeVisible();
  await page.waitForURL(/\/manage\/paper\/editor\?paperId=\d+/);
  const paperId = Number(new URL(page.url()).searchParams.get('paperId'));
  const saved = await api.get<PaperDetail>(`/paper/api/v1/paper/detail?paperId=${paperId}`);
  expect(saved.sectionVOS.map((s) => s.name)).toEqual(['判断题', '默认大题', '单选题']);
  expect(saved.sectionVOS[1]?.questionVOS).toEqual([
    expect.objectContaining({ questionId: single2, points: 5 }),
    expect.objectContaining({ questionId: single1, points: 10 }),
  ]);
  expect(saved.totalScore).toBe(35);

  // The list shows the statistics.
  await page.goto('/manage/paper/list');
  await page.getByLabel('搜索试卷').fill(name);
  await page.getByLabel('搜索试卷').press('Enter');
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toContainText('35.0');
  await row.getByRole('button', { name: `「${name}」题型分布` }).click();
  await expect(page.locator('.ant-popover:visible')).toContainText('判断题：1 题，10.0 分');

  // Preview as a candidate, then the answer key and the print layout.
  await row.getByRole('button', { name: /预\s*览/ }).click();
  await page.waitForURL(/\/manage\/paper\/preview/);
  const view = page.getByTestId('paper-view');
  await expect(view.getByTestId('view-question')).toHaveCount(4);
  await expect(view).toContainText('○ 正确');
  await expect(view.getByTestId('view-answer')).toHaveCount(0);
  await page.getByText('答案版', { exact: true }).click();
  const answers = view.getByTestId('view-answer');
  await expect(answers).toHaveCount(4);
  await expect(answers.first()).toContainText('答案：正确');
  await expect(answers.nth(1)).toContainText('答案：B');
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: /打\s*印/ }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(view).toContainText('姓名：');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: /打\s*印/ })).toBeHidden();
  await expect(view).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});

test('leaving the builder with unsaved changes asks first', async ({ page }) => {
  await signedIn(page, 'admin', '/manage/paper/manual');
  await page.getByLabel('试卷名称', { exact: true }).fill('未保存的试卷');
  await page.getByRole('switch', { name: '按题型分类' }).click();
  await page.getByRole('banner').getByRole('link', { name: '考培' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '离开此页面？' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /留\s*下/ }).click();
  await expect(page).toHaveURL(/\/manage\/paper\/manual/);
  await expect(page.getByLabel('试卷名称', { exact: true })).toHaveValue('未保存的试卷');
});

test('generates a random paper and names the rule that cannot be met', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const api = await adminApi(request);
  const bankName = `随机题库${tag}`;
  const bankId = await createBank(api, bankName);
  for (let i = 1; i <= 3; i++) await approvedQuestion(api, bankId, { type: 1, stem: `随机单选${i}${tag}` });
  for (let i = 1; i <= 2; i++) await approvedQuestion(api, bankId, { type: 0, stem: `随机判断${i}${tag}` });

  await signedIn(page, 'admin', '/manage/paper/random');
  await page.getByLabel('试卷名称', { exact: true }).fill(`随机试卷${tag}`);
  await chooseOption(page, page.getByLabel('大题1规则1来源题库'), bankName);
  await page.getByLabel('大题1规则1数量').fill('2');
  await page.getByLabel('大题1规则1分值').fill('5');
  await page.getByRole('button', { name: '新增大题' }).click();
  await chooseOption(page, page.getByLabel('大题2规则1来源题库'), bankName);
  await chooseOption(page, page.getByLabel('大题2规则1题型'), '判断题');
  await page.getByLabel('大题2规则1数量').fill('3');
  await page.getByText('每位考生开考时单独抽题').click();
  await page.getByRole('switch', { name: '试题乱序' }).click();

  await page.getByRole('button', { name: '生成随机试卷' }).click();
  const error = page.getByTestId('random-error');
  await expect(error).toContainText('符合条件的已审核试题只有 2 道');
  await expect(error).toContainText('少于要求的 3 道');

  await page.getByLabel('大题2规则1数量').fill('2');
  await page.getByRole('button', { name: '生成随机试卷' }).click();
  await page.waitForURL(/\/manage\/paper\/detail\?paperId=\d+/);
  await expect(page.getByText('每位考生开考时按规则单独抽题。')).toBeVisible();
  await expect(page.getByText(/第2大题：判断题 2 道，每题 10 分/)).toBeVisible();

  // The preview draws one candidate's paper from the rules.
  await page.getByRole('link', { name: '预览与打印' }).click();
  const view = page.getByTestId('paper-view');
  await expect(view.getByTestId('view-question')).toHaveCount(4);
  await expect(view).toContainText('满分 30.0 分');
});

test('generates an intelligent paper that meets knowledge and difficulty rules, and explains an impossible one', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const api = await adminApi(request);
  const fire = `消防${tag}`;
  const electric = `用电${tag}`;
  const fireId = (
    await api.post<{ id: number }>('/knowledge/api/v1/knowledge/add', { name: fire, parentId: null })
  ).id;
  const electricId = (
    await api.post<{ id: number }>('/knowledge/api/v1/knowledge/add', { name: electric, parentId: null })
  ).id;
  const bankName = `智能题库${tag}`;
  const bankId = await createBank(api, bankName);
  const pool: [number, number[]][] = [
    [2, [fireId]],
    [8, [fireId]],
    [5, [fireId]],
    [6, [electricId]],
    [3, []],
    [9, []],
  ];
  for (const [index, [difficulty, knowledgeIds]] of pool.entries())
    await approvedQuestion(api, bankId, {
      type: 1,
      stem: `智能单选${index + 1}${tag}`,
      difficulty,
      knowledgeIds,
    });

  await signedIn(page, 'admin', '/manage/paper/auto');
  await page.getByLabel('试卷名称', { exact: true }).fill(`智能试卷${tag}`);
  await chooseOption(page, page.getByLabel('组卷题库'), bankName);
  await page.getByLabel('总分', { exact: true }).fill('20');
  await page.getByLabel('题数 1').fill('4');
  await page.getByLabel('每题分值 1').fill('5');
  await page.getByText('目标平均难度', { exact: true }).click();
  await page.getByRole('spinbutton', { name: '目标平均难度' }).fill('5');
  await page.getByLabel('允许偏差').fill('0.5');
  await page.getByRole('button', { name: '添加知识点要求' }).click();
  await page.getByLabel('知识点 1', { exact: true }).click();
  await page.keyboard.type(fire);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .filter({ hasText: fire })
    .first()
    .click();
  await page.getByLabel('知识点最少题数 1').fill('2');

  await page.getByRole('button', { name: '生成试卷' }).click();
  const result = page.getByTestId('auto-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  const checks = result.getByTestId('auto-checks');
  await expect(checks.locator('tr', { hasText: '平均难度' })).toContainText('满足');
  await expect(checks.locator('tr', { hasText: `知识点「${fire}」` })).toContainText('满足');
  await expect(checks.locator('tr', { hasText: '总分' })).toContainText('20 分');
  await expect(checks).not.toContainText('不满足');
  await expect(result).toContainText('总分20.0分');

  // Ask for more 消防 questions than exist: the failing rule is named, with how close the best paper gets.
  await page.getByLabel('知识点最少题数 1').fill('4');
  await page.getByRole('button', { name: '生成试卷' }).click();
  const infeasible = page.getByTestId('auto-infeasible');
  await expect(infeasible).toBeVisible({ timeout: 30_000 });
  await expect(infeasible.getByTestId('auto-violation').first()).toContainText(fire);
  await expect(infeasible.getByTestId('auto-best')).toContainText('最接近的试卷');
  await expect(infeasible.getByTestId('auto-best').locator('tr', { hasText: fire })).toContainText(
    '至少 4 题',
  );

  // Back to a feasible request, and save the paper.
  await page.getByLabel('知识点最少题数 1').fill('2');
  await page.getByRole('button', { name: '生成试卷' }).click();
  await expect(page.getByTestId('auto-result')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '保存试卷' }).click();
  await page.waitForURL(/\/manage\/paper\/detail\?paperId=\d+/);
  const paperId = Number(new URL(page.url()).searchParams.get('paperId'));
  const saved = await api.get<PaperDetail>(`/paper/api/v1/paper/detail?paperId=${paperId}`);
  expect(saved.questionCount).toBe(4);
  expect(saved.totalScore).toBe(20);
});
