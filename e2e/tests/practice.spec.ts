import { type Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiCall, apiPost, apiToken, signedIn } from '../support';

/**
 * Practice and the review book (issue 18): the administrator builds a practice set from a bank in the
 * browser and releases it; zhangsan practises it on a phone, gets two questions wrong on purpose (the
 * feedback shows the key), finds them counted in 今天需复习 at /m/review, reviews two questions (one right,
 * one wrong) and the count drops; the stored results are checked through the API.
 */

test.use({ viewport: { width: 375, height: 812 } });

const P = '/course/api/v1/practice';

interface QuestionKey {
  questionId: number;
  type: number;
  stemText: string;
  options: { content: string; correct: boolean }[] | null;
  answer: unknown;
}

/** Every question of the demo organisation with its key, by normalised stem text. */
async function questionKeys(page: Page, admin: string): Promise<Map<string, QuestionKey>> {
  const keys = new Map<string, QuestionKey>();
  for (let p = 0; p < 10; p++) {
    const rows = await apiPost<QuestionKey[]>(
      page.request,
      admin,
      `/question/api/v1/questions/search/detail?page=${p}&size=100`,
      {},
    );
    for (const row of rows) keys.set(norm(row.stemText), row);
    if (rows.length < 100) break;
  }
  return keys;
}

const norm = (text: string) => text.replace(/\s+/g, '');

/** The indexes to click for a right or a wrong answer (true/false: 0 正确, 1 错误). */
function clicksFor(key: QuestionKey, right: boolean): number[] {
  if (key.type === 0) return [key.answer === right ? 0 : 1];
  const correct = (key.options ?? []).flatMap((o, i) => (o.correct ? [i] : []));
  const wrong = (key.options ?? []).flatMap((o, i) => (o.correct ? [] : [i]));
  return right ? (key.type === 1 ? correct.slice(0, 1) : correct) : wrong.slice(0, 1);
}

/** Answers the question on screen right or wrong, and checks the feedback. */
async function answerShown(page: Page, keys: Map<string, QuestionKey>, right: boolean): Promise<void> {
  await expect(page.getByTestId('feedback')).toHaveCount(0);
  const card = page.locator('.kp-practice-question');
  const stem = norm(await card.locator('.kp-practice-question__stem').innerText());
  const key = keys.get(stem) ?? [...keys.values()].find((k) => stem.includes(norm(k.stemText)));
  expect(key, `key of ${stem}`).toBeDefined();
  const choices = card.locator('.ant-radio-wrapper, .ant-checkbox-wrapper');
  for (const index of clicksFor(key!, right)) await choices.nth(index).click();
  await page.getByRole('button', { name: '提交答案' }).click();
  await expect(page.getByTestId('feedback')).toContainText(right ? '回答正确' : '回答错误');
  await expect(page.getByTestId('feedback')).toContainText('正确答案');
}

test('admin releases a practice set; zhangsan practises, misses two and reviews them', async ({
  page,
  browser,
}) => {
  const name = `技能练习${Date.now().toString(36)}`;
  const admin = await apiToken(page.request, 'admin');
  const keys = await questionKeys(page, admin);

  // The administrator, at a desktop width: a set of three questions a round from the skill bank.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await desk.newPage();
  await signedIn(adminPage, 'admin', '/manage/study/practice/add');
  await adminPage.getByLabel('练习名称').fill(name);
  await adminPage.getByLabel('每轮题数').fill('3');
  await adminPage.getByLabel('按题库选题').click();
  await adminPage.locator('.ant-select-item-option', { hasText: '岗位技能题库' }).click();
  await adminPage.keyboard.press('Escape');
  await adminPage.getByRole('button', { name: /保\s*存/ }).click();
  await adminPage.waitForURL(/\/manage\/study\/practice\/detail\?practiceId=\d+/);
  const practiceId = Number(new URL(adminPage.url()).searchParams.get('practiceId'));
  await adminPage.getByRole('button', { name: /发\s*布/ }).click();
  await adminPage
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /发\s*布/ })
    .click();
  await expect(adminPage.locator('.ant-tag', { hasText: '已发布' })).toBeVisible();
  await desk.close();

  const zhangsan = await apiToken(page.request, 'zhangsan');
  const before = await apiCall<{ dueCount: number }>(page.request, zhangsan, 'GET', `${P}/review/next`);

  // zhangsan on the phone: the set is listed; a round of three, the first two wrong on purpose.
  await signedIn(page, 'zhangsan', '/m/practice');
  await page.getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/m/practice/${practiceId}$`));
  for (const right of [false, false, true]) {
    await answerShown(page, keys, right);
    await page.getByRole('button', { name: /下一题|查看本轮结果/ }).click();
  }
  await expect(page.getByText('本轮练习完成')).toBeVisible();
  await expect(page.getByText('答对 1 / 3 题')).toBeVisible();

  // The book counts the two mistakes; two reviews (one right, one wrong) leave today's queue.
  await page.getByRole('link', { name: '错题本' }).first().click();
  await expect(page).toHaveURL(/\/m\/review$/);
  await expect(page.getByTestId('review-summary')).toContainText(`今天需复习 ${before.dueCount + 2} 题`);
  for (const right of [true, false]) {
    await answerShown(page, keys, right);
    await expect(page.getByTestId('review-outcome')).toContainText('下次复习');
    await page.getByRole('button', { name: /下一题|完成/ }).click();
  }
  await expect(page.getByTestId('review-summary')).toContainText(`今天需复习 ${before.dueCount} 题`);

  // What was stored: three answers (two wrong) on the set, and the review queue.
  const detail = await apiCall<{ answers: number; finishedRounds: number; accuracy: number }>(
    page.request,
    admin,
    'GET',
    `${P}/get?practiceId=${practiceId}`,
  );
  expect(detail).toMatchObject({ answers: 3, finishedRounds: 1, accuracy: 33.3 });
  const stats = await apiCall<{ wrong: number }[]>(
    page.request,
    admin,
    'GET',
    `${P}/question-stats?practiceId=${practiceId}&size=50`,
  );
  expect(stats.reduce((sum, row) => sum + row.wrong, 0)).toBe(2);
  const after = await apiCall<{ dueCount: number; bookCount: number }>(
    page.request,
    zhangsan,
    'GET',
    `${P}/review/next`,
  );
  expect(after.dueCount).toBe(before.dueCount);
});
