// Latency of the calls every signed-in page makes (user detail, menu tree, unread flag), over real
// HTTP against the server on PGlite, or on PostgreSQL when BENCH_DATABASE_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function apiLatency() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const app = await buildApp(config, { serveWeb: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const basic =
      'Basic ' + Buffer.from(`${config.oauthClientId}:${config.oauthClientSecret}`).toString('base64');
    const tokenRes = await fetch(`${address}/auth/oauth/token?grant_type=password`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'zhangsan', password: config.demoPassword, role: '1' }),
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const calls: [string, string][] = [
      ['GET', '/user/api/v1/user/detail'],
      ['GET', '/user/api/v2/sys/permission/get/menu?endpoint=1'],
      ['POST', '/user/api/v1/notice/is/unread'],
    ];
    const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
    const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);
    const results: Record<string, unknown> = {};
    for (const [method, url] of calls) {
      const latencies: number[] = [];
      let errors = 0;
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < requests) {
            next += 1;
            const t0 = performance.now();
            const res = await fetch(address + url, { method, headers: { authorization: `Bearer ${token}` } });
            await res.arrayBuffer();
            latencies.push(performance.now() - t0);
            if (res.status !== 200) errors += 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      results[`${method} ${url}`] = {
        requests,
        concurrency,
        errors,
        throughputPerSecond: Math.round(requests / seconds),
        p50ms: +percentile(latencies, 50).toFixed(2),
        p95ms: +percentile(latencies, 95).toFixed(2),
        p99ms: +percentile(latencies, 99).toFixed(2),
      };
    }
    return { database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite', results };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
