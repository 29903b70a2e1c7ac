// What every benchmark needs: a real server over real HTTP, a signed-in token, and percentiles.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type Config } from '../apps/server/src/config';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** p50/p95/p99 (ms, two decimals) of unsorted latencies. */
export function summarize(latencies: number[]): {
  count: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
} {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => +percentile(sorted, p).toFixed(2);
  return { count: sorted.length, p50ms: at(50), p95ms: at(95), p99ms: at(99) };
}

export interface BenchServer {
  address: string;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real server listening on a free port, on `databaseUrl` (PostgreSQL) or PGlite; without the demo
 * organisation when `seedDemo` is false (a benchmark that brings its own).
 */
export async function startServer(
  databaseUrl?: string,
  { seedDemo = true }: { seedDemo?: boolean } = {},
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
    SEED_DEMO: seedDemo ? 'true' : 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp(config, { serveWeb: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    address,
    config,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An access token of a demo account, through the OAuth password grant. */
export async function signIn(server: BenchServer, username: string): Promise<string> {
  const { config, address } = server;
  const basic =
    'Basic ' + Buffer.from(`${config.oauthClientId}:${config.oauthClientSecret}`).toString('base64');
  const res = await fetch(`${address}/auth/oauth/token?grant_type=password`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: config.demoPassword, role: '1' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** `postgres://…/<name>` on the server of `serverUrl`, created when missing. */
export async function benchDatabase(serverUrl: string, name: string): Promise<string> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
