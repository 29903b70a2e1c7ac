import { expect, test } from '../a11y';
import { apiPost as api, apiToken, signedIn } from '../support';

test('an admin sees where a question is used: its papers, exams and every answer given', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const admin = await apiToken(request, 'admin');
  const { bankId } = await api<{ bankId: number }>(request, admin, '/question/api/v1/bank/add', {
    name: `引用题库${tag}`,
  });
  const question = await api<{ id: number }>(request, admin, '/question/api/v1/questions/add', {
    bankId,
    type: 0,
    stem: `<p>安全帽必须系好下颌带${tag}</p>`,
    answer: true,
  });
  await api(request, admin, `/question/api/v1/questions/check?questionId=${question.id}&status=1`, {});
  const paper = await api<{ paperId: number }>(request, admin, '/paper/api/v1/paper/create', {
    name: `引用试卷${tag}`,
    status: 'saved',
    sectionVOS: [{ name: '判断题', questionVOS: [{ questionId: question.id, points: 10 }] }],
  });
  const staff = await api<{ userId: number; account: string }[]>(
    request,
    admin,
    '/user/api/v2/staff/search?page=0&size=10',
    { keyword: 'zhangsan' },
  );
  const zhangsan = staff.find((s) => s.account === 'zhangsan');
  expect(zhangsan).toBeTruthy();
  const now = Date.now();
  const exam = await api<{ examId: number }>(request, admin, '/exam/api/v1/exam/add', {
    name: `引用考试${tag}`,
    paperIds: [paper.paperId],
    startAt: now - 60_000,
    endAt: now + 3600_000,
    durationMinutes: 30,
    audience: { mode: 'assigned', userIds: [zhangsan?.userId] },
    notify: false,
    settings: { showScore: 'immediately' },
  });
  await api(request, admin, `/exam/api/v1/exam/publish?examId=${exam.examId}`);
  const candidate = await apiToken(request, 'zhangsan');
  const attempt = await api<{ attemptId: number }>(
    request,
    candidate,
    `/exam/api/v1/candidate/start?examId=${exam.examId}`,
  );
  await api(request, candidate, `/exam/api/v1/candidate/answers?attemptId=${attempt.attemptId}`, [
    { questionId: question.id, answer: true, seq: 1 },
  ]);
  await api(request, candidate, `/exam/api/v1/candidate/submit?attemptId=${attempt.attemptId}`);

  await signedIn(page, 'admin', '/manage/question/list');
  await page.getByLabel('搜索题干').fill(`下颌带${tag}`);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row', { hasText: `下颌带${tag}` });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '引用' }).click();
  const drawer = page.locator('.ant-drawer:visible');
  await expect(drawer.getByText(`引用试卷${tag}`)).toBeVisible();
  await drawer.getByRole('tab', { name: /考试（1）/ }).click();
  await expect(drawer.getByText(`引用考试${tag}`)).toBeVisible();
  await expect(drawer.getByRole('cell', { name: '100%' })).toBeVisible();
  await drawer.getByRole('tab', { name: /作答记录（1）/ }).click();
  const record = drawer.locator('.ant-table-row', { hasText: '张三' });
  await expect(record).toBeVisible();
  await expect(record.getByRole('cell', { name: '正确' })).toBeVisible();
  await expect(record.getByRole('cell', { name: '10.0 / 10.0' })).toBeVisible();
});
