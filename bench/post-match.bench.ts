// Person–post matching at scale (issue 16): 10,000 staff with 50 abilities each in 100 departments of one
// organisation on PostgreSQL, then p50/p95 over real HTTP of the match ranking against a 50-ability post
// (whole organisation and one department), the department tree with average match rates, and the heat map
// of 100 departments × 50 abilities (and by post). Target: p95 under 200 ms each.
//
// The data set lives in its own organisation in the database `kaopei_bench_post_match` on the server of
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test), seeded once and reused by later runs;
// BENCH_RESEED=1 rebuilds it. BENCH_REQUESTS (default 100) requests per scenario after a warm-up pass,
// BENCH_CONCURRENCY (default 1) at a time.
import os from 'node:os';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/core/crypto';
import { benchDatabase, signIn, summarize, startServer } from './support';

const ORG_NAME = '基准人岗匹配组织';
const ADMIN_ACCOUNT = 'pmbench_admin';
const STAFF = 10_000;
const ABILITIES = 50;
const DEPARTMENTS = 100;

async function seed(client: pg.Client, password: string): Promise<void> {
  console.log(
    `  seeding ${STAFF.toLocaleString()} staff × ${ABILITIES} abilities (once; later runs reuse them)…`,
  );
  const t0 = performance.now();
  const old = await client.query<{ id: string }>('select id from organizations where name = $1', [ORG_NAME]);
  for (const { id } of old.rows) {
    for (const table of ['staff_abilities', 'users', 'departments', 'posts'])
      await client.query(`delete from ${table} where organization_id = $1`, [id]);
    await client.query(
      'delete from abilities where organization_id = $1; delete from ability_dimensions where organization_id = $1',
      [id],
    );
  }
  await client.query('delete from organizations where name = $1', [ORG_NAME]);
  const {
    rows: [org],
  } = await client.query<{ id: string }>('insert into organizations (name) values ($1) returning id', [
    ORG_NAME,
  ]);
  const orgId = Number(org!.id);
  await client.query(
    `insert into departments (organization_id, name, sort)
     select $1, '基准部门' || lpad(g::text, 3, '0'), g from generate_series(1, ${DEPARTMENTS}) g`,
    [orgId],
  );
  await client.query(
    `insert into ability_dimensions (organization_id, name, sort)
     select $1, '维度' || g, g from generate_series(1, 4) g`,
    [orgId],
  );
  await client.query(
    `insert into abilities (organization_id, dimension_id, name, sort)
     select $1, (select id from ability_dimensions where organization_id = $1 and sort = 1 + g % 4),
       '基准能力' || lpad(g::text, 2, '0'), g
     from generate_series(1, ${ABILITIES}) g`,
    [orgId],
  );
  const {
    rows: [post],
  } = await client.query<{ id: string }>(
    `insert into posts (organization_id, name) values ($1, '基准岗位') returning id`,
    [orgId],
  );
  // 50 abilities × weight 2 = 100; required levels 2–5.
  await client.query(
    `insert into post_abilities (post_id, ability_id, required_level, weight, sort)
     select $1, id, 2 + sort % 4, 2, sort from abilities where organization_id = $2`,
    [post!.id, orgId],
  );
  await client.query(
    `insert into users (organization_id, account, real_name, job_number, department_id, post_id, is_admin, password_hash)
     values ($1, $2, '基准管理员', null, null, null, true, $3)`,
    [orgId, ADMIN_ACCOUNT, password],
  );
  await client.query(
    `insert into users (organization_id, account, real_name, job_number, department_id, post_id)
     select $1, 'pmbench_' || g, '员工' || g, 'PM' || g,
       (select id from departments where organization_id = $1 and sort = 1 + g % ${DEPARTMENTS}),
       case when g % 20 = 0 then $2::bigint end
     from generate_series(1, ${STAFF}) g`,
    [orgId, post!.id],
  );
  // ~85 % of the pairs measured: exam level, a rating for a third, the effective level 70/30.
  await client.query(
    `insert into staff_abilities (organization_id, user_id, ability_id, exam_level, rating_level, level)
     select $1, u.id, a.id, e.exam, r.rating,
       case when e.exam is null then r.rating when r.rating is null then e.exam
            else round(e.exam * 0.7 + r.rating * 0.3, 1) end
     from users u cross join abilities a
     cross join lateral (select case when (u.id * 7 + a.id * 13) % 10 < 8 then 1 + (u.id * 31 + a.id * 17) % 5 end as exam) e
     cross join lateral (select case when (u.id + a.id) % 3 = 0 then 1 + (u.id * 11 + a.id * 3) % 5 end as rating) r
     where u.organization_id = $1 and a.organization_id = $1 and u.account <> $2
       and (e.exam is not null or r.rating is not null)`,
    [orgId, ADMIN_ACCOUNT],
  );
  await client.query('analyze staff_abilities; analyze users; analyze post_abilities');
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

export async function postMatch() {
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const requests = Number(process.env.BENCH_REQUESTS ?? 100);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 1);
  const databaseUrl = await benchDatabase(serverUrl, 'kaopei_bench_post_match');
  const server = await startServer(databaseUrl, { seedDemo: false });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await client.query<{ n: number }>(
      `select count(*)::int as n from staff_abilities sa join organizations o on o.id = sa.organization_id
       where o.name = $1`,
      [ORG_NAME],
    );
    if (process.env.BENCH_RESEED === '1' || (existing.rows[0]?.n ?? 0) === 0)
      await seed(client, await hashPassword(server.config.demoPassword));
    const {
      rows: [ids],
    } = await client.query<{ post: string; department: string; org: string; rows: number }>(
      `select p.id as post, (select min(d.id) from departments d where d.organization_id = o.id) as department,
         o.id as org, (select count(*)::int from staff_abilities sa where sa.organization_id = o.id) as rows
       from organizations o join posts p on p.organization_id = o.id where o.name = $1`,
      [ORG_NAME],
    );
    if (!ids) throw new Error('bench organisation missing');
    const token = await signIn(server, ADMIN_ACCOUNT);
    const M = `${server.address}/post/api/v1/match`;
    const scenarios: Record<string, string> = {
      'ranking, whole organisation (page 0)': `${M}/ranking?postId=${ids.post}&scope=all&page=0&size=20`,
      'ranking, whole organisation (page 100)': `${M}/ranking?postId=${ids.post}&scope=all&page=100&size=20`,
      'ranking, one department': `${M}/ranking?postId=${ids.post}&scope=department&departmentId=${ids.department}`,
      'department tree with average match': `${M}/tree?postId=${ids.post}`,
      'heat map, 100 departments × 50 abilities': `${M}/heatmap?groupBy=department`,
      'heat map by post': `${M}/heatmap?groupBy=post`,
    };
    const run = async (url: string) => {
      const latencies: number[] = [];
      let errors = 0;
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < requests) {
            next += 1;
            const t0 = performance.now();
            const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
            const json = (await res.json()) as { code: number };
            latencies.push(performance.now() - t0);
            if (res.status !== 200 || json.code !== 0) errors += 1;
          }
        }),
      );
      return { latencies, errors };
    };
    const report: Record<string, { errors: number; p50ms: number; p95ms: number; p99ms: number }> = {};
    for (const [name, url] of Object.entries(scenarios)) {
      await run(url); // warm-up pass is discarded: caches, plans, connections
      const { latencies, errors } = await run(url);
      const { count: _count, ...summary } = summarize(latencies);
      report[name] = { errors, ...summary };
      console.log(`  ${name.padEnd(44)} p50 ${summary.p50ms} ms  p95 ${summary.p95ms} ms  errors ${errors}`);
    }
    // How fast this machine is right now: one plain pass over the same rows, straight to PostgreSQL.
    const scan: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await client.query('select count(*), sum(level) from staff_abilities where organization_id = $1', [
        ids.org,
      ]);
      scan.push(performance.now() - t0);
    }
    const reference = summarize(scan);
    console.log(`  reference: plain scan of the rows (no endpoint) p50 ${reference.p50ms} ms`);
    return {
      database: 'postgres',
      loadAverage: os.loadavg().map((n) => +n.toFixed(2)),
      referenceScanP50ms: reference.p50ms,
      staff: STAFF,
      abilities: ABILITIES,
      departments: DEPARTMENTS,
      staffAbilityRows: ids.rows,
      requestsPerScenario: requests,
      concurrency,
      targetP95ms: 200,
      scenarios: report,
    };
  } finally {
    await client.end();
    await server.close();
  }
}
