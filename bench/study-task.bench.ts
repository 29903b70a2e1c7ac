// Study tasks at scale (issue 18): 20,000 staff of one organisation (a root department with 20
// sub-departments) on PostgreSQL. Per run, a fresh course, exam and practice set — about a third of the
// staff have completed the course, a fifth passed the exam, a quarter finished a practice round — a task
// of the three is created over HTTP and allocated to the root department with its sub-departments
// (enrolment, candidacy, assignment notices, progress summary): target under 5 s. Then the task's detail
// page (first page, one department, a status filter) over real HTTP: target p95 under 200 ms. The first
// detail call, which recomputes everyone's summary (at most once a minute per task), is reported apart.
//
// The data lives in the database `kaopei_bench_study_task` on the server of BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/test); the staff are seeded once and reused (BENCH_RESEED=1 rebuilds).
//   npx tsx bench/study-task.bench.ts [--runs=1]   BENCH_REQUESTS (default 50) per detail scenario.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/core/crypto';
import { benchDatabase, signIn, summarize, type BenchServer, startServer } from './support';

const ORG_NAME = '基准学习任务组织';
const ADMIN_ACCOUNT = 'stbench_admin';
const STAFF = 20_000;
const DEPARTMENTS = 20;
const TARGET_ALLOCATE_MS = 5000;
const TARGET_P95_MS = 200;

/** The organisation, its departments, an administrator and 20,000 staff (once). */
async function seedStaff(client: pg.Client, password: string): Promise<number> {
  const old = await client.query<{ id: string }>('select id from organizations where name = $1', [ORG_NAME]);
  if (old.rows.length > 0 && process.env.BENCH_RESEED !== '1') return Number(old.rows[0]!.id);
  console.log(`  seeding ${STAFF.toLocaleString()} staff (once; later runs reuse them)…`);
  if (old.rows.length > 0) throw new Error('BENCH_RESEED=1: drop the database kaopei_bench_study_task first');
  const {
    rows: [org],
  } = await client.query<{ id: string }>('insert into organizations (name) values ($1) returning id', [
    ORG_NAME,
  ]);
  const orgId = Number(org!.id);
  const {
    rows: [root],
  } = await client.query<{ id: string }>(
    `insert into departments (organization_id, name) values ($1, '基准总部') returning id`,
    [orgId],
  );
  await client.query(
    `insert into departments (organization_id, parent_id, name, sort)
     select $1, $2, '基准部门' || lpad(g::text, 2, '0'), g from generate_series(1, ${DEPARTMENTS}) g`,
    [orgId, root!.id],
  );
  await client.query(
    `insert into users (organization_id, account, real_name, is_admin, password_hash, department_id)
     values ($1, $2, '基准管理员', true, $3, $4)`,
    [orgId, ADMIN_ACCOUNT, password, root!.id],
  );
  await client.query(
    `insert into users (organization_id, account, real_name, job_number, department_id)
     select $1, 'stbench_' || g, '员工' || g, 'ST' || g,
       (select id from departments where organization_id = $1 and sort = 1 + g % ${DEPARTMENTS} and parent_id is not null)
     from generate_series(1, ${STAFF}) g`,
    [orgId],
  );
  await client.query('analyze users; analyze departments');
  return orgId;
}

/** A fresh course, exam and practice set with some of the staff's work already done. */
async function seedThings(client: pg.Client, orgId: number, run: number) {
  const one = async (text: string, values: unknown[]) =>
    Number((await client.query<{ id: string }>(text, values)).rows[0]!.id);
  const courseId = await one(
    `insert into courses (organization_id, name, status) values ($1, $2, 'open') returning id`,
    [orgId, `基准课程${run}-${Date.now()}`],
  );
  const examId = await one(
    `insert into exams (organization_id, name, status) values ($1, $2, 1) returning id`,
    [orgId, `基准考试${run}-${Date.now()}`],
  );
  const practiceId = await one(
    `insert into practices (organization_id, name, status) values ($1, $2, 1) returning id`,
    [orgId, `基准练习${run}-${Date.now()}`],
  );
  const staff = `select id from users where organization_id = $1 and account like 'stbench\\_%' and is_admin = false`;
  await client.query(
    `insert into course_members (course_id, user_id, organization_id, source, started_at, completed_at, progress_percent)
     select $2, id, $1, 'staff', now() - interval '2 days', now() - interval '1 day', 100 from (${staff}) u where id % 3 = 0`,
    [orgId, courseId],
  );
  await client.query(
    `insert into exam_attempts (exam_id, organization_id, user_id, status, deadline_at, submitted_at, score, passed)
     select $2, $1, id, 2, now(), now() - interval '1 hour', 80, 1 from (${staff}) u where id % 5 = 0`,
    [orgId, examId],
  );
  await client.query(
    `insert into practice_rounds (organization_id, practice_id, user_id, question_ids, answered, correct, finished_at)
     select $1, $2, id, '[]'::jsonb, 10, 7, now() - interval '3 hours' from (${staff}) u where id % 4 = 0`,
    [orgId, practiceId],
  );
  await client.query('analyze course_members; analyze exam_attempts; analyze practice_rounds');
  return { courseId, examId, practiceId };
}

