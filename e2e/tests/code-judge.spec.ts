import { expect, test } from '../a11y';
import { apiCall, apiToken, seedExam, signedIn, staffUserId } from '../support';

/**
 * Code judging end to end: a candidate writes a Python solution in the editor, runs the sample case
 * (运行示例, judged by the server's sandbox through the queue), submits, and sees the judged score.
 */

test.use({ viewport: { width: 375, height: 812 } });

const CANDIDATE = 'zhaoliu';

test('a candidate runs the sample case of a code question, submits, and sees the judged score', async ({
  page,
  request,
}) => {
  // Generous for a busy CI machine; about 30 s when it is idle.
  const adminToken = await apiToken(request, 'admin');
  const name = `编程判题${Date.now().toString(36)}`;
  const examId = await seedExam(request, adminToken, {
    name,
    questions: [
      {
        type: 5,
        stem: '<p>输入两个整数，输出它们的和</p>',
        analysis: '读入一行，按空格分开求和',
        answer: {
          languages: ['python'],
          templates: { python: '# 在此编写代码\n' },
          testCases: [
            { input: '1 2\n', output: '3\n', sample: true },
            { input: '40 2\n', output: '42\n', sample: false },
          ],
          timeLimit: 2000,
          memoryLimit: 128,
        },
      },
    ],
    sectionName: '编程题',
    passScore: 6,
    settings: { showAnswers: 'immediately' },
    audience: { mode: 'assigned', userIds: [await staffUserId(request, adminToken, CANDIDATE)] },
  });

  await signedIn(page, CANDIDATE, `/m/exams/${examId}`);
  await page.getByRole('button', { name: '开始考试' }).click();
  await page.getByRole('button', { name: '确定开始' }).click();
  await expect(page).toHaveURL(/\/m\/attempts\/\d+$/);
  const attemptId = Number(/attempts\/(\d+)/.exec(page.url())?.[1]);

  const question = page.getByTestId('question');
  await question.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('print(sum(map(int, input().split())))');
  await expect(page.getByTestId('save-status')).toHaveText(/已保存/);

  // 运行示例: queued, judged in the sandbox, shown per case.
  const run = page.getByTestId('code-run');
  await run.getByRole('button', { name: /运行示例/ }).click();
  await expect(run.getByText('通过', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(run).toContainText('通过 1/1');
  await expect(run).toContainText('预期输出');
  await expect(run).toContainText(/\d+ ms/);
  // Only the sample case was run: the hidden case's input never reaches the page.
  await expect(run).not.toContainText('40 2');

  await page.getByRole('button', { name: /答题卡/ }).click();
  await page
    .locator('.ant-drawer')
    .getByRole('button', { name: /交\s*卷/ })
    .click();
  await page.getByRole('button', { name: /确认交卷/ }).click();
  await expect(page).toHaveURL(new RegExp(`/m/attempts/${attemptId}/result$`));

  // The code answer is judged against every case by the queue; once it is, the page shows the score.
  const candidateToken = await apiToken(request, CANDIDATE);
  await expect
    .poll(
      async () =>
        (
          await apiCall<{ score: number | null }>(
            request,
            candidateToken,
            'GET',
            `/exam/api/v1/candidate/result?attemptId=${attemptId}`,
          )
        ).score,
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(10);
  await page.reload();
  await expect(page.getByTestId('result-score')).toHaveText('10.0');
  await expect(page.getByTestId('result-summary')).toContainText('已评分');
  await expect(page.getByText('自动判题：通过，通过 2/2 个测试用例')).toBeVisible();
});
