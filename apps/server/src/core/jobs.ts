import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { ImportResult, JobView } from '@kaopei/shared/contracts/file';
import type { RequestContext } from './context';

export interface JobProgress {
  /** Reports how many of `total` items are done (written at most every 250 ms). */
  advance(processed: number): Promise<void>;
}

/**
 * Runs long work (imports, large exports) outside the request. State and progress live in the
 * `jobs` table, so any instance can answer the browser's progress polls.
 */
export class JobRunner {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(
    ctx: Pick<RequestContext, 'organizationId' | 'userId'>,
    kind: string,
    total: number,
    work: (progress: JobProgress) => Promise<ImportResult>,
  ): Promise<number> {
    const [job] = await this.db
      .insert(jobs)
      .values({ organizationId: ctx.organizationId, createdBy: ctx.userId, kind, total, status: 'running' })
      .returning({ id: jobs.id });
    if (!job) throw new Error('job insert failed');
    let lastWrite = 0;
    const progress: JobProgress = {
      advance: async (processed) => {
        const now = Date.now();
        if (now - lastWrite < 250 && processed < total) return;
        lastWrite = now;
        await this.db.update(jobs).set({ processed, updatedAt: new Date() }).where(eq(jobs.id, job.id));
      },
    };
    const run = (async () => {
      try {
        const result = await work(progress);
        await this.db
          .update(jobs)
          .set({ status: 'succeeded', processed: total, result: result as object, updatedAt: new Date() })
          .where(eq(jobs.id, job.id));
      } catch (error) {
        this.log.error({ err: error, jobId: job.id, kind }, 'job failed');
        const message =
          error instanceof Error && /[\u4e00-\u9fa5]/.test(error.message) ? error.message : '处理失败';
        await this.db
          .update(jobs)
          .set({ status: 'failed', error: message.slice(0, 500), updatedAt: new Date() })
          .where(eq(jobs.id, job.id))
          .catch(() => undefined);
      }
    })();
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return job.id;
  }

  /** Resolves when every job started so far has finished (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
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
