import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect as baseExpect, test } from '../a11y';
import { apiCall, apiToken, departmentStaffCount, signedIn } from '../support';

/**
 * The administrator's side of an exam: a paper set up through the API, then through the UI an exam
 * created and published for a department; a candidate takes it through the candidate API; the admin
 * marks the short answer, sees the ranking, exports it, opens the personal report and its shared link.
 */

// Page loads share two busy cores with the server and other suites: allow them time.
const expect = baseExpect.configure({ timeout: 30_000 });

const api = apiCall;

const QUESTIONS = [
  { type: 0, stem: '<p>进入施工现场必须佩戴安全帽</p>', answer: true },
  {
    type: 1,
    stem: '<p>火灾报警电话是？</p>',
    options: [
      { content: '110', correct: false },
      { content: '119', correct: true },
      { content: '120', correct: false },
    ],
  },
  { type: 4, stem: '<p>简述安全生产的意义</p>', answer: { reference: '保障人身安全', scoringPoints: [] } },
];

/** A saved paper of three approved questions, 10 points each. */
async function seedPaper(request: APIRequestContext, token: string, name: string): Promise<number> {
  const bank = await api<{ bankId: number }>(request, token, 'POST', '/question/api/v1/bank/add', {
    name: `${name}题库`,
  });
  const questionIds: number[] = [];
  for (const question of QUESTIONS) {
    const added = await api<{ questionId: number }>(
      request,
      token,
      'POST',
      '/question/api/v1/questions/add',
      {
        bankId: bank.bankId,
        analysis: '见安全手册',
        ...question,
      },
    );
    await api(
      request,
      token,
      'POST',
      `/question/api/v1/questions/check?questionId=${added.questionId}&status=1`,
      {},
    );
    questionIds.push(added.questionId);
  }
  const paper = await api<{ paperId: number }>(request, token, 'POST', '/paper/api/v1/paper/create', {
    name,
    status: 'saved',
    sectionVOS: [
      { name: '综合题', questionVOS: questionIds.map((questionId) => ({ questionId, points: 10 })) },
    ],
  });
  return paper.paperId;
}

/** 'YYYY-MM-DD HH:mm' in the browser's time zone (the config's Asia/Shanghai). */
function shanghaiTime(ms: number): string {
  return new Date(ms).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 16);
}

async function pickOption(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click({ timeout: 5_000 });
}

interface AttemptView {
  attemptId: number;
  sections: {
    questions: { questionId: number; type: number; options: { key: number; content: string }[] | null }[];
  }[];
}

