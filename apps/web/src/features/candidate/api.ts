import {
  examCandidateContracts as candidate,
  type AnswerInput,
  type AttemptResult,
  type AttemptView,
  type CandidateQuestion,
  type CodeInfo,
  type ExamIntro,
  type ExamTab,
  type MyExamRow,
  type ResultQuestion,
  type SaveResult,
  type SubmitSummary,
} from '@kaopei/shared/contracts/exam-candidate';
import { call } from '../../lib/api';

/**
 * The candidate's exam calls (contracts: packages/shared/src/contracts/exam-candidate.ts). No reply
 * carries a correct flag or key before the exam's settings release it.
 */

export type {
  AttemptResult,
  AttemptView,
  CandidateQuestion,
  CodeInfo,
  ExamIntro,
  ExamTab,
  MyExamRow,
  ResultQuestion,
  SaveResult,
  SubmitSummary,
};

/** What the page sends for one question. */
export type AnswerSave = AnswerInput;

/** Attempt status: 0 答题中, 1 待阅卷, 2 已评分. */
export const AttemptStatus = { OPEN: 0, MARKING: 1, GRADED: 2 } as const;

export const candidateKeys = {
  all: ['candidate'] as const,
  exams: (tab: ExamTab) => ['candidate', 'exams', tab] as const,
  exam: (examId: number) => ['candidate', 'exam', examId] as const,
  attempt: (attemptId: number) => ['candidate', 'attempt', attemptId] as const,
  result: (attemptId: number) => ['candidate', 'result', attemptId] as const,
};

export function fetchMyExams(tab: ExamTab): Promise<MyExamRow[]> {
  return call(candidate.myExams, { query: { tab } });
}

export function fetchExamIntro(examId: number): Promise<ExamIntro> {
  return call(candidate.intro, { query: { examId } });
}

/** Starts an attempt, or returns the open one. */
export function startAttempt(examId: number): Promise<AttemptView> {
  return call(candidate.start, { query: { examId } });
}

/** `silent`: no toast on failure (background refreshes during the exam). */
export function fetchAttempt(attemptId: number, options: { silent?: boolean } = {}): Promise<AttemptView> {
  return call(candidate.attempt, { query: { attemptId } }, { kpSilent: options.silent ?? false });
}

/** Saves a batch of answers; never toasts, since the answer sync retries and shows its own status. */
export function saveAnswers(attemptId: number, answers: AnswerSave[]): Promise<SaveResult> {
  return call(candidate.saveAnswers, { query: { attemptId }, body: answers }, { kpSilent: true });
}

export function submitAttempt(attemptId: number, options: { silent?: boolean } = {}): Promise<SubmitSummary> {
  return call(candidate.submit, { query: { attemptId } }, { kpSilent: options.silent ?? false });
}

export function fetchResult(attemptId: number): Promise<AttemptResult> {
  return call(candidate.result, { query: { attemptId } });
}
