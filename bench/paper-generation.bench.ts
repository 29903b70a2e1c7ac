// Intelligent paper generation at scale: a 100-question paper with 20 knowledge-point and difficulty
// constraints from a 100,000-question bank on PostgreSQL, solved over question buckets with HiGHS,
// against a plain random-retry generator (same requests, same pool, 1 s budget each) in the same run.
// Needs PostgreSQL: BENCH_DATABASE_URL (a server URL; a scratch database is created and dropped),
// default postgres://postgres@127.0.0.1:5432/postgres.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../apps/server/src/db/client';
import { seedReference } from '../apps/server/src/db/seed';
import { knowledgeNodes, organizations, questionBanks } from '../apps/server/src/db/schema';
import type { RequestContext } from '../apps/server/src/core/context';
import { generateAuto } from '../apps/server/src/modules/paper/paper.generate';
import { checkPaper, type AutoModelRules } from '../apps/server/src/modules/paper/paper.auto';
import { sample, seededRng } from '../apps/server/src/modules/paper/paper.rng';
import { autoRulesInput as autoRulesSchema, type AutoRulesInput } from '@kaopei/shared/contracts/paper';
import { questionDifficultyLevel } from '@kaopei/shared';

const BANK_SIZE = Number(process.env.BENCH_BANK_SIZE ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const BASELINE_BUDGET_MS = 1000;
const TYPE_COUNTS = [
  { type: 0, count: 20, points: 1 },
  { type: 1, count: 40, points: 1 },
  { type: 2, count: 20, points: 1.5 },
  { type: 3, count: 20, points: 1.5 },
];

interface PoolQuestion {
  id: number;
  type: number;
  difficulty: number;
  knowledgeIds: number[];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Rules that a known paper (the witness) satisfies: so every request is feasible. */
function feasibleRequest(
  pool: PoolQuestion[],
  knowledge: number[],
  bankId: number,
  seed: number,
): AutoRulesInput {
  const rng = seededRng(seed);
  const witness = TYPE_COUNTS.flatMap((rule) =>
    sample(
      pool.filter((q) => q.type === rule.type),
      rule.count,
      rng,
    ),
  );
  const chosen = sample(knowledge, 17, rng);
  const share = (level: string) =>
    (100 * witness.filter((q) => questionDifficultyLevel(q.difficulty) === level).length) / witness.length;
  return autoRulesSchema.parse({
    bankIds: [bankId],
    typeRules: TYPE_COUNTS,
    // 17 knowledge minimums + 3 difficulty levels = 20 constraints besides the type counts.
    knowledgeRules: chosen.map((knowledgeId) => ({
      knowledgeId,
      minCount: Math.max(1, witness.filter((q) => q.knowledgeIds.includes(knowledgeId)).length),
    })),
    difficulty: {
      mode: 'distribution',
      SIMPLE: share('SIMPLE'),
      MEDIUM: share('MEDIUM'),
      HARD: share('HARD'),
    },
    seed: String(seed),
  });
}

/** The baseline: draw random papers with the right type counts until one meets every rule, or time runs out. */
function randomRetry(
  pool: PoolQuestion[],
  rules: AutoRulesInput,
): { solved: boolean; ms: number; attempts: number } {
  const started = performance.now();
  const byType = new Map(TYPE_COUNTS.map((rule) => [rule.type, pool.filter((q) => q.type === rule.type)]));
  const model: AutoModelRules = { ...rules, variants: 1, maxOverlap: 0 };
  const rng = seededRng(`baseline:${rules.seed ?? ''}`);
  let attempts = 0;
  while (performance.now() - started < BASELINE_BUDGET_MS) {
    attempts += 1;
    const paper = rules.typeRules.flatMap((rule) =>
      sample(byType.get(rule.type) ?? [], rule.count, rng).map((q) => ({
        questionId: q.id,
        type: q.type,
        difficulty: q.difficulty,
        points: rule.points,
        knowledgeIds: q.knowledgeIds,
      })),
    );
    if (checkPaper(paper, model, 0).length === 0)
      return { solved: true, ms: performance.now() - started, attempts };
  }
  return { solved: false, ms: performance.now() - started, attempts };
}

export async function paperGeneration() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `kaopei_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  try {
    const { db } = database;
    await runMigrations(database);
    await seedReference(db);
    const [org] = await db.insert(organizations).values({ name: '基准测试组织' }).returning();
    if (!org) throw new Error('org insert failed');
    const [bank] = await db
      .insert(questionBanks)
      .values({ organizationId: org.id, name: '十万题库' })
      .returning();
    if (!bank) throw new Error('bank insert failed');
    const nodes = await db
      .insert(knowledgeNodes)
      .values(Array.from({ length: 20 }, (_, i) => ({ organizationId: org.id, name: `知识点${i + 1}` })))
      .returning({ id: knowledgeNodes.id });
    const knowledge = nodes.map((node) => node.id);
    const seedStarted = performance.now();
    // One INSERT … SELECT over generate_series for the questions, one for their knowledge links.
    await db.execute(sql`
      insert into questions (organization_id, bank_id, type, stem, stem_text, difficulty, status)
      select ${org.id}, ${bank.id}, (array[0, 1, 1, 2, 3])[1 + (i % 5)], '<p>题目 ' || i || '</p>', '题目 ' || i,
             1 + ((i * 7919) % 10), 1
      from generate_series(1, ${BANK_SIZE}) as s(i)`);
    const kArray = sql.raw(`array[${knowledge.join(',')}]::bigint[]`);
    await db.execute(sql`
      insert into question_knowledge (question_id, knowledge_id)
      select id, (${kArray})[1 + (id % 20)] from questions where bank_id = ${bank.id}
      union
      select id, (${kArray})[1 + ((id / 20) % 20)] from questions where bank_id = ${bank.id} and id % 3 = 0`);
    await db.execute(sql`analyze questions; analyze question_knowledge`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const poolRows = (await db.execute(sql`
      select q.id, q.type, q.difficulty, array_agg(qk.knowledge_id) as k
      from questions q left join question_knowledge qk on qk.question_id = q.id
      where q.bank_id = ${bank.id} group by q.id`)) as unknown as {
      rows: { id: string; type: number; difficulty: number; k: (string | null)[] }[];
    };
    const pool: PoolQuestion[] = poolRows.rows.map((row) => ({
      id: Number(row.id),
      type: row.type,
      difficulty: row.difficulty,
      knowledgeIds: row.k.filter((k) => k !== null).map(Number),
    }));
    const ctx: RequestContext = {
      userId: 0,
      organizationId: org.id,
      isAdmin: true,
      account: 'bench',
      realName: 'bench',
    };

    const requests = Array.from({ length: REQUESTS }, (_, i) =>
      feasibleRequest(pool, knowledge, bank.id, i + 1),
    );
    // Warm-up (loads the solver's WebAssembly once).
    await generateAuto(db, ctx, requests[0] as AutoRulesInput);

    const solverTimes: number[] = [];
    const solveOnly: number[] = [];
    const loadOnly: number[] = [];
    let solverSolved = 0;
    let buckets = 0;
    for (const rules of requests) {
      const t0 = performance.now();
      const report = await generateAuto(db, ctx, rules);
      solverTimes.push(performance.now() - t0);
      solveOnly.push(report.solveMs);
      loadOnly.push(report.loadMs);
      buckets = report.bucketCount;
      if (report.feasible) solverSolved += 1;
    }
    const baseline = requests.map((rules) => randomRetry(pool, rules));
    solverTimes.sort((a, b) => a - b);
    solveOnly.sort((a, b) => a - b);
    loadOnly.sort((a, b) => a - b);
    const baselineSolved = baseline.filter((b) => b.solved).length;
    const baselineTimes = baseline.map((b) => b.ms).sort((a, b) => a - b);
    return {
      database: 'postgres',
      bankSize: BANK_SIZE,
      knowledgePoints: knowledge.length,
      paper: {
        questions: 100,
        typeRules: TYPE_COUNTS.length,
        constraints: '17 knowledge minimums + 3 difficulty levels',
      },
      seedSeconds: +seedSeconds.toFixed(1),
      requests: REQUESTS,
      bucketSolver: {
        feasibleSolvedShare: solverSolved / REQUESTS,
        buckets,
        p50ms: +percentile(solverTimes, 50).toFixed(1),
        p95ms: +percentile(solverTimes, 95).toFixed(1),
        maxMs: +(solverTimes.at(-1) ?? 0).toFixed(1),
        bucketQueryP50ms: +percentile(loadOnly, 50).toFixed(1),
        solveOnlyP50ms: +percentile(solveOnly, 50).toFixed(1),
        under1sShare: solverTimes.filter((ms) => ms < 1000).length / REQUESTS,
      },
      randomRetryBaseline: {
        budgetMs: BASELINE_BUDGET_MS,
        feasibleSolvedShare: baselineSolved / REQUESTS,
        p50ms: +percentile(baselineTimes, 50).toFixed(1),
        attemptsP50: percentile(
          baseline.map((b) => b.attempts).sort((a, b) => a - b),
          50,
        ),
      },
    };
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
