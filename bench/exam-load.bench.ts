// The exam under load (issue 7): N candidates start the same 50-question exam within 60 s, each saves
// one answer every uniform(10, 30) s for the exam's length, then submits. Reports p50/p95/p99/max of
// start, save and submit, errors by status, answers lost (acknowledged saves not stored: must be 0),
// CPU of the load generator, the server and the machine; then the machine's ceiling: the server's
// saturated save throughput against the same number of raw single-row upserts into PostgreSQL.
//
// The real server is bundled (apps/server/build.mjs) and started as a child process on a dedicated
// database `kaopei_bench_exam` on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test),
// dropped and recreated for every N. Set-up goes through SQL (candidates) and the admin API (questions,
// paper, exam, publish); access tokens are minted with the server's JWT secret and are not measured.
//
//   npx tsx bench/exam-load.bench.ts --n=500,2000,5000 [--instances=2] [--exam-seconds=180] [--spread-seconds=60]
//     [--save-min=10] [--save-max=30] [--pool-size=10] [--saturation-seconds=20]
//     [--saturation-concurrency=<pool size>] [--connections=512] [--costs=1000] [--costs-only]
//   (or: npx tsx bench/exam-load.bench.ts --n=500)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Pool } from 'undici';
import { TokenService } from '../apps/server/src/core/tokens';
import { watchStalls, type Timed } from './stall-watch';
import { machineJiffies, percentile } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_MAIN = path.join(ROOT, 'apps/server/dist-bench/main.js');
const DB_NAME = 'kaopei_bench_exam';
const JWT_SECRET = 'kaopei-bench-exam-jwt-secret-0123456789';
const QUESTION_COUNT = 50;
const OK_P99_MS = 300;

interface Options {
  ns: number[];
  examSeconds: number;
  spreadSeconds: number;
  saveMin: number;
  saveMax: number;
  poolSize: number;
  saturationSeconds: number;
  saturationConcurrency: number;
  connections: number;
  /** The candidate page's anti-cheating heartbeat (apps/web candidate/anti-cheat.ts); 0 = none. */
  heartbeatSeconds: number;
  /** Server processes behind the (client-side, round-robin) load balancer; above 1 they share Redis. */
  instances: number;
  /** Extra candidates whose starts and submits are timed back to back: CPU per start and per submit. */
  costs: number;
  /** Only that measurement (for working on the start and submit paths), not the load. */
  costsOnly: boolean;
  pgUrl: string;
}

function options(argv: string[] = process.argv.slice(2)): Options {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)=(.*)$/.exec(arg);
    if (match) flags.set(match[1] as string, match[2] as string);
  }
  const num = (name: string, fallback: number) => {
    const value = Number(flags.get(name) ?? fallback);
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
    return value;
  };
  const poolSize = num('pool-size', Number(process.env.DATABASE_POOL_SIZE ?? 10));
  return {
    ns: (flags.get('n') ?? process.env.BENCH_EXAM_N ?? '500,2000,5000')
      .split(',')
      .map((s) => Number(s.replace(/[_\s]/g, '')))
      .filter((n) => Number.isInteger(n) && n > 0),
    examSeconds: num('exam-seconds', 180),
    spreadSeconds: num('spread-seconds', 60),
    saveMin: num('save-min', 10),
    saveMax: num('save-max', 30),
    poolSize,
    saturationSeconds: num('saturation-seconds', 20),
    saturationConcurrency: num('saturation-concurrency', poolSize),
    connections: num('connections', 512),
    heartbeatSeconds: num('heartbeat-seconds', 20),
    instances: Math.max(1, Math.floor(num('instances', 1))),
    costs: Math.floor(num('costs', 1000)),
    costsOnly: flags.get('costs-only') === 'true' || argv.includes('--costs-only'),
    pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  };
}

// ---------- measuring ----------

interface Stats {
  count: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
  maxms: number;
}

function stats(latencies: number[]): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => +percentile(sorted, p).toFixed(1);
  return {
    count: sorted.length,
    p50ms: at(50),
    p95ms: at(95),
    p99ms: at(99),
    maxms: +(sorted[sorted.length - 1] ?? 0).toFixed(1),
  };
}

