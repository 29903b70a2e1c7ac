// What the machine was doing when requests were slow (issue 15: "something stalls for seconds while the
// machine is half idle"). During a load phase it records, second by second: the load generator's own
// event-loop delay (a stalled generator times its own stall), the server's CPU, PostgreSQL's active
// backends by wait event (sampled every 100 ms), whether the checkpointer was writing or syncing and
// whether autovacuum ran; afterwards it reads the server's "event loop held up" warnings from its log.
// The report lists the seconds in which requests that started then were slowest, each with that context.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { machineJiffies } from './support';

/** One request: when it started (ms, performance.now()) and how long it took. */
export interface Timed {
  startedAt: number;
  ms: number;
}

interface Second {
  generatorLoopMaxMs: number;
  serverCpuPercent: number;
  /** Samples of active backends of the bench database, by wait event (CPU when none). */
  waits: Record<string, number>;
  /** Samples of active backends of the bench database, by the start of their statement. */
  queries: Record<string, number>;
  samples: number;
  checkpointer: Set<string>;
  autovacuum: boolean;
  /** WAL written in the second (kB). */
  walKb: number;
  /** The whole machine in the second: busy (stolen time included) and stolen by the hypervisor, % of all cores. */
  machineBusyPercent: number;
  stealPercent: number;
  serverLoopMaxMs?: number;
  serverGcMs?: number;
}

export interface StallSecond {
  second: number;
  requests: number;
  slowRequests: number;
  maxMs: number;
  generatorLoopMaxMs: number;
  serverLoopMaxMs: number | null;
  serverGcMs: number | null;
  serverCpuPercent: number;
  walKb: number;
  machineBusyPercent: number;
  stealPercent: number;
  /** Mean active backends per sample, by wait event. */
  activeBackends: Record<string, number>;
  /** Mean active backends per sample, by statement (its first 60 characters; the 4 commonest). */
  statements: Record<string, number>;
  checkpointer: string[];
  autovacuum: boolean;
}

export interface StallReport {
  slowThresholdMs: number;
  /**
   * Second by second: [requests started, of which slow, slowest ms, server CPU %, active backends, WAL kB,
   * checkpointing 0/1, machine busy %, steal %].
   */
  timeline: number[][];
  /** Seconds with at least one slow request, worst first (at most 12). */
  worstSeconds: StallSecond[];
  secondsWithSlowRequests: number;
  /** Over the whole phase: samples of active backends by wait event. */
  waitSamples: Record<string, number>;
  checkpoints: { timed: number; requested: number; writeMs: number; syncMs: number; buffers: number };
  autovacuumSeconds: number;
  generatorLoopMaxMs: number;
  serverStallSeconds: number;
}

const CHECKPOINTS = `select checkpoints_timed::int as timed, checkpoints_req::int as requested,
  checkpoint_write_time as "writeMs", checkpoint_sync_time as "syncMs", buffers_checkpoint::int as buffers
  from pg_stat_bgwriter`;

/**
 * Starts recording; call the result with the phase's requests and the server logs to stop and report.
 * `serverCpuSeconds` reads the servers' CPU so far (seconds).
 */
