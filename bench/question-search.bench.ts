// Question search at scale (issue 4): 1,000,000 questions across 200 banks of one organisation on
// PostgreSQL, then p50/p95 of the filtered search (POST search/detail) and of the type counts
// (POST get/question/type/count) over real HTTP, per filter and overall. Target: p95 under 50 ms.
//
// The data set is seeded once into the database `kaopei_bench_questions` on the server of
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test) and reused by later runs;
// BENCH_RESEED=1 rebuilds it. BENCH_QUESTIONS changes the size (default 1,000,000).
import pg from 'pg';
import { benchDatabase, signIn, startServer, summarize } from './support';

const BANKS = 200;
const KNOWLEDGE_ROOTS = 20;
const KNOWLEDGE_LEAVES = 25;
const TAG_COUNT = 50;
const CHUNK = 100_000;

/** Words the stems are made of; a squared random index makes the first ones far more frequent. */
const WORDS = (
  '安全 生产 消防 设备 电气 操作 规程 应急 预案 培训 管理 制度 质量 检验 标准 工艺 流程 成本 预算 财务 ' +
  '合同 法律 合规 风险 审计 内控 客户 服务 营销 渠道 品牌 市场 调研 数据 分析 报表 指标 绩效 考核 薪酬 ' +
  '招聘 面试 入职 离职 员工 关系 沟通 协作 领导 决策 计划 组织 控制 激励 团队 项目 进度 范围 变更 采购 ' +
  '供应 库存 物流 仓储 运输 配送 信息 系统 网络 数据库 服务器 接口 协议 加密 权限 备份 恢复 监控 日志 ' +
  '算法 结构 线程 进程 内存 缓存 索引 事务 并发 死锁 牛顿 定律 惯性 加速度 动量 能量 电路 电阻 电压 电流 ' +
  '化学 反应 氧化 还原 溶液 浓度 函数 导数 积分 方程 矩阵 概率 统计 几何 向量 语法 阅读 写作 翻译 词汇'
).split(' ');

/** A valid answer of each question type (0 true/false … 5 code), as the question schemas require. */
const ANSWER_BY_TYPE = `case t
  when 0 then 'true'::jsonb
  when 3 then '{"blanks":[{"answers":["答案"]}],"caseSensitive":false}'::jsonb
  when 4 then '{"reference":"参考答案","scoringPoints":[]}'::jsonb
  when 5 then '{"languages":["python"],"templates":{"python":"print(input())\\n"},"testCases":[{"input":"1\\n","output":"1\\n","sample":true}],"timeLimit":1000,"memoryLimit":256}'::jsonb
  end`;

function sqlArray(values: readonly string[]): string {
  return `array[${values.map((v) => `'${v}'`).join(',')}]::text[]`;
}

