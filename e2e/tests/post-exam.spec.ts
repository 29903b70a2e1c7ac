import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiCall, apiPost, apiToken, signedIn, staffUserId } from '../support';

/**
 * The post exam journey (issue 16): a post with an ability model (set up through the API), a post paper
 * generated from it on paper/post, a post exam created and published on exam/post, two staff of the post
 * taking it on the /m pages, and exam/post/detail showing each one's level per ability.
 */

const STAFF_PASSWORD = 'Kaopei2024post';

const levels = [1, 2, 3, 4, 5].map((level) => ({
  level,
  name: `${level}级`,
  behaviour: `第 ${level} 级的行为表现`,
}));

interface Setup {
  postName: string;
  abilities: { id: number; name: string }[];
  staff: { account: string; realName: string; id: number }[];
}

/** Knowledge points, two abilities on them, a post with a 60/40 model, 12 true/false questions, two staff. */
async function setUp(request: APIRequestContext, token: string): Promise<Setup> {
  const tag = Date.now().toString(36);
  const dimensions = await apiCall<{ id: number }[]>(
    request,
    token,
    'GET',
    '/post/api/v1/ability/dimension/list',
  );
  const dimensionId = dimensions[0]?.id ?? 0;
  const abilities: Setup['abilities'] = [];
  const knowledgeIds: number[] = [];
  for (const name of [`接口设计${tag}`, `缺陷分析${tag}`]) {
    const node = await apiPost<{ id: number }>(request, token, '/knowledge/api/v1/knowledge/add', { name });
    knowledgeIds.push(node.id);
    const ability = await apiPost<{ id: number }>(request, token, '/post/api/v1/ability/add', {
      name,
      dimensionId,
      levels,
      knowledgeIds: [node.id],
    });
    abilities.push({ id: ability.id, name });
  }
  const postName = `岗位考试岗${tag}`;
  const post = await apiPost<{ postId: number }>(request, token, '/post/api/v1/post/add', { name: postName });
  await apiPost(request, token, '/post/api/v1/ability/model/save', {
    postId: post.postId,
    items: [
      { abilityId: abilities[0]?.id, requiredLevel: 3, weight: 60 },
      { abilityId: abilities[1]?.id, requiredLevel: 2, weight: 40 },
    ],
  });
  const bank = await apiPost<{ bankId: number }>(request, token, '/question/api/v1/bank/add', {
    name: `岗位题库${tag}`,
  });
  for (const [index, knowledgeId] of knowledgeIds.entries()) {
    for (let i = 0; i < 6; i += 1) {
      const added = await apiPost<{ questionId: number }>(request, token, '/question/api/v1/questions/add', {
        bankId: bank.bankId,
        type: 0,
        stem: `<p>能力 ${index + 1} 的第 ${i + 1} 题：该说法正确</p>`,
        answer: true,
        difficulty: 3 + i,
        knowledgeIds: [knowledgeId],
      });
      await apiPost(
        request,
        token,
        `/question/api/v1/questions/check?questionId=${added.questionId}&status=1`,
        {},
      );
    }
  }
  const staff: Setup['staff'] = [];
  for (const [i, realName] of ['岗甲', '岗乙'].entries()) {
    const account = `postexam${tag}${i}`;
    await apiPost(request, token, '/user/api/v1/staff/add', {
      account,
      realName,
      password: STAFF_PASSWORD,
      postId: post.postId,
    });
    staff.push({ account, realName, id: await staffUserId(request, token, account) });
  }
  return { postName, abilities, staff };
}

/** Picks `text` in the antd Select labelled `label` (typing to filter). */
async function choose(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

/** One staff member takes the exam on a phone: `right` of the six true/false answered right. */
async function takeExam(browser: Browser, examId: number, account: string, right: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signedIn(page, account, `/m/exams/${examId}`, STAFF_PASSWORD);
  await page.getByRole('button', { name: '开始考试' }).click();
  await page.getByRole('button', { name: '确定开始' }).click();
  await expect(page).toHaveURL(/\/m\/attempts\/\d+$/);
  const question = page.getByTestId('question');
  for (let i = 0; i < 6; i += 1) {
    await expect(question).toContainText(`第 ${i + 1}/6 题`);
    await question.getByText(i < right ? '正确' : '错误', { exact: true }).click();
    await expect(page.getByTestId('save-status')).toHaveText(/已保存/);
    if (i < 5) await page.getByRole('button', { name: /下一题/ }).click();
  }
  await page.getByRole('button', { name: /答题卡/ }).click();
  await page
    .locator('.ant-drawer')
    .getByRole('button', { name: /交\s*卷/ })
    .click();
  await page.getByRole('button', { name: /确认交卷/ }).click();
  await expect(page).toHaveURL(/\/result$/);
  await context.close();
}

test('a post paper from the model, a post exam for the post staff, per-ability levels of each', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, 'admin');
  const setup = await setUp(request, token);

  // 岗位试卷: the model with its question supply, then a random paper drawn by weight (4 + 2 of 6).
  await signedIn(page, 'admin', '/manage/paper/post');
  await choose(page, 'post-paper-post', setup.postName);
  await expect(page.getByText(`「${setup.postName}」的能力模型`)).toBeVisible();
  await expect(page.getByRole('cell', { name: setup.abilities[0]?.name ?? '' })).toBeVisible();
  await page.getByTestId('post-paper-generate').click();
  const created = page.getByTestId('post-paper-created');
  await expect(created).toContainText('共 6 题');
  await expect(created.getByRole('row').filter({ hasText: setup.abilities[0]?.name ?? '' })).toContainText(
    '60%',
  );

  // 岗位考试: new exam for the post with that paper, published at once.
  await page.goto('/manage/exam/post');
  await page.getByTestId('purpose-exam-create').click();
  const dialog = page.getByRole('dialog');
  await choose(page, 'post-exam-post', setup.postName);
  await page.getByTestId('post-exam-paper').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '岗位测评卷' })
    .first()
    .click();
  const examName = `${setup.postName}能力考试`;
  await dialog.getByLabel('考试名称').fill(examName);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  const row = page.getByRole('row').filter({ hasText: examName });
  await expect(row).toContainText('2 / 0 / 0');
  const exams = await apiCall<{ examId: number; name: string }[]>(
    request,
    token,
    'GET',
    `/exam/api/v1/post/list?keyword=${encodeURIComponent(examName)}&page=0&size=10`,
  );
  const examId = exams[0]?.examId ?? 0;

  // Two staff of the post take it on /m: one all right, one with two right.
  await takeExam(browser, examId, setup.staff[0]?.account ?? '', 6);
  await takeExam(browser, examId, setup.staff[1]?.account ?? '', 2);

  // 岗位考试结果: each one's level per ability against the requirement.
  await row.getByRole('link', { name: '能力结果' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/exam/post/detail\\?examId=${examId}$`));
  const [first, second] = setup.staff;
  const [java, sql] = setup.abilities;
  await expect(page.getByTestId(`level-${first?.id}-${java?.id}`)).toContainText('5 级');
  await expect(page.getByTestId(`level-${first?.id}-${sql?.id}`)).toContainText('5 级');
  await expect(page.getByTestId(`level-${first?.id}-${java?.id}`)).toContainText('✓');
  await expect(page.getByTestId(`level-${second?.id}-${java?.id}`)).toContainText('级');
  await expect(page.getByTestId(`level-${second?.id}-${sql?.id}`)).toContainText('级');
  await expect(page.getByRole('row').filter({ hasText: second?.realName ?? '' })).toContainText('已完成');
});
