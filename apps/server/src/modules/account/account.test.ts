import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailOutbox } from '../../core/mailer';
import { readSmsOutbox } from '../../core/sms';
import { passwordResetTokens, users } from '../../db/schema';
import {
  call,
  createOrg,
  createTestApp,
  TEST_PASSWORD,
  tokenRequest,
  unique,
  uniquePhone,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://kaopei.example.com' });
  org = await createOrg(t);
  other = await createOrg(t);
});
afterAll(() => t.close());

function latestCode(phone: string): string | undefined {
  const message = readSmsOutbox(t.config.dataDir)
    .filter((m) => m.phone === phone)
    .at(-1);
  return message?.content.match(/\d{6}/)?.[0];
}

function latestMailTo(to: string) {
  return readMailOutbox(t.config.dataDir)
    .filter((m) => m.to === to)
    .at(-1);
}

async function row(userId: number) {
  const [user] = await t.app.deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('user missing');
  return user;
}

/** A fresh staff member with an e-mail address, so tests that change credentials do not interfere. */
async function freshUser(o: TestOrg = org): Promise<TestUser & { email: string }> {
  const email = `${unique('mail')}@example.com`;
  const template = await row(o.staff.id);
  const account = unique('acc');
  const phone = uniquePhone();
  const [user] = await t.app.deps.db
    .insert(users)
    .values({
      organizationId: o.id,
      account,
      phone,
      email,
      realName: '测试员工',
      passwordHash: template.passwordHash,
    })
    .returning();
  if (!user) throw new Error('insert failed');
  const token = await t.app.deps.tokens.signAccess({ userId: user.id, organizationId: o.id });
  return { id: user.id, account, phone, email, token };
}

async function signInStatus(username: string, password: string): Promise<number> {
  return (await tokenRequest(t, { username, password, role: '1' })).statusCode;
}