async function seed(client: pg.Client, organizationId: number, target: number): Promise<void> {
  console.log(`  seeding ${target.toLocaleString()} questions (once; later runs reuse them)…`);
  const t0 = performance.now();
  await client.query(
    `delete from question_tags where question_id in (select id from questions where organization_id = $1)`,
    [organizationId],
  );
  await client.query(
    `delete from question_knowledge where question_id in (select id from questions where organization_id = $1)`,
    [organizationId],
  );
  await client.query(`delete from questions where organization_id = $1`, [organizationId]);
  await client.query(`delete from question_banks where organization_id = $1 and name like '基准题库%'`, [
    organizationId,
  ]);
  await client.query(
    `delete from knowledge_nodes where organization_id = $1 and name like '基准知识点%' and parent_id is not null`,
    [organizationId],
  );
  await client.query(`delete from knowledge_nodes where organization_id = $1 and name like '基准知识点%'`, [
    organizationId,
  ]);
  await client.query(`delete from tags where organization_id = $1 and name like '基准标签%'`, [
    organizationId,
  ]);

  await client.query(
    `insert into question_banks (organization_id, name, category)
     select $1, '基准题库' || lpad(g::text, 3, '0'), '专业技能' from generate_series(1, ${BANKS}) g`,
    [organizationId],
  );
  await client.query(
    `insert into knowledge_nodes (organization_id, name, sort)
     select $1, '基准知识点' || g, g from generate_series(1, ${KNOWLEDGE_ROOTS}) g`,
    [organizationId],
  );
  await client.query(
    `insert into knowledge_nodes (organization_id, parent_id, name, sort)
     select $1, r.id, r.name || '-' || g, g
     from knowledge_nodes r, generate_series(1, ${KNOWLEDGE_LEAVES}) g
     where r.organization_id = $1 and r.parent_id is null and r.name like '基准知识点%'`,
    [organizationId],
  );
  await client.query(
    `insert into tags (organization_id, type, name) select $1, 2, '基准标签' || g from generate_series(1, ${TAG_COUNT}) g`,
    [organizationId],
  );
  const words = sqlArray(WORDS);
  const n = WORDS.length;
  const word = `(${words})[1 + floor(${n} * random() ^ 2)::int]`;
  for (let start = 1; start <= target; start += CHUNK) {
    const end = Math.min(target, start + CHUNK - 1);
    await client.query(
      `with banks as (
         select array_agg(id order by id) as ids from question_banks where organization_id = $1 and name like '基准题库%'
       )
       insert into questions (organization_id, bank_id, type, stem, stem_text, options, answer, analysis,
                              difficulty, status, created_at, updated_at)
       select $1, banks.ids[1 + (g % ${BANKS})], t, '<p>' || s || '</p>', s,
              case when t in (1, 2) then jsonb_build_array(
                jsonb_build_object('content', '选项一', 'correct', true),
                jsonb_build_object('content', '选项二', 'correct', t = 2),
                jsonb_build_object('content', '选项三', 'correct', false),
                jsonb_build_object('content', '选项四', 'correct', false)) end,
              ${ANSWER_BY_TYPE},
              '解析：参见教材相关章节。', d, st, c, c
       from banks, (
         select g, ((g::bigint * 7919) % 6)::int as t,
                '在' || ${word} || '工作中，关于' || ${word} || '与' || ${word} || '的' || ${word} || '，下列说法正确的是？（第' || g || '题）' as s,
                1 + floor(random() * 10)::int as d,
                case when random() < 0.7 then 1 when random() < 0.6 then 0 else 2 end as st,
                now() - random() * interval '730 days' as c
         from generate_series(${start}, ${end}) g
       ) x`,
      [organizationId],
    );
    process.stdout.write(`  ${end.toLocaleString()} (${Math.round((performance.now() - t0) / 1000)} s)\n`);
  }
  // Every question gets one knowledge leaf, a quarter a second one; 40% one tag.
  await client.query(
    `with leaves as (
       select array_agg(id order by id) as ids from knowledge_nodes where organization_id = $1 and parent_id is not null and name like '基准知识点%'
     )
     insert into question_knowledge (question_id, knowledge_id)
     select q.id, leaves.ids[1 + (q.id % ${KNOWLEDGE_ROOTS * KNOWLEDGE_LEAVES})] from questions q, leaves where q.organization_id = $1
     union
     select q.id, leaves.ids[1 + ((q.id * 31) % ${KNOWLEDGE_ROOTS * KNOWLEDGE_LEAVES})] from questions q, leaves where q.organization_id = $1 and q.id % 4 = 0
     on conflict do nothing`,
    [organizationId],
  );
  await client.query(
    `with t as (select array_agg(id order by id) as ids from tags where organization_id = $1 and name like '基准标签%')
     insert into question_tags (question_id, tag_id)
     select q.id, t.ids[1 + (q.id % ${TAG_COUNT})] from questions q, t where q.organization_id = $1 and q.id % 5 < 2`,
    [organizationId],
  );
  await client.query('vacuum analyze');
  console.log(`  seeded in ${Math.round((performance.now() - t0) / 1000)} s`);
}

