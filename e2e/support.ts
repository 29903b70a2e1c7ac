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

let sessionSeeds = 0;

/**
 * Opens `path` (or, without one, the page's next navigation) already signed in as `account`, for journeys that are not about signing in (those use
 * `signIn`): the tokens, user and menu the sign-in page would store are fetched through the API (the
 * same password grant) and written to local storage before the app's first script runs, so the
 * sign-in page and the landing page are not loaded and rendered first. Each call is a session of its
 * own (no refresh token shared between tests). The entries are written once per tab: signing out or a
 * revoked token later in the journey behaves as in a real browser. Calling it again (another account)
 * replaces the session at the next navigation.
 */
export async function signedIn(
  page: Page,
  account: string,
  path?: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const request = page.request;
  const res = await request.post('/auth/oauth/token?grant_type=password', {
    headers: { authorization: CLIENT_BASIC },
    form: { username: account, password, role: '1' },
  });
  if (!res.ok()) throw new Error(`sign-in of ${account} failed: ${res.status()} ${await res.text()}`);
  const token = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
  const [userInfo, menuInfo] = await Promise.all([
    apiCall<unknown>(request, token.access_token, 'GET', '/user/api/v1/user/detail'),
    apiCall<unknown>(request, token.access_token, 'GET', '/user/api/v2/sys/permission/get/menu?endpoint=1'),
  ]);
  // As the web stores them (apps/web/src/lib/storage.ts, lib/http.ts toStoredAuth).
  const entries: [string, string][] = [
    [
      'kaopei.auth',
      JSON.stringify({
        access_token: token.access_token,
        refresh_token: token.refresh_token,
        expires_at: Date.now() + Math.max(0, token.expires_in) * 1000,
      }),
    ],
    ['kaopei.userInfo', JSON.stringify(userInfo)],
    ['kaopei.menuInfo', JSON.stringify(menuInfo)],
  ];
  sessionSeeds += 1;
  const marker = `kaopei.e2e.session.${process.pid}.${sessionSeeds}`;
  const origin = new URL(res.url()).origin;
  await page.addInitScript(
    (seed) => {
      if (window.location.origin !== seed.origin || window.sessionStorage.getItem(seed.marker)) return;
      window.sessionStorage.setItem(seed.marker, '1');
      for (const [key, value] of seed.entries) window.localStorage.setItem(key, value);
    },
    { origin, marker, entries },
  );
  if (path !== undefined) await page.goto(path);
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

/** The id of the staff member with this account (via the admin's staff search). */
export async function staffUserId(
  request: APIRequestContext,
  token: string,
  account: string,
): Promise<number> {
  const rows = await apiPost<{ userId: number; account: string }[]>(
    request,
    token,
    '/user/api/v2/staff/search?page=0&size=10',
    { keyword: account },
  );
  const found = rows.find((row) => row.account === account);
  if (!found) throw new Error(`no staff ${account}`);
  return found.userId;
}

/** The id of the department with this name. */
export async function departmentId(request: APIRequestContext, token: string, name: string): Promise<number> {
  const all = await apiCall<{ departmentId: number; name: string }[]>(
    request,
    token,
    'GET',
    '/user/api/v1/department/all',
  );
  const found = all.find((department) => department.name === name);
  if (!found) throw new Error(`no department ${name}`);
  return found.departmentId;
}

/** How many active staff a department holds with its sub-departments (the demo's hold simulated staff). */
export async function departmentStaffCount(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<number> {
  const rows = await apiPost<unknown[]>(request, token, '/user/api/v2/staff/search?page=0&size=1000', {
    departmentId: await departmentId(request, token, name),
    includeSubDepartments: true,
    status: 0,
  });
  return rows.length;
}

/** A question as /question/api/v1/questions/add takes it (the bank is filled in). */
export interface SeedQuestion {
  type: number;
  stem: string;
  answer?: unknown;
  options?: { content: string; correct: boolean }[];
  analysis?: string;
}

export interface SeedExamOptions {
  name: string;
  questions: SeedQuestion[];
  /** The paper's one section. */
  sectionName?: string;
  /** Points of every question (default 10). */
  points?: number;
  durationMinutes?: number;
  passScore?: number;
  settings?: Record<string, unknown>;
  audience: { mode: 'assigned'; userIds?: number[]; departmentIds?: number[] };
  /** Send the candidates the 考试通知 (default false). */
  notify?: boolean;
}

/**
 * Sets up a published exam through the admin API: a bank of approved questions, a one-section paper and
 * the exam, open from a minute ago for two hours, notifying the candidates only when asked.
 */
export async function seedExam(
  request: APIRequestContext,
  token: string,
  options: SeedExamOptions,
): Promise<number> {
  const bank = await apiPost<{ bankId: number }>(request, token, '/question/api/v1/bank/add', {
    name: `${options.name}题库`,
  });
  const questionIds: number[] = [];
  for (const question of options.questions) {
    const added = await apiPost<{ questionId: number }>(request, token, '/question/api/v1/questions/add', {
      bankId: bank.bankId,
      ...question,
    });
    await apiPost(
      request,
      token,
      `/question/api/v1/questions/check?questionId=${added.questionId}&status=1`,
      {},
    );
    questionIds.push(added.questionId);
  }
  const paper = await apiPost<{ paperId: number }>(request, token, '/paper/api/v1/paper/create', {
    name: `${options.name}试卷`,
    status: 'saved',
    sectionVOS: [
      {
        name: options.sectionName ?? '试题',
        questionVOS: questionIds.map((questionId) => ({ questionId, points: options.points ?? 10 })),
      },
    ],
  });
  const now = Date.now();
  const exam = await apiPost<{ examId: number }>(request, token, '/exam/api/v1/exam/add', {
    name: options.name,
    paperIds: [paper.paperId],
    startAt: now - 60_000,
    endAt: now + 2 * 3600_000,
    durationMinutes: options.durationMinutes ?? 30,
    passScore: options.passScore ?? 10,
    settings: { showScore: 'immediately', ...options.settings },
    audience: options.audience,
    notify: options.notify ?? false,
  });
  await apiPost(request, token, `/exam/api/v1/exam/publish?examId=${exam.examId}`);
  return exam.examId;
}
