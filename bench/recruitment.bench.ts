// Recruitment at scale (issue 20): 100,000 applicants of one organisation on PostgreSQL, each with one
// application, across 500 jobs — one popular job holding 10,000 of them, the other 499 about 180 each —
// spread over the pipeline's stages like a real funnel (most at 投递/淘汰, few hired) and over a year,
// then p50/p95 over real HTTP of what recruitment pages call: a job's pipeline board (the popular job and
// a typical one), the 招聘概览 overview, and page 1 of the applicant table. Target: p95 under 150 ms.
//
// The data set lives in its own organisation in the database `kaopei_bench_recruitment` on the server of
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test), seeded once and reused by later runs;
// BENCH_RESEED=1 rebuilds it. BENCH_REQUESTS (default 100) requests per scenario after a warm-up pass.
//
//   npm run bench -- recruitment          (or: npx tsx bench/run.ts recruitment)
import os from 'node:os';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/core/crypto';
import { benchDatabase, signIn, summarize, startServer, removeBenchOrganisation, timed } from './support';

const ORG_NAME = '基准招聘组织';
const ADMIN_ACCOUNT = 'rcbench_admin';
const APPLICANTS = 100_000;
const JOBS = 500;
/** Applications of the popular job (job 1); the rest are spread evenly over the other jobs. */
const BIG_JOB_APPLICATIONS = 10_000;
const TARGET_P95_MS = 150;

/** Tables of the organisation's recruitment rows, children first. */
const TABLES = [
  'recruitment_stage_moves',
  'recruitment_messages',
  'recruitment_applications',
  'recruitment_resumes',
  'recruitment_applicants',
  'recruitment_campus_sessions',
  'recruitment_jobs',
  'posts',
];

/**
 * The stage of bucket 0…99: a funnel (40 % 投递, 15 % 筛选, 8 % 笔试, 6 % 面试, 3 % offer, 2 % 入职,
 * 26 % 淘汰).
 */
const STAGE_CASE = `case
  when b < 40 then 'applied' when b < 55 then 'screening' when b < 63 then 'test'
  when b < 69 then 'interview' when b < 72 then 'offer' when b < 74 then 'hired' else 'rejected' end`;
const SOURCE_CASE = `case b.g % 10 when 0 then 'campus' when 1 then 'campus' when 2 then 'referral'
  when 3 then 'recruiter' else 'web' end`;

