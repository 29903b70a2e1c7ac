import { outputMatches, overallVerdict, type CodeLanguage, type JudgeVerdict } from '@kaopei/shared';
import {
  JudgeUnavailableError,
  truncateText,
  type Judge,
  type JudgeCaseResult,
  type JudgeRequest,
  type JudgeResult,
} from './judge';

/** Judge0 CE language ids. */
export const JUDGE0_LANGUAGE_IDS: Record<CodeLanguage, number> = {
  javascript: 63,
  python: 71,
  c: 50,
  cpp: 54,
  java: 62,
  bash: 46,
};

interface Judge0Submission {
  token?: string;
  stdout?: string | null;
  stderr?: string | null;
  compile_output?: string | null;
  message?: string | null;
  time?: string | null;
  memory?: number | null;
  status?: { id: number; description?: string };
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string | null | undefined) => (text ? Buffer.from(text, 'base64').toString('utf8') : '');

/**
 * A Judge0-compatible service (JUDGE_URL, optional JUDGE_TOKEN as X-Auth-Token): one submission per
 * test case, base64 throughout, `wait=true` with polling when the server answers before it finished.
 * The output is compared here, the same way LocalJudge compares it.
 */
export class Judge0Judge implements Judge {
  readonly name = 'judge0';

  constructor(
    private readonly baseUrl: string,
    private readonly token?: string,
    private readonly pollMs = 250,
  ) {}

  async run(request: JudgeRequest): Promise<JudgeResult> {
    const cases: JudgeCaseResult[] = [];
    for (const testCase of request.cases) {
      const done = await this.submit(request, testCase.input);
      const statusId = done.status?.id ?? 13;
      const stdout = unb64(done.stdout);
      const stderr = unb64(done.stderr);
      if (statusId === 6) {
        return {
          verdict: 'compile_error',
          compileOutput: truncateText(unb64(done.compile_output)),
          cases: request.cases.map((c) => ({
            verdict: 'compile_error' as const,
            timeMs: 0,
            stdout: '',
            stderr: '',
            expected: c.output,
          })),
        };
      }
      if (statusId === 13 || statusId === 14)
        throw new JudgeUnavailableError(`判题服务内部错误：${done.status?.description ?? statusId}`);
      let verdict: JudgeVerdict;
      if (statusId === 5) verdict = 'time_limit';
      else if (statusId === 8) verdict = 'output_limit';
      else if (statusId >= 7 && statusId <= 12)
        verdict = (done.memory ?? 0) >= request.memoryLimitMb * 1024 ? 'memory_limit' : 'runtime_error';
      else verdict = outputMatches(stdout, testCase.output) ? 'accepted' : 'wrong_answer';
      cases.push({
        verdict,
        timeMs: Math.round(Number(done.time ?? 0) * 1000),
        stdout: truncateText(stdout),
        stderr: truncateText(stderr),
        expected: testCase.output,
      });
    }
    return { verdict: overallVerdict(cases), cases };
  }

  private async call(path: string, init?: RequestInit): Promise<Judge0Submission> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl.replace(/\/?$/, '/')), {
        ...init,
        headers: {
          'Content-Type': 'application/json',
          ...(this.token ? { 'X-Auth-Token': this.token } : {}),
        },
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new JudgeUnavailableError(`无法连接判题服务：${(error as Error).message}`);
    }
    if (!response.ok) throw new JudgeUnavailableError(`判题服务返回 HTTP ${response.status}`);
    return (await response.json()) as Judge0Submission;
  }

  private async submit(request: JudgeRequest, stdin: string): Promise<Judge0Submission> {
    let submission = await this.call('submissions?base64_encoded=true&wait=true', {
      method: 'POST',
      body: JSON.stringify({
        source_code: b64(request.code),
        language_id: JUDGE0_LANGUAGE_IDS[request.language],
        stdin: b64(stdin),
        cpu_time_limit: request.timeLimitMs / 1000,
        wall_time_limit: (request.timeLimitMs * 2) / 1000 + 1,
        memory_limit: request.memoryLimitMb * 1024,
      }),
    });
    const deadline = Date.now() + 60_000;
    while (!submission.status || submission.status.id <= 2) {
      if (!submission.token) throw new JudgeUnavailableError('判题服务未返回提交编号');
      if (Date.now() > deadline) throw new JudgeUnavailableError('判题服务超时');
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
      submission = await this.call(`submissions/${encodeURIComponent(submission.token)}?base64_encoded=true`);
    }
    return submission;
  }
}
