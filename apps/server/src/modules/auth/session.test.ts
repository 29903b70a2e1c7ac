import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { MemoryRealtime, RedisRealtime } from '../../core/realtime';
import { TokenService } from '../../core/tokens';
import {
  call,
  createOrg,
  createTestApp,
  TEST_PASSWORD,
  tokenRequest,
  type TestApp,
  type TestOrg,
} from '../../../test/harness';

/** The development secret earlier versions signed with when JWT_SECRET was unset (public in the code). */
const PUBLIC_DEV_JWT_SECRET = 'kaopei-dev-jwt-secret-change-me';

let t: TestApp;
let org: TestOrg;
// Shared with a second instance built on the same database (what Redis pub/sub is across processes).
const realtime = new MemoryRealtime();

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
});
afterAll(() => t.close());

async function signIn(account = org.staff.account) {
  const res = await tokenRequest(t, { username: account, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.json() as { access_token: string; refresh_token: string };
}

function asBearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A member route and the candidates' save route (the hottest call of an exam: cached user rows). */
async function statuses(app: TestApp['app'], token: string): Promise<[number, number]> {
  const member = await app.inject({ url: '/user/api/v1/user/detail', headers: asBearer(token) });
  const save = await app.inject({
    method: 'POST',
    url: '/exam/api/v1/candidate/answers?attemptId=987654321',
    headers: asBearer(token),
    payload: [{ questionId: 1, seq: 1, answer: true }],
  });
  return [member.statusCode, save.statusCode];
}

async function logout(token: string) {
  const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: asBearer(token) });
  expect(res.statusCode).toBe(200);
}

describe('the signing secret (point 3)', () => {
  it('is generated once in the data directory (mode 0600) when JWT_SECRET is not set', () => {
    const file = path.join(t.config.dataDir, 'jwt-secret');
    expect(t.config.jwtSecretSource).toBe('file');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(t.config.jwtSecret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(t.config.jwtSecret).not.toBe(PUBLIC_DEV_JWT_SECRET);
  });

  it('refuses tokens forged with the old public development secret', async () => {
    const forged = await new TokenService(PUBLIC_DEV_JWT_SECRET, 1800).signAccess({
      userId: org.admin.id,
      organizationId: org.id,
    });
    const res = await call(t, 'GET', '/user/api/v1/user/detail', {
      headers: asBearer(forged),
    });
    expect(res.status).toBe(401);
    // The server's own tokens still work.
    expect((await call(t, 'GET', '/user/api/v1/user/detail', { user: org.admin })).status).toBe(200);
  });
});

describe('sign-out ends the access token at once (point 9)', () => {
  it('refuses the token on member and candidate routes; other sessions keep working', async () => {
    const ended = await signIn();
    const other = await signIn();
    const before = await statuses(t.app, ended.access_token);
    expect(before[0]).toBe(200);
    expect(before[1]).not.toBe(401);

    await logout(ended.access_token);

    expect(await statuses(t.app, ended.access_token)).toEqual([401, 401]);
    const kept = await statuses(t.app, other.access_token);
    expect(kept[0]).toBe(200);
    expect(kept[1]).not.toBe(401);
  });

  it('a second instance on the same database refuses it: by its start-up load and by pub/sub', async () => {
    // Instance B starts before the sign-outs and shares the realtime bus with instance C, which
    // performs them; instance D starts after them and learns only from the database.
    const config = { ...t.config };
    const options = { database: t.app.deps.database, skipMigrate: true, serveWeb: false } as const;
    const b = await buildApp(config, { ...options, realtime });
    const c = await buildApp(config, { ...options, realtime });
    try {
      const early = await signIn();
      const late = await signIn();
      const kept = await signIn();
      expect((await statuses(b, early.access_token))[0]).toBe(200);

      await logout(late.access_token); // on instance A: B and C learn nothing but the database row
      const viaC = await c.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: asBearer(early.access_token),
      });
      expect(viaC.statusCode).toBe(200);

      expect(await statuses(b, early.access_token)).toEqual([401, 401]); // pub/sub
      expect((await statuses(b, kept.access_token))[0]).toBe(200);
      const d = await buildApp(config, options);
      try {
        expect(await statuses(d, late.access_token)).toEqual([401, 401]); // start-up load
        expect(await statuses(d, early.access_token)).toEqual([401, 401]);
        expect((await statuses(d, kept.access_token))[0]).toBe(200);
      } finally {
        await d.close();
      }
    } finally {
      await b.close();
      await c.close();
    }
  });

  it('over Redis pub/sub, an instance started before the sign-out refuses the token at once', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `kaopei-test:${Date.now()}:${Math.random()}:`;
    const [busB, busC] = [new RedisRealtime(redisUrl, prefix), new RedisRealtime(redisUrl, prefix)];
    const options = { database: t.app.deps.database, skipMigrate: true, serveWeb: false } as const;
    const b = await buildApp({ ...t.config }, { ...options, realtime: busB });
    const c = await buildApp({ ...t.config }, { ...options, realtime: busC });
    try {
      const session = await signIn();
      expect((await statuses(b, session.access_token))[0]).toBe(200);
      const res = await c.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: asBearer(session.access_token),
      });
      expect(res.statusCode).toBe(200);
      // B loaded the table before the sign-out and reloads only every minute: only Redis can tell it.
      // Delivery takes milliseconds; up to 5 s for a loaded 2-core machine.
      for (let i = 0; i < 250 && (await b.deps.tokens.verifyAccess(session.access_token)); i += 1)
        await new Promise((r) => setTimeout(r, 20));
      expect(await statuses(b, session.access_token)).toEqual([401, 401]);
    } finally {
      await b.close();
      await c.close();
      await busB.close();
      await busC.close();
    }
  });

  it('a password change ends the access tokens of every session of that person only', async () => {
    const session = await signIn(org.admin.account);
    const bystander = await signIn();
    const res = await call(t, 'POST', '/user/api/v1/user/password/modify', {
      headers: asBearer(session.access_token),
      body: { oldPassword: TEST_PASSWORD, password: 'Changed2026x' },
    });
    expect(res.status).toBe(200);
    expect((await statuses(t.app, session.access_token))[0]).toBe(401);
    expect((await statuses(t.app, bystander.access_token))[0]).toBe(200);
  });
});

describe('authentication comes before the body (point 10)', () => {
  it('answers an anonymous malformed body on a member route with 401, not a schema message', async () => {
    for (const payload of ['{not json', JSON.stringify({ name: 123, bogus: true })]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/exam/api/v1/candidate/answers?attemptId=abc',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(401);
    }
    const role = await t.app.inject({
      method: 'POST',
      url: '/user/api/v1/role/permission/role/add',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(role.statusCode).toBe(401);
  });
});
