/**
 * Running code against a question's sample cases while answering (issue 7; judged by the queue's
 * workers, never in the request). Sample runs show sample cases only.
 */
import { z } from 'zod';
import { endpoint, envelopeOf, idOf } from './common';

const RUN = '/exam/api/v1/candidate/code/run';
const tag = '考生';

export const JOB_STATUS_NAMES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatusName = (typeof JOB_STATUS_NAMES)[number];

export const runInput = z.object({
  questionId: idOf('试题'),
  language: z.string({ error: '请选择语言（language）' }).trim().min(1, '请选择语言（language）').max(20),
  code: z
    .string({ error: '请提供代码（code）' })
    .min(1, '请先编写代码（code）')
    .max(64 * 1024, '代码（code）不能超过 64KB'),
});
export type RunInput = z.output<typeof runInput>;

export const codeRunCase = z.object({
  input: z.string(),
  expected: z.string(),
  stdout: z.string(),
  stderr: z.string(),
  verdict: z.string(),
  verdictLabel: z.string(),
  timeMs: z.number(),
});
export type CodeRunCase = z.infer<typeof codeRunCase>;

export const sampleRunView = z.object({
  jobId: z.number(),
  status: z.enum(JOB_STATUS_NAMES),
  statusLabel: z.string(),
  verdict: z.string().nullable(),
  verdictLabel: z.string(),
  /** Only once the run has finished. */
  passed: z.number().nullable(),
  total: z.number().nullable(),
  compileOutput: z.string().nullable(),
  error: z.string().nullable(),
  cases: z.array(codeRunCase),
});
export type SampleRunView = z.infer<typeof sampleRunView>;

export const judgeContracts = {
  startRun: endpoint({
    method: 'POST',
    path: RUN,
    tag,
    summary: '运行示例：用本题的示例用例运行代码（排队判题，返回 jobId）',
    access: 'candidate',
    query: z.object({ attemptId: idOf('答卷') }),
    body: runInput,
    response: envelopeOf(z.object({ jobId: z.number() })),
  }),
  run: endpoint({
    method: 'GET',
    path: RUN,
    tag,
    summary: '运行示例的结果（仅示例用例）',
    access: 'candidate',
    query: z.object({ jobId: idOf('运行记录') }),
    response: envelopeOf(sampleRunView),
  }),
};
