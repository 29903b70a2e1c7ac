// What every benchmark needs: a real server over real HTTP, a signed-in token, and percentiles.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
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
 * organisation when `seedDemo` is false (a benchmark that brings its own). API only, unless `webDist` names
 * a built web app (apps/web/dist) to serve as production does.
 */
export async function startServer(
  databaseUrl?: string,
  { seedDemo = true, webDist }: { seedDemo?: boolean; webDist?: string } = {},
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
    SEED_DEMO: seedDemo ? 'true' : 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(webDist ? { WEB_DIST: webDist } : {}),
  });
  const app = await buildApp(config, { serveWeb: webDist !== undefined });
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

/** The OAuth password grant's reply for a demo account. */
export async function passwordGrant(
  server: BenchServer,
  username: string,
): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const { config, address } = server;
  const basic =
    'Basic ' + Buffer.from(`${config.oauthClientId}:${config.oauthClientSecret}`).toString('base64');
  const res = await fetch(`${address}/auth/oauth/token?grant_type=password`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: config.demoPassword, role: '1' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

/** An access token of a demo account, through the OAuth password grant. */
export async function signIn(server: BenchServer, username: string): Promise<string> {
  return (await passwordGrant(server, username)).access_token;
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

/**
 * Removes the benchmark organisation named `name` and its rows: first the rows of `tables` (by
 * `organization_id`, in order), then its activity log, people and departments.
 */
export async function removeBenchOrganisation(
  client: pg.Client,
  name: string,
  tables: string[],
): Promise<void> {
  const old = await client.query<{ id: string }>('select id from organizations where name = $1', [name]);
  for (const { id } of old.rows) {
    for (const table of [...tables, 'activity_log'])
      await client.query(`delete from ${table} where organization_id = $1`, [id]);
    await client.query('delete from users where organization_id = $1', [id]);
    await client.query('update departments set parent_id = null where organization_id = $1', [id]);
    await client.query('delete from departments where organization_id = $1', [id]);
  }
  await client.query('delete from organizations where name = $1', [name]);
}

/**
 * 100 departments (10 top-level named `${departmentName}01…10`, nine below each), an administrator and
 * `staff` people (`${prefix}_N`, job number `${jobPrefix}N`): nine in ten directly in a sub-department,
 * one in ten in a top-level one.
 */
export async function seedBenchPeople(
  client: pg.Client,
  orgId: number,
  options: {
    departmentName: string;
    prefix: string;
    jobPrefix: string;
    staff: number;
    adminAccount: string;
    password: string;
  },
): Promise<void> {
  await client.query(
    `insert into departments (organization_id, name, sort)
     select $1, $2 || lpad(g::text, 2, '0'), g from generate_series(1, 10) g`,
    [orgId, options.departmentName],
  );
  await client.query(
    `insert into departments (organization_id, parent_id, name, sort)
     select $1, p.id, p.name || '-' || g, 100 + (p.sort - 1) * 9 + g
     from departments p cross join generate_series(1, 9) g where p.organization_id = $1`,
    [orgId],
  );
  await client.query(
    `insert into users (organization_id, account, real_name, is_admin, password_hash)
     values ($1, $2, '基准管理员', true, $3)`,
    [orgId, options.adminAccount, options.password],
  );
  await client.query(
    `with d as (select id, row_number() over (order by sort) - 1 as n from departments where organization_id = $1)
     insert into users (organization_id, account, real_name, job_number, department_id)
     select $1, $2 || '_' || g, '员工' || g, $3 || g, (select id from d where d.n = g % 100)
     from generate_series(1, $4::int) g`,
    [orgId, options.prefix, options.jobPrefix, options.staff],
  );
}

/** `requests` GETs of `url` as `token`, one after another: their latencies and how many failed. */
export async function timed(url: string, token: string, requests: number) {
  const latencies: number[] = [];
  let errors = 0;
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const json = (await res.json()) as { code: number };
    latencies.push(performance.now() - t0);
    if (res.status !== 200 || json.code !== 0) errors += 1;
  }
  return { latencies, errors };
}

/**
 * The whole machine's CPU jiffies from /proc/stat: busy (all but idle and iowait; stolen time included),
 * stolen by the hypervisor, and total.
 */
export function machineJiffies(): { busy: number; steal: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, steal: values[7] ?? 0, total };
}
