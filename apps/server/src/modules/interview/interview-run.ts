import { isCodeLanguage } from '@kaopei/shared';
import type { Deps } from '../../core/deps';
import { claimCodeRun, finishCodeRun } from './interview.repo';
import { INTERVIEW_RUN_QUEUE, roomChannel } from './interview.rules';
import { codeRunViewOf } from './interview-room.service';

const TIME_LIMIT_MS = 5000;
const MEMORY_LIMIT_MB = 256;

/**
 * Runs the code pad through the project's judge (core/judge: the local sandbox or Judge0) as a job of
 * the queue, never inside a request; the result is stored on the run and announced to the room.
 * Defined before the queue starts (app.ts startBackgroundWork).
 */
export function defineInterviewJobs(deps: Pick<Deps, 'db' | 'judge' | 'queue' | 'realtime'>): void {
  deps.queue.define<{ runId: number }>(INTERVIEW_RUN_QUEUE, ({ runId }) => runCode(deps, runId), {
    retries: 1,
    expireSeconds: 5 * 60,
  });
}

export async function runCode(deps: Pick<Deps, 'db' | 'judge' | 'realtime'>, runId: number): Promise<void> {
  // Claim the row: a second try of a finished run does nothing.
  const run = await claimCodeRun(deps.db, runId);
  if (!run) return;
  let status = 2;
  let verdict: string | null = null;
  let result: Record<string, unknown>;
  try {
    if (!deps.judge) throw new Error('未启用代码判题');
    if (!isCodeLanguage(run.language)) throw new Error(`不支持的语言 ${run.language}`);
    const outcome = await deps.judge.run({
      language: run.language,
      code: run.code,
      cases: [{ input: run.stdin, output: '' }],
      timeLimitMs: TIME_LIMIT_MS,
      memoryLimitMb: MEMORY_LIMIT_MB,
    });
    const one = outcome.cases[0];
    // No expected output: a program that ran to its end "completed", whatever it printed.
    verdict = outcome.verdict === 'accepted' || outcome.verdict === 'wrong_answer' ? 'ok' : outcome.verdict;
    result = {
      stdout: one?.stdout ?? '',
      stderr: one?.stderr ?? '',
      timeMs: one?.timeMs ?? 0,
      ...(outcome.compileOutput ? { compileOutput: outcome.compileOutput } : {}),
    };
  } catch (error) {
    status = 3;
    const message = error instanceof Error ? error.message : String(error);
    result = { error: /[\u4e00-\u9fa5]/.test(message) ? message : '判题服务暂不可用，请稍后再试' };
  }
  const done = await finishCodeRun(deps.db, runId, { status, verdict, result });
  if (done)
    await deps.realtime.publish(roomChannel(done.interviewId), { event: 'run', data: codeRunViewOf(done) });
}
