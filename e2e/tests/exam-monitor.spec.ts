import { type Page } from '@playwright/test';
import { expect as baseExpect, test } from '../a11y';
import { apiToken, DEMO_PASSWORD, seedExam, signedIn, staffUserId } from '../support';

/**
 * Live monitoring (issue 7), two browsers: the invigilator's board on a desktop and the candidate on a
 * phone. The board follows the candidate without reloading (online, progress), and the invigilator's
 * warning, extra time and forced submit reach the candidate's page at once.
 */

// Two browsers and the server share two busy cores: allow page loads time.
const expect = baseExpect.configure({ timeout: 30_000 });

const CANDIDATE = { account: 'lisi', name: '李四' };

const QUESTIONS = [
  { type: 0, stem: '<p>考试期间可以离开考试页面</p>', answer: false },
  {
    type: 1,
    stem: '<p>发现考生作弊，监考员应当？</p>',
    options: [
      { content: '警告并记录', correct: true },
      { content: '视而不见', correct: false },
    ],
  },
  { type: 0, stem: '<p>考试时间可以由监考员延长</p>', answer: true },
];

/** 'mm:ss' or 'h:mm:ss' in seconds. */
function seconds(text: string | null): number {
  const parts = (text ?? '').trim().split(':').map(Number);
  if (parts.length < 2 || parts.some((part) => !Number.isFinite(part))) return Number.NaN;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

async function countdownSeconds(phone: Page): Promise<number> {
  return seconds(await phone.getByTestId('countdown').textContent());
}

test('an invigilator follows a candidate live, warns them, gives them time and submits for them', async ({
  page,
  browser,
  request,
}) => {
  const token = await apiToken(request, 'admin');
  const name = `监考考试${Date.now().toString(36)}`;
  const examId = await seedExam(request, token, {
    name,
    questions: QUESTIONS.map((question) => ({ analysis: '见考场规则', ...question })),
    sectionName: '判断与单选',
    settings: { showAnswers: 'after_end', showAnalysis: false },
    audience: { mode: 'assigned', userIds: [await staffUserId(request, token, CANDIDATE.account)] },
  });

  // The invigilator finds the exam among those running now (by name: other journeys' exams may fill the
  // first page) and opens its board.
  await signedIn(page, 'admin', '/manage/exam/monitor');
  await page.getByPlaceholder('搜索考试名称').fill(name);
  await page.getByPlaceholder('搜索考试名称').press('Enter');
  const examRow = page.getByRole('row').filter({ hasText: name });
  await expect(examRow).toContainText('进行中');
  await examRow.getByText('进入监控').click();
  await expect(page).toHaveURL(new RegExp(`/manage/exam/monitor/detail\\?examId=${examId}$`));
  await expect(page.getByTestId('monitor-connection')).toContainText('实时');
  const row = page.getByRole('row').filter({ hasText: CANDIDATE.name });
  await expect(row).toContainText('未开始');
  await expect(row.getByTestId('monitor-online')).toHaveText('离线');

  // The candidate starts on a phone and answers the first question.
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await phoneContext.newPage();
  await phone.goto(`/m/exams/${examId}`);
  await expect(phone).toHaveURL(/\/login$/);
  await phone.getByPlaceholder(/账号/).first().fill(CANDIDATE.account);
  await phone.getByPlaceholder(/密码/).first().fill(DEMO_PASSWORD);
  await phone
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await expect(phone).toHaveURL(new RegExp(`/m/exams/${examId}$`));
  await phone.getByRole('button', { name: '开始考试' }).click();
  await phone.getByRole('button', { name: '确定开始' }).click();
  await expect(phone).toHaveURL(/\/m\/attempts\/\d+$/);
  const question = phone.getByTestId('question');
  await question.getByText('错误', { exact: true }).click();
  await expect(phone.getByTestId('save-status')).toHaveText(/已保存/);

  // The board shows it without a reload.
  await expect(row.getByTestId('monitor-online')).toHaveText('在线');
  await expect(row).toContainText('答题中');
  await expect(row.getByTestId('monitor-progress')).toContainText('1/3');
  await expect(row.getByTestId('monitor-remaining')).toHaveText(/^(30:00|29:\d\d)$/);

  // A warning with a message: the candidate sees it at once and acknowledges it.
  const warning = '请勿离开考试页面，专心作答';
  await row.getByRole('button', { name: /^警\s*告$/ }).click();
  const warnDialog = page.getByRole('dialog').filter({ hasText: `警告考生「${CANDIDATE.name}」` });
  await warnDialog.getByLabel('警告内容').fill(warning);
  await warnDialog.getByRole('button', { name: '发送警告' }).click();
  const notice = phone.getByRole('dialog').filter({ hasText: warning });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: '我知道了' }).click();
  await expect(notice).toBeHidden();
  await expect(row.getByTestId('monitor-warnings')).toHaveText('1');

  // Ten more minutes: the candidate's countdown grows.
  const before = await countdownSeconds(phone);
  expect(before).toBeGreaterThan(25 * 60);
  await row.getByRole('button', { name: /^延\s*时$/ }).click();
  const extendDialog = page.getByRole('dialog').filter({ hasText: '延长考试时间' });
  await expect(extendDialog.getByLabel('延长分钟数')).toHaveValue('10');
  await extendDialog.getByRole('button', { name: /^延\s*长$/ }).click();
  // The stream tells the page at once; a message it misses (during a reconnect) is caught up by the
  // page's periodic re-read of the attempt (REFRESH_MS, 60 s).
  await expect.poll(() => countdownSeconds(phone), { timeout: 70_000 }).toBeGreaterThan(before + 9 * 60);
  await expect(row.getByTestId('monitor-remaining')).toHaveText(/^(40:00|39:\d\d)$/);

  // The detail drawer: the answered grid and the log in Chinese.
  await row.getByRole('button', { name: /^详\s*情$/ }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `${CANDIDATE.name}（${CANDIDATE.account}）` });
  await expect(drawer.getByTestId('monitor-question-grid').locator('.kp-monitor-cell--answered')).toHaveCount(
    1,
  );
  await expect(drawer.getByTestId('monitor-events')).toContainText(`监考警告：${warning}`);
  await expect(drawer.getByTestId('monitor-events')).toContainText('延长时间 10 分钟');
  await drawer.locator('.ant-drawer-close').click();

  // A forced submit: the candidate lands on the result; the board shows the attempt graded.
  await row.getByRole('button', { name: '强制交卷' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '强制交卷' }).click();
  await expect(phone).toHaveURL(/\/m\/attempts\/\d+\/result$/);
  await expect(row).toContainText('已评分');
  await expect(row).toContainText('强制交卷');
  await phoneContext.close();
});