export async function watchStalls(databaseUrl: string, databaseName: string, serverCpuSeconds: () => number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const t0 = performance.now();
  const checkpoints0 = (await client.query(CHECKPOINTS)).rows[0];
  const seconds: Second[] = [];
  const secondOf = (at: number) => Math.floor((at - t0) / 1000);
  const current = () => {
    const s = secondOf(performance.now());
    while (seconds.length <= s)
      seconds.push({
        generatorLoopMaxMs: 0,
        serverCpuPercent: 0,
        waits: {},
        queries: {},
        samples: 0,
        checkpointer: new Set(),
        autovacuum: false,
        walKb: 0,
        machineBusyPercent: 0,
        stealPercent: 0,
      });
    return seconds[s] as Second;
  };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let cpuBefore = serverCpuSeconds();
  let machineBefore = machineJiffies();
  const walPosition = async () =>
    Number((await client.query<{ lsn: string }>(`select pg_current_wal_lsn() - '0/0' as lsn`)).rows[0]?.lsn);
  let walBefore = await walPosition();
  const perSecond = setInterval(() => {
    const cpu = serverCpuSeconds();
    const second = seconds[secondOf(performance.now()) - 1] ?? current();
    second.generatorLoopMaxMs = Math.round(loop.max / 1e6);
    second.serverCpuPercent = Math.round((cpu - cpuBefore) * 100);
    cpuBefore = cpu;
    const machine = machineJiffies();
    const total = Math.max(1, machine.total - machineBefore.total);
    second.machineBusyPercent = Math.round(((machine.busy - machineBefore.busy) / total) * 100);
    second.stealPercent = Math.round(((machine.steal - machineBefore.steal) / total) * 100);
    machineBefore = machine;
    loop.reset();
    void walPosition()
      .then((wal) => {
        second.walKb = Math.round((wal - walBefore) / 1024);
        walBefore = wal;
      })
      .catch(() => undefined);
  }, 1000);
  let sampling = false;
  const sampler = setInterval(() => {
    if (sampling) return; // a sample waits for the last one (a slow answer is itself a finding)
    sampling = true;
    client
      .query<{ kind: string; wait: string; statement: string; n: number }>(
        `select backend_type as kind, coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait,
                regexp_replace(left(ltrim(query), 60), '[[:space:]]+', ' ', 'g') as statement, count(*)::int as n
           from pg_stat_activity
          where (datname = $1 and state = 'active' and pid <> pg_backend_pid())
             or backend_type in ('checkpointer', 'autovacuum worker')
          group by 1, 2, 3`,
        [databaseName],
      )
      .then(({ rows }) => {
        const second = current();
        second.samples += 1;
        for (const row of rows) {
          if (row.kind === 'checkpointer') {
            if (row.wait !== 'Activity:CheckpointerMain') second.checkpointer.add(row.wait);
          } else if (row.kind === 'autovacuum worker') second.autovacuum = true;
          else {
            second.waits[row.wait] = (second.waits[row.wait] ?? 0) + row.n;
            second.queries[row.statement] = (second.queries[row.statement] ?? 0) + row.n;
          }
        }
      })
      .catch(() => undefined)
      .finally(() => {
        sampling = false;
      });
  }, 100);

  return async (requests: Timed[], serverLogs: string[], slowThresholdMs: number): Promise<StallReport> => {
    clearInterval(perSecond);
    clearInterval(sampler);
    loop.disable();
    while (sampling) await new Promise((resolve) => setTimeout(resolve, 10));
    const checkpoints1 = (await client.query(CHECKPOINTS)).rows[0];
    await client.end();
    readServerStalls(serverLogs, t0, seconds);
    return report(requests, seconds, t0, slowThresholdMs, checkpoints0, checkpoints1);
  };
}

/** The servers' "event loop held up" warnings (pino JSON lines, `time` in epoch ms), onto their seconds. */
function readServerStalls(logFiles: string[], t0: number, seconds: Second[]) {
  const epoch0 = performance.timeOrigin + t0;
  for (const file of logFiles) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.includes('event loop held up')) continue;
      try {
        const entry = JSON.parse(line) as { time: number; eventLoopMaxMs: number; gcMs: number };
        // The warning is written at the end of the second it describes.
        const second = seconds[Math.floor((entry.time - epoch0) / 1000) - 1];
        if (!second) continue;
        second.serverLoopMaxMs = Math.max(second.serverLoopMaxMs ?? 0, entry.eventLoopMaxMs);
        second.serverGcMs = (second.serverGcMs ?? 0) + entry.gcMs;
      } catch {
        // not a JSON line
      }
    }
  }
}

