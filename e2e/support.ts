import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_DATA_DIR } from './playwright.config';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Kaopei@2024';
const CLIENT_BASIC = 'Basic ' + Buffer.from('kaopei-web:kaopei-secret').toString('base64');

interface OutboxLine {
  phone?: string;
  to?: string;
  content?: string;
  subject?: string;
  text?: string;
  html?: string;
  sentAt: string;
}

function readOutbox(file: string): OutboxLine[] {
  const full = path.join(E2E_DATA_DIR, 'outbox', file);
  if (!fs.existsSync(full)) return [];
  return fs
    .readFileSync(full, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** The newest SMS code sent to `phone` by the server under test (dev outbox). */
export async function latestSmsCode(phone: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const message = readOutbox('sms.jsonl')
      .filter((m) => m.phone === phone && Date.parse(m.sentAt) >= after)
      .at(-1);
    const code = message?.content?.match(/\d{6}/)?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no SMS code for ${phone}`);
}

/** The newest e-mail sent to `to` (dev outbox). */
export async function latestMail(to: string, after = 0): Promise<OutboxLine> {
  for (let i = 0; i < 50; i++) {
    const message = readOutbox('mail.jsonl')
      .filter((m) => m.to === to && Date.parse(m.sentAt) >= after)
      .at(-1);
    if (message) return message;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail for ${to}`);
}

/** Tokens for `account` straight from the API (for setting up data; journeys sign in through the UI). */
export async function apiToken(
  request: APIRequestContext,
  account: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await request.post('/auth/oauth/token?grant_type=password', {
    headers: { authorization: CLIENT_BASIC },
    form: { username: account, password, role: '1' },
  });
  if (!res.ok()) throw new Error(`sign-in of ${account} failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Signs in through the login page's password tab and waits to leave /login. */
export async function signIn(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder(/账号/).first().fill(account);
  await page.getByPlaceholder(/密码/).first().fill(password);
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Calls the API as `token` and returns `res.data`, failing on any error (for setting up data). */
export async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const text = await res.text();
  const body = JSON.parse(text) as { code: number; message: string; res: { data: T } };
  if (!res.ok() || body.code !== 0) throw new Error(`${method} ${url} failed: ${res.status()} ${text}`);
  return body.res.data;
}

/** POSTs to the API as `token` and returns `res.data`, failing on any error. */
export function apiPost<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  data?: unknown,
): Promise<T> {
  return apiCall<T>(request, token, 'POST', url, data);
}
