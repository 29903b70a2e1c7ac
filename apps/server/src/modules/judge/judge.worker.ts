import type { FastifyBaseLogger } from 'fastify';
import { isCodeLanguage, judgeVerdictLabel, roundScore } from '@kaopei/shared';
import type { Db } from '../../db/client';
import type { Judge, JudgeResult } from '../../core/judge';
import { refreshAttempt } from '../exam/exam-result.service';
import { JOB_STATUS, codeKeyOf, type CodeKey } from './judge.queue';
import {
  claimJobsInAnyOrg,
  findAnswerMarking,
  findJobQuestionContent,
  findQueuedJobInAnyOrg,
  finishJob,
  lockAttemptStatus,
  requeueJob,
  requeueStaleJobsInAnyOrg,
  setJudgedScore,
  type JobRecord,
} from './judge.repo';

/** A running job whose instance has not finished it in this long is given to another. */
export const STALE_MINUTES = 5;
export const MAX_TRIES = 3;

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
 * Claims queued judge jobs with FOR UPDATE SKIP LOCKED (every instance runs one), runs them with the
 * configured concurrency, and writes their verdicts; grade jobs also score the answer. Judging never
 * happens inside a request.
 */
export class JudgeWorker {
  private active = 0;
  private ticking = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly judge: Judge | null,
    private readonly concurrency: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return this.judge !== null;
  }

  start(intervalMs = 1000): void {
    if (!this.judge || this.timer) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  /** Looks for work now (after a job was queued on this instance). */
  kick(): void {
    this.tick().catch((error: unknown) => this.log.error({ err: error }, 'judge worker tick failed'));
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Claims and starts as many jobs as there are free slots. */
  async tick(): Promise<number> {
    if (!this.judge || this.ticking) return 0;
    this.ticking = true;
    try {
      await this.requeueStale();
      const free = this.concurrency - this.active;
      if (free <= 0) return 0;
      const claimed = await this.claim(free);
      for (const job of claimed) {
        this.active += 1;
        const run = this.process(job).finally(() => {
          this.active -= 1;
          this.running.delete(run);
          this.kick();
        });
        this.running.add(run);
      }
      return claimed.length;
    } finally {
      this.ticking = false;
    }
  }

  /** Runs queued jobs until none is left that this instance can see (tests, scripts). */
  async drain(): Promise<void> {
    for (let round = 0; round < 1000; round += 1) {
      // A tick started elsewhere (a kick) may be claiming right now: let it finish first.
      while (this.ticking) await new Promise((resolve) => setTimeout(resolve, 10));
      const started = await this.tick();
      await this.idle();
      if (started > 0 || this.running.size > 0 || this.ticking) continue;
      // A job requeued after a failed try, or queued while another tick was claiming, is still waiting.
      const waiting = await findQueuedJobInAnyOrg(this.db);
      if (!waiting) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async claim(limit: number): Promise<JobRecord[]> {
    // Candidates waiting on a sample run go before the grading of closed attempts.
    return claimJobsInAnyOrg(this.db, limit);
  }

  private async requeueStale(): Promise<void> {
    await requeueStaleJobsInAnyOrg(this.db, STALE_MINUTES, MAX_TRIES);
  }

  private async process(job: JobRecord): Promise<void> {
    try {
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
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, jobId: job.id, tries: job.tries }, 'judge job failed');
      if (job.tries >= MAX_TRIES) {
        // Given up: a grade job's answer stays with the markers (its score is still pending).
        await this.finish(job, null, { error: message.slice(0, 500) }, JOB_STATUS.failed);
      } else {
        await requeueJob(this.db, job.id);
      }
    }
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
