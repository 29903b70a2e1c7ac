/** Outcome of judging code against test cases (per case and overall). */
export const JUDGE_VERDICTS = [
  'accepted',
  'wrong_answer',
  'time_limit',
  'memory_limit',
  'output_limit',
  'runtime_error',
  'compile_error',
] as const;
export type JudgeVerdict = (typeof JUDGE_VERDICTS)[number];

export const JUDGE_VERDICT_LABELS: Readonly<Record<JudgeVerdict, string>> = {
  accepted: '通过',
  wrong_answer: '答案错误',
  time_limit: '运行超时',
  memory_limit: '内存超限',
  output_limit: '输出超限',
  runtime_error: '运行错误',
  compile_error: '编译错误',
};

export function judgeVerdictLabel(verdict: string | null | undefined): string {
  return verdict && verdict in JUDGE_VERDICT_LABELS ? JUDGE_VERDICT_LABELS[verdict as JudgeVerdict] : '';
}

/** Output as compared: line endings unified, trailing whitespace of each line and trailing blank lines dropped. */
export function normalizeOutput(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n+$/, '');
}

export function outputMatches(actual: string, expected: string): boolean {
  return normalizeOutput(actual) === normalizeOutput(expected);
}

/**
 * The verdict of a whole run: accepted when every case passed, otherwise the first failing case's
 * verdict (compile errors fail every case the same way).
 */
export function overallVerdict(cases: readonly { verdict: JudgeVerdict }[]): JudgeVerdict {
  return cases.find((c) => c.verdict !== 'accepted')?.verdict ?? 'accepted';
}
