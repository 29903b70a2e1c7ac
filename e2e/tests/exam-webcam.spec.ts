import { expect as baseExpect, test } from '../a11y';
import { CHROMIUM_ARGS } from '../playwright.config';
import { apiToken, seedExam, signedIn, staffUserId } from '../support';

/**
 * Webcam snapshots (issue 7): the candidate consents, the page captures a frame of the camera (Chromium's
 * fake camera) and uploads it through the storage adapter; the invigilator sees the count on the board
 * and the picture in the detail drawer.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const CANDIDATE = { account: 'zhangsan', name: '张三' };

test.use({
  viewport: { width: 390, height: 844 },
  permissions: ['camera'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

test('a consenting candidate is photographed and the invigilator sees the snapshot', async ({
  page,
  browser,
  request,
}) => {
  const token = await apiToken(request, 'admin');
  const name = `抓拍考试${Date.now().toString(36)}`;
  const examId = await seedExam(request, token, {
    name,
    questions: [{ type: 0, stem: '<p>摄像头监考时可以离开座位</p>', answer: false }],
    sectionName: '判断题',
    settings: { webcamSnapshots: true, snapshotIntervalSeconds: 10 },
    audience: { mode: 'assigned', userIds: [await staffUserId(request, token, CANDIDATE.account)] },
  });

  await signedIn(page, CANDIDATE.account, `/m/exams/${examId}`);
  await page.getByRole('button', { name: '开始考试' }).click();
  await page.getByRole('button', { name: '确定开始' }).click();
  await expect(page).toHaveURL(/\/m\/attempts\/\d+$/);
  const consent = page.getByRole('dialog').filter({ hasText: '摄像头监考' });
  await expect(consent).toContainText('每 10 秒抓拍一张照片');
  await consent.getByRole('button', { name: '同意并开启' }).click();
  await expect(page.getByText('摄像头监考中')).toBeVisible();
  await page.getByTestId('question').getByText('错误', { exact: true }).click();
  await expect(page.getByTestId('save-status')).toHaveText(/已保存/);

  // The invigilator's board counts the snapshot and the drawer shows the picture.
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const admin = await adminContext.newPage();
  await signedIn(admin, 'admin', `/manage/exam/monitor/detail?examId=${examId}`);
  const row = admin.getByRole('row').filter({ hasText: CANDIDATE.name });
  await expect(row).toContainText('答题中');
  await expect(row.getByTestId('monitor-snapshots')).not.toHaveText('0');
  await row.getByRole('button', { name: /^详\s*情$/ }).click();
  const drawer = admin
    .locator('.ant-drawer')
    .filter({ hasText: `${CANDIDATE.name}（${CANDIDATE.account}）` });
  await expect(drawer.getByTestId('monitor-events')).toContainText('允许摄像头');
  const picture = drawer.getByTestId('monitor-snapshot').first().locator('img');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await adminContext.close();
});