interface Ids {
  banks: number[];
  leaves: number[];
  tags: number[];
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const type = () => Math.floor(Math.random() * 6);

/** The filters a question-list user sets, each a scenario of the report. */
function scenarios(ids: Ids): Record<string, () => { body: Record<string, unknown>; query?: string }> {
  return {
    'no filter (newest first)': () => ({ body: {} }),
    bank: () => ({ body: { bankId: pick(ids.banks) } }),
    'bank + type': () => ({ body: { bankId: pick(ids.banks), type: type() } }),
    'type + difficulty range': () => {
      const min = 1 + Math.floor(Math.random() * 8);
      return { body: { type: type(), difficultyMin: min, difficultyMax: min + 2 } };
    },
    'status 待审核 (audit queue)': () => ({ body: { status: 0 } }),
    'keyword, common word': () => ({ body: { keyword: pick(WORDS.slice(0, 10)) } }),
    'keyword, rare word': () => ({ body: { keyword: pick(WORDS.slice(-40)) } }),
    'keyword, phrase': () => ({ body: { keyword: `关于${pick(WORDS.slice(0, 30))}` } }),
    'bank + keyword': () => ({ body: { bankId: pick(ids.banks), keyword: pick(WORDS.slice(0, 30)) } }),
    tag: () => ({ body: { tagIds: [pick(ids.tags)] } }),
    'knowledge point + type': () => ({ body: { knowledgeIds: [pick(ids.leaves)], type: type() } }),
    'several banks + status, by difficulty': () => ({
      body: {
        bankIds: [pick(ids.banks), pick(ids.banks), pick(ids.banks)],
        status: 1,
        sortField: 'difficulty',
        sortOrder: 'desc',
      },
    }),
    'page 50 of a bank': () => ({ body: { bankId: pick(ids.banks) }, query: 'page=50&size=10' }),
  };
}

export async function questionSearch() {
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const target = Number(process.env.BENCH_QUESTIONS ?? 1_000_000);
  const requests = Number(process.env.BENCH_REQUESTS ?? 200);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
  const databaseUrl = await benchDatabase(serverUrl, 'kaopei_bench_questions');
  const server = await startServer(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [admin],
    } = await client.query<{ organization_id: number }>(
      `select organization_id::int from users where account = 'admin'`,
    );
    if (!admin) throw new Error('demo organisation missing');
    const organizationId = admin.organization_id;
    const {
      rows: [existing],
    } = await client.query<{ n: number }>(
      'select count(*)::int as n from questions where organization_id = $1',
      [organizationId],
    );
    if (process.env.BENCH_RESEED === '1' || (existing?.n ?? 0) < target)
      await seed(client, organizationId, target);
    const list = async (text: string) =>
      (await client.query<{ id: number }>(text, [organizationId])).rows.map((r) => Number(r.id));
    const ids: Ids = {
      banks: await list(`select id from question_banks where organization_id = $1 and name like '基准题库%'`),
      leaves: await list(
        `select id from knowledge_nodes where organization_id = $1 and parent_id is not null and name like '基准知识点%'`,
      ),
      tags: await list(`select id from tags where organization_id = $1 and name like '基准标签%'`),
    };
    const {
      rows: [size],
    } = await client.query<{ n: number }>(
      'select count(*)::int as n from questions where organization_id = $1',
      [organizationId],
    );
    const token = await signIn(server, 'admin');

    const run = async (path: string, make: () => { body: Record<string, unknown>; query?: string }) => {
      const latencies: number[] = [];
      let errors = 0;
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < requests) {
            next += 1;
            const { body, query } = make();
            const url = `${server.address}/question/api/v1/questions/${path}${path === 'search/detail' ? `?${query ?? 'page=0&size=10'}` : ''}`;
            const t0 = performance.now();
            const res = await fetch(url, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            const json = (await res.json()) as { code: number };
            latencies.push(performance.now() - t0);
            if (res.status !== 200 || json.code !== 0) errors += 1;
          }
        }),
      );
      return { latencies, errors };
    };

    const report: Record<string, Record<string, unknown>> = { search: {}, typeCounts: {} };
    const overall: Record<'search' | 'typeCounts', number[]> = { search: [], typeCounts: [] };
    for (const [name, make] of Object.entries(scenarios(ids))) {
      for (const [key, path] of [
        ['search', 'search/detail'],
        ['typeCounts', 'get/question/type/count'],
      ] as const) {
        if (key === 'typeCounts' && name.startsWith('page 50')) continue;
        await run(path, make); // warm-up pass is discarded: caches, plans, connections
        const { latencies, errors } = await run(path, make);
        overall[key].push(...latencies);
        const summary = summarize(latencies);
        report[key]![name] = { errors, p50ms: summary.p50ms, p95ms: summary.p95ms };
        console.log(
          `  ${key.padEnd(10)} ${name.padEnd(40)} p50 ${summary.p50ms} ms  p95 ${summary.p95ms} ms  errors ${errors}`,
        );
      }
    }
    const { count: _s, ...searchAll } = summarize(overall.search);
    const { count: _c, ...countsAll } = summarize(overall.typeCounts);
    return {
      database: 'postgres',
      questions: size?.n,
      banks: ids.banks.length,
      requestsPerScenario: requests,
      concurrency,
      overall: { search: searchAll, typeCounts: countsAll },
      targetP95ms: 50,
      perScenario: report,
    };
  } finally {
    await client.end();
    await server.close();
  }
}
