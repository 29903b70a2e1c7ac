import { type Page } from '@playwright/test';
import { expect as baseExpect, test } from '../a11y';
import { apiCall, apiPost, apiToken, DEMO_PASSWORD, seedExam, signedIn, staffUserId } from '../support';

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

/** Signs the candidate in on the exam's page and starts the attempt. */
async function startAsCandidate(page: Page, examId: number): Promise<void> {
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
}

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

  await startAsCandidate(page, examId);
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

interface ExamSettingsView {
  showScore: string;
  leaveLimit: number;
  blockCopyPaste: boolean;
  requireFullscreen: boolean;
  webcamSnapshots: boolean;
  snapshotIntervalSeconds: number;
}

test('rules set in the exam editor are enforced, and saving keeps the settings set through the API', async ({
  page,
  request,
}) => {
  const adminToken = await apiToken(request, 'admin');
  const name = `编辑器防作弊${Date.now().toString(36)}`;
  // Set through the API: a leave limit the editor will change, and a snapshot interval it shows no
  // field for while snapshots are off.
  const examId = await seedExam(request, adminToken, {
    name,
    questions: [{ type: 0, stem: '<p>考试期间应独立作答</p>', answer: true }],
    settings: { leaveLimit: 5, snapshotIntervalSeconds: 120 },
    audience: { mode: 'assigned', userIds: [await staffUserId(request, adminToken, CANDIDATE.account)] },
  });
  // Back to a draft: the administrator publishes it from the editor.
  await apiPost(request, adminToken, `/exam/api/v1/exam/unpublish?examId=${examId}`);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signedIn(page, 'admin', `/manage/exam/editor?examId=${examId}`);
  const leaveLimit = page.getByLabel('切屏次数上限');
  await expect(leaveLimit).toHaveValue('5');
  await expect(page.getByLabel('抓拍间隔（秒）')).toHaveCount(0);
  await leaveLimit.fill('1');
  const copyPaste = page.getByRole('switch', { name: '禁止复制粘贴' });
  await expect(copyPaste).toHaveAttribute('aria-checked', 'false');
  await copyPaste.click();
  await expect(copyPaste).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: '保存并发布' }).click();
  await expect(page).toHaveURL(/\/manage\/exam\/list$/);

  const saved = await apiCall<{ status: number; settings: ExamSettingsView }>(
    request,
    adminToken,
    'GET',
    `/exam/api/v1/exam/detail?examId=${examId}`,
  );
  expect(saved.status).toBe(1);
  expect(saved.settings).toMatchObject({
    leaveLimit: 1,
    blockCopyPaste: true,
    requireFullscreen: false,
    webcamSnapshots: false,
    // Kept although the editor never showed them.
    snapshotIntervalSeconds: 120,
    showScore: 'immediately',
  });

  // The candidate's side: one leave allowed, copying blocked, the second leave submits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.localStorage.clear());
  await startAsCandidate(page, examId);
  await expect(page.getByTestId('leaves-left')).toHaveText('还可切屏 1 次');
  await page.getByTestId('question').dispatchEvent('paste');
  await expect(page.getByText('考试期间禁止复制、粘贴和右键菜单')).toBeVisible();

  await switchAway(page);
  await expect(page.getByText('还可切屏 0 次，再离开考试页面将自动交卷！')).toBeVisible();
  await switchAway(page);
  const notice = page.getByRole('dialog').filter({ hasText: '已自动交卷' });
  await expect(notice.getByTestId('cheating-notice')).toContainText('超过了限制（1 次），系统已自动交卷');
});
