import path from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiCall, apiPost, apiToken, latestSmsCode } from '../support';

/**
 * The applicant's side of recruitment on a phone (issue 20): the demo organisation's public job list,
 * a job page, a PDF résumé whose fields pre-fill the form, applying; the recruiter (through the API: the
 * admin pages are another journey's) moves the application to 笔试; the applicant opens the test link,
 * signs in by SMS code, takes the test and sees the score in /m/recruit. And the hiring manager's
 * external report link, with a tampered token refused.
 */

test.use({ viewport: { width: 375, height: 812 } });

const R = '/recruit/api/v1';
const RESUME_PDF = path.resolve(import.meta.dirname, '../fixtures/resume-zh.pdf');

/** A one-question paper (判断题, 10 points) for the job's written test. */
async function testPaper(request: APIRequestContext, admin: string, tag: string): Promise<number> {
  const { bankId } = await apiPost<{ bankId: number }>(request, admin, '/question/api/v1/bank/add', {
    name: `招聘笔试题库${tag}`,
  });
  const question = await apiPost<{ questionId: number }>(request, admin, '/question/api/v1/questions/add', {
    bankId,
    type: 0,
    stem: `<p>代码评审能提前发现缺陷${tag}</p>`,
    answer: true,
  });
  await apiPost(
    request,
    admin,
    `/question/api/v1/questions/check?questionId=${question.questionId}&status=1`,
    {},
  );
  const paper = await apiPost<{ paperId: number }>(request, admin, '/paper/api/v1/paper/create', {
    name: `招聘笔试试卷${tag}`,
    status: 'saved',
    sectionVOS: [{ name: '判断题', questionVOS: [{ questionId: question.questionId, points: 10 }] }],
  });
  return paper.paperId;
}

/** A published job of the demo organisation (set up through the recruiter's API). */
async function publishedJob(
  request: APIRequestContext,
  admin: string,
  name: string,
  paperId: number | null,
): Promise<{ jobId: number; listPath: string }> {
  const posts = await apiCall<{ postId: number; name: string }[]>(
    request,
    admin,
    'GET',
    `${R}/job/post-options`,
  );
  const postId = posts[0]?.postId;
  if (!postId) throw new Error('the demo organisation has no post');
  const job = await apiPost<{ jobId: number }>(request, admin, `${R}/job/add`, {
    name,
    postId,
    paperId,
    headcount: 2,
    location: '杭州',
    salaryMin: 15000,
    salaryMax: 25000,
    description: '负责后端服务开发。\n熟悉 Java 与数据库。',
  });
  await apiPost(request, admin, `${R}/job/publish?jobId=${job.jobId}`);
  const link = await apiCall<{ url: string; listUrl: string }>(
    request,
    admin,
    'GET',
    `${R}/job/link?jobId=${job.jobId}`,
  );
  return { jobId: job.jobId, listPath: new URL(link.listUrl).pathname };
}

