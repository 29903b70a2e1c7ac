import {
  judgeContracts as judge,
  type CodeRunCase,
  type SampleRunView,
} from '@kaopei/shared/contracts/judge';
import { call, type BodyIn } from '../../lib/api';

/** Running code against a question's sample cases (contracts: packages/shared/src/contracts/judge.ts). */

export type { CodeRunCase };
export type CodeRun = SampleRunView;

export const startCodeRun = (attemptId: number, body: BodyIn<typeof judge.startRun>) =>
  call(judge.startRun, { query: { attemptId }, body });

export const fetchCodeRun = (jobId: number) => call(judge.run, { query: { jobId } });

export const isRunFinished = (run: CodeRun | null) => run?.status === 'done' || run?.status === 'failed';
