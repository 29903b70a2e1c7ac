import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrg, createTestApp, type TestApp, type TestOrg } from '../test/harness';
import { renderIndex } from './core/web';
import { seedDemo } from './db/seed';
import { users } from './db/schema';
import { rowsOf } from './db/client';
import { sql } from 'drizzle-orm';

let t: TestApp;
let org: TestOrg;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '4096' });
  org = await createOrg(t);
});
afterAll(() => t.close());

describe('HTTP basics', () => {
  it('registers every API route from a contract of packages/shared (with its response schema)', () => {
    expect(t.app.routesWithoutContract).toEqual([]);
  });

  it('answers an unknown API path with the envelope and 404', async () => {
    const res = await call(t, 'GET', '/user/api/v1/nothing-here', { user: org.admin });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: -1, message: '接口不存在：GET /user/api/v1/nothing-here', res: null });
  });

  it('names an invalid field as a person knows it, never by its API name or path', async () => {
    const send = (body: unknown) => call(t, 'POST', '/user/api/v1/user/message', { user: org.admin, body });
    for (const [body, message] of [
      [{ content: 5 }, '内容应为文本'],
      [{}, '内容不能为空'],
    ] as const) {
      const res = await send(body);
      expect(res.status).toBe(400);
      // `field` is the request field for a form to show the message under; the message never names it.
      expect(res.body).toEqual({ code: -1, message, res: null, field: 'content' });
    }
  });

  it('answers malformed JSON with a Chinese 400 and no internals', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/user/api/v1/user/message',
      headers: { authorization: `Bearer ${org.admin.token}`, 'content-type': 'application/json' },
      payload: '{"content": ',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toEqual({ code: -1, message: '请求体不是合法的 JSON', res: null });
  });

  it('limits the body size', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/user/api/v1/user/message',
      headers: { authorization: `Bearer ${org.admin.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'x'.repeat(10_000), userIds: [org.staff.id] }),
    });
    expect(raw.statusCode).toBe(413);
    expect(raw.json().message).toBe('请求体过大');
  });

  it('sends security headers and no CORS headers by default', async () => {
    const raw = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    expect(raw.headers['content-security-policy']).toContain("default-src 'self'");
    expect(raw.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the OpenAPI description with the spec paths', async () => {
    const raw = await t.app.inject({ url: '/api/docs/json' });
    expect(raw.statusCode).toBe(200);
    const paths = Object.keys(raw.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/auth/oauth/token',
        '/user/api/v1/user/detail',
        '/user/api/v2/sys/permission/get/menu',
      ]),
    );
  });

  it('gives the edition branding without sign-in', async () => {
    const res = await call(t, 'GET', '/api/public/config');
    expect(res.body.res?.data).toMatchObject({
      edition: 'saas',
      displayName: '考培',
      homePath: '/home',
      oauthClientId: 'kaopei-web',
    });
    const college = await createTestApp({ EDITION: 'college', HIDE_MODE_SWITCH: 'true' });
    try {
      const c = await call(college, 'GET', '/api/public/config');
      expect(c.body.res?.data).toMatchObject({
        edition: 'college',
        homePath: '/college',
        hideModeSwitch: true,
      });
    } finally {
      await college.close();
    }
  });

  it('returns the user detail the top bar needs', async () => {
    const res = await call(t, 'GET', '/user/api/v1/user/detail', { user: org.staff });
    expect(res.body.res?.data).toMatchObject({
      userId: org.staff.id,
      isAdmin: false,
      organizationId: org.id,
      organizationName: org.name,
      departmentName: '前端组',
      roles: [{ roleId: org.roleIds.staff, name: '普通员工' }],
      permission: 0,
    });
    expect(JSON.stringify(res.body)).not.toContain('passwordHash');
  });
});

describe('index page', () => {
  it('injects the config, title and favicon, with a CSP hash for the script', () => {
    const page = renderIndex(
      '<html><head><title>x</title><link rel="icon" href="/a.svg" /></head><body></body></html>',
      { pageTitle: '工程师培训与认证中心', favicon: '/editions/engineer-favicon.svg' },
      { displayName: '</script><script>alert(1)</script>' },
    );
    expect(page.html).toContain('<title>工程师培训与认证中心</title>');
    expect(page.html).toContain('href="/editions/engineer-favicon.svg"');
    expect(page.html).not.toContain('</script><script>alert(1)');
    expect(page.scriptHash).toMatch(/^'sha256-/);
  });
});

describe('demo seed', () => {
  it('seeds the demo organisation once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-seed-'));
    const local = await createTestApp({ DATA_DIR: dir });
    try {
      const { db } = local.app.deps;
      // The shared PostgreSQL test database may already hold a demo admin from another file.
      const [before] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`lower(account) = 'admin'`);
      const { storage } = local.app.deps;
      if ((before?.n ?? 0) === 0) expect(await seedDemo(db, 'Kaopei@2024', storage)).toBe(true);
      expect(await seedDemo(db, 'Kaopei@2024', storage)).toBe(false);
      const [after] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`lower(account) in ('admin', 'zhangsan')`);
      expect(after?.n).toBe(2);
      const people = await db.execute<{
        account: string;
        phone: string;
        department: string;
        role: string | null;
      }>(sql`
        select u.account, u.phone, d.name as department, r.name as role from users u
        join departments d on d.id = u.department_id
        left join user_roles ur on ur.user_id = u.id left join roles r on r.id = ur.role_id
        where u.account in ('admin', 'sunqi') and u.organization_id = d.organization_id order by u.account`);
      const rows = rowsOf<{ account: string; phone: string; department: string; role: string | null }>(
        people,
      );
      expect(rows.map((row) => [row.account, row.phone, row.department, row.role])).toEqual([
        ['admin', '13800000000', '总经办', null],
        ['sunqi', '13800000005', '研发组', '培训管理员'],
      ]);
    } finally {
      await local.close();
    }
  });
});

describe('serving the web app', () => {
  it('serves built files without sign-in and index.html for app pages', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'editions'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><title>t</title></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'editions', 'saas.svg'), '<svg/>');
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/app-abc.js', isEntry: true },
        'src/features/auth/pages/login-page.tsx': { file: 'assets/login-page-def.js' },
      }),
    );
    const web = await createTestApp({ WEB_DIST: dist });
    try {
      const { buildApp } = await import('./app');
      const app = await buildApp(web.config, { database: web.app.deps.database, skipMigrate: true });
      const asset = await app.inject({ url: '/assets/app-abc.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ url: '/editions/saas.svg' })).statusCode).toBe(200);
      const page = await app.inject({ url: '/manage/console' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('window.__KAOPEI_CONFIG__');
      expect(page.body).not.toContain('login-page-def.js');
      // The sign-in page names its chunk, so it downloads beside the entry.
      const login = await app.inject({ url: '/login?redirect=%2Fm' });
      expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page-def.js">');
      expect(login.body).toContain('window.__KAOPEI_CONFIG__');
      const api = await app.inject({ url: '/user/api/v1/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe(-1);
      const missing = await app.inject({ url: '/api/nothing', headers: {} });
      expect(missing.statusCode).toBe(404);
      await app.close();
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
