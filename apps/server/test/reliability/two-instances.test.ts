// Reliability (issue 13): two production server processes behind one Redis and one PostgreSQL database,
// 50 candidates saving answers over HTTP against both, one instance killed with SIGKILL mid-storm and
// restarted. Checks every acknowledged answer, the deadline sweep (a queue job) and the judge queue (no
// job lost, none run twice). PostgreSQL only: runs when TEST_DATABASE_URL is set (scripts/test.mjs).
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { Balancer, CandidateSession } from './candidates';
import { FakeJudge0, Instance, buildServer, expectReachable, freePort, waitFor } from './cluster';
import {
  CODE_POINTS,
  FIRST_CASE_INPUT,
  SUM_PROGRAM,
  freshDatabase,
  publishExam,
  seedOrganisation,
} from './exam-setup';

const SERVER_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = 'kaopei-reliability-jwt-secret-0123456789';
const CANDIDATES = 50;
/** Candidates 0..9 hand in code and submit before the kill: their grading jobs are queued before it. */
const CODERS = 10;
/** Candidates 10..19 hand in code and run out of time while instance a is down: the sweep closes them. */
const EXPIRING = 10;
/** Candidates 20..34 stop answering at the kill: their last saves (many on a) are the ones checked. */
const STOP_AT_KILL = 15;
/** A try running when its instance died is given out again after its expiry; here 5 s, not 60 s / 5 min. */
const LOST_TRY_EXPIRY_SECONDS = 5;

let sql: pg.Pool;
let databaseUrl = '';
let drop: () => Promise<void> = async () => undefined;
let removeBuild: () => void = () => undefined;
const judge = new FakeJudge0(150);
let instances: Instance[] = [];
let supervisor: { stop(): Promise<void> } | undefined;
const began = Date.now();
/** Progress in the log (where a slow or failing run spent its time). */
const phase = (what: string) =>
  console.log(`[reliability +${((Date.now() - began) / 1000).toFixed(1)} s] ${what}`);

async function rows<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await sql.query<T>(text, values)).rows;
}

/** Counts every write of a judge row's outcome (a second run would write a second time). */
async function countJudgeFinishes(): Promise<void> {
  await sql.query(`
    create table reliability_judge_finishes (job_id bigint not null, status smallint not null);
    create function reliability_judge_finished() returns trigger language plpgsql as $$
      begin insert into reliability_judge_finishes values (new.id, new.status); return new; end $$;
    create trigger reliability_judge_finished after update on judge_jobs for each row
      when (new.finished_at is not null and new.finished_at is distinct from old.finished_at)
      execute function reliability_judge_finished();`);
}

