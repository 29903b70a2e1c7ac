import type { FastifyBaseLogger } from 'fastify';
import { isCodeLanguage, judgeVerdictLabel, roundScore } from '@kaopei/shared';
import type { Db } from '../../db/client';
import type { Judge, JudgeResult } from '../../core/judge';
import { refreshAttempt } from '../exam/exam-result.service';
import { JOB_STATUS, codeKeyOf, type CodeKey } from './judge.queue';
import type { JobTry, Queue } from '../../core/queue';
import {
  findAnswerMarking,
  findJobQuestionContent,
  finishJob,
  giveUpJob,
  lockAttemptStatus,
  requeueJob,
  setJudgedScore,
  startJobTry,
  takeUndispatchedJobsInAnyOrg,
  type JobRecord,
} from './judge.repo';

/** A try not finished in this long is taken as lost with its instance; the job queue retries it. */
export const STALE_MINUTES = 5;
export const MAX_TRIES = 3;

/** The job queue's names: one 'judge' job per judge row; rows given up; handing rows to the queue. */
export const JUDGE_QUEUE = 'judge';
export const JUDGE_GIVEN_UP_QUEUE = 'judge-given-up';
export const JUDGE_DISPATCH_QUEUE = 'judge-dispatch';

/**
 * A row taken for hand-over but still queued this long after is handed over again: its instance may
 * have died between taking it and sending its job (found by the reliability suite). The queue job's id
 * comes from the row's id, so a row whose job exists is not queued twice.
 */
export const REDISPATCH_MINUTES = 2;

/** The queue job of judge row `id`: a fixed UUID per row. */
export function queueJobId(id: number): string {
  return `00000000-0000-4000-8000-${id.toString(16).padStart(12, '0')}`;
}

/** What a job's result holds for the candidate (sample) or the marker (grade). */
export interface JobCaseResult {
  input: string;
  expected: string;
  stdout: string;
  stderr: string;
  verdict: string;
  timeMs: number;
}

/**
 * Runs judge rows as jobs of the job queue (core/queue.ts): one 'judge' job per row, tried MAX_TRIES
 * times, a try lost with its instance retried after STALE_MINUTES. Rows are handed to the queue by
 * dispatch(): right after a sample run is queued, and every `dispatchSeconds` for the grading rows that
 * closing an attempt inserts. Writes the verdicts; grade jobs also score the answer. Judging never
 * happens inside a request.
 */
