import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiCall, apiPost, apiToken, signedIn, staffUserId } from '../support';

/**
 * Psychological assessment (issue 21): the administrator schedules the seeded IPIP 50 scale as a mental
 * exam for two staff; zhangsan takes it on the phone, lisi through the same calls; the administrator reads each person's per-dimension
 * scores (checked against the scale's reverse keys by hand) and the group view. An anonymous run taken by
 * the same two shows no name, account or department anywhere on either results page.
 */

const P = '/exam/api/v1/psych';
const LABELS = ['非常不符合', '比较不符合', '不确定', '比较符合', '非常符合'];

interface Scale {
  scaleId: number;
  name: string;
  definition: {
    dimensions: { key: string; name: string }[];
    items: { no: number; dimension: string; reverse: boolean }[];
  };
}
interface PersonRow {
  label: string;
  realName: string | null;
  account: string | null;
  departmentName: string | null;
  scores: { key: string; score: number }[];
}

/** Every item answered `value`: a forward item scores value, a reverse-keyed one 6 − value. */
function expectedSums(scale: Scale, value: number): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const item of scale.definition.items)
    sums[item.dimension] = (sums[item.dimension] ?? 0) + (item.reverse ? 6 - value : value);
  return sums;
}

async function seededScale(request: APIRequestContext, admin: string): Promise<Scale> {
  const options = await apiCall<{ scaleId: number; name: string }[]>(
    request,
    admin,
    'GET',
    `${P}/scale/options`,
  );
  const ipip = options.find((o) => o.name.startsWith('IPIP'))!;
  return apiCall<Scale>(request, admin, 'GET', `${P}/scale/detail?scaleId=${ipip.scaleId}`);
}

async function examIdOf(request: APIRequestContext, admin: string, name: string): Promise<number> {
  const exams = await apiCall<{ mentalExamId: number; name: string }[]>(
    request,
    admin,
    'GET',
    `${P}/exam/list?page=0&size=20&keyword=${encodeURIComponent(name)}`,
  );
  return exams.find((e) => e.name === name)!.mentalExamId;
}

/** On the phone: open the exam from 心理测评, answer every item with one label, submit. */
async function takeOnPhone(page: Page, examName: string, value: number, items: number): Promise<void> {
  await page.goto('/m/psych');
  await page.getByRole('link', { name: `开始作答「${examName}」` }).click();
  for (let no = 1; no <= items; no += 1)
    await page
      .getByTestId(`psych-item-${no}`)
      .getByText(LABELS[value - 1]!, { exact: true })
      .click();
  await expect(page.getByTestId('psych-progress')).toContainText(`已答 ${items} / ${items} 题`);
  await page.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.getByText('已提交，感谢您的参与')).toBeVisible();
}

test.use({ viewport: { width: 375, height: 812 } });

