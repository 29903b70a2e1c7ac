/**
 * Hostile bytes and deep nesting at the edge (issue 13, point 5): every route of the contracts, called
 * with NUL bytes, lone surrogates and 200-deep arrays in its body, query and params, answers a 400 with
 * the edge's Chinese message — never a server error. Then the pieces: the check itself, urlencoded
 * bodies, Cache-Control on API replies (point 10) and the docs setting (point 10).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createTestApp, type TestApp, type TestOrg } from '../../test/harness';
import { buildWorld } from '../../test/factories';
import { FIELD_HINTS, allEndpoints, fillPath, queryString, sample } from '../../test/contract-samples';
import { loadConfig } from '../config';
import { edgeProblem, MAX_DEPTH, TOO_DEEP, UNREADABLE_CHARACTER } from './edge';

const NUL = 'a\u0000b';
const LONE = '\ud800';

/** `value` with every string replaced by `text`. */
function withStrings(value: unknown, text: string): unknown {
  if (typeof value === 'string') return text;
  if (Array.isArray(value)) return value.map((item) => withStrings(item, text));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStrings(v, text)]));
  return value;
}

function deepArray(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  await buildWorld(t, org);
}, 120_000);
afterAll(() => t.close());

interface Probe {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
}

/** The hostile requests for one endpoint: NUL and lone surrogates in every string, deep arrays per field. */
async function probesOf(): Promise<Probe[]> {
  const probes: Probe[] = [];
  const none = () => undefined;
  for (const { name, endpoint } of await allEndpoints()) {
    // Signing out would end the caller's session for the calls after it.
    if (name === 'auth.logout') continue;
    const params = endpoint.params
      ? (sample(endpoint.params, none, '', FIELD_HINTS) as Record<string, unknown>)
      : {};
    const query = endpoint.query
      ? (sample(endpoint.query, none, '', FIELD_HINTS) as Record<string, unknown>)
      : {};
    const body = endpoint.body ? sample(endpoint.body, none, '', FIELD_HINTS) : undefined;
    const path = endpoint.path.replace('*', 'x');
    const plainUrl = fillPath(path, params) + queryString(query);
    const base = { method: endpoint.method };
    // NUL everywhere, an extra query field included (every route has one to refuse).
    probes.push({
      ...base,
      label: `${name} NUL`,
      url:
        fillPath(path, withStrings(params, NUL) as Record<string, unknown>) +
        queryString({ ...(withStrings(query, NUL) as Record<string, unknown>), zz: NUL }),
      body: withStrings(body, NUL),
    });
    // A lone surrogate cannot travel in a URL (it is not UTF-8); in JSON it can (bodies with text).
    const lone = withStrings(body, LONE);
    if (body !== undefined && JSON.stringify(lone) !== JSON.stringify(body))
      probes.push({ ...base, label: `${name} surrogate`, url: plainUrl, body: lone });
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const field of Object.keys(body))
        probes.push({
          ...base,
          label: `${name} deep ${field}`,
          url: plainUrl,
          body: { ...body, [field]: deepArray(200) },
        });
    } else if (body !== undefined)
      probes.push({ ...base, label: `${name} deep`, url: plainUrl, body: deepArray(200) });
  }
  return probes;
}

describe('hostile bytes and nesting', () => {
  it('are refused by every route with a 400 and the edge message, never a server error', async () => {
    const probes = await probesOf();
    const serverErrors: string[] = [];
    const otherAnswers: string[] = [];
    for (const probe of probes) {
      const reply = await Promise.race([
        t.app.inject({
          method: probe.method,
          url: probe.url,
          headers: { authorization: `Bearer ${org.admin.token}` },
          ...(probe.body !== undefined ? { payload: probe.body as object } : {}),
        }),
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 3000)),
      ]);
      if (reply === 'hung') {
        otherAnswers.push(`${probe.label}: kept the connection open`);
        continue;
      }
      if (reply.statusCode >= 500) serverErrors.push(`${probe.label}: ${reply.statusCode}`);
      const message = reply.headers['content-type']?.toString().includes('json')
        ? (reply.json() as { message?: string }).message
        : undefined;
      if (reply.statusCode !== 400 || (message !== UNREADABLE_CHARACTER && message !== TOO_DEEP))
        otherAnswers.push(`${probe.label}: ${reply.statusCode} ${message ?? ''}`);
    }
    expect(serverErrors).toEqual([]);
    expect(otherAnswers).toEqual([]);
    expect(probes.length).toBeGreaterThan(500);
  }, 300_000);

  it('finds NUL, lone surrogates (either half) and nesting past the limit, in values and keys', () => {
    expect(edgeProblem({ a: ['ok', NUL] })).toBe(UNREADABLE_CHARACTER);
    expect(edgeProblem('\udc00x')).toBe(UNREADABLE_CHARACTER);
    expect(edgeProblem('x\ud800')).toBe(UNREADABLE_CHARACTER);
    expect(edgeProblem({ ['k\u0000']: 1 })).toBe(UNREADABLE_CHARACTER);
    expect(edgeProblem(deepArray(MAX_DEPTH + 1))).toBe(TOO_DEEP);
    // What people send passes: emoji (surrogate pairs), Chinese, nesting up to the limit, numbers, null.
    expect(edgeProblem({ stem: '😀 你好 <b>x</b>', answer: [[1, 2], null], n: 3 })).toBeUndefined();
    expect(edgeProblem(deepArray(MAX_DEPTH))).toBeUndefined();
  });

  it('refuses a urlencoded body and a path segment with a NUL', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=a%00b&password=x',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().message).toBe(UNREADABLE_CHARACTER);
    const unknownPath = await t.app.inject({
      url: '/exam/api/v1/exam/detail/1%00',
      headers: { authorization: `Bearer ${org.admin.token}` },
    });
    expect(unknownPath.statusCode).toBeLessThan(500);
  });
});

describe('API replies', () => {
  it('are not stored by caches: authenticated JSON, refusals and tokens carry no-store', async () => {
    const list = await t.app.inject({
      url: '/user/api/v1/department/organization/staffs?page=1&size=10',
      headers: { authorization: `Bearer ${org.admin.token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ url: '/user/api/v1/user/detail' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('the API docs', () => {
  it('are a setting: on by default in development, off in production, and absent when off', async () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), OAUTH_CLIENT_SECRET: 's3cret' };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    const off = await createTestApp({ API_DOCS: 'false' });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html'])
        expect((await off.app.inject({ url })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