class Recorder {
  readonly latencies: number[] = [];
  /** When each request started (performance.now()), in the order of `latencies`. */
  readonly startedAt: number[] = [];
  timed(): Timed[] {
    return this.latencies.map((ms, i) => ({ startedAt: this.startedAt[i] ?? 0, ms }));
  }
  readonly errors: Record<string, number> = {};
  error(kind: string): void {
    this.errors[kind] = (this.errors[kind] ?? 0) + 1;
  }
  get errorCount(): number {
    return Object.values(this.errors).reduce((a, b) => a + b, 0);
  }
}

/** CPU seconds (user + system) of the given processes together. */
function cpuSecondsOf(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
}

/** CPU seconds (user + system) of a process, from /proc. */
function processCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** PostgreSQL backends serving the bench database (the server's pool, or the ceiling's). */
/** /proc/<pid>/stat fields after the command: [state, ppid, …, utime (11), stime (12), cutime (13), cstime (14)]. */
function procStat(pid: number | string): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The local PostgreSQL server's postmaster, or null when it is elsewhere (or unreadable). */
async function postmasterPid(databaseUrl: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ dir: string }>(`select current_setting('data_directory') as dir`);
    const pid = Number(
      fs.readFileSync(path.join(rows[0]?.dir ?? '', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    return Number.isInteger(pid) && procStat(pid) ? pid : null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/**
 * CPU seconds of the whole PostgreSQL server: the postmaster, its live children (backends, WAL writer,
 * checkpointer, autovacuum) and, through the postmaster's cutime/cstime, the children that have exited
 * (pool connections closed and reopened during a run are not lost).
 */
function postgresCpuSeconds(postmaster: number): number {
  const own = procStat(postmaster);
  if (!own) return 0;
  let jiffies = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = procStat(entry);
    if (fields && Number(fields[1]) === postmaster) jiffies += Number(fields[11]) + Number(fields[12]);
  }
  return jiffies / 100;
}

async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [DB_NAME],
    );
    return rows.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

export interface CpuUse {
  /** Percent of one core, over the phase's wall time. */
  generatorCpuPercent: number;
  serverCpuPercent: number;
  /** The bench database's PostgreSQL backends (those alive at the end of the phase). */
  postgresCpuPercent: number;
  /** Percent of all the machine's cores, whoever used them (other work on the machine included). */
  machineBusyPercent: number;
  cores: number;
  seconds: number;
}

/** CPU use over a phase: call the result to stop. */
async function cpuProbe(databaseUrl: string, serverPids: number[] = []): Promise<() => Promise<CpuUse>> {
  const serverCpu = () => cpuSecondsOf(serverPids);
  const wall0 = performance.now();
  const gen0 = process.cpuUsage();
  const server0 = serverCpu();
  const machine0 = machineJiffies();
  // The whole local server when its postmaster is readable; else the database's backends alive at each end.
  const postmaster = await postmasterPid(databaseUrl);
  const pg0 = postmaster === null ? 0 : postgresCpuSeconds(postmaster);
  const db0 = new Map((await backendPids(databaseUrl)).map((pid) => [pid, processCpuSeconds(pid)]));
  return async () => {
    const wall = (performance.now() - wall0) / 1000;
    const gen = process.cpuUsage(gen0);
    const machine1 = machineJiffies();
    const server = serverCpu() - server0;
    let db = 0;
    if (postmaster !== null) db = postgresCpuSeconds(postmaster) - pg0;
    else for (const pid of await backendPids(databaseUrl)) db += processCpuSeconds(pid) - (db0.get(pid) ?? 0);
    const percent = (seconds: number) => Math.round((seconds / wall) * 100);
    return {
      generatorCpuPercent: percent((gen.user + gen.system) / 1e6),
      serverCpuPercent: percent(server),
      postgresCpuPercent: percent(db),
      machineBusyPercent: Math.round(
        ((machine1.busy - machine0.busy) / Math.max(1, machine1.total - machine0.total)) * 100,
      ),
      cores: os.cpus().length,
      seconds: +wall.toFixed(1),
    };
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const uniform = (min: number, max: number) => min + Math.random() * (max - min);

// ---------- the server ----------

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

async function buildServer(): Promise<void> {
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/build.mjs'], {
      cwd: ROOT,
      env: { ...process.env, OUTFILE: SERVER_MAIN },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`server build failed (${code})`))));
  });
  console.log(`  server bundled in ${Math.round(performance.now() - t0)} ms → ${SERVER_MAIN}`);
}

