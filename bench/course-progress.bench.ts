// Video progress under load (issue 17): N learners watch a video of the same course, each reporting its
// progress (POST /course/api/v1/learn/progress) every --interval seconds, the reports spread evenly over
// the interval, for --seconds. Reports p50/p95/p99/max latency, errors by status, requests per second,
// and the CPU of the server and of PostgreSQL. Target: p99 < 100 ms and 0 errors at N = 2,000, every 10 s.
//
// The real server is bundled (apps/server/build.mjs) and started as a child process on a dedicated
// database `kaopei_bench_learn` on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test), dropped
// and recreated for every run. Learners, the course, its video section, enrolment and the opened progress
// rows are written with SQL; access tokens are minted with the server's JWT secret and not measured.
//
//   npx tsx bench/course-progress.bench.ts [--n=2000] [--seconds=60] [--interval=10] [--runs=1]
//     [--pool-size=10] [--connections=256]
//   BENCH_SERVER_MAIN=apps/server/dist-c/main.js reuses a bundle instead of building one.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Pool } from 'undici';
import { TokenService } from '../apps/server/src/core/tokens';
import { percentile } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const DB_NAME = 'kaopei_bench_learn';
const JWT_SECRET = 'kaopei-bench-learn-jwt-secret-0123456789';
const VIDEO_SECONDS = 3600;
const TARGET_P99_MS = 100;

interface Options {
  n: number;
  seconds: number;
  interval: number;
  runs: number;
  poolSize: number;
  connections: number;
  pgUrl: string;
  serverMain: string;
}

function options(argv = process.argv.slice(2)): Options {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)=(.*)$/.exec(arg);
    if (match) flags.set(match[1]!, match[2]!);
  }
  const num = (name: string, fallback: number) => {
    const value = Number(flags.get(name) ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
    return value;
  };
  return {
    n: Math.floor(num('n', Number(process.env.BENCH_LEARN_N ?? 2000))),
    seconds: num('seconds', 60),
    interval: num('interval', 10),
    runs: Math.floor(num('runs', 1)),
    poolSize: Math.floor(num('pool-size', 10)),
    connections: Math.floor(num('connections', 256)),
    pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    serverMain: path.resolve(ROOT, process.env.BENCH_SERVER_MAIN ?? 'apps/server/dist-bench/main.js'),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** CPU seconds (user + system) of a process and, with `children`, of its children too, from /proc. */
function cpuSeconds(pid: number, children = false): number {
  const stat = (p: number | string) => {
    try {
      const text = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      return text.slice(text.lastIndexOf(')') + 2).split(' ');
    } catch {
      return null;
    }
  };
  const own = stat(pid);
  if (!own) return 0;
  let jiffies = Number(own[11]) + Number(own[12]);
  if (children) {
    jiffies += Number(own[13]) + Number(own[14]);
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const fields = stat(entry);
      if (fields && Number(fields[1]) === pid) jiffies += Number(fields[11]) + Number(fields[12]);
    }
  }
  return jiffies / 100;
}

async function postmasterPid(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ dir: string }>(`select current_setting('data_directory') as dir`);
    const pid = Number(
      fs.readFileSync(path.join(rows[0]?.dir ?? '', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    return Number.isInteger(pid) && fs.existsSync(`/proc/${pid}`) ? pid : null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

async function ensureServerBundle(serverMain: string): Promise<void> {
  if (fs.existsSync(serverMain) && process.env.BENCH_SERVER_MAIN) return;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/build.mjs'], {
      cwd: ROOT,
      env: { ...process.env, OUTFILE: serverMain },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`server build failed (${code})`))));
  });
}

