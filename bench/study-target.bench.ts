// Learning targets at scale (issue 18): a 学时 target over 20,000 staff in 100 departments (10 top-level,
// 90 below them) of one organisation on PostgreSQL, each person enrolled in 10 of 50 courses with about
// 60 % completed at times spread over the period (and some before it), then p50/p95 over real HTTP of the
// target's chart endpoints: the cumulative trend, the figures by department and page 1 of the people
// (and one filtered by level). Target: p95 under 200 ms each.
//
// The data set lives in its own organisation in the database `kaopei_bench_study_target` on the server of
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test), seeded once and reused by later runs;
// BENCH_RESEED=1 rebuilds it. BENCH_REQUESTS (default 100) requests per scenario after a warm-up pass.
import os from 'node:os';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/core/crypto';
import {
  benchDatabase,
  signIn,
  summarize,
  startServer,
  removeBenchOrganisation,
  seedBenchPeople,
  timed,
} from './support';

const ORG_NAME = '基准学习目标组织';
const ADMIN_ACCOUNT = 'stbench_admin';
const STAFF = 20_000;
const COURSES = 50;
const ENROLMENTS_PER_PERSON = 10;

async function seed(client: pg.Client, password: string): Promise<void> {
  console.log(`  seeding ${STAFF.toLocaleString()} staff × ${ENROLMENTS_PER_PERSON} courses (once)…`);
  const t0 = performance.now();
  await removeBenchOrganisation(client, ORG_NAME, ['study_targets', 'course_members', 'courses']);
  const {
    rows: [org],
  } = await client.query<{ id: string }>('insert into organizations (name) values ($1) returning id', [
    ORG_NAME,
  ]);
  const orgId = Number(org!.id);
  await seedBenchPeople(client, orgId, {
    departmentName: '基准事业部',
    prefix: 'stbench',
    jobPrefix: 'ST',
    staff: STAFF,
    adminAccount: ADMIN_ACCOUNT,
    password,
  });
  await client.query(
    `insert into courses (organization_id, name, status, minutes, credits)
     select $1, '基准课程' || g, 'open', 30 + (g % 6) * 30, 1 + g % 3 from generate_series(1, ${COURSES}) g`,
    [orgId],
  );
  // Completions: 60 % of the enrolments, spread over the 100 days before now (the period is the last 60
  // days and the next 30, so a third falls before it and does not count).
  await client.query(
    `with c as (select id, row_number() over (order by id) - 1 as n from courses where organization_id = $1)
     insert into course_members (course_id, user_id, organization_id, source, enrolled_at, started_at,
       completed_at, progress_percent)
     select c.id, u.id, $1, 'department', now() - interval '110 days', now() - interval '100 days',
       case when (u.id * 7 + k) % 10 < 6 then now() - ((u.id * 13 + k * 29) % 100) * interval '1 day' end,
       case when (u.id * 7 + k) % 10 < 6 then 100 else 30 end
     from users u cross join generate_series(0, ${ENROLMENTS_PER_PERSON - 1}) k
     join c on c.n = (u.id * 3 + k * 5) % ${COURSES}
     where u.organization_id = $1 and u.account <> $2
     on conflict do nothing`,
    [orgId, ADMIN_ACCOUNT],
  );
  const {
    rows: [target],
  } = await client.query<{ id: string }>(
    `insert into study_targets (organization_id, name, start_date, end_date, metric, target_value, levels)
     values ($1, '基准学时目标', (now() at time zone 'Asia/Shanghai')::date - 60,
       (now() at time zone 'Asia/Shanghai')::date + 30, 'hours', 8,
       '[{"name":"未达标","threshold":0},{"name":"达标","threshold":100},{"name":"优秀","threshold":120}]')
     returning id`,
    [orgId],
  );
  await client.query(
    `insert into study_target_scopes (target_id, kind, ref_id)
     select $1, 'department', id from departments where organization_id = $2 and parent_id is null`,
    [target!.id, orgId],
  );
  // Vacuumed as autovacuum leaves a table at rest (visibility map set, so index-only scans can be chosen),
  // not as a bulk load leaves it.
  await client.query('vacuum analyze course_members, users, departments, courses, study_target_scopes');
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

export async function studyTarget() {
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const requests = Number(process.env.BENCH_REQUESTS ?? 100);
  const databaseUrl = await benchDatabase(serverUrl, 'kaopei_bench_study_target');
  const server = await startServer(databaseUrl, { seedDemo: false });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await client.query<{ n: number }>(
      `select count(*)::int as n from study_targets t join organizations o on o.id = t.organization_id
       where o.name = $1`,
      [ORG_NAME],
    );
    if (process.env.BENCH_RESEED === '1' || (existing.rows[0]?.n ?? 0) === 0)
      await seed(client, await hashPassword(server.config.demoPassword));
    const {
      rows: [ids],
    } = await client.query<{ target: string; completions: number; members: number }>(
      `select t.id as target,
         (select count(*)::int from course_members m where m.organization_id = o.id and m.completed_at is not null) as completions,
         (select count(*)::int from course_members m where m.organization_id = o.id) as members
       from organizations o join study_targets t on t.organization_id = o.id where o.name = $1`,
      [ORG_NAME],
    );
    if (!ids) throw new Error('bench organisation missing');
    const token = await signIn(server, ADMIN_ACCOUNT);
    const T = `${server.address}/course/api/v1/target`;
    const scenarios: Record<string, string> = {
      'trend (weekly, 20,000 people)': `${T}/chart/trend?targetId=${ids.target}`,
      'by department (100 departments)': `${T}/chart/department?targetId=${ids.target}`,
      'people, page 1': `${T}/chart/people?targetId=${ids.target}&page=0&size=20`,
      'people, level 达标, page 1': `${T}/chart/people?targetId=${ids.target}&level=1&page=0&size=20`,
      'target list (people counts)': `${T}/search?page=0&size=20`,
    };
    const report: Record<string, { errors: number; p50ms: number; p95ms: number; p99ms: number }> = {};
    for (const [name, url] of Object.entries(scenarios)) {
      await timed(url, token, Math.min(10, requests)); // warm-up: caches, plans, connections
      const { latencies, errors } = await timed(url, token, requests);
      const { count: _count, ...summary } = summarize(latencies);
      report[name] = { errors, ...summary };
      console.log(`  ${name.padEnd(36)} p50 ${summary.p50ms} ms  p95 ${summary.p95ms} ms  errors ${errors}`);
    }
    // How fast this machine is right now: one plain pass over the enrolments, straight to PostgreSQL.
    const scan: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await client.query(
        `select count(*), sum(progress_percent) from course_members m
         join organizations o on o.id = m.organization_id where o.name = $1`,
        [ORG_NAME],
      );
      scan.push(performance.now() - t0);
    }
    const reference = summarize(scan);
    console.log(`  reference: plain scan of the enrolments (no endpoint) p50 ${reference.p50ms} ms`);
    return {
      database: 'postgres',
      loadAverage: os.loadavg().map((n) => +n.toFixed(2)),
      referenceScanP50ms: reference.p50ms,
      staff: STAFF,
      courseMembers: ids.members,
      completions: ids.completions,
      requestsPerScenario: requests,
      targetP95ms: 200,
      scenarios: report,
    };
  } finally {
    await client.end();
    await server.close();
  }
}
