import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiCall, apiToken, departmentId, seedExam, staffUserId } from '../support';

/**
 * The candidate's side of an exam on a phone-sized screen: set up through the admin API, taken through
 * the /m pages — every question type, a reload, an offline stretch, a second device, the result — and an
 * attempt whose browser is gone, closed and graded by the server at the deadline.
 */

test.use({ viewport: { width: 375, height: 812 } });

const api = apiCall;

const QUESTIONS = [
  { type: 0, stem: '<p>安全帽是必需的防护用品</p>', answer: true },
  {
    type: 1,
    stem: '<p>1+1 等于几？</p>',
    options: [
      { content: '1', correct: false },
      { content: '2', correct: true },
      { content: '3', correct: false },
    ],
  },
  {
    type: 2,
    stem: '<p>下列哪些是偶数？</p>',
    options: [
      { content: '2', correct: true },
      { content: '3', correct: false },
      { content: '4', correct: true },
    ],
  },
  {
    type: 3,
    stem: '<p>____的首都是____</p>',
    answer: { blanks: [{ answers: ['中国'] }, { answers: ['北京', '北京市'] }], caseSensitive: false },
  },
  { type: 4, stem: '<p>简述安全生产的意义</p>', answer: { reference: '保障人身安全', scoringPoints: [] } },
  {
    type: 5,
    stem: '<p>输出 hello</p>',
    answer: {
      languages: ['python'],
      templates: { python: '# 在此编写代码\n' },
      testCases: [{ input: '', output: 'hello', sample: true }],
    },
  },
];

interface AttemptQuestion {
  questionId: number;
  type: number;
  answer: unknown;
  flagged: boolean;
}

async function serverAnswers(
  request: APIRequestContext,
  token: string,
  attemptId: number,
): Promise<Map<number, AttemptQuestion>> {
  const view = await api<{ sections: { questions: AttemptQuestion[] }[] }>(
    request,
    token,
    'GET',
    `/exam/api/v1/candidate/attempt?attemptId=${attemptId}`,
  );
  return new Map(view.sections.flatMap((section) => section.questions).map((q) => [q.type, q]));
}

async function signInHere(page: Page, account: string): Promise<void> {
  await page.getByPlaceholder(/账号/).first().fill(account);
  await page
    .getByPlaceholder(/密码/)
    .first()
    .fill(process.env.DEMO_PASSWORD ?? 'Kaopei@2024');
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
}

const saveStatus = (page: Page) => page.getByTestId('save-status');
const question = (page: Page) => page.getByTestId('question');

async function next(page: Page, type: number): Promise<void> {
  await page.getByRole('button', { name: /下一题/ }).click();
  await expect(question(page)).toHaveAttribute('data-question-type', String(type));
}

async function openQuestion(page: Page, number: number): Promise<void> {
  await page.getByRole('button', { name: /答题卡/ }).click();
  await page.getByRole('button', { name: new RegExp(`^第 ${number} 题`) }).click();
  await expect(question(page)).toContainText(`第 ${number}/6 题`);
}

