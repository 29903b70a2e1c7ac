import { judgeVerdictLabel } from '@kaopei/shared';
import { JOB_STATUS_NAMES, type RunInput, type SampleRunView } from '@kaopei/shared/contracts/judge';
import type { RequestContext } from '../../core/context';
import type { Deps } from '../../core/deps';
import { badRequest, conflict, notFound, tooManyRequests } from '../../core/http';
import { JOB_STATUS, codeKeyOf } from './judge.queue';
import { findOwnAttempt } from '../exam/exam-attempt.repo';
import { findAttemptQuestionContent, findOwnSampleJob, insertSampleJob } from './judge.repo';
import type { JobCaseResult } from './judge.worker';

/** Sample runs each attempt may start per minute. */
export const RUNS_PER_MINUTE = 10;
const JOB_STATUS_LABELS = ['排队中', '运行中', '已完成', '判题失败'];

export type { RunInput, SampleRunView } from '@kaopei/shared/contracts/judge';

/** Queues a run of the candidate's code against the question's sample cases (own open attempt only). */
export async function startSampleRun(
  deps: Pick<Deps, 'db' | 'rateLimiter' | 'judgeWorker'>,
  ctx: RequestContext,
  attemptId: number,
  input: RunInput,
): Promise<{ jobId: number }> {
  const { db } = deps;
  const attempt = await findOwnAttempt(db, ctx, attemptId);
  if (!attempt) throw notFound('答卷不存在');
  if (attempt.status !== 0) throw conflict('已交卷，不能再运行代码');
  if (attempt.deadlineAt.getTime() < Date.now()) throw conflict('考试时间已到，不能再运行代码');
  const row = await findAttemptQuestionContent(
    db,
    { id: attemptId, examId: attempt.examId },
    input.questionId,
  );
  if (!row) throw notFound('试题不在这份答卷中');
  const key = codeKeyOf(row.content);
  if (!key) throw badRequest('这道题不是编程题');
  if (!key.languages.includes(input.language)) throw badRequest(`本题只能使用 ${key.languages.join('、')}`);
  if (!key.testCases.some((c) => c.sample)) throw conflict('本题没有示例用例，无法运行');
  if (!deps.judgeWorker.enabled) throw conflict('未启用代码判题，无法运行');
  const count = await deps.rateLimiter.hit(`judge:run:${attemptId}`, 60);
  if (count > RUNS_PER_MINUTE)
    throw tooManyRequests(`运行过于频繁：每分钟最多运行 ${RUNS_PER_MINUTE} 次，请稍后再试`);
  const job = await insertSampleJob(db, ctx, {
    attemptId,
    questionId: input.questionId,
    language: input.language,
    code: input.code,
  });
  if (!job) throw new Error('judge job insert failed');
  deps.judgeWorker.kick();
  return { jobId: job.id };
}

/** A sample run of the caller's own (sample jobs hold sample cases only; grade jobs are not shown here). */
export async function sampleRun(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  jobId: number,
): Promise<SampleRunView> {
  const job = await findOwnSampleJob(deps.db, ctx, jobId);
  if (!job) throw notFound('运行记录不存在');
  const result = (job.result ?? {}) as {
    cases?: JobCaseResult[];
    passed?: number;
    total?: number;
    compileOutput?: string;
    error?: string;
  };
  const finished = job.status === JOB_STATUS.done || job.status === JOB_STATUS.failed;
  return {
    jobId: job.id,
    status: JOB_STATUS_NAMES[job.status] ?? 'queued',
    statusLabel: JOB_STATUS_LABELS[job.status] ?? '',
    verdict: job.verdict,
    verdictLabel: judgeVerdictLabel(job.verdict),
    passed: finished ? (result.passed ?? null) : null,
    total: finished ? (result.total ?? null) : null,
    compileOutput: result.compileOutput ?? null,
    error: result.error ?? null,
    cases: (result.cases ?? []).map((c) => ({ ...c, verdictLabel: judgeVerdictLabel(c.verdict) })),
  };
}
