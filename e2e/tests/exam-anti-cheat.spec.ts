import { expect as baseExpect, test, type Page } from '@playwright/test';
import { apiCall, apiToken, DEMO_PASSWORD, seedExam, staffUserId } from '../support';

/**
 * Anti-cheating (issue 7): a candidate in an exam allowing two leaves switches away three times. After
 * each of the first two the page says how many leaves remain; the third closes the attempt on the server
 * (reason cheating), the page says so and shows the result, and the administrator's results name it.
 *
 * Headless Chromium never changes document.visibilityState (bringing another page of the context to the
 * front, or minimising the window over CDP, was tried: the exam page stays 'visible' and no
 * visibilitychange fires). So a switch is simulated in the page: visibilityState is overridden to
 * 'hidden', visibilitychange is dispatched, then the same back to 'visible' — the event and the state the
 * page's listener reads are exactly what a real switch produces.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
// Not wangwu: account.spec.ts changes his password for a while.
const CANDIDATE = { account: 'sunqi' };

test.use({ viewport: { width: 390, height: 844 } });

/** The page goes to the background and comes back (see the note above). */
async function switchAway(page: Page): Promise<void> {
  await page.evaluate(() => {
    const set = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    set('hidden');
    set('visible');
  });
}

test('leaving the exam page past the limit submits the attempt as cheating', async ({ page, request }) => {
  const adminToken = await apiToken(request, 'admin');
  const name = `防作弊考试${Date.now().toString(36)}`;
  const examId = await seedExam(request, adminToken, {
    name,
    questions: [
      { type: 0, stem: '<p>考试期间可以切换到其他页面查资料</p>', answer: false, analysis: '见考场规则' },
    ],
    sectionName: '判断题',
    settings: { leaveLimit: 2, blockCopyPaste: true },
    audience: { mode: 'assigned', userIds: [await staffUserId(request, adminToken, CANDIDATE.account)] },
  });

  await page.goto(`/m/exams/${examId}`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByPlaceholder(/账号/).first().fill(CANDIDATE.account);
  await page.getByPlaceholder(/密码/).first().fill(DEMO_PASSWORD);
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await page.getByRole('button', { name: '开始考试' }).click();
  await page.getByRole('button', { name: '确定开始' }).click();
  await expect(page.getByTestId('question')).toBeVisible();
  await expect(page.getByTestId('leaves-left')).toHaveText('还可切屏 2 次');

  // Copying is blocked with a message.
  await page.getByTestId('question').dispatchEvent('copy');
  await expect(page.getByText('考试期间禁止复制、粘贴和右键菜单')).toBeVisible();

  await page.getByTestId('question').getByText('错误', { exact: true }).click();
  await expect(page.getByTestId('save-status')).toHaveText(/已保存/);

  await switchAway(page);
  await expect(page.getByText('还可切屏 1 次，超过将自动交卷。')).toBeVisible();
  await expect(page.getByTestId('leaves-left')).toHaveText('还可切屏 1 次');
  await switchAway(page);
  await expect(page.getByText('还可切屏 0 次，再离开考试页面将自动交卷！')).toBeVisible();
  await expect(page.getByTestId('leaves-left')).toHaveText('还可切屏 0 次');

  await switchAway(page);
  const notice = page.getByRole('dialog').filter({ hasText: '已自动交卷' });
  await expect(notice.getByTestId('cheating-notice')).toContainText('超过了限制（2 次），系统已自动交卷');
  await notice.getByRole('button', { name: '查看结果' }).click();
  await expect(page).toHaveURL(/\/m\/attempts\/\d+\/result$/);
  // The answer saved before the third leave was graded: 10 of 10.
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByTestId('result-score')).toHaveText('10.0');

  const results = await apiCall<{ account: string; submitReason: string | null }[]>(
    request,
    adminToken,
    'POST',
    `/exam/api/v1/exam/result/search?examId=${examId}&page=0&size=10`,
    {},
  );
  expect(results.find((row) => row.account === CANDIDATE.account)?.submitReason).toBe('cheating');

  // The administrator's results page names the reason.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await page.getByPlaceholder(/账号/).first().fill('admin');
  await page.getByPlaceholder(/密码/).first().fill(DEMO_PASSWORD);
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/manage/exam/result?examId=${examId}`);
  const row = page.getByRole('row').filter({ hasText: CANDIDATE.account });
  await expect(row.getByText('作弊/切屏超限')).toBeVisible();
});