/** How wide the page lays out: nothing may push a 375 px phone screen sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const uniquePhone = () => `17${String(Date.now()).slice(-9)}`;

test('an applicant applies on a phone with a PDF résumé, takes the written test and sees the score', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const admin = await apiToken(request, 'admin');
  const jobName = `后端开发工程师${tag}`;
  const { jobId, listPath } = await publishedJob(
    request,
    admin,
    jobName,
    await testPaper(request, admin, tag),
  );
  expect(listPath).toMatch(/^\/join\/\d+$/);

  // The public job list of the demo organisation, then the job.
  await page.goto(listPath);
  const card = page.getByTestId('public-job').filter({ hasText: jobName });
  await expect(card).toContainText('15,000–25,000 元/月');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/join/job/${jobId}$`));
  await expect(page.getByRole('heading', { name: jobName })).toBeVisible();
  await expect(page.getByText('熟悉 Java 与数据库。')).toBeVisible();

  // A file the server cannot read is refused under the field, in Chinese.
  await page.locator('input[type=file]').setInputFiles({
    name: '简历.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a résumé'),
  });
  await expect(page.getByTestId('resume-error')).toHaveText('简历只能是 PDF 或 Word（.docx）文件');

  // The PDF résumé: its fields pre-fill the form (the name typed first is kept).
  await page.getByLabel('姓名').fill('李晓明');
  await page.locator('input[type=file]').setInputFiles(RESUME_PDF);
  await expect(page.getByTestId('resume-summary')).toContainText(
    '已从简历识别并填入：手机号、邮箱、毕业院校、学历、工作年限',
  );
  await expect(page.getByLabel('手机号')).toHaveValue('13912345678');
  await expect(page.getByLabel('邮箱')).toHaveValue('lixm@example.com');
  await expect(page.getByLabel('毕业院校')).toHaveValue('浙江大学');
  await expect(page.locator('.kp-join__degree')).toContainText('硕士');
  await expect(page.getByLabel('工作年限（年）')).toHaveValue('5');
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);

  // The applicant corrects the phone (their own, unique in this run) and a bad e-mail is refused in place.
  const phone = uniquePhone();
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('邮箱').fill('lixm@');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('邮箱格式不正确')).toBeVisible();
  await page.getByLabel('邮箱').fill('lixm@example.com');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByTestId('apply-success')).toContainText('投递成功');

  // Stored as the form said, résumé attached.
  const rows = await apiCall<
    {
      applicationId: number;
      applicantId: number;
      phone: string;
      email: string;
      school: string;
      degree: string;
      years: number;
      stage: string;
    }[]
  >(request, admin, 'GET', `${R}/application/list?jobId=${jobId}&page=0&size=10`);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row).toMatchObject({
    phone,
    email: 'lixm@example.com',
    school: '浙江大学',
    degree: '硕士',
    years: 5,
    stage: 'applied',
  });

  // The recruiter moves the application to 笔试: the test invitation goes out by SMS.
  const moved = await apiPost<{ testsSent: number }>(request, admin, `${R}/application/move`, {
    applicationIds: [row!.applicationId],
    stage: 'test',
  });
  expect(moved.testsSent).toBe(1);
  const detail = await apiCall<{ applications: { messages: { content: string }[] }[] }>(
    request,
    admin,
    'GET',
    `${R}/applicant/get?applicantId=${row!.applicantId}`,
  );
  const invite = detail.applications[0]?.messages.map((m) => m.content).join('\n') ?? '';
  const testPath = /\/join\/test\/[\w-]+/.exec(invite)?.[0];
  expect(testPath).toBeTruthy();

  // The applicant opens the link, signs in with an SMS code, and takes the test.
  await page.goto(testPath!);
  await expect(page.getByRole('heading', { name: '笔试邀请' })).toBeVisible();
  await expect(page.getByText(`${phone.slice(0, 3)}****${phone.slice(-4)}`)).toBeVisible();
  await page.getByLabel('手机号').fill(phone);
  const sentAfter = Date.now();
  await page.getByTestId('send-code').click();
  await page.getByLabel('验证码').fill(await latestSmsCode(phone, sentAfter - 1000));
  await page.getByRole('button', { name: '验证并进入笔试' }).click();
  await expect(page).toHaveURL(/\/m\/exams\/\d+$/);
  await page.getByRole('button', { name: '开始考试' }).click();
  await page.getByRole('button', { name: '确定开始' }).click();
  await expect(page).toHaveURL(/\/m\/attempts\/\d+$/);
  await page.getByTestId('question').getByText('正确', { exact: true }).click();
  await expect(page.getByTestId('save-status')).toHaveText(/已保存/);
  await page
    .locator('.kp-m-exam-bar__row')
    .getByRole('button', { name: /交\s*卷/ })
    .click();
  await page.getByRole('button', { name: /确认交卷/ }).click();
  await expect(page).toHaveURL(/\/m\/attempts\/\d+\/result$/);

  // The applicant's own page: the stage and the score.
  await page.goto('/m/recruit');
  const mine = page.getByTestId('my-application').filter({ hasText: jobName });
  await expect(mine.getByTestId('stage')).toHaveAccessibleName('当前阶段：笔试');
  await expect(mine.getByTestId('test-score')).toHaveText('10 / 10 分');
});

test('the external report link opens the report; a tampered one is refused', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const admin = await apiToken(request, 'admin');
  const { jobId } = await publishedJob(request, admin, `测试工程师${tag}`, null);
  const applied = await request.post(`${R}/public/apply`, {
    data: { jobId, name: '赵报告', phone: uniquePhone(), school: '复旦大学', degree: '本科', years: 3 },
  });
  expect(applied.ok()).toBe(true);
  const { applicationId } = ((await applied.json()) as { res: { data: { applicationId: number } } }).res.data;
  const link = await apiPost<{ url: string }>(request, admin, `${R}/result/report-link`, {
    applicationId,
    days: 1,
  });
  const url = new URL(link.url);
  expect(url.pathname).toBe('/report');

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByTestId('report-name')).toHaveText('赵报告');
  await expect(page.getByText(`测试工程师${tag}`)).toBeVisible();
  await expect(page.getByText('复旦大学')).toBeVisible();
  await expect(page.getByTestId('report-score')).toHaveText('未参加');

  // One character of the signature changed: refused with a clear message, nothing of the report shown.
  const token = url.searchParams.get('token') ?? '';
  const last = token.at(-1) === 'A' ? 'B' : 'A';
  await page.goto(`/report?token=${encodeURIComponent(token.slice(0, -1) + last)}`);
  await expect(page.getByTestId('link-gone')).toContainText('报告链接无效或已过期');
  await expect(page.getByText('赵报告')).toHaveCount(0);
});

test('a student signs up for a job on a campus session page (its QR code link)', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const admin = await apiToken(request, 'admin');
  const first = await publishedJob(request, admin, `管培生${tag}`, null);
  const second = await publishedJob(request, admin, `数据分析师${tag}`, null);
  const session = await apiPost<{ sessionId: number; url: string }>(request, admin, `${R}/campus/add`, {
    school: `浙江工业大学${tag}`,
    heldAt: Date.now() + 7 * 86_400_000,
    place: '屏峰校区大学生活动中心',
    jobIds: [first.jobId, second.jobId],
  });
  expect(new URL(session.url).pathname).toBe(`/join/campus/${session.sessionId}`);

  await page.goto(new URL(session.url).pathname);
  await expect(page.getByRole('heading', { name: new RegExp(`浙江工业大学${tag}校园招聘`) })).toBeVisible();
  await expect(page.getByText('屏峰校区大学生活动中心')).toBeVisible();
  await expect(page.getByTestId('campus-job')).toHaveCount(2);
  // No form until a job is chosen.
  await expect(page.getByRole('button', { name: '提交申请' })).toHaveCount(0);
  await page.getByRole('radio', { name: new RegExp(`数据分析师${tag}`) }).check();
  await expect(page.getByRole('heading', { name: `报名「数据分析师${tag}」` })).toBeVisible();

  // Submitting empty shows what is missing next to the fields.
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请填写姓名')).toBeVisible();
  await expect(page.getByText('请输入手机号')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  const phone = uniquePhone();
  await page.getByLabel('姓名').fill('吴同学');
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('毕业院校').fill(`浙江工业大学${tag}`);
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByTestId('apply-success')).toContainText('投递成功');

  // Stored against the chosen job, from the campus session.
  const rows = await apiCall<{ phone: string; source: string; campusSessionId: number | null }[]>(
    request,
    admin,
    'GET',
    `${R}/application/list?jobId=${second.jobId}&page=0&size=10`,
  );
  expect(rows).toEqual([
    expect.objectContaining({ phone, source: 'campus', campusSessionId: session.sessionId }),
  ]);
  const none = await apiCall<unknown[]>(
    request,
    admin,
    'GET',
    `${R}/application/list?jobId=${first.jobId}&page=0&size=10`,
  );
  expect(none).toHaveLength(0);
});
