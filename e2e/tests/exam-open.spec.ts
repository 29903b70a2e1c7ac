import { expect, test } from '../a11y';
import { apiPost, apiToken, latestSmsCode } from '../support';

test.use({ viewport: { width: 375, height: 812 } });

test('a visitor registers through an exam open link on a phone and reaches the exam', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const admin = await apiToken(request, 'admin');
  const { bankId } = await apiPost<{ bankId: number }>(request, admin, '/question/api/v1/bank/add', {
    name: `开放考试题库${tag}`,
  });
  const question = await apiPost<{ id: number }>(request, admin, '/question/api/v1/questions/add', {
    bankId,
    type: 0,
    stem: `<p>进入施工现场必须戴安全帽${tag}</p>`,
    answer: true,
  });
  await apiPost(request, admin, `/question/api/v1/questions/check?questionId=${question.id}&status=1`, {});
  const paper = await apiPost<{ paperId: number }>(request, admin, '/paper/api/v1/paper/create', {
    name: `开放考试试卷${tag}`,
    status: 'saved',
    sectionVOS: [{ name: '判断题', questionVOS: [{ questionId: question.id, points: 10 }] }],
  });
  const now = Date.now();
  const exam = await apiPost<{ examId: number }>(request, admin, '/exam/api/v1/exam/add', {
    name: `开放报名考试${tag}`,
    paperIds: [paper.paperId],
    startAt: now - 60_000,
    endAt: now + 3600_000,
    durationMinutes: 20,
    audience: { mode: 'open', registrationFields: ['单位'] },
  });
  await apiPost(request, admin, `/exam/api/v1/exam/publish?examId=${exam.examId}`);
  const link = await request.get(`/exam/api/v1/exam/link?examId=${exam.examId}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const { url } = ((await link.json()) as { res: { data: { url: string } } }).res.data;
  expect(new URL(url).pathname).toBe(`/m/open/${exam.examId}`);

  await page.goto(new URL(url).pathname);
  await expect(page.getByText(`开放报名考试${tag}`)).toBeVisible();
  await page.getByLabel('姓名').fill('王访客');
  const phone = `17${String(Date.now()).slice(-9)}`;
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('单位').fill('外包施工队');
  const sentAfter = Date.now();
  await page.getByTestId('send-code').click();
  await page.getByLabel('验证码').fill(await latestSmsCode(phone, sentAfter - 1000));
  await page.getByRole('button', { name: '报名并进入考试' }).click();
  await page.waitForURL(`**/m/exams/${exam.examId}`);
  await expect(page.getByText(`开放报名考试${tag}`)).toBeVisible();

  // The organiser sees the visitor among the candidates.
  const examinees = await apiPost<{ realName: string }[]>(
    request,
    admin,
    `/exam/api/v1/exam/examinee/search?examId=${exam.examId}&page=0&size=10`,
    {},
  );
  expect(examinees.map((row) => row.realName)).toEqual(['王访客']);
});
