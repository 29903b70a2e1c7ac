import type { CodeLanguage, JudgeVerdict } from '@kaopei/shared';

export interface JudgeCase {
  input: string;
  output: string;
}

export interface JudgeRequest {
  language: CodeLanguage;
  code: string;
  cases: JudgeCase[];
  timeLimitMs: number;
  memoryLimitMb: number;
}

export interface JudgeCaseResult {
  verdict: JudgeVerdict;
  timeMs: number;
  /** Truncated to OUTPUT_KEEP_BYTES. */
  stdout: string;
  stderr: string;
  expected?: string;
}

export interface JudgeResult {
  verdict: JudgeVerdict;
  cases: JudgeCaseResult[];
  /** Compiler messages (truncated) when the verdict is compile_error. */
  compileOutput?: string;
}

/** Runs untrusted code against test cases (design.md §1: local sandbox, or a Judge0-compatible service). */
export interface Judge {
  readonly name: string;
  run(request: JudgeRequest): Promise<JudgeResult>;
}

/** The judge cannot work at all (sandbox feature missing, service down): the job is retried, never guessed. */
export class JudgeUnavailableError extends Error {}

/** How much of each stream is kept in results. */
export const OUTPUT_KEEP_BYTES = 4096;

export function truncateText(text: string, bytes = OUTPUT_KEEP_BYTES): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  return `${buffer
    .subarray(0, bytes)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')}…（已截断）`;
}