describe('profile', () => {
  it('updates name, e-mail, gender and avatar of the caller only', async () => {
    const user = await freshUser();
    const res = await call(t, 'POST', '/user/api/v1/user/profile/modify', {
      user,
      body: {
        realName: '  新名字 ',
        email: 'New.Name@Example.com',
        gender: false,
        avatarUrl: '/api/files/1/abc.png',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.res?.data).toMatchObject({
      userId: user.id,
      realName: '新名字',
      email: 'new.name@example.com',
      gender: false,
      avatarUrl: '/api/files/1/abc.png',
    });
    const detail = await call(t, 'GET', '/user/api/v1/user/detail', { user });
    expect(detail.body.res?.data).toMatchObject({ realName: '新名字', email: 'new.name@example.com' });

    const cleared = await call(t, 'POST', '/user/api/v1/user/profile/modify', {
      user,
      body: { email: '', avatarUrl: null },
    });
    expect(cleared.body.res?.data).toMatchObject({ email: null, avatarUrl: null, realName: '新名字' });
  });

  it('rejects bad input naming the field and changes nothing', async () => {
    const user = await freshUser();
    const before = await row(user.id);
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email' }, '邮箱格式不正确'],
      [{ realName: '   ' }, '姓名不能为空'],
      [{ avatarUrl: 'javascript:alert(1)' }, '头像地址不正确'],
      [{ gender: 'male' }, '性别取值不正确'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t, 'POST', '/user/api/v1/user/profile/modify', { user, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const after = await row(user.id);
    expect(after).toEqual(before);
  });

  it('refuses an e-mail another account uses, in any organisation', async () => {
    const user = await freshUser();
    const foreign = await freshUser(other);
    const res = await call(t, 'POST', '/user/api/v1/user/profile/modify', {
      user,
      body: { realName: '不应保存', email: foreign.email.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('该邮箱已被其他账号使用');
    expect((await row(user.id)).realName).toBe('测试员工');
  });

  it('needs a signed-in user', async () => {
    const res = await call(t, 'POST', '/user/api/v1/user/profile/modify', { body: { realName: 'x' } });
    expect(res.status).toBe(401);
  });
});

describe('changing the phone', () => {
  it('sends the code to the new phone and switches after it is checked', async () => {
    const user = await freshUser();
    const newPhone = uniquePhone();
    const sent = await call(t, 'POST', `/user/api/v1/user/phone/code?phone=${newPhone}`, { user });
    expect(sent.status).toBe(200);
    const code = latestCode(newPhone);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await call(t, 'POST', '/user/api/v1/user/phone/modify', {
      user,
      body: { phone: newPhone, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('验证码错误');
    expect((await row(user.id)).phone).toBe(user.phone);

    const done = await call(t, 'POST', '/user/api/v1/user/phone/modify', {
      user,
      body: { phone: newPhone, code },
    });
    expect(done.status).toBe(200);
    expect(done.body.res?.data).toMatchObject({ phone: newPhone });
    expect(await signInStatus(newPhone, TEST_PASSWORD)).toBe(200);
  });

  it('refuses a phone in use, the same phone and a malformed one', async () => {
    const user = await freshUser();
    const taken = await call(t, 'POST', `/user/api/v1/user/phone/code?phone=${other.staff.phone}`, { user });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('该手机号已被其他账号使用');
    const same = await call(t, 'POST', `/user/api/v1/user/phone/code?phone=${user.phone}`, { user });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('新手机号不能与当前手机号相同');
    const bad = await call(t, 'POST', '/user/api/v1/user/phone/code?phone=123', { user });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('手机号格式不正确');
    const badCode = await call(t, 'POST', '/user/api/v1/user/phone/modify', {
      user,
      body: { phone: uniquePhone(), code: '12' },
    });
    expect(badCode.status).toBe(400);
    expect(badCode.body.message).toBe('验证码为 6 位数字');
    expect((await row(user.id)).phone).toBe(user.phone);
  });
});

describe('changing the password', () => {
  it('with the old password: the new one works, the old one and old refresh tokens do not', async () => {
    const user = await freshUser();
    const session = (await tokenRequest(t, { username: user.account, password: TEST_PASSWORD })).json();
    const res = await call(t, 'POST', '/user/api/v1/user/password/modify', {
      user,
      body: { oldPassword: TEST_PASSWORD, password: 'NewPass123' },
    });
    expect(res.status).toBe(200);
    expect(await signInStatus(user.account, 'NewPass123')).toBe(200);
    expect(await signInStatus(user.account, TEST_PASSWORD)).toBe(400);
    const refresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: session.refresh_token,
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('with an SMS code sent to the own phone', async () => {
    const user = await freshUser();
    const sent = await call(t, 'POST', '/user/api/v1/user/password/code', { user });
    expect(sent.status).toBe(200);
    expect(sent.body.res?.data).toEqual({ phone: user.phone.replace(/^(\d{3})\d+(\d{4})$/, '$1****$2') });
    const res = await call(t, 'POST', '/user/api/v1/user/password/modify', {
      user,
      body: { code: latestCode(user.phone), password: 'ViaCode2024' },
    });
    expect(res.status).toBe(200);
    expect(await signInStatus(user.account, 'ViaCode2024')).toBe(200);
  });

  it('accepts RSA-encrypted password fields', async () => {
    const user = await freshUser();
    const { publicKey } = (await call(t, 'GET', '/auth/public-key')).body.res?.data as { publicKey: string };
    const encrypt = (value: string) =>
      crypto
        .publicEncrypt(
          { key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(value),
        )
        .toString('base64');
    const res = await call(t, 'POST', '/user/api/v1/user/password/modify', {
      user,
      body: { oldPassword: encrypt(TEST_PASSWORD), password: encrypt('Secret2025x'), encrypted: true },
    });
    expect(res.status).toBe(200);
    expect(await signInStatus(user.account, 'Secret2025x')).toBe(200);
  });

  it('rejects a wrong old password, a weak new one and a missing proof, and changes nothing', async () => {
    const user = await freshUser();
    const hash = (await row(user.id)).passwordHash;
    const cases: [unknown, number, string][] = [
      [{ oldPassword: 'Wrong12345', password: 'NewPass123' }, 400, '原密码错误'],
      [{ oldPassword: TEST_PASSWORD, password: 'short1' }, 400, '新密码长度需为 8–32 位'],
      [{ oldPassword: TEST_PASSWORD, password: 'onlyletters' }, 400, '新密码需同时包含字母和数字'],
      [{ oldPassword: TEST_PASSWORD, password: '1234567890' }, 400, '新密码需同时包含字母和数字'],
      [{ oldPassword: TEST_PASSWORD, password: 'a'.repeat(30) + '1234' }, 400, '新密码长度需为 8–32 位'],
      [{ password: 'NewPass123' }, 400, '请输入原密码或短信验证码'],
      [{ code: '123456', password: 'NewPass123' }, 400, '验证码已失效，请重新获取'],
      [{ oldPassword: TEST_PASSWORD, password: TEST_PASSWORD }, 400, '新密码不能与原密码相同'],
      [{ oldPassword: TEST_PASSWORD }, 400, '请输入新密码'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(t, 'POST', '/user/api/v1/user/password/modify', { user, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect((await row(user.id)).passwordHash).toBe(hash);
    expect(await signInStatus(user.account, TEST_PASSWORD)).toBe(200);
  });
});

describe('forgotten password', () => {
  it('sends an SMS code and an e-mail link, then resets by SMS code', async () => {
    const user = await freshUser();
    const res = await call(t, 'POST', `/user/api/v1/user/send/pwd/code/auth?account=${user.account}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('如果该账号存在');
    const code = latestCode(user.phone);
    expect(code).toMatch(/^\d{6}$/);
    const mail = latestMailTo(user.email);
    expect(mail?.text).toContain('https://kaopei.example.com/mailPwdUpdate?token=');

    const wrong = await call(t, 'POST', '/user/api/v1/user/change/pwd/auth', {
      body: { account: user.account, code: code === '000000' ? '111111' : '000000', password: 'Reset2024a' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('验证码错误');
    const weak = await call(t, 'POST', '/user/api/v1/user/change/pwd/auth', {
      body: { account: user.account, code, password: 'weak' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('新密码长度需为 8–32 位');
    expect(await signInStatus(user.account, TEST_PASSWORD)).toBe(200);

    const done = await call(t, 'POST', '/user/api/v1/user/change/pwd/auth', {
      body: { account: user.account, code, password: 'Reset2024a' },
    });
    expect(done.status).toBe(200);
    expect(await signInStatus(user.account, 'Reset2024a')).toBe(200);
    // The code is single-use.
    const again = await call(t, 'POST', '/user/api/v1/user/change/pwd/auth', {
      body: { account: user.account, code, password: 'Reset2024b' },
    });
    expect(again.status).toBe(400);
    // The e-mailed link of the same request no longer works either.
    const token = mail?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
    const link = await call(t, 'POST', '/user/api/v1/mail/password/update', {
      body: { token, password: 'Reset2024c' },
    });
    expect(link.status).toBe(400);
  });

  it('resets by the e-mailed link once, found by e-mail address', async () => {
    const user = await freshUser();
    const res = await call(
      t,
      'POST',
      `/user/api/v1/user/send/pwd/code/auth?account=${encodeURIComponent(user.email.toUpperCase())}`,
    );
    expect(res.status).toBe(200);
    const token = latestMailTo(user.email)?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();

    const check = await call(t, 'POST', '/user/api/v1/mail/password/check', { body: { token } });
    expect(check.body.res?.data).toMatchObject({ valid: true });
    const weak = await call(t, 'POST', '/user/api/v1/mail/password/update', {
      body: { token, password: '12345678' },
    });
    expect(weak.status).toBe(400);
    const done = await call(t, 'POST', '/user/api/v1/mail/password/update', {
      body: { token, password: 'MailReset1' },
    });
    expect(done.status).toBe(200);
    expect(await signInStatus(user.account, 'MailReset1')).toBe(200);

    const reuse = await call(t, 'POST', '/user/api/v1/mail/password/update', {
      body: { token, password: 'MailReset2' },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('重置链接无效或已过期，请重新找回密码');
    const recheck = await call(t, 'POST', '/user/api/v1/mail/password/check', { body: { token } });
    expect(recheck.body.res?.data).toEqual({ valid: false, expiresAt: null });
  });

  it('stores reset tokens hashed and refuses them after 30 minutes', async () => {
    const user = await freshUser();
    await call(t, 'POST', `/user/api/v1/user/send/pwd/code/auth?account=${user.phone}`);
    const token = latestMailTo(user.email)?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const [stored] = await t.app.deps.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored?.tokenHash).not.toContain(token);
    expect(stored?.tokenHash).toHaveLength(64);
    const ttl = (stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0);
    expect(Math.round(ttl / 60_000)).toBe(30);
    await t.app.deps.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await call(t, 'POST', '/user/api/v1/mail/password/update', {
      body: { token, password: 'Expired123' },
    });
    expect(res.status).toBe(400);
    expect(await signInStatus(user.account, TEST_PASSWORD)).toBe(200);
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const smsBefore = readSmsOutbox(t.config.dataDir).length;
    const mailBefore = readMailOutbox(t.config.dataDir).length;
    const res = await call(t, 'POST', '/user/api/v1/user/send/pwd/code/auth?account=nobody_here_123');
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('如果该账号存在');
    expect(readSmsOutbox(t.config.dataDir)).toHaveLength(smsBefore);
    expect(readMailOutbox(t.config.dataDir)).toHaveLength(mailBefore);
    const reset = await call(t, 'POST', '/user/api/v1/user/change/pwd/auth', {
      body: { account: 'nobody_here_123', code: '123456', password: 'Whatever12' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe('验证码已失效，请重新获取');
  });

  it('limits requests per account, whether or not it exists', async () => {
    const first = await call(t, 'POST', '/user/api/v1/user/send/pwd/code/auth?account=ghost_limit');
    expect(first.status).toBe(200);
    const second = await call(t, 'POST', '/user/api/v1/user/send/pwd/code/auth?account=ghost_limit');
    expect(second.status).toBe(429);
    expect(second.body.message).toMatch(/操作过于频繁，请 \d+ 秒后再试/);
    const user = await freshUser();
    await call(t, 'POST', `/user/api/v1/user/send/pwd/code/auth?account=${user.account}`);
    const again = await call(t, 'POST', `/user/api/v1/user/send/pwd/code/auth?account=${user.account}`);
    expect(again.status).toBe(429);
  });

  it('rejects malformed requests naming the field', async () => {
    const empty = await call(t, 'POST', '/user/api/v1/user/send/pwd/code/auth?account=');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请输入账号、手机号或邮箱');
    const noCode = await call(t, 'POST', '/user/api/v1/user/change/pwd/auth', {
      body: { account: 'x', password: 'Abcdefg123' },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toContain('验证码');
    const badToken = await call(t, 'POST', '/user/api/v1/mail/password/update', {
      body: { token: 'short', password: 'Abcdefg123' },
    });
    expect(badToken.status).toBe(400);
    expect(badToken.body.message).toBe('重置链接无效');
  });
});
