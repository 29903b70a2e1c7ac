import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createTestApp,
  TEST_PASSWORD,
  unique,
  uniquePhone,
  type TestApp,
  type TestOrg,
} from '../../../test/harness';

// Per account: 3 failures. Per address: 40 (today's rule would be 5 × 3 = 15). 10.9.0.0/16 is exempt.
let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_ATTEMPTS: '3',
    LOGIN_IP_MAX_ATTEMPTS: '40',
    SMS_PHONE_MAX_PER_HOUR: '2',
    SMS_IP_MAX_PER_HOUR: '40',
    RATE_LIMIT_ALLOW_IPS: '10.9.0.0/16, 192.0.2.7',
  });
  org = await createOrg(t);
});
afterAll(() => t.close());

const CLIENT = 'Basic ' + Buffer.from('kaopei-web:kaopei-secret').toString('base64');

async function signIn(username: string, password: string, ip: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/oauth/token?grant_type=password',
    remoteAddress: ip,
    headers: { authorization: CLIENT, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  return res.statusCode;
}

async function sendCode(phone: string, purpose: string, ip: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/user/api/v1/user/send/sms/code?phone=${phone}&purpose=${purpose}`,
    remoteAddress: ip,
  });
  return res.statusCode;
}

describe('sign-in limits: by account first, then by address', () => {
  it('does not block many accounts failing from one address below the address limit', async () => {
    const ip = '203.0.113.10';
    const statuses: number[] = [];
    // 13 people × 3 typos = 39 failures from one exam hall.
    for (let person = 0; person < 13; person += 1) {
      const account = unique('hall');
      for (let attempt = 0; attempt < 3; attempt += 1) statuses.push(await signIn(account, 'wrong-pw', ip));
    }
    expect(statuses.filter((s) => s !== 400)).toEqual([]);
    expect(await signIn(org.staff.account, TEST_PASSWORD, ip)).toBe(200);
    // The 40th failure reaches the address limit: the 41st attempt is refused.
    expect(await signIn(unique('hall'), 'wrong-pw', ip)).toBe(400);
    expect(await signIn(unique('hall'), 'wrong-pw', ip)).toBe(429);
  });

  it('blocks one account after its own limit, from any address', async () => {
    const account = unique('acct');
    expect(await signIn(account, 'wrong-pw', '203.0.113.20')).toBe(400);
    expect(await signIn(account, 'wrong-pw', '203.0.113.21')).toBe(400);
    expect(await signIn(account, 'wrong-pw', '10.9.1.1')).toBe(400);
    expect(await signIn(account, 'wrong-pw', '203.0.113.22')).toBe(429);
    expect(await signIn(account, 'wrong-pw', '10.9.1.1')).toBe(429);
  });

  it('never limits an allow-listed address (a range or one address, IPv4-mapped too)', async () => {
    for (const ip of ['10.9.4.4', '::ffff:192.0.2.7']) {
      const statuses: number[] = [];
      for (let person = 0; person < 22; person += 1) {
        const account = unique('nat');
        statuses.push(await signIn(account, 'wrong-pw', ip), await signIn(account, 'wrong-pw', ip));
      }
      expect(statuses.filter((s) => s !== 400)).toEqual([]);
    }
  });
});

describe('SMS code limits: by phone first, then by address', () => {
  it('sends codes to many phones from one address below the address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i += 1) statuses.push(await sendCode(uniquePhone(), 'register', '203.0.113.30'));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    for (let i = 0; i < 5; i += 1) await sendCode(uniquePhone(), 'register', '203.0.113.30');
    expect(await sendCode(uniquePhone(), 'register', '203.0.113.30')).toBe(429);
  });

  it('limits one phone per hour whatever the purpose and address', async () => {
    const phone = uniquePhone();
    expect(await sendCode(phone, 'register', '203.0.113.40')).toBe(200);
    expect(await sendCode(phone, 'reset', '203.0.113.41')).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/user/api/v1/user/send/sms/code?phone=${phone}&purpose=bind`,
      remoteAddress: '10.9.0.1',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/手机号/);
  });

  it('never limits an allow-listed address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 45; i += 1) statuses.push(await sendCode(uniquePhone(), 'register', '10.9.7.7'));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