function report(
  requests: Timed[],
  seconds: Second[],
  t0: number,
  slowThresholdMs: number,
  checkpoints0: Record<string, number>,
  checkpoints1: Record<string, number>,
): StallReport {
  const bySecond = new Map<number, { requests: number; slow: number; maxMs: number }>();
  for (const r of requests) {
    const s = Math.floor((r.startedAt - t0) / 1000);
    const entry = bySecond.get(s) ?? { requests: 0, slow: 0, maxMs: 0 };
    entry.requests += 1;
    if (r.ms >= slowThresholdMs) entry.slow += 1;
    entry.maxMs = Math.max(entry.maxMs, r.ms);
    bySecond.set(s, entry);
  }
  const slowSeconds = [...bySecond.entries()].filter(([, e]) => e.slow > 0);
  const worstSeconds = slowSeconds
    .sort((a, b) => b[1].maxMs - a[1].maxMs)
    .slice(0, 12)
    .map(([s, e]) => {
      // The context of the second the requests started in and of the next one (they were still running).
      const here = [seconds[s], seconds[s + 1]].filter((x): x is Second => x !== undefined);
      const samples = here.reduce((n, x) => n + x.samples, 0);
      const waits: Record<string, number> = {};
      const statements: Record<string, number> = {};
      for (const x of here) {
        for (const [k, v] of Object.entries(x.waits)) waits[k] = (waits[k] ?? 0) + v;
        for (const [k, v] of Object.entries(x.queries)) statements[k] = (statements[k] ?? 0) + v;
      }
      const perSample = (entries: [string, number][]) =>
        Object.fromEntries(entries.map(([k, v]) => [k, +(v / Math.max(1, samples)).toFixed(1)]));
      const serverLoops = here.map((x) => x.serverLoopMaxMs).filter((x): x is number => x !== undefined);
      const serverGc = here.map((x) => x.serverGcMs).filter((x): x is number => x !== undefined);
      return {
        second: s,
        requests: e.requests,
        slowRequests: e.slow,
        maxMs: Math.round(e.maxMs),
        generatorLoopMaxMs: Math.max(0, ...here.map((x) => x.generatorLoopMaxMs)),
        serverLoopMaxMs: serverLoops.length > 0 ? Math.max(...serverLoops) : null,
        serverGcMs: serverGc.length > 0 ? serverGc.reduce((a, b) => a + b, 0) : null,
        serverCpuPercent: Math.max(0, ...here.map((x) => x.serverCpuPercent)),
        walKb: Math.max(0, ...here.map((x) => x.walKb)),
        machineBusyPercent: Math.max(0, ...here.map((x) => x.machineBusyPercent)),
        stealPercent: Math.max(0, ...here.map((x) => x.stealPercent)),
        activeBackends: perSample(Object.entries(waits)),
        statements: perSample(Object.entries(statements).sort((a, b) => b[1] - a[1]).slice(0, 4)),
        checkpointer: [...new Set(here.flatMap((x) => [...x.checkpointer]))],
        autovacuum: here.some((x) => x.autovacuum),
      } satisfies StallSecond;
    });
  const waitSamples: Record<string, number> = {};
  for (const x of seconds) for (const [k, v] of Object.entries(x.waits)) waitSamples[k] = (waitSamples[k] ?? 0) + v;
  const delta = (key: string) => Math.round(Number(checkpoints1[key]) - Number(checkpoints0[key]));
  const timeline = seconds.map((x, s) => {
    const e = bySecond.get(s);
    const active = Object.values(x.waits).reduce((a, b) => a + b, 0) / Math.max(1, x.samples);
    return [
      e?.requests ?? 0,
      e?.slow ?? 0,
      Math.round(e?.maxMs ?? 0),
      x.serverCpuPercent,
      +active.toFixed(1),
      x.walKb,
      x.checkpointer.size > 0 ? 1 : 0,
      x.machineBusyPercent,
      x.stealPercent,
    ];
  });
  return {
    slowThresholdMs,
    timeline,
    worstSeconds,
    secondsWithSlowRequests: slowSeconds.length,
    waitSamples,
    checkpoints: {
      timed: delta('timed'),
      requested: delta('requested'),
      writeMs: delta('writeMs'),
      syncMs: delta('syncMs'),
      buffers: delta('buffers'),
    },
    autovacuumSeconds: seconds.filter((x) => x.autovacuum).length,
    generatorLoopMaxMs: Math.max(0, ...seconds.map((x) => x.generatorLoopMaxMs)),
    serverStallSeconds: seconds.filter((x) => x.serverLoopMaxMs !== undefined).length,
  };
}