async function recreateDatabase(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

interface RunningServer {
  address: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(o: Options, databaseUrl: string, logFile: string): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-bench-learn-'));
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [o.serverMain], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(o.poolSize),
      JWT_SECRET,
      OAUTH_CLIENT_SECRET: 'kaopei-bench-learn-client-secret',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', log, log],
  });
  const address = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); see ${logFile}`);
    try {
      const res = await fetch(`${address}/api/health`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start; see ${logFile}`);
    await sleep(200);
  }
  return {
    address,
    child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.closeSync(log);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** N learners enrolled in one open course whose only section is an hour-long video they have opened. */
async function setUp(databaseUrl: string, n: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const org = await client.query<{ id: string }>(
      `insert into organizations (name, kind) values ('基准学习单位', 'enterprise') returning id`,
    );
    const organizationId = Number(org.rows[0]!.id);
    const users = await client.query<{ id: string }>(
      `insert into users (organization_id, account, real_name, job_number)
       select $1, 'learner' || lpad(g::text, 5, '0'), '学员' || lpad(g::text, 5, '0'), 'L' || g
       from generate_series(1, $2) g returning id`,
      [organizationId, n],
    );
    const userIds = users.rows.map((row) => Number(row.id));
    const course = await client.query<{ id: string }>(
      `insert into courses (organization_id, name, status, complete_percent) values ($1, '基准课程', 'open', 90)
       returning id`,
      [organizationId],
    );
    const courseId = Number(course.rows[0]!.id);
    const chapter = await client.query<{ id: string }>(
      `insert into course_chapters (organization_id, course_id, title) values ($1, $2, '第一章') returning id`,
      [organizationId, courseId],
    );
    const section = await client.query<{ id: string }>(
      `insert into course_sections (organization_id, course_id, chapter_id, title, kind, duration_seconds)
       values ($1, $2, $3, '一小时的视频', 'video', $4) returning id`,
      [organizationId, courseId, Number(chapter.rows[0]!.id), VIDEO_SECONDS],
    );
    const sectionId = Number(section.rows[0]!.id);
    await client.query(
      `insert into course_members (course_id, user_id, organization_id, source, started_at)
       select $1, u, $2, 'staff', now() from unnest($3::bigint[]) u`,
      [courseId, organizationId, userIds],
    );
    // Opened (as POST …/section/open leaves them), not yet reported.
    await client.query(
      `insert into course_progress (section_id, user_id, course_id, organization_id)
       select $1, u, $2, $3 from unnest($4::bigint[]) u`,
      [sectionId, courseId, organizationId, userIds],
    );
    await client.query('analyze');
    return { organizationId, userIds, sectionId };
  } finally {
    await client.end();
  }
}

interface Recorder {
  latencies: number[];
  errors: Record<string, number>;
}

/** One learner: a report every `interval` s from its offset, continuing playback at 1×, until `endAt`. */
async function learner(
  pool: Pool,
  token: string,
  sectionId: number,
  offsetMs: number,
  intervalMs: number,
  endAt: number,
  recorder: Recorder,
): Promise<number> {
  await sleep(offsetMs);
  let position = 0;
  let first = true;
  let completedWrongly = 0;
  for (let next = performance.now(); performance.now() < endAt; next += intervalMs) {
    const from = position;
    // The first report starts the server's clock (a play event); later ones cover the interval.
    position = first ? 0 : Math.min(VIDEO_SECONDS, position + intervalMs / 1000);
    first = false;
    const t0 = performance.now();
    try {
      const res = await pool.request({
        method: 'POST',
        path: '/course/api/v1/learn/progress',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sectionId, fromSeconds: from, positionSeconds: position }),
      });
      const text = await res.body.text();
      recorder.latencies.push(performance.now() - t0);
      const body = JSON.parse(text) as { code: number; res?: { data?: { completed: boolean } } };
      if (res.statusCode !== 200 || body.code !== 0) {
        const key = String(res.statusCode);
        recorder.errors[key] = (recorder.errors[key] ?? 0) + 1;
      } else if (body.res?.data?.completed) completedWrongly += 1;
    } catch (error) {
      recorder.latencies.push(performance.now() - t0);
      const key = (error as { code?: string }).code ?? (error as Error).name;
      recorder.errors[key] = (recorder.errors[key] ?? 0) + 1;
    }
    await sleep(Math.max(0, Math.min(next + intervalMs, endAt) - performance.now()));
  }
  return completedWrongly;
}