async function seed(client: pg.Client, password: string): Promise<void> {
  console.log(`  seeding ${APPLICANTS.toLocaleString()} applicants across ${JOBS} jobs (once)…`);
  const t0 = performance.now();
  await removeBenchOrganisation(client, ORG_NAME, TABLES);
  const {
    rows: [org],
  } = await client.query<{ id: string }>('insert into organizations (name) values ($1) returning id', [
    ORG_NAME,
  ]);
  const orgId = Number(org!.id);
  await client.query(
    `insert into users (organization_id, account, real_name, is_admin, password_hash)
     values ($1, $2, '基准招聘管理员', true, $3)`,
    [orgId, ADMIN_ACCOUNT, password],
  );
  await client.query(
    `insert into posts (organization_id, name, sort) select $1, '基准岗位' || g, g from generate_series(1, 50) g`,
    [orgId],
  );
  // Jobs: 80 % 招聘中, 10 % 草稿, 10 % 已关闭; job 1 (the popular one) is published.
  await client.query(
    `with p as (select id, row_number() over (order by id) - 1 as n from posts where organization_id = $1)
     insert into recruitment_jobs (organization_id, name, post_id, headcount, location, status,
       published_at, created_at)
     select $1, '基准职位' || g, (select id from p where p.n = g % 50), 1 + g % 5, '杭州',
       case when g % 10 = 3 then 0 when g % 10 = 7 then 2 else 1 end,
       now() - (g % 300) * interval '1 day', now() - (g % 300 + 1) * interval '1 day'
     from generate_series(1, ${JOBS}) g`,
    [orgId],
  );
  await client.query(
    `insert into recruitment_applicants (organization_id, name, phone, email, school, degree, years,
       created_at)
     select $1, '应聘者' || g, '139' || lpad(g::text, 8, '0'), 'rc' || g || '@example.com',
       '基准大学' || (g % 200), case g % 3 when 0 then '本科' when 1 then '硕士' else '大专' end, g % 11,
       now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
     from generate_series(1, ${APPLICANTS}) g`,
    [orgId],
  );
  // Applicant n (0-based, by id) applies to job 1 when n < BIG_JOB_APPLICATIONS, else to job 2…500 in turn.
  await client.query(
    `with j as (select id, row_number() over (order by id) - 1 as n from recruitment_jobs where organization_id = $1),
     a as (select id, created_at, row_number() over (order by id) - 1 as g from recruitment_applicants
       where organization_id = $1),
     b as (select a.*, (a.g * 37) % 100 as b,
       case when a.g < ${BIG_JOB_APPLICATIONS} then 0 else 1 + (a.g % ${JOBS - 1}) end as job_n from a)
     insert into recruitment_applications (organization_id, job_id, applicant_id, source, stage,
       stage_changed_at, applied_at, hired_at, test_score, test_total, test_sent_at)
     select $1, j.id, b.id, ${SOURCE_CASE}, s.stage,
       b.created_at + (1 + b.g % 20) * interval '1 day', b.created_at,
       case when s.stage = 'hired' then b.created_at + (10 + b.g % 40) * interval '1 day' end,
       case when s.stage in ('interview', 'offer', 'hired') then 50 + b.g % 50 end,
       case when s.stage in ('interview', 'offer', 'hired') then 100 end,
       case when s.stage in ('test', 'interview', 'offer', 'hired') then b.created_at end
     from b join j on j.n = b.job_n
     cross join lateral (select ${STAGE_CASE} as stage) s`,
    [orgId],
  );
  await client.query(
    'vacuum analyze recruitment_applications, recruitment_applicants, recruitment_jobs, posts',
  );
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

export async function recruitment() {
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const requests = Number(process.env.BENCH_REQUESTS ?? 100);
  const databaseUrl = await benchDatabase(serverUrl, 'kaopei_bench_recruitment');
  const server = await startServer(databaseUrl, { seedDemo: false });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await client.query<{ n: number }>(
      `select count(*)::int as n from recruitment_applications a join organizations o on o.id = a.organization_id
       where o.name = $1`,
      [ORG_NAME],
    );
    if (process.env.BENCH_RESEED === '1' || (existing.rows[0]?.n ?? 0) !== APPLICANTS)
      await seed(client, await hashPassword(server.config.demoPassword));
    const { rows: jobs } = await client.query<{ id: string; n: number }>(
      `select j.id, count(a.id)::int as n from recruitment_jobs j
       join organizations o on o.id = j.organization_id
       left join recruitment_applications a on a.job_id = j.id
       where o.name = $1 group by j.id order by j.id limit 2`,
      [ORG_NAME],
    );
    const [big, typical] = jobs;
    if (!big || !typical) throw new Error('bench organisation missing');
    const token = await signIn(server, ADMIN_ACCOUNT);
    const R = `${server.address}/recruit/api/v1`;
    const scenarios: Record<string, string> = {
      // The floor on this machine right now: a signed-in call that reads one row (no recruitment data).
      'reference: user detail (trivial endpoint)': `${server.address}/user/api/v1/user/detail`,
      [`board of the popular job (${big.n.toLocaleString()} applications)`]: `${R}/application/board?jobId=${big.id}`,
      [`board of a typical job (${typical.n} applications)`]: `${R}/application/board?jobId=${typical.id}`,
      'overview (500 jobs, 100,000 applications)': `${R}/overview`,
      'applicant table, page 1': `${R}/application/list?page=0&size=20`,
      'applicant table, popular job at 筛选': `${R}/application/list?jobId=${big.id}&stage=screening&page=0&size=20`,
    };
    const report: Record<string, { errors: number; p50ms: number; p95ms: number; p99ms: number }> = {};
    for (const [name, url] of Object.entries(scenarios)) {
      await timed(url, token, Math.min(10, requests)); // warm-up: caches, plans, connections
      const { latencies, errors } = await timed(url, token, requests);
      const { count: _count, ...summary } = summarize(latencies);
      report[name] = { errors, ...summary };
      console.log(`  ${name.padEnd(52)} p50 ${summary.p50ms} ms  p95 ${summary.p95ms} ms  errors ${errors}`);
    }
    // How fast this machine is right now: one plain count over the applications, straight to PostgreSQL.
    const scan: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await client.query(
        `select stage, count(*) from recruitment_applications a
         join organizations o on o.id = a.organization_id where o.name = $1 group by stage`,
        [ORG_NAME],
      );
      scan.push(performance.now() - t0);
    }
    const reference = summarize(scan);
    console.log(
      `  reference: plain grouped count of the applications (no endpoint) p50 ${reference.p50ms} ms`,
    );
    return {
      database: 'postgres',
      loadAverage: os.loadavg().map((n) => +n.toFixed(2)),
      referenceScanP50ms: reference.p50ms,
      applicants: APPLICANTS,
      jobs: JOBS,
      requestsPerScenario: requests,
      targetP95ms: TARGET_P95_MS,
      withinTarget: Object.values(report).every((r) => r.p95ms < TARGET_P95_MS && r.errors === 0),
      // Seeded rows only: no stage moves, messages or résumés (neither endpoint reads them).
      scenarios: report,
    };
  } finally {
    await client.end();
    await server.close();
  }
}