async function api(server: BenchServer, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.address}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as {
    code: number;
    message: string;
    res?: { data?: unknown; total?: number };
  };
  if (res.status !== 200 || json.code !== 0) throw new Error(`${url}: ${res.status} ${json.message}`);
  return json.res;
}

async function timeScenarios(
  server: BenchServer,
  token: string,
  taskId: number,
  departmentId: number,
  requests: number,
) {
  const T = '/course/api/v1/study/task/detail?page=0&size=20';
  const scenarios: Record<string, object> = {
    'detail, first page': { taskId },
    'detail, one department': { taskId, departmentId },
    'detail, status 已完成': { taskId, status: 'completed' },
    'detail, status 进行中': { taskId, status: 'in_progress' },
  };
  const report: Record<string, { total: number; p50ms: number; p95ms: number; p99ms: number }> = {};
  for (const [name, body] of Object.entries(scenarios)) {
    let total = 0;
    for (let i = 0; i < 3; i++) await api(server, token, 'POST', T, body); // warm-up
    const latencies: number[] = [];
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      total = (await api(server, token, 'POST', T, body))?.total ?? 0;
      latencies.push(performance.now() - t0);
    }
    const { count: _count, ...summary } = summarize(latencies);
    report[name] = { total, ...summary };
    console.log(
      `  ${name.padEnd(26)} rows ${String(total).padStart(6)}  p50 ${summary.p50ms} ms  p95 ${summary.p95ms} ms`,
    );
  }
  return report;
}

async function runOnce(server: BenchServer, client: pg.Client, token: string, orgId: number, run: number) {
  const things = await seedThings(client, orgId, run);
  const task = (await api(server, token, 'POST', '/course/api/v1/study/task/add', {
    name: `基准任务${run}-${Date.now()}`,
    startAt: Date.now() - 86_400_000,
    dueAt: Date.now() + 7 * 86_400_000,
    items: [
      { kind: 'course', refId: things.courseId },
      { kind: 'exam', refId: things.examId },
      { kind: 'practice', refId: things.practiceId },
    ],
  }))!.data as { id: number };
  const {
    rows: [root],
  } = await client.query<{ id: string; child: string }>(
    `select d.id, (select min(c.id) from departments c where c.parent_id = d.id) as child
     from departments d where d.organization_id = $1 and d.parent_id is null`,
    [orgId],
  );
  const t0 = performance.now();
  const allocated = (await api(server, token, 'POST', '/course/api/v1/study/task/allocate', {
    taskId: task.id,
    departmentIds: [Number(root!.id)],
    includeSubDepartments: true,
  }))!.data as { count: number };
  const allocateMs = +(performance.now() - t0).toFixed(0);
  console.log(`  allocate ${allocated.count.toLocaleString()} people: ${allocateMs} ms`);
  const t1 = performance.now();
  await api(server, token, 'POST', '/course/api/v1/study/task/detail?page=0&size=20', { taskId: task.id });
  const firstDetailMs = +(performance.now() - t1).toFixed(0);
  console.log(`  first detail (recomputes everyone's summary): ${firstDetailMs} ms`);
  const requests = Number(process.env.BENCH_REQUESTS ?? 50);
  const scenarios = await timeScenarios(server, token, task.id, Number(root!.child), requests);
  return { assigned: allocated.count, allocateMs, firstDetailMs, scenarios };
}

export async function studyTask() {
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const runsFlag = process.argv.find((a) => a.startsWith('--runs='));
  const runs = Math.max(1, Number(runsFlag?.slice('--runs='.length) ?? 1));
  const databaseUrl = await benchDatabase(serverUrl, 'kaopei_bench_study_task');
  const server = await startServer(databaseUrl, { seedDemo: false });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const orgId = await seedStaff(client, await hashPassword(server.config.demoPassword));
    const token = await signIn(server, ADMIN_ACCOUNT);
    const results = [];
    for (let run = 1; run <= runs; run++) results.push(await runOnce(server, client, token, orgId, run));
    const p95s = results.flatMap((r) => Object.values(r.scenarios).map((s) => s.p95ms));
    return {
      database: 'postgres',
      machine: { cores: os.cpus().length, loadAverage: os.loadavg().map((n) => +n.toFixed(2)) },
      staff: STAFF,
      targets: { allocateMs: TARGET_ALLOCATE_MS, detailP95ms: TARGET_P95_MS },
      runs: results,
      ok: results.every((r) => r.allocateMs < TARGET_ALLOCATE_MS) && p95s.every((p) => p < TARGET_P95_MS),
    };
  } finally {
    await client.end();
    await server.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await studyTask();
  console.log(JSON.stringify(result, null, 2));
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'study-task.json'),
    JSON.stringify({ name: 'study-task', at: new Date().toISOString(), result }, null, 2),
  );
}
