import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSmsOutbox } from '../../core/sms';
import { activityLog, organizations, refreshTokens, smsCodes, users } from '../../db/schema';
import { sha256 } from '../../core/crypto';
import { SMS_CODE_TTL_SECONDS } from './sms-code.service';
import {
  call,
  createOrg,
  createTestApp,
  TEST_PASSWORD,
  tokenRequest,
  type TestApp,
  type TestOrg,
} from '../../../test/harness';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: '3' });
  org = await createOrg(t);
});
afterAll(() => t.close());

/** The last text message sent to `phone`. */
function latestSms(phone: string) {
  return readSmsOutbox(t.config.dataDir)
    .filter((m) => m.phone === phone)
    .at(-1);
}

function latestCode(phone: string): string {
  const code = latestSms(phone)?.content.match(/\d{6}/)?.[0];
  if (!code) throw new Error('no code in outbox');
  return code;
}

describe('password grant', () => {
  it('signs in with account and password and returns an OAuth token body', async () => {
    const res = await tokenRequest(t, { username: org.admin.account, password: TEST_PASSWORD, role: '1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'all', expires_in: 1800 });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');
    expect(res.headers['cache-control']).toBe('no-store');
    const detail = await t.app.inject({
      url: '/user/api/v1/user/detail',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(detail.json().res.data).toMatchObject({
      userId: org.admin.id,
      isAdmin: true,
      organizationName: org.name,
    });
  });

  it('accepts the phone number as the username', async () => {
    const res = await tokenRequest(t, { username: org.staff.phone, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('accepts an RSA-OAEP encrypted password from the public key', async () => {
    const key = await call(t, 'GET', '/auth/public-key');
    const pem = (key.body.res?.data as { publicKey: string }).publicKey;
    const cipher = crypto.publicEncrypt(
      { key: pem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(TEST_PASSWORD),
    );
    const res = await tokenRequest(t, {
      username: org.staff.account,
      password: cipher.toString('base64'),
      encrypted: '1',
    });
    expect(res.statusCode).toBe(200);
  });

  it('rejects garbage that claims to be encrypted', async () => {
    const res = await tokenRequest(t, {
      username: org.staff.account,
      password: 'bm90LWVuY3J5cHRlZA==',
      encrypted: '1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      error_description: '密码解密失败，请刷新页面后重试',
    });
  });

  it('answers a wrong password with invalid_grant and a Chinese message', async () => {
    const res = await tokenRequest(t, { username: org.admin.account, password: 'wrong-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误' });
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const res = await tokenRequest(t, { username: 'nobody-here', password: 'whatever1' });
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误' });
  });

  it('rejects a bad client with invalid_client 401', async () => {
    const bad = 'Basic ' + Buffer.from('kaopei-web:nope').toString('base64');
    const res = await tokenRequest(t, { username: org.admin.account, password: TEST_PASSWORD }, bad);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');
    const none = await tokenRequest(t, { username: org.admin.account, password: TEST_PASSWORD }, '');
    expect(none.statusCode).toBe(401);
  });

  it('names the missing field', async () => {
    const res = await tokenRequest(t, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
    expect(res.json().error_description).toContain('账号');
  });

  it('answers a request without a form with an OAuth error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token?grant_type=password',
      headers: { authorization: 'Basic ' + Buffer.from('kaopei-web:kaopei-secret').toString('base64') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('rejects an unsupported grant type and login type', async () => {
    const res = await tokenRequest(t, { grant_type: 'client_credentials' });
    expect(res.json().error).toBe('unsupported_grant_type');
    const type = await tokenRequest(t, { username: org.admin.account, password: TEST_PASSWORD, type: '3' });
    expect(type.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses a disabled account', async () => {
    const other = await createOrg(t);
    await t.app.deps.db.update(users).set({ status: 1 }).where(eq(users.id, other.staff.id));
    const res = await tokenRequest(t, { username: other.staff.account, password: TEST_PASSWORD });
    expect(res.json().error).toBe('invalid_grant');
    // An access token issued before the account was disabled stops working at once.
    const detail = await call(t, 'GET', '/user/api/v1/user/detail', { user: other.staff });
    expect(detail.status).toBe(401);
  });

  it('limits failed attempts per account with a clear message', async () => {
    const victim = await createOrg(t);
    for (let i = 0; i < 3; i++) {
      const res = await tokenRequest(t, { username: victim.staff.account, password: 'bad-password' });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await tokenRequest(t, { username: victim.staff.account, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error_description).toMatch(/登录失败次数过多，请 \d+ 分钟后再试/);
  });

  it('stores passwords as Argon2id hashes', async () => {
    const [row] = await t.app.deps.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, org.admin.id));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
  });
});

describe('encrypted passwords required', () => {
  it('refuses a plain password when REQUIRE_ENCRYPTED_PASSWORD is on', async () => {
    const strict = await createTestApp({ REQUIRE_ENCRYPTED_PASSWORD: 'true' });
    try {
      const o = await createOrg(strict);
      const res = await tokenRequest(strict, { username: o.admin.account, password: TEST_PASSWORD });
      expect(res.json()).toEqual({ error: 'invalid_request', error_description: '密码必须加密传输' });
    } finally {
      await strict.close();
    }
  });
});

describe('SMS codes', () => {
  it('sends a 6-digit code to the outbox and signs in with it once (type 8)', async () => {
    const o = await createOrg(t);
    const send = await call(t, 'POST', `/user/api/v1/user/send/sms/code?phone=${o.staff.phone}`);
    expect(send.status).toBe(200);
    expect(send.body.code).toBe(0);
    const code = latestCode(o.staff.phone);
    const res = await tokenRequest(t, { username: o.staff.phone, code, type: '8', role: '1' });
    expect(res.statusCode).toBe(200);
    const again = await tokenRequest(t, { username: o.staff.phone, code, type: '8' });
    expect(again.json()).toEqual({ error: 'invalid_grant', error_description: '验证码已失效，请重新获取' });
  });

  it('allows one send per phone per 60 seconds', async () => {
    const o = await createOrg(t);
    await call(t, 'POST', `/user/api/v1/user/send/sms/code?phone=${o.admin.phone}`);
    const second = await call(t, 'POST', `/user/api/v1/user/send/sms/code?phone=${o.admin.phone}`);
    expect(second.status).toBe(429);
    expect(second.body.message).toMatch(/验证码发送过于频繁，请 \d+ 秒后再试/);
  });

  it('rejects a malformed phone number naming the field', async () => {
    const res = await call(t, 'POST', '/user/api/v1/user/send/sms/code?phone=12345');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('手机号');
    expect(res.body.message).toContain('手机号格式不正确');
  });

  it('does not reveal whether a phone is registered, and sends nothing to unknown phones', async () => {
    const phone = '19900000' + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
    const res = await call(t, 'POST', `/user/api/v1/user/send/sms/code?phone=${phone}`);
    expect(res.status).toBe(200);
    expect(readSmsOutbox(t.config.dataDir).some((m) => m.phone === phone)).toBe(false);
  });

  it('invalidates a code after 5 wrong guesses', async () => {
    const lenient = await createTestApp({ LOGIN_MAX_ATTEMPTS: '100' });
    try {
      const o = await createOrg(lenient);
      await call(lenient, 'POST', `/user/api/v1/user/send/sms/code?phone=${o.staff.phone}`);
      const message = readSmsOutbox(lenient.config.dataDir)
        .filter((m) => m.phone === o.staff.phone)
        .at(-1);
      const code = message?.content.match(/\d{6}/)?.[0] ?? '';
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await tokenRequest(lenient, { username: o.staff.phone, code: wrong, type: '8' });
        expect(res.json().error_description).toBe('验证码错误');
      }
      const right = await tokenRequest(lenient, { username: o.staff.phone, code, type: '8' });
      expect(right.json().error_description).toBe('验证码错误次数过多，请重新获取');
    } finally {
      await lenient.close();
    }
  });

  it('requires both password and code for type 7', async () => {
    const o = await createOrg(t);
    await call(t, 'POST', `/user/api/v1/user/send/sms/code?phone=${o.admin.phone}`);
    const code = latestCode(o.admin.phone);
    const noCode = await tokenRequest(t, { username: o.admin.account, password: TEST_PASSWORD, type: '7' });
    expect(noCode.json()).toEqual({ error: 'invalid_request', error_description: '请输入短信验证码' });
    const res = await tokenRequest(t, {
      username: o.admin.account,
      password: TEST_PASSWORD,
      type: '7',
      code,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('refresh and logout', () => {
  it('rotates refresh tokens and revokes the family when an old one is reused', async () => {
    // Sessions outside the stolen family: the same person on another device, and another person.
    const otherDevice = (
      await tokenRequest(t, { username: org.staff.account, password: TEST_PASSWORD })
    ).json();
    const otherPerson = (
      await tokenRequest(t, { username: org.admin.account, password: TEST_PASSWORD })
    ).json();
    const first = (await tokenRequest(t, { username: org.staff.account, password: TEST_PASSWORD })).json();
    const second = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.statusCode).toBe(200);
    const rotated = second.json();
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    const reuse = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.json().error).toBe('invalid_grant');
    const afterTheft = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: rotated.refresh_token,
    });
    expect(afterTheft.json().error).toBe('invalid_grant');
    // Only that family ends: the other sessions still refresh.
    for (const session of [otherDevice, otherPerson]) {
      const refreshed = await tokenRequest(t, {
        grant_type: 'refresh_token',
        refresh_token: session.refresh_token,
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().refresh_token).toEqual(expect.any(String));
    }
  });

  it('logout revokes the refresh token', async () => {
    const pair = (await tokenRequest(t, { username: org.staff.account, password: TEST_PASSWORD })).json();
    const out = await call(t, 'POST', '/auth/logout', { body: { refresh_token: pair.refresh_token } });
    expect(out.body.code).toBe(0);
    const res = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: pair.refresh_token });
    expect(res.json().error).toBe('invalid_grant');
  });

  async function signInPair(): Promise<{ access_token: string; refresh_token: string }> {
    const res = await tokenRequest(t, { username: org.staff.account, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  const refreshWith = (refreshToken: string) =>
    tokenRequest(t, { grant_type: 'refresh_token', refresh_token: refreshToken });

  const bodies: { name: string; headers: Record<string, string>; payload?: string | Buffer }[] = [
    { name: 'no body and no content type', headers: {} },
    { name: 'an empty JSON body', headers: { 'content-type': 'application/json' }, payload: '' },
    { name: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'bye' },
    {
      name: 'application/octet-stream',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([1, 2, 3]),
    },
    { name: 'an empty form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' },
  ];

  for (const body of bodies) {
    it(`logout with only the access token (${body.name}) ends that session and no other`, async () => {
      const mine = await signInPair();
      const other = await signInPair();
      const out = await t.app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: { ...body.headers, authorization: `Bearer ${mine.access_token}` },
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ code: 0, message: '成功', res: { data: null } });
      const ended = await refreshWith(mine.refresh_token);
      expect(ended.statusCode).toBe(400);
      expect(ended.json().error).toBe('invalid_grant');
      expect((await refreshWith(other.refresh_token)).statusCode).toBe(200);
    });
  }

  it('logout finds the session of an access token issued by a refresh, and of an expired one', async () => {
    const first = await signInPair();
    const rotated = (await refreshWith(first.refresh_token)).json();
    const out = await call(t, 'POST', '/auth/logout', {
      headers: { authorization: `Bearer ${rotated.access_token}` },
    });
    expect(out.body.code).toBe(0);
    expect((await refreshWith(rotated.refresh_token)).json().error).toBe('invalid_grant');

    // An access token that has lapsed still names its session (signed by this server).
    const second = await signInPair();
    const { decodeJwt, SignJWT } = await import('jose');
    const sid = decodeJwt(second.access_token).sid;
    expect(typeof sid).toBe('string');
    const expired = await new SignJWT({ org: org.id, typ: 'access', sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(org.staff.id))
      .setIssuer('kaopei')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    await call(t, 'POST', '/auth/logout', { headers: { authorization: `Bearer ${expired}` } });
    expect((await refreshWith(second.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('logout ignores a forged access token', async () => {
    const pair = await signInPair();
    const { decodeJwt, SignJWT } = await import('jose');
    const forged = await new SignJWT({ org: org.id, typ: 'access', sid: decodeJwt(pair.access_token).sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(org.staff.id))
      .setIssuer('kaopei')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-of-sufficient-length'));
    const out = await call(t, 'POST', '/auth/logout', { headers: { authorization: `Bearer ${forged}` } });
    expect(out.body.code).toBe(0);
    expect((await refreshWith(pair.refresh_token)).statusCode).toBe(200);
  });

  it('rejects a missing, malformed or forged access token with 401', async () => {
    expect((await call(t, 'GET', '/user/api/v1/user/detail')).status).toBe(401);
    const bad = await call(t, 'GET', '/user/api/v1/user/detail', {
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ code: -1, message: '未登录或登录已过期，请重新登录', res: null });
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT({ org: org.id, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(org.admin.id))
      .setIssuer('kaopei')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-of-sufficient-length'));
    const res = await call(t, 'GET', '/user/api/v1/user/detail', {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.status).toBe(401);
  });

  it('rejects an expired access token', async () => {
    const { SignJWT } = await import('jose');
    const expired = await new SignJWT({ org: org.id, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(org.admin.id))
      .setIssuer('kaopei')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await call(t, 'GET', '/user/api/v1/user/detail', {
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.status).toBe(401);
  });
});

describe('sign-in at its edges', () => {
  const basic = (text: string) => 'Basic ' + Buffer.from(text).toString('base64');
  const signIn = (form: Record<string, string>) => tokenRequest(t, form);

  it('names what is wrong with the client header', async () => {
    const form = { username: org.admin.account, password: TEST_PASSWORD };
    for (const header of ['Bearer abc', 'Basic', 'Basic ']) {
      const res = await tokenRequest(t, form, header);
      expect(res.statusCode, header).toBe(401);
      expect(res.json(), header).toEqual({
        error: 'invalid_client',
        error_description: '缺少客户端认证信息',
      });
    }
    for (const client of ['kaopei-web', 'kaopei-web:', 'other:kaopei-secret']) {
      const res = await tokenRequest(t, form, basic(client));
      expect(res.json(), client).toEqual({ error: 'invalid_client', error_description: '客户端认证失败' });
    }
    // The scheme is case-insensitive (RFC 7617).
    const lower = await tokenRequest(t, form, basic('kaopei-web:kaopei-secret').replace('Basic', 'basic'));
    expect(lower.statusCode).toBe(200);
  });

  it('takes the account with spaces around it, and records the sign-in', async () => {
    const o = await createOrg(t);
    const res = await signIn({ username: `  ${o.staff.account} `, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const [user] = await t.app.deps.db.select().from(users).where(eq(users.id, o.staff.id));
    expect(user?.lastLoginAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const log = await t.app.deps.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, o.id), eq(activityLog.action, 'login')));
    expect(log.map((entry) => [entry.actorId, entry.detail])).toEqual([
      [o.staff.id, `${user?.realName} 登录了系统`],
    ]);
    // The refresh token lives for the configured time.
    const [token] = await t.app.deps.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(res.json().refresh_token)));
    const expected = Date.now() + t.config.refreshTokenTtl * 1000;
    expect(Math.abs((token?.expiresAt.getTime() ?? 0) - expected)).toBeLessThan(60_000);
  });

  it('counts failures of one account however its name is capitalised, and says how long to wait', async () => {
    const victim = await createOrg(t);
    for (const name of [victim.staff.account.toUpperCase(), victim.staff.account, ` ${victim.staff.account}`])
      expect((await signIn({ username: name, password: 'bad-password' })).statusCode).toBe(400);
    const blocked = await signIn({ username: victim.staff.account, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    const minutes = Math.max(1, Math.ceil(t.config.loginWindowSeconds / 60));
    expect(blocked.json()).toEqual({
      error: 'invalid_grant',
      error_description: `登录失败次数过多，请 ${minutes} 分钟后再试`,
    });
  });

  it('says which part of the form is missing for each way of signing in', async () => {
    const type = await signIn({ username: org.admin.account, password: TEST_PASSWORD, type: '3' });
    expect(type.json().error_description).toBe('不支持的登录方式 type=3');
    const noPassword = await signIn({ username: org.admin.account });
    expect(noPassword.json()).toEqual({ error: 'invalid_request', error_description: '请输入密码' });
    const blankCode = await signIn({ username: org.admin.phone, code: '   ', type: '8' });
    expect(blankCode.json()).toEqual({ error: 'invalid_request', error_description: '请输入短信验证码' });
  });

  it('answers a code for a phone without an account as a wrong code', async () => {
    const res = await signIn({ username: '19911112222', code: '123456', type: '8' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '验证码错误' });
  });

  it('takes a code with spaces around it, and says in the message how long it lasts', async () => {
    const o = await createOrg(t);
    await call(t, 'POST', `/user/api/v1/user/send/sms/code?phone=${o.staff.phone}`);
    expect(latestSms(o.staff.phone)?.content).toContain(`${SMS_CODE_TTL_SECONDS / 60} 分钟内有效`);
    const [stored] = await t.app.deps.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, o.staff.phone))
      .orderBy(desc(smsCodes.id));
    const expected = Date.now() + SMS_CODE_TTL_SECONDS * 1000;
    expect(Math.abs((stored?.expiresAt.getTime() ?? 0) - expected)).toBeLessThan(60_000);
    const res = await signIn({ username: o.staff.phone, code: ` ${latestCode(o.staff.phone)} `, type: '8' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses password and code (type 7) for an account without a phone, and with a wrong code', async () => {
    const o = await createOrg(t);
    await call(t, 'POST', `/user/api/v1/user/send/sms/code?phone=${o.admin.phone}`);
    const code = latestCode(o.admin.phone);
    const wrong = await signIn({
      username: o.admin.account,
      password: TEST_PASSWORD,
      type: '7',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: '验证码错误' });
    await t.app.deps.db.update(users).set({ phone: null }).where(eq(users.id, o.staff.id));
    const noPhone = await signIn({ username: o.staff.account, password: TEST_PASSWORD, type: '7', code });
    expect(noPhone.json()).toEqual({
      error: 'invalid_grant',
      error_description: '该账号未绑定手机号，无法使用短信验证',
    });
  });

  it('names a disabled account and a disabled organisation', async () => {
    const o = await createOrg(t);
    await t.app.deps.db.update(users).set({ status: 1 }).where(eq(users.id, o.staff.id));
    const account = await signIn({ username: o.staff.account, password: TEST_PASSWORD });
    expect(account.json()).toEqual({ error: 'invalid_grant', error_description: '账号已停用，请联系管理员' });
    await t.app.deps.db.update(organizations).set({ status: 1 }).where(eq(organizations.id, o.id));
    const organisation = await signIn({ username: o.admin.account, password: TEST_PASSWORD });
    expect(organisation.json()).toEqual({
      error: 'invalid_grant',
      error_description: '所属组织已停用，请联系管理员',
    });
  });
});

describe('refreshing at its edges', () => {
  const refresh = (token: string) => tokenRequest(t, { grant_type: 'refresh_token', refresh_token: token });

  it('says an unknown token has ended, an expired one has expired, and a disabled account is disabled', async () => {
    const unknown = await refresh('not-a-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'invalid_grant', error_description: '登录已失效，请重新登录' });

    const o = await createOrg(t);
    const pair = (await tokenRequest(t, { username: o.staff.account, password: TEST_PASSWORD })).json();
    await t.app.deps.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(pair.refresh_token)));
    expect((await refresh(pair.refresh_token)).json()).toEqual({
      error: 'invalid_grant',
      error_description: '登录已过期，请重新登录',
    });

    const live = (await tokenRequest(t, { username: o.staff.account, password: TEST_PASSWORD })).json();
    await t.app.deps.db.update(users).set({ status: 1 }).where(eq(users.id, o.staff.id));
    expect((await refresh(live.refresh_token)).json()).toEqual({
      error: 'invalid_grant',
      error_description: '账号已停用，请联系管理员',
    });
  });
});