describe.skipIf(!SERVER_URL)('two instances, one killed with SIGKILL while candidates save', () => {
  beforeAll(async () => {
    await expectReachable(REDIS_URL);
    const [build, database] = await Promise.all([buildServer(), freshDatabase(SERVER_URL ?? '')]);
    removeBuild = build.remove;
    phase('server bundled, database migrated');
    drop = database.drop;
    databaseUrl = database.url;
    sql = new pg.Pool({ connectionString: database.url, max: 3 });
    // Connections cut when the database is dropped at the end must not fail the run.
    sql.on('error', () => undefined);
    await countJudgeFinishes();
    await judge.start();
    const env = (name: string): Record<string, string> => ({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '5',
      REDIS_URL,
      JWT_SECRET,
      OAUTH_CLIENT_SECRET: 'kaopei-reliability-client-secret',
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.RELIABILITY_LOG_LEVEL ?? 'warn',
      EXAM_SWEEP_SECONDS: '1',
      JUDGE: 'judge0',
      JUDGE_URL: judge.urlFor(name),
      JUDGE_POLL_MS: '1000',
      // One judge try at a time per instance: the try running on a at the kill is the one in flight at the
      // stand-in judge (so `tries` = 1 + the queue's retries holds exactly).
      JUDGE_CONCURRENCY: '1',
      QUEUE_POLL_SECONDS: '0.5',
    });
    instances = [];
    for (const name of ['a', 'b'])
      instances.push(new Instance(name, build.main, await freePort(), env(name)));
    for (const instance of instances) {
      await instance.start();
      phase(`instance ${instance.name} up`);
    }
  }, 60_000);

  afterAll(async () => {
    await supervisor?.stop();
    for (const instance of instances) await instance.stop();
    for (const instance of instances) instance.remove();
    await judge.stop();
    await sql?.end();
    await drop();
    removeBuild();
  }, 30_000);

  it('keeps every acknowledged answer, sweeps expired attempts and runs each judge job once', async () => {
    const [a, b] = instances as [Instance, Instance];
    const database = await openDatabase({ databaseUrl, poolSize: 2 });
    const fixture = await seedOrganisation(database, JWT_SECRET, CANDIDATES);
    await database.close();
    const examId = await publishExam(a.address, fixture);
    const balancer = new Balancer(instances);
    const sessions = fixture.candidates.map((c, i) => new CandidateSession(balancer, c.token, i));
    for (const s of sessions) await s.start(examId);
    phase('exam published, 50 attempts started');

    // The storm: everyone saves; the coders hand in code and submit, queuing grading jobs.
    let stopped = false;
    let killed = false;
    const storms = sessions.map(async (s) => {
      if (s.index < CODERS + EXPIRING)
        await s.save(s.codeQuestionId, { language: 'python', code: s.program(SUM_PROGRAM) });
      if (s.index < CODERS) {
        await s.save(s.choiceQuestionIds[0] ?? 0, true);
        await s.submit();
        return;
      }
      const idleAfterKill = s.index < CODERS + EXPIRING + STOP_AT_KILL;
      await s.storm(() => stopped || (idleAfterKill && killed));
    });
    const acksOn = (name: string, after = 0) =>
      sessions.reduce((n, s) => n + s.ackLog.filter((x) => x.instance === name && x.at > after).length, 0);

    // Kill a while it acknowledges saves and runs a grading job (a try is lost with it).
    await waitFor(
      'grading jobs on the job queue, instance a judging and acknowledging saves',
      async () => {
        // Handed to the job queue: a row taken by dispatch but not yet sent is lost with its instance (a
        // known gap, see docs/decisions.md on this suite), so the kill waits until all ten are sent.
        const [queued] = await rows<{ n: string }>(
          `select count(*) as n from pgboss.job where name = 'judge'`,
        );
        return Number(queued?.n) >= CODERS && judge.inFlight('a').length > 0 && acksOn('a') >= 50;
      },
      25_000,
      20,
    );
    await a.kill9();
    killed = true;
    const killedAt = Date.now();
    phase(`instance a killed (SIGKILL) after ${acksOn('a')} saves acknowledged on it`);
    supervisor = await superviseLostTries();

    // Time runs out for the expiring candidates while only b is up: b's sweep must close them.
    const expiring = sessions.slice(CODERS, CODERS + EXPIRING).map((s) => s.attemptId);
    await sql.query(`update exam_attempts set deadline_at = now() - interval '1 minute' where id = any($1)`, [
      expiring,
    ]);
    await waitFor(
      'the deadline sweep to close the expired attempts with instance a down',
      async () => {
        const open = await rows(`select id from exam_attempts where id = any($1) and status = 0`, [expiring]);
        return open.length === 0;
      },
      20_000,
    );
    expect(await isDead(a)).toBe(true);
    phase('expired attempts closed by the sweep on b alone');

    await a.start();
    const restartedAt = Date.now();
    phase('instance a restarted');
    await waitFor(
      'the restarted instance a to acknowledge saves',
      () => acksOn('a', restartedAt) >= 30,
      20_000,
    );
    stopped = true;
    await Promise.all(storms);
    await waitFor(
      'every grading job to finish and the expired attempts to be graded',
      async () => {
        const open = await rows(`select id from judge_jobs where status in (0, 1)`);
        const ungraded = await rows(`select id from exam_attempts where id = any($1) and status <> 2`, [
          expiring,
        ]);
        return open.length === 0 && ungraded.length === 0;
      },
      30_000,
      200,
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await queueState()}\n${a.log()}\n${b.log()}`);
    });
    await supervisor.stop();
    phase('grading jobs finished');
    if (process.env.RELIABILITY_LOG_LEVEL) console.log(a.log());

    expect(acksOn('a', 0) - acksOn('a', restartedAt)).toBeGreaterThan(0);
    expect(acksOn('b', killedAt)).toBeGreaterThan(0);
    await expectAcknowledgedAnswersStored(sessions);
    await expectExpiredAttemptsGraded(expiring);
    await expectEachJudgeJobRunOnce(sessions);
  }, 120_000);
});

async function isDead(instance: Instance): Promise<boolean> {
  try {
    await fetch(`${instance.address}/exam/api/v1/open/exam?examId=1`);
    return false;
  } catch {
    return true;
  }
}

/**
 * The queue's tries that were running at the kill: their expiry is cut to LOST_TRY_EXPIRY_SECONDS (the
 * survivor's own tries there finish well within it) and pg-boss's supervision runs every 0.5 s, as a
 * survivor's supervisor would once their real expiry (60 s sweep, 5 min judge) is past.
 */
async function superviseLostTries(): Promise<{ stop(): Promise<void> }> {
  await sql.query(`update pgboss.job set expire_seconds = $1 where state = 'active'`, [
    LOST_TRY_EXPIRY_SECONDS,
  ]);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => sql.query(text, values) as Promise<{ rows: unknown[] }> },
    schema: 'pgboss',
    supervise: false,
    schedule: false,
    monitorIntervalSeconds: 1,
  });
  boss.on('error', () => undefined);
  await boss.start();
  let running = true;
  const loop = (async () => {
    while (running) {
      await boss.supervise();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return {
    async stop() {
      if (!running) return;
      running = false;
      await loop;
      await boss.stop({ graceful: false });
    },
  };
}

/** The judge rows and their queue jobs (a failure's diagnosis). */
async function queueState(): Promise<string> {
  const judgeRows = await rows(`select id, kind, status, tries, verdict from judge_jobs order by id`);
  const jobs = await rows(
    `select name, state, retry_count, data, started_on, expire_seconds from pgboss.job
     where state not in ('completed') order by name, created_on`,
  );
  return JSON.stringify({
    judgeRows,
    jobs,
    runs: judge.runs.map((r) => [r.instance, r.code.split('\n')[0], r.answered]),
  });
}

/** Every save answered 200 is stored with at least its seq (and its answer when the seq is the same). */
async function expectAcknowledgedAnswersStored(sessions: CandidateSession[]): Promise<void> {
  const stored = await rows<{ attempt_id: string; question_id: string; answer_seq: number; answer: unknown }>(
    `select attempt_id, question_id, answer_seq, answer from attempt_questions where attempt_id = any($1)`,
    [sessions.map((s) => s.attemptId)],
  );
  const byKey = new Map(stored.map((r) => [`${r.attempt_id}:${r.question_id}`, r]));
  const lost: string[] = [];
  let checked = 0;
  for (const s of sessions)
    for (const [questionId, ack] of s.acked) {
      checked += 1;
      const row = byKey.get(`${s.attemptId}:${questionId}`);
      const same = row && isDeepStrictEqual(row.answer, ack.answer);
      if (!row || row.answer_seq < ack.seq || (row.answer_seq === ack.seq && !same))
        lost.push(
          `attempt ${s.attemptId} question ${questionId}: acked seq ${ack.seq} on ${ack.instance}, stored ${row?.answer_seq ?? 'nothing'}`,
        );
    }
  expect(checked).toBeGreaterThan(CANDIDATES);
  expect(lost).toEqual([]);
}

/** Closed by the sweep (timeout), the code answer judged and scored, the attempt graded. */
async function expectExpiredAttemptsGraded(attemptIds: number[]): Promise<void> {
  const closed = await rows<{ status: number; submit_reason: string; code_score: string }>(
    `select a.status, a.submit_reason, q.score as code_score
     from exam_attempts a join attempt_questions q on q.attempt_id = a.id
     join exam_questions e on e.exam_id = a.exam_id and e.question_id = q.question_id
     where a.id = any($1) and (e.content ->> 'type')::int = 5`,
    [attemptIds],
  );
  expect(closed).toHaveLength(attemptIds.length);
  for (const row of closed)
    expect(row).toEqual({ status: 2, submit_reason: 'timeout', code_score: `${CODE_POINTS}.0` });
}

/**
 * Every grading job is done once: one outcome written, judged by as many runs as it had tries at most,
 * a try more than one only where the queue gave out again a try lost with the killed instance.
 */
async function expectEachJudgeJobRunOnce(sessions: CandidateSession[]): Promise<void> {
  const jobs = await rows<{
    id: string;
    code: string;
    status: number;
    verdict: string;
    tries: number;
    retries: number;
    finishes: string;
  }>(
    `select j.id, j.code, j.status, j.verdict, j.tries,
       (select max(retry_count) from pgboss.job p where p.name = 'judge' and p.data ->> 'jobId' = j.id::text) as retries,
       (select count(*) from reliability_judge_finishes f where f.job_id = j.id) as finishes
     from judge_jobs j where j.kind = 'grade'`,
  );
  expect(jobs).toHaveLength(CODERS + EXPIRING);
  const programs = new Set(sessions.slice(0, CODERS + EXPIRING).map((s) => s.program(SUM_PROGRAM)));
  let retried = 0;
  for (const job of jobs) {
    expect(programs.has(job.code)).toBe(true);
    const runs = judge.runs.filter((r) => r.code === job.code && r.stdin === FIRST_CASE_INPUT).length;
    const seen = {
      status: job.status,
      verdict: job.verdict,
      finishes: Number(job.finishes),
      tries: job.tries,
    };
    expect(seen).toEqual({ status: 2, verdict: 'accepted', finishes: 1, tries: 1 + job.retries });
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(job.tries);
    if (job.retries > 0) retried += 1;
  }
  // The try running on instance a at the kill was lost and run again (and only that one).
  expect(retried).toBeGreaterThanOrEqual(1);
}
