import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createTestApp, type TestApp, type TestOrg } from '../../test/harness';
import { EventStreams } from './sse';
import { acceptedEncoding, registerCompression } from './web';

// Compression of built files (precompressed copies), of the index page and of API replies (issue 14 point 8).

const SCRIPT = `export const answer = ${JSON.stringify('考'.repeat(2000))};\n`;
const br = (text: string) => zlib.brotliCompressSync(text);
const gz = (text: string) => zlib.gzipSync(text);

/** A fake build: a hashed script with its .br and .gz, one without copies, a public svg, index.html. */
function fakeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'editions'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>t</title></head><body></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js.br'), br(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js.gz'), gz(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets', 'plain-def.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'editions', 'saas.svg'), '<svg/>');
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  return dist;
}

describe('serving the built web app compressed', () => {
  let t: TestApp;
  let org: TestOrg;
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ WEB_DIST: dist });
    org = await createOrg(t);
    const { buildApp } = await import('../app');
    app = await buildApp(t.config, { database: t.app.deps.database, skipMigrate: true });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, token?: string) =>
    app.inject({
      url,
      headers: {
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  it('sends the .br copy to a client that accepts brotli, with the script type and a year of cache', async () => {
    const res = await get('/assets/app-abc.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    // The build's copy byte for byte, not a compression made while serving.
    expect(res.rawPayload.equals(br(SCRIPT))).toBe(true);
  });

  it('sends the .gz copy to a gzip-only client, and the plain file to a client that accepts neither', async () => {
    const gzip = await get('/assets/app-abc.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gz(SCRIPT))).toBe(true);
    expect((await get('/assets/app-abc.js', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');

    for (const header of [undefined, 'identity', 'deflate']) {
      const plain = await get('/assets/app-abc.js', header);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      expect(plain.headers['cache-control']).toContain('immutable');
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('does not compress a built file on the fly when the build wrote no copy of it', async () => {
    const res = await get('/assets/plain-def.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('revalidates files that are not hashed, and serves neither the copies nor the manifest by address', async () => {
    const svg = await get('/editions/saas.svg', 'br');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['cache-control']).toBe('no-cache');
    for (const url of ['/assets/app-abc.js.br', '/.vite/manifest.json']) {
      const res = await get(url, 'br');
      // Not a file route: the single-page app's index page answers, as for any unknown page.
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('sends the index page compressed once at start, never cached, and plain to a client without encodings', async () => {
    for (const url of ['/manage/console', '/index.html', '/login']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('window.__KAOPEI_CONFIG__');
    }
    const gzip = await get('/login', 'gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('window.__KAOPEI_CONFIG__');
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('window.__KAOPEI_CONFIG__');
  });

  it('compresses an API reply above 1 KB and leaves a small one alone', async () => {
    const menu = await get('/user/api/v2/sys/permission/get/menu', 'br', org.admin.token);
    expect(menu.statusCode).toBe(200);
    expect(menu.headers['content-encoding']).toBe('br');
    expect(menu.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(zlib.brotliDecompressSync(menu.rawPayload).toString());
    expect(body.code).toBe(0);
    expect(JSON.stringify(body).length).toBeGreaterThan(1024);
    const plain = await get('/user/api/v2/sys/permission/get/menu', undefined, org.admin.token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);

    const small = await get('/user/api/v1/unknown', 'br, gzip');
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(-1);
  });
});

describe('API compression (registerCompression)', () => {
  const big = { code: 0, message: 'ok', res: { data: Array.from({ length: 200 }, (_, id) => ({ id })) } };
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    const streams = new EventStreams(app);
    app.get('/exam/api/v1/big', async () => big);
    app.get('/exam/api/v1/small', async () => ({ code: 0, message: 'ok', res: { data: { seq: 3 } } }));
    app.get('/exam/api/v1/stream', (request, reply) => {
      const stream = streams.start(request, reply);
      stream.send('warning', { message: '考'.repeat(2000) });
      stream.close();
    });
    const bytes = Buffer.alloc(4096, 'a');
    app.get('/exam/api/v1/xlsx', (_request, reply) =>
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(bytes),
    );
    app.get('/exam/api/v1/bin', (_request, reply) => reply.type('application/octet-stream').send(bytes));
    app.get('/exam/api/v1/range', (_request, reply) =>
      reply.code(206).header('Content-Range', 'bytes 0-4095/8192').type('text/plain').send(bytes),
    );
    app.get('/page', async () => big);
  });
  afterAll(() => app.close());

  const get = (url: string, encoding = 'br, gzip') => app.inject({ url, headers: { 'accept-encoding': encoding } });

  it('compresses JSON above 1 KB with brotli or gzip, decodable to the same reply', async () => {
    const brotli = await get('/exam/api/v1/big');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(big);
    expect(Number(brotli.headers['content-length'])).toBe(brotli.rawPayload.length);
    const gzip = await get('/exam/api/v1/big', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(big);
    const plain = await app.inject({ url: '/exam/api/v1/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
  });

  it('leaves small replies, event streams, xlsx, octet-stream, partial content and non-API routes alone', async () => {
    expect((await get('/exam/api/v1/small')).headers['content-encoding']).toBeUndefined();
    const stream = await get('/exam/api/v1/stream');
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.body).toContain('event: warning');
    for (const url of ['/exam/api/v1/xlsx', '/exam/api/v1/bin', '/exam/api/v1/range', '/page']) {
      const res = await get(url);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.rawPayload.length, url).toBeGreaterThan(1024);
    }
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('identity, deflate')).toBeUndefined();
    expect(acceptedEncoding('gzip;q=0, br;q=0')).toBeUndefined();
  });
});