interface RunningServer {
  address: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(
  databaseUrl: string,
  poolSize: number,
  logFile: string,
  redisUrl?: string,
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-bench-exam-'));
  const log = fs.openSync(logFile, 'w');
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(poolSize),
      JWT_SECRET,
      OAUTH_CLIENT_SECRET: 'kaopei-bench-exam-client-secret',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Every second the event loop is held up 100 ms or more is logged (read by stall-watch.ts).
      EVENT_LOOP_WARN_MS: '100',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
    stdio: ['ignore', log, log],
  });
  const address = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); see ${logFile}`);
    try {
      const res = await fetch(`${address}/exam/api/v1/open/exam?examId=1`);
      await res.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`server did not start; see ${logFile}`);
      await sleep(200);
    }
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

// ---------- set-up (not measured) ----------

interface Envelope<T> {
  code: number;
  message: string;
  res?: { data: T };
}

async function adminApi<T>(address: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(address + url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (res.status !== 200 || json.code !== 0)
    throw new Error(`${method} ${url}: ${res.status} ${json.message}`);
  return json.res?.data as T;
}

/** 50 questions of the objective and subjective types a real paper mixes. */
function questionBodies(bankId: number): Record<string, unknown>[] {
  const options = (n: number, correct: number[]) =>
    Array.from({ length: n }, (_, i) => ({
      content: `选项${'ABCDEF'[i]}：关于安全生产管理的一种说法`,
      correct: correct.includes(i),
    }));
  return Array.from({ length: QUESTION_COUNT }, (_, i) => {
    const stem = `<p>第 ${i + 1} 题：在日常生产作业中，关于应急预案与操作规程的下列说法，哪一项（些）是正确的？</p>`;
    const base = { bankId, stem, analysis: '参见《安全生产管理》第三章。' };
    if (i < 15) return { ...base, type: 0, answer: i % 2 === 0 };
    if (i < 30) return { ...base, type: 1, options: options(4, [i % 4]) };
    if (i < 40) return { ...base, type: 2, options: options(5, [0, 2, 3]) };
    if (i < 45)
      return {
        ...base,
        type: 3,
        stem: `<p>第 ${i + 1} 题：发生火灾时应拨打____，并使用____灭火。</p>`,
        answer: { blanks: [{ answers: ['119'] }, { answers: ['灭火器'] }], caseSensitive: false },
      };
    return { ...base, type: 4, answer: { reference: '保障人身安全，预防事故发生。', scoringPoints: [] } };
  });
}

interface Setup {
  examId: number;
  organizationId: number;
  /** Load candidates, then the saturation candidates. */
  userIds: number[];
  publishMs: number;
}

async function setUp(address: string, databaseUrl: string, tokens: TokenService, total: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const org = await client.query<{ id: string }>(
      `insert into organizations (name, kind) values ('基准考试单位', 'enterprise') returning id`,
    );
    const organizationId = Number(org.rows[0]?.id);
    const admin = await client.query<{ id: string }>(
      `insert into users (organization_id, account, real_name, is_admin) values ($1, 'benchadmin', '基准管理员', true)
       returning id`,
      [organizationId],
    );
    const row = admin.rows[0];
    if (!row) throw new Error('admin insert failed');
    const adminToken = await tokens.signAccess({ userId: Number(row.id), organizationId });
    const dept = await client.query<{ id: string }>(
      `insert into departments (organization_id, name, sort) values ($1, '基准考场', 99) returning id`,
      [organizationId],
    );
    const departmentId = Number(dept.rows[0]?.id);
    const users = await client.query<{ id: string }>(
      `insert into users (organization_id, account, real_name, department_id, job_number)
       select $1, 'bench' || lpad(g::text, 5, '0'), '考生' || lpad(g::text, 5, '0'), $2, 'B' || g
       from generate_series(1, $3::int) g order by g returning id`,
      [organizationId, departmentId, total],
    );
    const userIds = users.rows.map((r) => Number(r.id)).sort((a, b) => a - b);

    const bank = await adminApi<{ bankId: number }>(
      address,
      adminToken,
      'POST',
      '/question/api/v1/bank/add',
      {
        name: '基准考试题库',
      },
    );
    const questionIds: number[] = [];
    for (const body of questionBodies(bank.bankId)) {
      const added = await adminApi<{ questionId: number }>(
        address,
        adminToken,
        'POST',
        '/question/api/v1/questions/add',
        body,
      );
      await adminApi(
        address,
        adminToken,
        'POST',
        `/question/api/v1/questions/check?questionId=${added.questionId}&status=1`,
        {},
      );
      questionIds.push(added.questionId);
    }
    const paper = await adminApi<{ paperId: number }>(
      address,
      adminToken,
      'POST',
      '/paper/api/v1/paper/create',
      {
        name: '基准考试试卷',
        status: 'saved',
        sectionVOS: [
          { name: '综合题', questionVOS: questionIds.map((questionId) => ({ questionId, points: 2 })) },
        ],
      },
    );
    const now = Date.now();
    const exam = await adminApi<{ examId: number }>(address, adminToken, 'POST', '/exam/api/v1/exam/add', {
      name: `基准考试（${total} 人）`,
      paperIds: [paper.paperId],
      startAt: now - 60_000,
      endAt: now + 3 * 3600_000,
      durationMinutes: 120,
      passScore: 60,
      settings: { shuffleQuestions: true, shuffleOptions: true, showScore: 'immediately' },
      audience: { mode: 'assigned', departmentIds: [departmentId] },
      notify: false,
    });
    const t0 = performance.now();
    await adminApi(address, adminToken, 'POST', `/exam/api/v1/exam/publish?examId=${exam.examId}`);
    const publishMs = Math.round(performance.now() - t0);
    await client.query('analyze');
    return { examId: exam.examId, organizationId, userIds, publishMs } satisfies Setup;
  } finally {
    await client.end();
  }
}

// ---------- the candidates ----------

interface PaperQuestion {
  questionId: number;
  type: number;
  options: { key: number }[] | null;
  blankCount: number | null;
}

interface AttemptResponse {
  attemptId: number;
  sections: { questions: PaperQuestion[] }[];
}

/** What a candidate's answer sheet would send for a question of this type. */
function answerFor(question: PaperQuestion, round: number): unknown {
  const keys = (question.options ?? []).map((o) => o.key);
  switch (question.type) {
    case 0:
      return round % 2 === 0;
    case 1:
      return keys[round % Math.max(1, keys.length)] ?? 0;
    case 2:
      return keys.filter((_, i) => (i + round) % 2 === 0);
    case 3:
      return Array.from({ length: question.blankCount ?? 1 }, (_, i) => (i === 0 ? '119' : `灭火器${round}`));
    default:
      return `第 ${round + 1} 次修改：安全生产是企业发展的前提，应坚持安全第一、预防为主、综合治理的方针，`.repeat(
        3,
      );
  }
}

interface Http {
  pool: Pool;
  call<T>(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    body: unknown,
    recorder: Recorder,
  ): Promise<T | undefined>;
}

function http(address: string, connections: number): Http {
  const pool = new Pool(address, {
    connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  return {
    pool,
    async call<T>(method: 'GET' | 'POST', url: string, token: string, body: unknown, recorder: Recorder) {
      const t0 = performance.now();
      try {
        const res = await pool.request({
          method,
          path: url,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.body.text();
        recorder.latencies.push(performance.now() - t0);
        recorder.startedAt.push(t0);
        if (res.statusCode !== 200) {
          recorder.error(String(res.statusCode));
          return undefined;
        }
        return (JSON.parse(text) as Envelope<T>).res?.data;
      } catch (error) {
        recorder.latencies.push(performance.now() - t0);
        recorder.startedAt.push(t0);
        recorder.error((error as { code?: string }).code ?? (error as Error).name);
        return undefined;
      }
    },
  };
}

interface Recorders {
  start: Recorder;
  save: Recorder;
  submit: Recorder;
  heartbeat: Recorder;
}

interface CandidateLog {
  attemptId?: number;
  /** questionId → the last acknowledged seq and its answer. */
  acked: Map<number, { seq: number; answer: unknown }>;
  submitted: boolean;
}

async function candidate(
  h: Http,
  examId: number,
  token: string,
  startDelayMs: number,
  o: Options,
  rec: Recorders,
  log: CandidateLog,
): Promise<void> {
  await sleep(startDelayMs);
  const attempt = await h.call<AttemptResponse>(
    'POST',
    `/exam/api/v1/candidate/start?examId=${examId}`,
    token,
    undefined,
    rec.start,
  );
  if (!attempt) return;
  log.attemptId = attempt.attemptId;
  const questions = attempt.sections.flatMap((s) => s.questions);
  const seqs = new Map<number, number>();
  const answering = new AbortController();
  let lastSavedAt: number | null = null;
  const heartbeats = (async () => {
    if (o.heartbeatSeconds <= 0) return;
    const events = `/exam/api/v1/candidate/events?attemptId=${attempt.attemptId}`;
    const { signal } = answering;
    try {
      // One every heartbeatSeconds while the page is open (pages load apart: the first one is offset).
      await delay(Math.random() * o.heartbeatSeconds * 1000, undefined, { signal });
      while (!signal.aborted) {
        // As the page does (heartbeatDue in apps/web candidate/anti-cheat.ts): a recent save stands in.
        if (lastSavedAt === null || Date.now() - lastSavedAt >= o.heartbeatSeconds * 1000)
          await h.call(
            'POST',
            events,
            token,
            { events: [{ kind: 'heartbeat', at: Date.now() }] },
            rec.heartbeat,
          );
        await delay(o.heartbeatSeconds * 1000, undefined, { signal });
      }
    } catch {
      // aborted at submit
    }
  })();
  const began = Date.now();
  const end = began + o.examSeconds * 1000;
  for (let round = 0; ; round += 1) {
    const wait = uniform(o.saveMin, o.saveMax) * 1000;
    if (Date.now() + wait > end) break;
    await sleep(wait);
    // Through the paper in order, then back to earlier questions (changing one's mind).
    const question =
      round < questions.length ? questions[round] : questions[Math.floor(Math.random() * questions.length)];
    if (!question) break;
    const seq = (seqs.get(question.questionId) ?? 0) + 1;
    seqs.set(question.questionId, seq);
    const answer = answerFor(question, round);
    const saved = await h.call<{ saved: { questionId: number; seq: number }[] }>(
      'POST',
      `/exam/api/v1/candidate/answers?attemptId=${attempt.attemptId}`,
      token,
      [{ questionId: question.questionId, answer, seq }],
      rec.save,
    );
    if (saved) {
      log.acked.set(question.questionId, { seq, answer });
      lastSavedAt = Date.now();
    }
  }
  answering.abort();
  const submitted = await h.call<{ status: number }>(
    'POST',
    `/exam/api/v1/candidate/submit?attemptId=${attempt.attemptId}`,
    token,
    undefined,
    rec.submit,
  );
  log.submitted = submitted !== undefined;
  await heartbeats;
}

/** Acknowledged saves whose seq and answer are not in attempt_questions; submits that left it open. */
async function verify(databaseUrl: string, logs: CandidateLog[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = logs.flatMap((log) => (log.attemptId ? [log.attemptId] : []));
    const stored = await client.query<{
      attempt_id: string;
      question_id: string;
      answer_seq: number;
      answer: unknown;
    }>(
      `select attempt_id, question_id, answer_seq, answer from attempt_questions where attempt_id = any($1::bigint[])`,
      [ids],
    );
    const byKey = new Map(stored.rows.map((r) => [`${r.attempt_id}:${r.question_id}`, r]));
    const attempts = await client.query<{ id: string; status: number }>(
      `select id, status from exam_attempts where id = any($1::bigint[])`,
      [ids],
    );
    const status = new Map(attempts.rows.map((r) => [Number(r.id), r.status]));
    let acked = 0;
    let lost = 0;
    let submitsLeftOpen = 0;
    for (const log of logs) {
      if (!log.attemptId) continue;
      for (const [questionId, save] of log.acked) {
        acked += 1;
        const row = byKey.get(`${log.attemptId}:${questionId}`);
        if (!row || row.answer_seq < save.seq) lost += 1;
        else if (row.answer_seq === save.seq && JSON.stringify(row.answer) !== JSON.stringify(save.answer))
          lost += 1;
      }
      if (log.submitted && status.get(log.attemptId) === 0) submitsLeftOpen += 1;
    }
    const open = attempts.rows.filter((r) => r.status === 0).length;
    return { answersChecked: acked, answersLost: lost, submitsLeftOpen, attemptsStillOpen: open };
  } finally {
    await client.end();
  }
}

// ---------- the ceiling ----------

/** Back-to-back saves of `concurrency` candidates for `seconds`: the server's saturated throughput. */
async function saturatedSaves(
  hs: Http[],
  examId: number,
  tokens: string[],
  seconds: number,
  databaseUrl: string,
  serverPids: number[],
) {
  const at = (i: number) => hs[i % hs.length] as Http;
  const rec = new Recorder();
  const startRec = new Recorder();
  const attempts = await Promise.all(
    tokens.map((token, i) =>
      at(i).call<AttemptResponse>(
        'POST',
        `/exam/api/v1/candidate/start?examId=${examId}`,
        token,
        undefined,
        startRec,
      ),
    ),
  );
  if (startRec.errorCount > 0)
    throw new Error(`saturation starts failed: ${JSON.stringify(startRec.errors)}`);
  let saves = 0;
  const stopProbe = await cpuProbe(databaseUrl, serverPids);
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    attempts.map(async (attempt, i) => {
      if (!attempt) return;
      const token = tokens[i] as string;
      const questions = attempt.sections.flatMap((s) => s.questions);
      for (let seq = 1; performance.now() < end; seq += 1) {
        const question = questions[seq % questions.length] as PaperQuestion;
        const ok = await at(i).call(
          'POST',
          `/exam/api/v1/candidate/answers?attemptId=${attempt.attemptId}`,
          token,
          [{ questionId: question.questionId, answer: answerFor(question, seq), seq }],
          rec,
        );
        if (ok) saves += 1;
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = await stopProbe();
  return {
    concurrency: tokens.length,
    seconds: +wall.toFixed(1),
    saves,
    savesPerSecond: Math.round(saves / wall),
    latency: stats(rec.latencies),
    errors: rec.errors,
    cpu,
    serverCpuMsPerSave: +(((cpu.serverCpuPercent / 100) * wall * 1000) / Math.max(1, saves)).toFixed(2),
    postgresCpuMsPerSave: +(((cpu.postgresCpuPercent / 100) * wall * 1000) / Math.max(1, saves)).toFixed(2),
  };
}

/**
 * CPU per start, heartbeat and submit: `tokens.length` candidates start back to back from `concurrency`
 * clients, then send a heartbeat and submit the same way; the server's and PostgreSQL's CPU over each
 * phase, per request.
 */
async function operationCosts(
  hs: Http[],
  examId: number,
  tokens: string[],
  concurrency: number,
  databaseUrl: string,
  serverPids: number[],
) {
  const at = (i: number) => hs[i % hs.length] as Http;
  const attemptIds: (number | undefined)[] = [];
  const phase = async (call: (i: number, rec: Recorder) => Promise<boolean>) => {
    const rec = new Recorder();
    let next = 0;
    let done = 0;
    const stopProbe = await cpuProbe(databaseUrl, serverPids);
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < tokens.length) {
          const i = next;
          next += 1;
          if (await call(i, rec)) done += 1;
        }
      }),
    );
    const wall = (performance.now() - t0) / 1000;
    const cpu = await stopProbe();
    const perRequest = (percent: number) => +(((percent / 100) * wall * 1000) / Math.max(1, done)).toFixed(2);
    return {
      requests: done,
      perSecond: Math.round(done / wall),
      latency: stats(rec.latencies),
      errors: rec.errors,
      cpu,
      serverCpuMs: perRequest(cpu.serverCpuPercent),
      postgresCpuMs: perRequest(cpu.postgresCpuPercent),
    };
  };
  const start = await phase(async (i, rec) => {
    const attempt = await at(i).call<AttemptResponse>(
      'POST',
      `/exam/api/v1/candidate/start?examId=${examId}`,
      tokens[i] as string,
      undefined,
      rec,
    );
    attemptIds[i] = attempt?.attemptId;
    return attempt !== undefined;
  });
  const heartbeat = await phase(async (i, rec) => {
    const attemptId = attemptIds[i];
    if (attemptId === undefined) return false;
    const done = await at(i).call(
      'POST',
      `/exam/api/v1/candidate/events?attemptId=${attemptId}`,
      tokens[i] as string,
      { events: [{ kind: 'heartbeat', at: Date.now() }] },
      rec,
    );
    return done !== undefined;
  });
  const submit = await phase(async (i, rec) => {
    const attemptId = attemptIds[i];
    if (attemptId === undefined) return false;
    const done = await at(i).call(
      'POST',
      `/exam/api/v1/candidate/submit?attemptId=${attemptId}`,
      tokens[i] as string,
      undefined,
      rec,
    );
    return done !== undefined;
  });
  return { concurrency, start, heartbeat, submit };
}

/** The same number of single-row upserts straight into PostgreSQL, at the server's pool size. */
async function rawUpserts(databaseUrl: string, count: number, concurrency: number, candidates: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency });
  try {
    await pool.query('drop table if exists bench_upsert');
    await pool.query(
      'create table bench_upsert (like attempt_questions including defaults including indexes)',
    );
    // The rows exist, as a candidate's paper does: every upsert takes the update path.
    await pool.query(
      `insert into bench_upsert (attempt_id, question_id, section_name, sort, points)
       select a, q, '综合题', q, 2 from generate_series(1, $1::int) a, generate_series(1, ${QUESTION_COUNT}) q`,
      [candidates],
    );
    await pool.query('analyze bench_upsert');
    let next = 0;
    const clients = await Promise.all(Array.from({ length: concurrency }, () => pool.connect()));
    const stopProbe = await cpuProbe(databaseUrl);
    const t0 = performance.now();
    await Promise.all(
      clients.map(async (client) => {
        try {
          while (next < count) {
            next += 1;
            const i = next;
            await client.query(
              `insert into bench_upsert (attempt_id, question_id, section_name, sort, points, answer, answer_seq, answered_at)
               values ($1, $2, '综合题', 0, 2, $3::jsonb, $4, now())
               on conflict (attempt_id, question_id) do update
               set answer = excluded.answer, answer_seq = excluded.answer_seq, answered_at = excluded.answered_at
               where bench_upsert.answer_seq < excluded.answer_seq`,
              [1 + (i % candidates), 1 + ((i * 7) % QUESTION_COUNT), JSON.stringify([i % 4]), i],
            );
          }
        } finally {
          client.release();
        }
      }),
    );
    const wall = (performance.now() - t0) / 1000;
    const cpu = await stopProbe();
    return {
      upserts: count,
      concurrency,
      seconds: +wall.toFixed(1),
      upsertsPerSecond: Math.round(count / wall),
      cpu,
      postgresCpuMsPerUpsert: +(((cpu.postgresCpuPercent / 100) * wall * 1000) / count).toFixed(2),
    };
  } finally {
    await pool.query('drop table if exists bench_upsert').catch(() => undefined);
    await pool.end();
  }
}

// ---------- one N ----------

async function runOnce(n: number, o: Options, resultsDir: string) {
  console.log(
    `\n▶ N = ${n.toLocaleString()} candidates  (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  const databaseUrl = await recreateDatabase(o.pgUrl);
  // Several instances share Redis (live monitor events), as behind a real load balancer.
  const redisUrl = o.instances > 1 ? (process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;
  const serverLogs = Array.from({ length: o.instances }, (_, k) =>
    path.join(resultsDir, `exam-load-server-${n}${k > 0 ? `-${k + 1}` : ''}.log`),
  );
  const servers = await Promise.all(
    serverLogs.map((logFile) => startServer(databaseUrl, o.poolSize, logFile, redisUrl)),
  );
  const server = servers[0] as RunningServer;
  const serverPids = servers.map((s) => s.child.pid as number);
  const hs = servers.map((s) => http(s.address, Math.ceil(o.connections / servers.length)));
  try {
    const tokens = new TokenService(JWT_SECRET, 4 * 3600);
    const setup = await setUp(server.address, databaseUrl, tokens, n + o.saturationConcurrency + o.costs);
    const userTokens = await Promise.all(
      setup.userIds.map((userId) => tokens.signAccess({ userId, organizationId: setup.organizationId })),
    );
    console.log(`  set up: ${n} candidates, exam ${setup.examId} published in ${setup.publishMs} ms`);
    const costTokens = userTokens.slice(n + o.saturationConcurrency);
    const measureCosts = () =>
      operationCosts(hs, setup.examId, costTokens, o.poolSize, databaseUrl, serverPids);
    if (o.costsOnly) return { candidates: n, questions: QUESTION_COUNT, costs: await measureCosts() };

    const rec: Recorders = {
      start: new Recorder(),
      save: new Recorder(),
      submit: new Recorder(),
      heartbeat: new Recorder(),
    };
    const all = Object.values(rec);
    const logs: CandidateLog[] = Array.from({ length: n }, () => ({ acked: new Map(), submitted: false }));
    const loadAvgBefore = os.loadavg();
    const stopProbe = await cpuProbe(databaseUrl, serverPids);
    const stopStallWatch = await watchStalls(databaseUrl, DB_NAME, () => cpuSecondsOf(serverPids));
    const t0 = performance.now();
    const progress = setInterval(() => {
      const s = Math.round((performance.now() - t0) / 1000);
      console.log(
        `  ${s} s: ${rec.start.latencies.length} started, ${rec.save.latencies.length} saves, ${rec.heartbeat.latencies.length} heartbeats, ${rec.submit.latencies.length} submitted, errors ${all.reduce((sum, r) => sum + r.errorCount, 0)}`,
      );
    }, 15_000);
    await Promise.all(
      logs.map((log, i) =>
        candidate(
          hs[i % hs.length] as Http,
          setup.examId,
          userTokens[i] as string,
          uniform(0, o.spreadSeconds * 1000),
          o,
          rec,
          log,
        ),
      ),
    );
    clearInterval(progress);
    const loadSeconds = (performance.now() - t0) / 1000;
    const cpu = await stopProbe();
    const stalls = await stopStallWatch(
      all.flatMap((r) => r.timed()),
      serverLogs,
      OK_P99_MS,
    );
    const { timeline, ...stallSummary } = stalls;
    console.log(`  stalls: ${JSON.stringify(stallSummary)}`);
    fs.writeFileSync(path.join(resultsDir, `exam-load-timeline-${n}.json`), JSON.stringify(timeline));
    const verification = await verify(databaseUrl, logs);
    for (const [name, r] of Object.entries(rec)) {
      const st = stats(r.latencies);
      console.log(`  ${name}: ${st.count} p50 ${st.p50ms} ms p99 ${st.p99ms} ms, errors ${r.errorCount}`);
    }
    console.log(`  answers lost: ${verification.answersLost}; cpu ${JSON.stringify(cpu)}`);
    // With the load's attempts in the database, as a late start meets them.
    const costs = await measureCosts();

    const saturation = await saturatedSaves(
      hs,
      setup.examId,
      userTokens.slice(n, n + o.saturationConcurrency),
      o.saturationSeconds,
      databaseUrl,
      serverPids,
    );
    // The ceiling gets as many connections as the servers have together.
    const ceiling = await rawUpserts(databaseUrl, rec.save.latencies.length, o.poolSize * servers.length, n);
    const errors = all.reduce((sum, r) => sum + r.errorCount, 0);
    const p99 = Math.max(...all.map((r) => stats(r.latencies).p99ms));
    return {
      candidates: n,
      questions: QUESTION_COUNT,
      loadAverageBefore: loadAvgBefore.map((l) => +l.toFixed(2)),
      publishMs: setup.publishMs,
      loadSeconds: +loadSeconds.toFixed(1),
      start: { ...stats(rec.start.latencies), errors: rec.start.errors },
      save: {
        ...stats(rec.save.latencies),
        errors: rec.save.errors,
        offeredPerSecond: +(rec.save.latencies.length / loadSeconds).toFixed(1),
      },
      submit: { ...stats(rec.submit.latencies), errors: rec.submit.errors },
      heartbeat: { ...stats(rec.heartbeat.latencies), errors: rec.heartbeat.errors },
      ...verification,
      cpu,
      stalls: stallSummary,
      costs,
      saturation,
      rawUpserts: ceiling,
      saveThroughputRatio: +(saturation.savesPerSecond / ceiling.upsertsPerSecond).toFixed(2),
      target: {
        p99UnderMs: OK_P99_MS,
        met: p99 < OK_P99_MS && errors === 0 && verification.answersLost === 0,
      },
    };
  } finally {
    await Promise.all(hs.map((h) => h.pool.close()));
    await Promise.all(servers.map((s) => s.stop()));
  }
}

export async function examLoad() {
  const o = options();
  if (o.ns.length === 0) throw new Error('--n needs candidate counts, e.g. --n=500,2000');
  const resultsDir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  await buildServer();
  const runs = [];
  for (const n of o.ns) {
    const run = await runOnce(n, o, resultsDir);
    console.log(JSON.stringify(run, null, 2));
    runs.push(run);
  }
  return {
    database: 'postgres',
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model ?? '' },
    settings: {
      examSeconds: o.examSeconds,
      spreadSeconds: o.spreadSeconds,
      saveEverySeconds: [o.saveMin, o.saveMax],
      databasePoolSize: o.poolSize,
      clientConnections: o.connections,
      heartbeatSeconds: o.heartbeatSeconds,
      instances: o.instances,
    },
    runs,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await examLoad();
  const file = path.join(import.meta.dirname, 'results', 'exam-load.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ name: 'exam-load', at: new Date().toISOString(), result }, null, 2),
  );
  console.log(`  → ${file}`);
}
