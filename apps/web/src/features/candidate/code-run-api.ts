import { get, post } from '../../lib/http';

/** Running code against a question's sample cases (server: modules/judge/judge.routes.ts). */

const BASE = '/exam/api/v1/candidate/code/run';

export interface CodeRunCase {
  input: string;
  expected: string;
  stdout: string;
  stderr: string;
  verdict: string;
  verdictLabel: string;
  timeMs: number;
}

export interface CodeRun {
  jobId: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  statusLabel: string;
  verdict: string | null;
  verdictLabel: string;
  passed: number | null;
  total: number | null;
  compileOutput: string | null;
  error: string | null;
  cases: CodeRunCase[];
}

export const startCodeRun = (
  attemptId: number,
  body: { questionId: number; language: string; code: string },
) => post<{ jobId: number }>(`${BASE}?attemptId=${attemptId}`, body);

export const fetchCodeRun = (jobId: number) => get<CodeRun>(BASE, { jobId });

export const isRunFinished = (run: CodeRun | null) => run?.status === 'done' || run?.status === 'failed';