export class JudgeWorker {
  private readonly kicks = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly judge: Judge | null,
    private readonly queue: Queue,
    private readonly log: FastifyBaseLogger,
    options: { concurrency: number; dispatchSeconds: number },
  ) {
    if (!judge) return;
    queue.define<{ jobId: number }>(JUDGE_GIVEN_UP_QUEUE, ({ jobId }) => giveUpJob(db, jobId));
    queue.define<{ jobId: number }>(JUDGE_QUEUE, ({ jobId }, job) => this.run(jobId, job), {
      retries: MAX_TRIES - 1,
      expireSeconds: STALE_MINUTES * 60,
      concurrency: options.concurrency,
      deadLetter: JUDGE_GIVEN_UP_QUEUE,
    });
    if (options.dispatchSeconds > 0)
      queue.every(JUDGE_DISPATCH_QUEUE, options.dispatchSeconds, async () => {
        await this.dispatch();
      });
  }

  get enabled(): boolean {
    return this.judge !== null;
  }

  /** Hands the rows not yet on the job queue to it (sample runs first); returns how many. */
  async dispatch(): Promise<number> {
    if (!this.judge) return 0;
    let handed = 0;
    for (;;) {
      const rows = await takeUndispatchedJobsInAnyOrg(this.db, 100, REDISPATCH_MINUTES);
      for (const row of rows)
        await this.queue.send(
          JUDGE_QUEUE,
          { jobId: row.id },
          { priority: row.kind === 'sample' ? 1 : 0, id: queueJobId(row.id) },
        );
      handed += rows.length;
      if (rows.length < 100) return handed;
    }
  }

  /** Hands rows over now, in the background (after a sample run was queued on this instance). */
  kick(): void {
    const run = this.dispatch()
      .then(() => undefined)
      .catch((error: unknown) => this.log.error({ err: error }, 'handing judge jobs to the queue failed'))
      .finally(() => this.kicks.delete(run));
    this.kicks.add(run);
  }

  /** Hands over and runs judge rows until none is left (tests, scripts). */
  async drain(): Promise<void> {
    for (let round = 0; round < 100; round += 1) {
      await Promise.all([...this.kicks]);
      const handed = await this.dispatch();
      await this.queue.drain();
      if (handed === 0) return;
    }
  }

  /** One try of a row; a failure is retried by the queue while tries are left. */
  private async run(jobId: number, attempt: JobTry): Promise<void> {
    const job = await startJobTry(this.db, jobId);
    if (!job) return;
    try {
      await this.process(job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, jobId: job.id, tries: job.tries }, 'judge job failed');
      if (attempt.retryCount >= attempt.retryLimit) {
        // Given up: a grade job's answer stays with the markers (its score is still pending).
        await this.finish(job, null, { error: message.slice(0, 500) }, JOB_STATUS.failed);
        return;
      }
      await requeueJob(this.db, job.id);
      throw error;
    }
  }

  private async process(job: JobRecord): Promise<void> {
    const key = await this.keyOf(job);
    if (!key) {
      await this.finish(job, null, { error: '题目不存在或不是编程题' }, JOB_STATUS.failed);
      return;
    }
    const cases = job.kind === 'sample' ? key.testCases.filter((c) => c.sample) : key.testCases;
    if (!isCodeLanguage(job.language) || !key.languages.includes(job.language) || cases.length === 0) {
      // Nothing the judge can run: a grade job scores 0 with the reason.
      const reason = cases.length === 0 ? '本题没有可运行的测试用例' : `本题不允许使用 ${job.language}`;
      await this.finish(job, null, { error: reason, cases: [], passed: 0, total: cases.length });
      if (job.kind === 'grade') await this.score(job, 0, `自动判题：${reason}，得 0 分`);
      return;
    }
    const outcome = await this.judge!.run({
      language: job.language,
      code: job.code,
      cases: cases.map(({ input, output }) => ({ input, output })),
      timeLimitMs: key.timeLimit,
      memoryLimitMb: key.memoryLimit,
    });
    await this.complete(job, cases, outcome);
  }

  private async keyOf(job: JobRecord): Promise<CodeKey | null> {
    if (!job.attemptId) return null;
    const row = await findJobQuestionContent(this.db, job.attemptId, job.questionId);
    return row ? codeKeyOf(row.content) : null;
  }

  private async complete(job: JobRecord, cases: CodeKey['testCases'], outcome: JudgeResult): Promise<void> {
    const passed = outcome.cases.filter((c) => c.verdict === 'accepted').length;
    const results: JobCaseResult[] = outcome.cases.map((c, i) => ({
      input: cases[i]?.input ?? '',
      expected: cases[i]?.output ?? '',
      stdout: c.stdout,
      stderr: c.stderr,
      verdict: c.verdict,
      timeMs: c.timeMs,
    }));
    const result = {
      cases: results,
      passed,
      total: cases.length,
      ...(outcome.compileOutput ? { compileOutput: outcome.compileOutput } : {}),
    };
    await this.finish(job, outcome.verdict, result);
    if (job.kind !== 'grade') return;
    const summary = `自动判题：${judgeVerdictLabel(outcome.verdict)}，通过 ${passed}/${cases.length} 个测试用例`;
    await this.score(job, passed / cases.length, summary);
  }

  private async finish(
    job: JobRecord,
    verdict: string | null,
    result: Record<string, unknown>,
    status: number = JOB_STATUS.done,
  ): Promise<void> {
    await finishJob(this.db, job.id, { status, verdict, result });
  }

  /**
   * Scores the answer: points × the share of passed cases, one decimal. A score a marker has already
   * given by hand is kept; the attempt's totals are recomputed the same way marking does.
   */
  private async score(job: JobRecord, share: number, comment: string): Promise<void> {
    if (!job.attemptId) return;
    const attemptId = job.attemptId;
    await this.db.transaction(async (tx) => {
      const attempt = await lockAttemptStatus(tx, attemptId);
      if (!attempt || attempt.status === 0) return;
      const row = await findAnswerMarking(tx, attemptId, job.questionId);
      if (!row || row.markedBy !== null) return;
      await setJudgedScore(tx, attemptId, job.questionId, {
        score: roundScore(Number(row.points) * share),
        comment,
      });
      await refreshAttempt(tx, attemptId);
    });
  }
}