async function runOnce(o: Options, run: number) {
  const databaseUrl = await recreateDatabase(o.pgUrl);
  const logFile = path.join(os.tmpdir(), `kaopei-bench-learn-server-${run}.log`);
  const server = await startServer(o, databaseUrl, logFile);
  const postmaster = await postmasterPid(databaseUrl);
  try {
    const setup = await setUp(databaseUrl, o.n);
    const tokens = new TokenService(JWT_SECRET, 4 * 3600);
    const userTokens = await Promise.all(
      setup.userIds.map((userId) => tokens.signAccess({ userId, organizationId: setup.organizationId })),
    );
    const pool = new Pool(server.address, {
      connections: o.connections,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    // Warm-up: a few calls so that the first measured ones do not pay for compiling and connecting.
    const warm: Recorder = { latencies: [], errors: {} };
    await Promise.all(
      userTokens
        .slice(0, 20)
        .map((token) => learner(pool, token, setup.sectionId, 0, 1000, performance.now() + 1, warm)),
    );
    const recorder: Recorder = { latencies: [], errors: {} };
    const intervalMs = o.interval * 1000;
    const cpu0 = { server: cpuSeconds(server.child.pid!), pg: postmaster ? cpuSeconds(postmaster, true) : 0 };
    const started = performance.now();
    const endAt = started + o.seconds * 1000;
    const wrong = await Promise.all(
      userTokens.map((token, i) =>
        learner(pool, token, setup.sectionId, (i / o.n) * intervalMs, intervalMs, endAt, recorder),
      ),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpu1 = { server: cpuSeconds(server.child.pid!), pg: postmaster ? cpuSeconds(postmaster, true) : 0 };
    await pool.close();
    const sorted = [...recorder.latencies].sort((a, b) => a - b);
    const at = (p: number) => +percentile(sorted, p).toFixed(1);
    const errors = Object.values(recorder.errors).reduce((a, b) => a + b, 0);
    return {
      learners: o.n,
      seconds: +elapsed.toFixed(1),
      reports: sorted.length,
      perSecond: +(sorted.length / elapsed).toFixed(1),
      p50ms: at(50),
      p95ms: at(95),
      p99ms: at(99),
      maxms: +(sorted[sorted.length - 1] ?? 0).toFixed(1),
      errors,
      errorsByKind: recorder.errors,
      /** A report credited by the server clock cannot complete a one-hour video in a minute: must be 0. */
      completedWrongly: wrong.reduce((a, b) => a + b, 0),
      serverCpuPercent: +(((cpu1.server - cpu0.server) / elapsed) * 100).toFixed(0),
      postgresCpuPercent: postmaster ? +(((cpu1.pg - cpu0.pg) / elapsed) * 100).toFixed(0) : null,
      loadAverage: os.loadavg().map((v) => +v.toFixed(2)),
      ok: at(99) < TARGET_P99_MS && errors === 0,
    };
  } finally {
    await server.stop();
  }
}

export async function courseProgress() {
  const o = options();
  await ensureServerBundle(o.serverMain);
  const runs = [];
  for (let run = 1; run <= o.runs; run += 1) {
    const result = await runOnce(o, run);
    console.log(JSON.stringify(result));
    runs.push(result);
  }
  return {
    database: 'postgres',
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? '' },
    settings: {
      learners: o.n,
      seconds: o.seconds,
      reportEverySeconds: o.interval,
      databasePoolSize: o.poolSize,
      targetP99ms: TARGET_P99_MS,
    },
    runs,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await courseProgress();
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'course-progress.json'),
    JSON.stringify({ name: 'course-progress', at: new Date().toISOString(), result }, null, 2),
  );
}
