import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { ImportResult, JobView } from '@kaopei/shared/contracts/file';
import type { RequestContext } from './context';
import type { Queue } from './queue';

export interface JobProgress {
  /** Reports how many of `total` items are done (written at most every 250 ms). */
  advance(processed: number): Promise<void>;
}

/** How a kind of job runs: the caller who started it, the input it was started with, its progress. */
export type JobWork<I> = (ctx: RequestContext, input: I, progress: JobProgress) => Promise<ImportResult>;

/** The queue job that runs one row of `jobs`. */
interface QueuedJob {
  jobId: number;
  kind: string;
  total: number;
  ctx: RequestContext;
  input: unknown;
}

/** The job queue's name for long work started by a user (imports, large exports). */
export const USER_JOBS_QUEUE = 'user-jobs';

/**
 * Runs long work (imports, large exports) outside the request, as jobs of the job queue (queue.ts), so
 * any instance may run them. State and progress live in the `jobs` table, so any instance can answer
 * the browser's progress polls. A job is tried once: work half done is not safe to run again.
 */
export class JobRunner {
  private readonly kinds = new Map<string, JobWork<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly queue: Queue,
  ) {
    // Inputs (an import's rows) are gone from the queue's tables a minute after the job.
    queue.define<QueuedJob>(USER_JOBS_QUEUE, (job) => this.run(job), {
      retries: 0,
      expireSeconds: 30 * 60,
      keepSeconds: 60,
    });
  }

  /** How jobs of a kind run (a module registers its kinds with its routes). */
  define<I>(kind: string, work: JobWork<I>): void {
    this.kinds.set(kind, work as JobWork<unknown>);
  }

  /** Records a job of `total` items and queues it; returns its id for the progress polls. */
  async start(ctx: RequestContext, kind: string, total: number, input: object): Promise<number> {
    if (!this.kinds.has(kind)) throw new Error(`job kind ${kind} is not defined`);
    const [job] = await this.db
      .insert(jobs)
      .values({ organizationId: ctx.organizationId, createdBy: ctx.userId, kind, total, status: 'running' })
      .returning({ id: jobs.id });
    if (!job) throw new Error('job insert failed');
    const queued: QueuedJob = { jobId: job.id, kind, total, ctx: { ...ctx }, input };
    await this.queue.send(USER_JOBS_QUEUE, queued);
    return job.id;
  }

  private async run({ jobId, kind, total, ctx, input }: QueuedJob): Promise<void> {
    let lastWrite = 0;
    const progress: JobProgress = {
      advance: async (processed) => {
        const now = Date.now();
        if (now - lastWrite < 250 && processed < total) return;
        lastWrite = now;
        await this.db.update(jobs).set({ processed, updatedAt: new Date() }).where(eq(jobs.id, jobId));
      },
    };
    try {
      const work = this.kinds.get(kind);
      if (!work) throw new Error(`job kind ${kind} is not defined on this instance`);
      const result = await work(ctx, input, progress);
      await this.db
        .update(jobs)
        .set({ status: 'succeeded', processed: total, result: result as object, updatedAt: new Date() })
        .where(eq(jobs.id, jobId));
    } catch (error) {
      this.log.error({ err: error, jobId, kind }, 'job failed');
      const message =
        error instanceof Error && /[\u4e00-\u9fa5]/.test(error.message) ? error.message : '处理失败';
      await this.db
        .update(jobs)
        .set({ status: 'failed', error: message.slice(0, 500), updatedAt: new Date() })
        .where(eq(jobs.id, jobId))
        .catch(() => undefined);
    }
  }

  /** Runs every queued job to its end (tests; the queue works them in the background otherwise). */
  async idle(): Promise<void> {
    await this.queue.drain();
  }

  /** A job of the caller's organisation, as the progress poll shows it. */
  async get(ctx: Pick<RequestContext, 'organizationId'>, id: number): Promise<JobView | undefined> {
    const [job] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.organizationId, ctx.organizationId)));
    if (!job) return undefined;
    const percent =
      job.total > 0 ? Math.round((job.processed / job.total) * 100) : job.status === 'succeeded' ? 100 : 0;
    return {
      id: job.id,
      kind: job.kind,
      status: job.status as JobView['status'],
      total: job.total,
      processed: job.processed,
      percent,
      result: (job.result as ImportResult | null) ?? null,
      error: job.error,
    };
  }

  /** Marks jobs left running by a crashed instance as failed (called at start). */
  async failStale(): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'failed', error: '服务重启，任务中断，请重新提交' })
      .where(and(eq(jobs.status, 'running'), sql`${jobs.updatedAt} < now() - interval '10 minutes'`));
  }
}
