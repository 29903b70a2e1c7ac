import {
  examCandidateContracts as candidate,
  type OpenExamInfo,
} from '@kaopei/shared/contracts/exam-candidate';
import { call, type BodyIn, type DataOf } from '../../lib/api';

/** Open-link exams (contracts: packages/shared/src/contracts/exam-candidate.ts); no sign-in until registered. */

export type { OpenExamInfo };
/** The candidate's tokens (and the exam) after registering. */
export type OpenRegistered = DataOf<typeof candidate.openRegister>;

export function fetchOpenExam(examId: number): Promise<OpenExamInfo> {
  return call(candidate.openExam, { query: { examId } });
}

export function sendOpenExamCode(examId: number, phone: string): Promise<null> {
  return call(candidate.openSms, { query: { examId, phone } });
}

export function registerForOpenExam(
  examId: number,
  form: BodyIn<typeof candidate.openRegister>,
): Promise<OpenRegistered> {
  return call(candidate.openRegister, { query: { examId }, body: form });
}