test('schedule the seeded scale, two staff take it, read scores by dimension and the group view', async ({
  page,
  browser,
}) => {
  test.slow();
  const examName = `季度性格测评 ${Date.now().toString(36)}`;
  const admin = await apiToken(page.request, 'admin');
  const scale = await seededScale(page.request, admin);
  const items = scale.definition.items.length;

  // The administrator schedules it on a desktop: two named staff, the list layout, groups of two.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await desk.newPage();
  await signedIn(adminPage, 'admin', '/manage/exam/mental');
  await adminPage.getByRole('button', { name: '安排心理测评' }).click();
  await adminPage.getByRole('combobox', { name: /^\*? ?量表$/ }).click();
  await adminPage.locator('.ant-select-item-option', { hasText: scale.name }).click();
  await adminPage.getByLabel('测评名称').fill(examName);
  for (const [account, name] of [
    ['zhangsan', '张三'],
    ['lisi', '李四'],
  ]) {
    await adminPage.getByLabel('参加员工').fill(account!);
    await adminPage.locator('.ant-select-item-option', { hasText: name! }).click();
  }
  await adminPage.keyboard.press('Escape');
  await adminPage.getByLabel(/最小分组人数/).fill('2');
  await adminPage.getByLabel('滚动列表').check();
  await adminPage.getByRole('button', { name: /^安\s*排$/ }).click();
  await expect(adminPage.getByText(`已安排「${examName}」，2 人参加`)).toBeVisible();

  // zhangsan answers 比较符合 to everything, lisi 比较不符合, each on the phone.
  await signedIn(page, 'zhangsan');
  await takeOnPhone(page, examName, 4, items);
  const first = scale.definition.dimensions[0]!;
  const zhangsanSums = expectedSums(scale, 4);
  await expect(page.getByLabel(`${first.name}：${zhangsanSums[first.key]}`, { exact: false })).toBeVisible();
  // lisi answers through the same calls the page makes (fifty more clicks would only repeat the above).
  const examId = await examIdOf(page.request, admin, examName);
  await apiPost(page.request, await apiToken(page.request, 'lisi'), `${P}/my/submit`, {
    mentalExamId: examId,
    answers: scale.definition.items.map((item) => ({ no: item.no, value: 2 })),
  });

  // Stored scores: each dimension's sum with reverse keys mirrored.
  const rows = await apiCall<PersonRow[]>(
    page.request,
    admin,
    'GET',
    `${P}/result/person?mentalExamId=${examId}&page=0&size=10`,
  );
  const lisiSums = expectedSums(scale, 2);
  const byName = new Map(rows.map((row) => [row.realName, row]));
  for (const [name, sums] of [
    ['张三', zhangsanSums],
    ['李四', lisiSums],
  ] as const)
    expect(Object.fromEntries(byName.get(name)!.scores.map((s) => [s.key, s.score]))).toEqual(sums);

  // The administrator's views: people by dimension, then the group (two people, one pooled group).
  await adminPage.goto(`/manage/exam/psy_result/person?mentalExamId=${examId}`);
  const zhangsanRow = adminPage.getByRole('row', { name: /张三/ });
  await expect(zhangsanRow).toContainText('研发组');
  await expect(zhangsanRow).toContainText(String(zhangsanSums[first.key]));
  await expect(adminPage.getByRole('row', { name: /李四/ })).toContainText(String(lisiSums[first.key]));
  await adminPage.goto(`/manage/exam/psy_result?mentalExamId=${examId}`);
  await expect(adminPage.getByText('实名测评 · 已完成 2 人 / 参加 2 人')).toBeVisible();
  const mean = (zhangsanSums[first.key]! + lisiSums[first.key]!) / 2;
  await expect(adminPage.getByTestId(`group-dimension-${first.key}`)).toContainText(String(mean));
  await desk.close();
});

test('an anonymous run shows no names on any results page', async ({ page, browser }) => {
  test.slow();
  const examName = `匿名氛围调研 ${Date.now().toString(36)}`;
  const admin = await apiToken(page.request, 'admin');
  const scale = await seededScale(page.request, admin);
  const userIds = [
    await staffUserId(page.request, admin, 'zhangsan'),
    await staffUserId(page.request, admin, 'lisi'),
  ];
  const exam = await apiPost<{ mentalExamId: number }>(page.request, admin, `${P}/exam/add`, {
    scaleId: scale.scaleId,
    name: examName,
    startAt: Date.now() - 60_000,
    endAt: Date.now() + 86_400_000,
    anonymous: true,
    minGroupSize: 2,
    layout: 'list',
    userIds,
  });
  // zhangsan takes it on the phone; lisi through the API.
  await signedIn(page, 'zhangsan');
  await takeOnPhone(page, examName, 5, scale.definition.items.length);
  await expect(page.getByText('这是匿名测评：结果只显示这一次，之后无法再查看。')).toBeVisible();
  const lisi = await apiToken(page.request, 'lisi');
  await apiPost(page.request, lisi, `${P}/my/submit`, {
    mentalExamId: exam.mentalExamId,
    answers: scale.definition.items.map((item) => ({ no: item.no, value: 1 })),
  });

  const rows = await apiCall<PersonRow[]>(
    page.request,
    admin,
    'GET',
    `${P}/result/person?mentalExamId=${exam.mentalExamId}&page=0&size=10`,
  );
  expect(rows.map((r) => [r.realName, r.account, r.departmentName])).toEqual([
    [null, null, null],
    [null, null, null],
  ]);

  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await desk.newPage();
  await signedIn(adminPage, 'admin', `/manage/exam/psy_result/person?mentalExamId=${exam.mentalExamId}`);
  await expect(adminPage.getByRole('columnheader', { name: '编号' })).toBeVisible();
  await expect(adminPage.getByRole('row', { name: /匿名 #/ })).toHaveCount(2);
  const shown = async () => adminPage.locator('main').innerText();
  for (const word of ['张三', '李四', 'zhangsan', 'lisi', '研发组', '人力资源部'])
    expect(await shown()).not.toContain(word);
  await adminPage.goto(`/manage/exam/psy_result?mentalExamId=${exam.mentalExamId}`);
  await expect(adminPage.getByText('匿名测评 · 已完成 2 人 / 参加 2 人')).toBeVisible();
  for (const word of ['张三', '李四', 'zhangsan', 'lisi', '研发组', '人力资源部'])
    expect(await shown()).not.toContain(word);
  await desk.close();
});
