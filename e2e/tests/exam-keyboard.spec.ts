import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../a11y';
import { apiCall, apiToken, seedExam, staffUserId } from '../support';

/**
 * Taking an exam with the keyboard alone on a phone-sized screen (issue 23): sign in, start, answer a
 * single choice, a multiple choice and a short answer, and submit — Tab, Shift+Tab, Space, Enter and the
 * arrow keys only, no click. On the way: every option is a radio or checkbox named by its text, the
 * options' group is named by the stem, the time left and the save state sit in polite live regions, and
 * the submit dialog keeps focus inside and gives it back to 交卷 when closed with Esc.
 */

test.use({ viewport: { width: 375, height: 812 } });

/** Presses `key` until `target` (or an element inside it) has the focus; fails after `max` presses. */
async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', max = 30): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    const focused = await target
      .evaluate(
        (element) => element === document.activeElement || element.contains(document.activeElement),
        undefined,
        { timeout: 2000 },
      )
      .catch(() => false);
    if (focused) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} × ${max} never reached ${target.toString()}`);
}

/** An option's accessible name: its letter, the separator and its text ('A、1'). */
const option = (letter: string, text: string) => new RegExp(`^${letter}\\s*、\\s*${text}$`);

const QUESTIONS = [
  {
    type: 1,
    stem: '<p>1+1 等于几？</p>',
    options: [
      { content: '1', correct: false },
      { content: '2', correct: true },
      { content: '3', correct: false },
    ],
  },
  {
    type: 2,
    stem: '<p>下列哪些是偶数？</p>',
    options: [
      { content: '2', correct: true },
      { content: '3', correct: false },
      { content: '4', correct: true },
    ],
  },
  { type: 4, stem: '<p>简述安全生产的意义</p>', answer: { reference: '保障人身安全', scoringPoints: [] } },
];

test('a candidate signs in, takes and submits an exam on a phone with the keyboard only', async ({
  page,
  request,
}) => {
  test.slow();
  const adminToken = await apiToken(request, 'admin');
  const name = `键盘考试${Date.now().toString(36)}`;
  const examId = await seedExam(request, adminToken, {
    name,
    questions: QUESTIONS,
    audience: { mode: 'assigned', userIds: [await staffUserId(request, adminToken, 'lisi')] },
  });

  // Sign in from the exam link: the account field, the password field, Enter.
  await page.goto(`/m/exams/${examId}`);
  await expect(page).toHaveURL(/\/login$/);
  const account = page.getByPlaceholder(/账号/).first();
  await pressUntilFocused(page, account);
  await page.keyboard.type('lisi');
  await page.keyboard.press('Tab');
  await expect(page.getByPlaceholder(/密码/).first()).toBeFocused();
  await page.keyboard.type(process.env.DEMO_PASSWORD ?? 'Kaopei@2024');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/m/exams/${examId}$`));
  await expect(page.getByText(name)).toBeVisible();

  // Start: the button, then the confirmation's 确定开始.
  await pressUntilFocused(page, page.getByRole('button', { name: '开始考试' }));
  await page.keyboard.press('Enter');
  const start = page.getByRole('button', { name: '确定开始' });
  await pressUntilFocused(page, start);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/m\/attempts\/\d+$/);
  const attemptId = Number(/attempts\/(\d+)/.exec(page.url())?.[1]);

  // The time left is said politely, in words that change at the minutes that matter, not every second.
  const announcement = page.getByTestId('countdown-announcement');
  await expect(announcement).toHaveAttribute('aria-live', 'polite');
  await expect(announcement).toHaveText('剩余时间不超过 30 分钟');
  const saveStatus = page.getByTestId('save-status');
  await expect(saveStatus).toHaveAttribute('aria-live', 'polite');
  const question = page.getByTestId('question');

  // 1 单选: the group is named by the stem, each option by its letter and text; Space, then ↓.
  const single = question.getByRole('radiogroup', { name: '1+1 等于几？' });
  await expect(single.getByRole('radio')).toHaveCount(3);
  await expect(single.getByRole('radio', { name: option('A', '1') })).toBeVisible();
  await pressUntilFocused(page, single.getByRole('radio', { name: option('A', '1') }));
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(single.getByRole('radio', { name: option('B', '2') })).toBeChecked();
  await expect(single.getByRole('radio', { name: option('A', '1') })).not.toBeChecked();
  await expect(saveStatus).toHaveText(/已保存/);

  // 下一题 with Enter; 2 多选: Space on A and C.
  await pressUntilFocused(page, page.getByRole('button', { name: /下一题/ }));
  await page.keyboard.press('Enter');
  const multiple = question.getByRole('group', { name: '下列哪些是偶数？' });
  await expect(multiple.getByRole('checkbox')).toHaveCount(3);
  await pressUntilFocused(page, multiple.getByRole('checkbox', { name: option('A', '2') }), 'Shift+Tab');
  await page.keyboard.press('Space');
  await pressUntilFocused(page, multiple.getByRole('checkbox', { name: option('C', '4') }));
  await page.keyboard.press('Space');
  await expect(multiple.getByRole('checkbox', { name: option('A', '2') })).toBeChecked();
  await expect(multiple.getByRole('checkbox', { name: option('B', '3') })).not.toBeChecked();
  await expect(multiple.getByRole('checkbox', { name: option('C', '4') })).toBeChecked();
  await expect(saveStatus).toHaveText(/已保存/);

  // 3 简答: back down to 下一题, Enter, then Shift+Tab up to the answer and type.
  await pressUntilFocused(page, page.getByRole('button', { name: /下一题/ }));
  await page.keyboard.press('Enter');
  const essay = question.getByLabel('答案');
  await pressUntilFocused(page, essay, 'Shift+Tab');
  await page.keyboard.type('保障人身安全');
  await expect(saveStatus).toHaveText(/已保存/);

  // 交卷 (the last question's main button): Esc closes the dialog and gives the focus back.
  const submit = page.locator('.kp-m-exam-nav').getByRole('button', { name: /^交\s*卷$/ });
  await pressUntilFocused(page, submit);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '确认交卷' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('submit-summary')).toContainText('所有题目都已作答');
  // Tab never reaches the page behind the dialog, however often pressed: it cycles through the dialog,
  // passing once through the browser's own controls (document.body active) as antd's focus lock allows.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((element) => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'browser';
      return element.contains(active) ? 'inside' : active.outerHTML.slice(0, 120);
    });
    expect(['inside', 'browser']).toContain(where);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, dialog.getByRole('button', { name: '确认交卷' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/m/attempts/${attemptId}/result$`));

  // What the server stored: B, A and C, and the text.
  const token = await apiToken(request, 'lisi');
  const view = await apiCall<{ sections: { questions: { type: number; answer: unknown }[] }[] }>(
    request,
    token,
    'GET',
    `/exam/api/v1/candidate/attempt?attemptId=${attemptId}`,
  );
  const answers = new Map(view.sections.flatMap((s) => s.questions).map((q) => [q.type, q.answer]));
  expect(answers.get(2)).toHaveLength(2);
  expect(answers.get(4)).toBe('保障人身安全');
  expect(typeof answers.get(1)).toBe('number');
});
