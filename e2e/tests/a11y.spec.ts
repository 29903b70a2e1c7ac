// This spec checks its pages explicitly (whatever other specs of the worker checked), so it runs
// without the journeys' fixture.
import { expect, test } from '@playwright/test';
import { violationsOn } from '../a11y';
import { EDITION_PORT } from '../playwright.config';
import { signedIn } from '../support';

/**
 * Accessibility (issue 23): axe-core's WCAG 2.1 A/AA rules on the pages a new user meets first — the
 * eleven the issue measured (106 violations then) — in the default edition, and the sign-in page of the
 * engineer edition, whose orange brand colour is the hardest to read. Every violation is listed with its
 * first elements so that a failure says what to fix.
 */

const PAGES: [account: string, path: string][] = [
  ['admin', '/manage/console'],
  ['admin', '/manage/exam/list'],
  ['admin', '/manage/exam/editor'],
  ['admin', '/manage/question/list'],
  ['admin', '/manage/question/bank'],
  ['admin', '/manage/paper/list'],
  ['admin', '/manage/system/staff'],
  ['admin', '/manage/knowledge/edit'],
  ['admin', '/personal/message'],
  ['zhangsan', '/m/exams'],
];

test('the sign-in pages of two editions have no WCAG 2.1 AA violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
  const found = await violationsOn(page);
  await page.goto(`http://localhost:${EDITION_PORT}/login`);
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
  found.push(...(await violationsOn(page)));
  expect(found).toEqual([]);
});

test('the first pages an administrator and a candidate open have no WCAG 2.1 AA violation', async ({
  page,
}) => {
  test.slow();
  const found: string[] = [];
  for (const [account, path] of PAGES) {
    await signedIn(page, account, path);
    await expect(page.locator('main').first()).toBeVisible();
    found.push(...(await violationsOn(page)));
  }
  expect(found).toEqual([]);
});
