import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite, type ConstructorOptions, type JobWithMetadata } from 'pg-boss';
import type { Database } from '../db/client';

/**
 * The one job queue of the server: pg-boss on the server's own database (PostgreSQL, or the embedded
 * PGlite of `npm start` and the tests). Modules define named jobs with a handler and their retry
 * settings, and send jobs; every instance works the queue, and a job runs on one instance at a time.
 * pg-boss keeps its tables in its own schema (`schema`, `pgboss` by default).
 */

/** What a handler learns about the try it runs. */
export interface JobTry {
  id: string;
  /** 0 on the first try. */
  retryCount: number;
  /** The tries after the first that a failure may use; the last try has retryCount === retryLimit. */
  retryLimit: number;
}

export type JobHandler<T> = (data: T, job: JobTry) => Promise<void>;

export interface DefineOptions {
  /** Tries after a failed first one (default 2). */
  retries?: number;
  /** Seconds before a failed try is tried again (default 0). */
  retryDelaySeconds?: number;
  /** A running try not finished in this long is taken as lost (its instance died) and tried again. */
  expireSeconds?: number;
  /** How many jobs of this name one instance runs at once (default 1). */
  concurrency?: number;
  /** The queue that receives this queue's jobs once they have failed for good. */
  deadLetter?: string;
  /** At most one job waiting and one running (periodic work). */
  single?: boolean;
  /** How long a finished job (and its data) is kept (default 7 days). */
  keepSeconds?: number;
}

export interface SendOptions {
  /** Not before this many seconds from now. */
  afterSeconds?: number;
  /** Higher first (default 0). */
  priority?: number;
  /** The job's id (a UUID): sending it again while the job exists adds nothing (an idempotent send). */
  id?: string;
}

export interface QueueSettings {
  /** The PostgreSQL schema of the queue's tables (test apps on a shared PostgreSQL use one each). */
  schema: string;
  /** Whether this instance works the queue in the background (tests work it by hand with drain()). */
  work: boolean;
  /** How often an idle worker looks for jobs. */
  pollSeconds: number;
}

interface Definition {
  handler: JobHandler<unknown>;
  options: DefineOptions;
  /** Seconds between runs of a periodic job (every()). */
  everySeconds?: number;
}

/** pg-boss's connection: the server's own PGlite instance, or its PostgreSQL pool. */
export function queueConnection(database: Database): ConstructorOptions {
  if (database.driver === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return { db: fromPglite(client), backend: 'pglite' };
  }
  const pool = database.pool;
  if (!pool) throw new Error('PostgreSQL pool missing');
  // Parameterless text may hold several statements (pg-boss's DDL); node-postgres then answers with
  // one result per statement, which pg-boss unwraps itself.
  return { db: { executeSql: (text, values) => pool.query(text, values) as Promise<{ rows: unknown[] }> } };
}

/** Installs the queue's schema (global test setup, so that test apps do not each pay for it). */
export async function installQueue(connection: ConstructorOptions, schema: string): Promise<void> {
  const boss = new PgBoss({ ...connection, schema, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

export class Queue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, Definition>();
  private readonly workers = new Map<string, string>();
  private started = false;

  constructor(
    connection: ConstructorOptions,
    private readonly settings: QueueSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.boss = new PgBoss({
      ...connection,
      schema: settings.schema,
      supervise: settings.work,
      schedule: settings.work,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  /** A named job and what runs it (before start). */
  define<T>(name: string, handler: JobHandler<T>, options: DefineOptions = {}): void {
    if (this.started) throw new Error(`queue: define ${name} before start`);
    this.definitions.set(name, { handler: handler as JobHandler<unknown>, options });
  }

  /**
   * A job that runs every `seconds` on one instance: each run queues the next, and a cron entry each
   * minute starts the chain again should it break. A failed run is logged, not retried.
   */
  every(name: string, seconds: number, handler: () => Promise<void>): void {
    const run: JobHandler<unknown> = async () => {
      try {
        await handler();
      } catch (error) {
        this.log.error({ err: error, job: name }, 'periodic job failed');
      } finally {
        if (this.started) await this.send(name, {}, { afterSeconds: seconds });
      }
    };
    this.define(name, run, { single: true, retries: 2, expireSeconds: Math.max(60, seconds * 4) });
    const definition = this.definitions.get(name);
    if (definition) definition.everySeconds = seconds;
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const [name, { options }] of this.definitions) {
      const settings = {
        retryLimit: options.retries ?? 2,
        retryDelay: options.retryDelaySeconds ?? 0,
        expireInSeconds: options.expireSeconds ?? 15 * 60,
        ...(options.keepSeconds ? { deleteAfterSeconds: options.keepSeconds } : {}),
      };
      await this.boss.createQueue(name, {
        policy: options.single ? 'stately' : 'standard',
        ...settings,
        ...(options.deadLetter ? { deadLetter: options.deadLetter } : {}),
      });
      // A queue made by an earlier version keeps its row: bring its retry settings up to date.
      await this.boss.updateQueue(name, settings);
    }
    this.started = true;
    if (!this.settings.work) return;
    for (const [name, definition] of this.definitions) await this.startWorker(name, definition);
  }

  private async startWorker(name: string, definition: Definition): Promise<void> {
    const workerId = await this.boss.work(
      name,
      {
        batchSize: 1,
        includeMetadata: true,
        localConcurrency: definition.options.concurrency ?? 1,
        pollingIntervalSeconds: this.settings.pollSeconds,
      },
      async ([job]: JobWithMetadata<unknown>[]) => {
        if (job) await definition.handler(job.data, tryOf(job));
      },
    );
    this.workers.set(name, workerId);
    if (definition.everySeconds === undefined) return;
    await this.send(name, {});
    await this.boss.schedule(name, '* * * * *');
  }

  /** Queues a job; returns its id, or null when a single queue already has one waiting. */
  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    const id = await this.boss.send(name, data, {
      ...(options.afterSeconds ? { startAfter: options.afterSeconds } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
      ...(options.id ? { id: options.id } : {}),
    });
    // A job for this instance's own worker need not wait for its next poll.
    const workerId = this.workers.get(name);
    if (id && workerId && !options.afterSeconds) this.boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Works every defined queue on this instance until none has a job it may run now (tests, scripts).
   * A failed try is retried in the same drain when its retry delay is 0.
   */
  async drain(): Promise<void> {
    for (let round = 0; round < 1000; round += 1) {
      let ran = 0;
      for (const [name, definition] of this.definitions) {
        const jobs = await this.boss.fetch(name, { batchSize: 10, includeMetadata: true });
        for (const job of jobs) await this.runOnce(name, definition, job);
        ran += jobs.length;
      }
      if (ran === 0) return;
    }
  }

  private async runOnce(name: string, definition: Definition, job: JobWithMetadata<unknown>): Promise<void> {
    try {
      await definition.handler(job.data, tryOf(job));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.boss.fail(name, job.id, { message });
      return;
    }
    await this.boss.complete(name, job.id);
  }

  /** Runs pg-boss's supervision now: tries that outlived their expiry are failed or retried (tests). */
  async supervise(): Promise<void> {
    await this.boss.supervise();
  }

  /** A job's state as pg-boss holds it (tests, diagnostics). */
  async stateOf(name: string, id: string): Promise<string | undefined> {
    const job = await this.boss.getJobById(name, id);
    return job?.state;
  }

  /** Stops the workers after the jobs they run have finished. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, close: true, timeout: 30_000 });
  }
}

function tryOf(job: JobWithMetadata<unknown>): JobTry {
  return { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
}