test('an admin publishes an exam for a department, marks it and reads the results and reports', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(360_000);
  const tag = Date.now().toString(36);
  const examName = `安全生产考试${tag}`;
  const paperName = `安全试卷${tag}`;
  const adminToken = await apiToken(request, 'admin');
  await seedPaper(request, adminToken, paperName);

  // ---- create and publish through the editor ----
  await signedIn(page, 'admin', '/manage/exam/list');
  await page.getByRole('button', { name: '新建考试' }).click();
  await expect(page).toHaveURL(/\/manage\/exam\/editor$/);
  // Chinese validation before anything is sent.
  await page.getByRole('button', { name: '保存并发布' }).click();
  await expect(page.getByText('请输入考试名称')).toBeVisible();
  await expect(page.getByText('请选择试卷')).toBeVisible();

  await page.getByLabel('考试名称').fill(examName);
  const paperSelect = page.getByLabel('试卷', { exact: true });
  const paperItem = page.locator('.ant-form-item', { has: paperSelect }).last();
  // The options arrive from a search; a click while they re-render can be lost, so pick until it holds.
  await expect(async () => {
    // Picking an already picked paper would drop it again (several papers may be chosen).
    if (!((await paperItem.textContent()) ?? '').includes(paperName)) {
      await paperSelect.fill(tag);
      await pickOption(page, paperName);
    }
    await baseExpect(paperItem).toContainText(paperName, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');

  const now = Date.now();
  const start = page.getByPlaceholder('开始时间');
  await start.click();
  await start.fill(shanghaiTime(now - 5 * 60_000));
  await start.press('Enter');
  const end = page.getByPlaceholder('结束时间');
  await end.fill(shanghaiTime(now + 3 * 3600_000));
  await end.press('Enter');
  await page.getByLabel('考试时长（分钟）').fill('30');
  await page.getByLabel('及格分').fill('18');

  // Publishing an assigned exam needs candidates.
  await page.getByRole('button', { name: '保存并发布' }).click();
  await expect(page.getByText('发布前请选择考生（部门、员工或标签）')).toBeVisible();
  const departments = page.getByTestId('exam-departments');
  const devGroup = page
    .locator('.ant-select-dropdown:visible .ant-select-tree-treenode')
    .filter({ hasText: '研发组' })
    .locator('.ant-select-tree-checkbox');
  // A click while the dropdown is still opening can be lost; check and try again until it holds.
  await expect(async () => {
    if (!(await devGroup.isVisible())) await departments.click();
    await devGroup.click({ timeout: 5_000 });
    await baseExpect(departments).toContainText('研发组', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByText('发布前请选择考生（部门、员工或标签）')).toBeHidden();
  await page.getByRole('button', { name: '保存并发布' }).click();
  // 研发组 holds 张三, 孙七 and the demo's simulated developers.
  const devCount = await departmentStaffCount(request, adminToken, '研发组');
  await expect(page.getByText(`考试已发布，考生 ${devCount} 人`)).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/exam\/list$/);

  const row = page.locator('.ant-table-row').filter({ hasText: examName });
  await expect(row.getByText('进行中')).toBeVisible();
  const exams = await api<{ examId: number; name: string }[]>(
    request,
    adminToken,
    'POST',
    '/exam/api/v1/exam/search?page=0&size=10',
    { keyword: examName },
  );
  const examId = exams[0]?.examId;
  expect(exams.map((e) => e.name)).toEqual([examName]);

  // ---- QR code, both variants ----
  await row.getByRole('button', { name: '二维码' }).click();
  const qr = page.locator('.ant-modal:visible');
  await expect(qr.locator('canvas')).toBeVisible();
  // 300×300 (spec §9), the quiet zone included.
  await expect(qr.getByTestId('exam-qr')).toHaveCSS('width', '300px');
  await expect(qr.getByTestId('exam-qr')).toHaveCSS('height', '300px');
  await expect(qr.getByLabel('考试链接地址')).toHaveValue(new RegExp(`/m/exams/${examId}$`));
  await qr.getByText('考试说明链接').click();
  await expect(qr.getByLabel('考试链接地址')).toHaveValue(new RegExp(`/m/exams/${examId}\\?type=2$`));
  await qr.locator('.ant-modal-close').click();

  // ---- the candidate takes it through the candidate API ----
  const candidateToken = await apiToken(request, 'zhangsan');
  const attempt = await api<AttemptView>(
    request,
    candidateToken,
    'POST',
    `/exam/api/v1/candidate/start?examId=${examId}`,
  );
  const answers = attempt.sections
    .flatMap((section) => section.questions)
    .map((question, index) => ({
      questionId: question.questionId,
      seq: index + 1,
      answer:
        question.type === 0
          ? true
          : question.type === 1
            ? question.options?.find((option) => option.content === '119')?.key
            : '防止事故，保障人身安全',
    }));
  await api(
    request,
    candidateToken,
    'POST',
    `/exam/api/v1/candidate/answers?attemptId=${attempt.attemptId}`,
    answers,
  );
  await api(request, candidateToken, 'POST', `/exam/api/v1/candidate/submit?attemptId=${attempt.attemptId}`);

  // ---- candidates page shows the states ----
  await page.goto(`/manage/exam/examinee?examId=${examId}`);
  const examineeSearch = page.getByPlaceholder('搜索姓名、账号或工号');
  await examineeSearch.fill('张三');
  await examineeSearch.press('Enter');
  const zhangsan = page.locator('.ant-table-row').filter({ hasText: '张三' });
  await expect(zhangsan.getByText('待阅卷')).toBeVisible();
  await examineeSearch.fill('孙七');
  await examineeSearch.press('Enter');
  const sunqi = page.locator('.ant-table-row').filter({ hasText: '孙七' });
  await expect(sunqi.getByText('未开始')).toBeVisible();
  // Extra time for a candidate who has not started yet: their attempt will be longer.
  await sunqi.getByRole('button', { name: '延长时间' }).click();
  const extendDialog = page.getByRole('dialog', { name: '为「孙七」延长考试时间' });
  await extendDialog.getByLabel('延长分钟数').fill('15');
  await extendDialog.getByRole('button', { name: /延\s*长/ }).click();
  await expect(page.getByText('已为「孙七」延长时间，累计延长 15 分钟')).toBeVisible();
  await expect(sunqi).toContainText('15 分钟');

  // ---- marking the short answer ----
  await page.goto(`/manage/exam/check?examId=${examId}`);
  await expect(page.locator('.ant-statistic').filter({ hasText: '待阅答卷' })).toContainText('1');
  await page.getByRole('link', { name: '按题阅卷' }).click();
  await expect(page).toHaveURL(/\/manage\/exam\/check\/detail\?/);
  await expect(page.getByText('防止事故，保障人身安全')).toBeVisible();
  await expect(page.getByText('保障人身安全', { exact: true })).toBeVisible();
  const score = page.getByLabel('张三 得分');
  await score.fill('8');
  await page.getByLabel('张三 评语').fill('要点基本齐全');
  await page.getByRole('button', { name: '提交评分' }).click();
  await expect(page.getByTestId('marking-progress')).toContainText('阅卷进度 100%，待阅答卷 0 份');
  await expect(page.getByRole('button', { name: '修改评分' })).toBeVisible();

  // ---- results: ranking, pass, export ----
  await page.goto(`/manage/exam/result?examId=${examId}`);
  const result = page.locator('.ant-table-row').filter({ hasText: '张三' });
  await expect(result).toContainText('28.0 / 30.0');
  await expect(result.getByText('及格', { exact: true })).toBeVisible();
  await expect(result.locator('td').first()).toHaveText('1');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /导出 Excel/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-exam-e2e-')), 'results.xlsx');
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('成绩');
  expect(sheet?.getRow(1).getCell(2).value).toBe('姓名');
  expect(sheet?.getRow(2).getCell(1).value).toBe(1);
  expect(sheet?.getRow(2).getCell(2).value).toBe('张三');
  expect(sheet?.getRow(2).getCell(5).value).toBe('28.0');
  expect(sheet?.getRow(2).getCell(7).value).toBe('及格');

  // ---- personal report and its shared link ----
  await result.getByRole('button', { name: '个人报告' }).click();
  await expect(page).toHaveURL(/\/manage\/exam\/personal\/report\?attemptId=\d+/);
  await expect(page.getByTestId('report-score')).toHaveText('28.0 / 30.0');
  await expect(page.getByTestId('report-rank')).toHaveText('第 1 名 / 共 1 人');
  const single = page.locator('.kp-exam-report__question').filter({ hasText: '火灾报警电话是？' });
  await expect(single.locator('pre')).toHaveText(/^[ABC]$/);
  const trueFalse = page.locator('.kp-exam-report__question').filter({ hasText: '必须佩戴安全帽' });
  await expect(trueFalse.locator('pre')).toHaveText('正确');
  await expect(page.getByText('要点基本齐全')).toBeVisible();
  await page.getByRole('button', { name: '分享' }).click();
  const shareUrl = await page.getByLabel('分享链接').inputValue();
  expect(shareUrl).toMatch(/\/report\?token=/);

  // Opened by somebody who is not signed in.
  const stranger = await browser.newContext();
  const publicPage = await stranger.newPage();
  await publicPage.goto(shareUrl);
  await expect(publicPage).toHaveURL(/\/report\?token=/);
  await expect(publicPage.getByTestId('report-score')).toHaveText('28.0 / 30.0');
  await expect(publicPage.getByText(`${examName} · 个人报告`)).toBeVisible();
  await publicPage.goto('/report?token=broken');
  await expect(publicPage.getByText('报告链接无效或已过期', { exact: true })).toBeVisible();
  await stranger.close();

  // ---- the whole-exam report ----
  await page.goto(`/manage/exam/ExamReport?examId=${examId}`);
  await expect(page.locator('.ant-statistic').filter({ hasText: '及格率' })).toContainText('100.0%');
  await expect(page.getByRole('img', { name: /人/ })).toBeVisible();
});