test('a candidate takes an exam on a phone: every type, reload, offline and back, submit, result', async ({
  page,
  browser,
  request,
}) => {
  const adminToken = await apiToken(request, 'admin');
  const name = `手机考试${Date.now().toString(36)}`;
  const examId = await seedExam(request, adminToken, {
    name,
    questions: QUESTIONS.map((question) => ({ analysis: '见教材第一章', ...question })),
    sectionName: '综合题',
    passScore: 30,
    settings: { showAnswers: 'immediately', showAnalysis: true },
    audience: { mode: 'assigned', departmentIds: [await departmentId(request, adminToken, '研发组')] },
  });

  // The exam link, opened signed out, goes through sign-in and back.
  await page.goto(`/m/exams/${examId}`);
  await expect(page).toHaveURL(/\/login$/);
  await signInHere(page, 'zhangsan');
  await expect(page).toHaveURL(new RegExp(`/m/exams/${examId}$`));
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText('30分钟')).toBeVisible();
  await expect(page.getByText('已考 0 次，共 1 次')).toBeVisible();

  // The list shows it under 可参加.
  await page.goto('/m');
  await expect(page.getByTestId('exam-card').filter({ hasText: name })).toBeVisible();
  await page.getByTestId('exam-card').filter({ hasText: name }).click();

  await page.getByRole('button', { name: '开始考试' }).click();
  await page.getByRole('button', { name: '确定开始' }).click();
  await expect(page).toHaveURL(/\/m\/attempts\/\d+$/);
  const attemptId = Number(/attempts\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByTestId('countdown')).toHaveText(/^(30:00|29:\d\d)$/);

  // 1 判断
  await expect(question(page)).toHaveAttribute('data-question-type', '0');
  await question(page).getByText('正确', { exact: true }).click();
  await expect(saveStatus(page)).toHaveText(/已保存/);
  // 2 单选, marked for review
  await next(page, 1);
  await question(page).getByText('2', { exact: true }).click();
  await question(page)
    .getByRole('button', { name: /标\s*记$/ })
    .click();
  await expect(question(page).getByRole('button', { name: /已标记/ })).toBeVisible();
  // 3 多选
  await next(page, 2);
  await question(page).getByText('2', { exact: true }).click();
  await question(page).getByText('4', { exact: true }).click();
  // 4 填空, two blanks; reload at once (before the typing pause is over): the outbox keeps it.
  await next(page, 3);
  await question(page).getByLabel('第 1 空').fill('中国');
  await question(page).getByLabel('第 2 空').fill('北京');
  await page.reload();
  await expect(question(page)).toHaveAttribute('data-question-type', '3');
  await expect(question(page).getByLabel('第 1 空')).toHaveValue('中国');
  await expect(question(page).getByLabel('第 2 空')).toHaveValue('北京');
  await expect(saveStatus(page)).toHaveText(/已保存/);
  await openQuestion(page, 1);
  await expect(question(page).getByRole('radio', { name: '正确' })).toBeChecked();
  await openQuestion(page, 2);
  await expect(question(page).getByRole('button', { name: /已标记/ })).toBeVisible();

  const token = await apiToken(request, 'zhangsan');
  let saved = await serverAnswers(request, token, attemptId);
  expect(saved.get(0)?.answer).toBe(true);
  expect(saved.get(2)?.answer).toHaveLength(2);
  expect(saved.get(3)?.answer).toEqual(['中国', '北京']);
  expect(saved.get(1)?.flagged).toBe(true);

  // 5 简答, given offline: kept in this browser, sent when the connection is back.
  await openQuestion(page, 5);
  await page.context().setOffline(true);
  const essay = '保障人身安全，减少事故损失';
  await question(page).getByLabel('答案').fill(essay);
  await expect(saveStatus(page)).toHaveText('离线，答案已暂存本机');
  saved = await serverAnswers(request, token, attemptId);
  expect(saved.get(4)?.answer).toBeNull();
  await page.context().setOffline(false);
  await expect(saveStatus(page)).toHaveText(/已保存/, { timeout: 15_000 });
  saved = await serverAnswers(request, token, attemptId);
  expect(saved.get(4)?.answer).toBe(essay);

  // 6 编程 in the code editor.
  await next(page, 5);
  const editor = question(page).locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type("print('hello')");
  await expect(saveStatus(page)).toHaveText(/已保存/);
  await expect
    .poll(async () => (await serverAnswers(request, token, attemptId)).get(5)?.answer)
    .toEqual({ language: 'python', code: "print('hello')" });

  // A second device sees the answers already on the server.
  const other = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const second = await other.newPage();
  await second.goto(`/m/attempts/${attemptId}`);
  await signInHere(second, 'zhangsan');
  await expect(second).toHaveURL(new RegExp(`/m/attempts/${attemptId}$`));
  await openQuestion(second, 5);
  await expect(question(second).getByLabel('答案')).toHaveValue(essay);
  await other.close();

  // The answer sheet and the submit summary.
  await page.getByRole('button', { name: /答题卡/ }).click();
  await expect(page.getByTestId('sheet-summary')).toContainText('已答 6');
  await expect(page.getByTestId('sheet-summary')).toContainText('标记 1');
  await page
    .locator('.ant-drawer')
    .getByRole('button', { name: /交\s*卷/ })
    .click();
  await expect(page.getByTestId('submit-summary')).toContainText('所有题目都已作答');
  await expect(page.getByTestId('submit-summary')).toContainText('1 道题标记了待检查');
  await page.getByRole('button', { name: /确认交卷/ }).click();

  // The result: objective questions graded (4 × 10), the short answer waits for marking; the code
  // answer is judged by the queue, possibly already (10 more).
  await expect(page).toHaveURL(new RegExp(`/m/attempts/${attemptId}/result$`));
  await expect(page.getByTestId('result-score')).toHaveText(/^(40\.0|50\.0)$/);
  await expect(page.getByTestId('result-summary')).toContainText('待阅卷');
  await expect(page.getByTestId('result-question')).toHaveCount(6);
  await expect(page.getByTestId('answer-key').first()).toBeVisible();
  await expect(page.getByText('第1空：中国；第2空：北京').first()).toBeVisible();
  await expect(page.getByTestId('analysis').first()).toHaveText(/见教材第一章/);
  expect(await page.evaluate((id) => localStorage.getItem(`kaopei.exam.outbox.${id}`), attemptId)).toBeNull();
});

test('an attempt whose browser is gone is closed and graded by the server after the deadline', async ({
  browser,
  request,
}) => {
  // One minute of exam, the 30 s grace, the 2 s sweep, and set-up.
  test.setTimeout(240_000);
  const adminToken = await apiToken(request, 'admin');
  const name = `断网交卷${Date.now().toString(36)}`;
  const examId = await seedExam(request, adminToken, {
    name,
    questions: QUESTIONS.map((question) => ({ analysis: '见教材第一章', ...question })),
    sectionName: '综合题',
    durationMinutes: 1,
    passScore: 30,
    settings: { showAnswers: 'immediately', showAnalysis: true },
    audience: { mode: 'assigned', userIds: [await staffUserId(request, adminToken, 'sunqi')] },
  });

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(`/m/exams/${examId}`);
  await signInHere(page, 'sunqi');
  await expect(page).toHaveURL(new RegExp(`/m/exams/${examId}$`));
  await page.getByRole('button', { name: '开始考试' }).click();
  await page.getByRole('button', { name: '确定开始' }).click();
  await expect(page).toHaveURL(/\/m\/attempts\/\d+$/);
  await expect(page.getByTestId('countdown')).toHaveText(/^(01:00|00:[0-5]\d)$/);
  await question(page).getByText('正确', { exact: true }).click();
  await expect(saveStatus(page)).toHaveText(/已保存/);
  await context.close();

  // Nobody submits: the server closes the attempt after the deadline and grace, and grades it.
  await expect
    .poll(
      async () => {
        const rows = await api<{ account: string; score: number | null; submitReason: string | null }[]>(
          request,
          adminToken,
          'POST',
          `/exam/api/v1/exam/result/search?examId=${examId}&page=0&size=10`,
          {},
        );
        const row = rows.find((r) => r.account === 'sunqi');
        return row ? { score: row.score, reason: row.submitReason } : null;
      },
      { timeout: 150_000, intervals: [1_000] },
    )
    .toEqual({ score: 10, reason: 'timeout' });
});
