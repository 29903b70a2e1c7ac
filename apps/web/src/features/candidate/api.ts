import { get, post } from '../../lib/http';

/**
 * The candidate's exam calls (server: modules/exam/exam-candidate.routes.ts). Types mirror
 * exam-attempt.service.ts; no response carries a correct flag or key before results are released.
 */

const BASE = '/exam/api/v1/candidate';

export type ExamState = 'draft' | 'upcoming' | 'ongoing' | 'ended';
export type ExamTab = 'upcoming' | 'ongoing' | 'finished';

/** Attempt status: 0 答题中, 1 待阅卷, 2 已评分. */
export const AttemptStatus = { OPEN: 0, MARKING: 1, GRADED: 2 } as const;

export interface MyExamRow {
  examId: number;
  name: string;
  description: string | null;
  coverUrl: string | null;
  state: ExamState;
  startAt: number | null;
  endAt: number | null;
  durationMinutes: number;
  durationText: string;
  attemptsAllowed: number;
  attemptsUsed: number;
  passScore: number;
  openAttemptId: number | null;
  lastAttemptId: number | null;
  lastStatus: number | null;
  bestScore: number | null;
}

export interface ExamIntro {
  examId: number;
  name: string;
  description: string | null;
  coverUrl: string | null;
  state: ExamState;
  startAt: number | null;
  endAt: number | null;
  durationMinutes: number;
  durationText: string;
  passScore: number;
  attemptsAllowed: number;
  attemptsUsed: number;
  lateEntryMinutes: number | null;
  openAttemptId: number | null;
  attempts: {
    attemptId: number;
    attemptNo: number;
    status: number;
    statusLabel: string;
    score: number | null;
    submittedAt: number | null;
  }[];
  serverNow: number;
}

export interface CodeInfo {
  languages: string[];
  templates: Record<string, string>;
  samples: { input: string; output: string }[];
}

export interface CandidateQuestion {
  questionId: number;
  /** 1-based number across the paper. */
  number: number;
  type: number;
  typeLabel: string;
  /** Rich text, sanitised by the server on every write. */
  stem: string;
  /** In the candidate's order; `key` is what an answer sends back. */
  options: { key: number; content: string }[] | null;
  blankCount: number | null;
  code: CodeInfo | null;
  points: number;
  answer: unknown;
  answerSeq: number;
  flagged: boolean;
}

export interface AttemptSection<Q> {
  name: string;
  questions: Q[];
}

export interface AttemptView {
  attemptId: number;
  examId: number;
  examName: string;
  attemptNo: number;
  status: number;
  statusLabel: string;
  startedAt: number;
  deadlineAt: number;
  serverNow: number;
  saveGraceMs: number;
  totalPoints: number;
  questionCount: number;
  sections: AttemptSection<CandidateQuestion>[];
  /** The exam's anti-cheating rules (issue 7). */
  antiCheat: {
    leaveLimit: number;
    requireFullscreen: boolean;
    blockCopyPaste: boolean;
    webcamSnapshots: boolean;
    snapshotIntervalSeconds: number;
  };
  counts: { tabSwitches: number; fullscreenExits: number; warnings: number; snapshots: number };
}

export interface AnswerSave {
  questionId: number;
  answer: unknown;
  seq: number;
  flagged?: boolean;
}

export interface SaveResult {
  saved: { questionId: number; seq: number }[];
  deadlineAt: number;
  serverNow: number;
}

export interface SubmitSummary {
  attemptId: number;
  status: number;
  statusLabel: string;
  unanswered: number;
}

export interface ResultQuestion {
  questionId: number;
  number: number;
  type: number;
  typeLabel: string;
  stem: string;
  /** `correct` only once answers are released. */
  options: { key: number; content: string; correct?: boolean }[] | null;
  points: number;
  answer: unknown;
  score: number | null;
  /** Present only when answers are released. */
  key?: unknown;
  analysis?: string | null;
  markComment: string | null;
}

export interface AttemptResult {
  attemptId: number;
  examId: number;
  examName: string;
  status: number;
  statusLabel: string;
  submittedAt: number | null;
  timeUsedSeconds: number | null;
  totalPoints: number;
  passScore: number;
  scoreReleased: boolean;
  answersReleased: boolean;
  score: number | null;
  passed: boolean | null;
  comment: string | null;
  sections: AttemptSection<ResultQuestion>[];
}

export const candidateKeys = {
  all: ['candidate'] as const,
  exams: (tab: ExamTab) => ['candidate', 'exams', tab] as const,
  exam: (examId: number) => ['candidate', 'exam', examId] as const,
  attempt: (attemptId: number) => ['candidate', 'attempt', attemptId] as const,
  result: (attemptId: number) => ['candidate', 'result', attemptId] as const,
};

export function fetchMyExams(tab: ExamTab): Promise<MyExamRow[]> {
  return get<MyExamRow[]>(`${BASE}/exams`, { tab });
}

export function fetchExamIntro(examId: number): Promise<ExamIntro> {
  return get<ExamIntro>(`${BASE}/exam`, { examId });
}

/** Starts an attempt, or returns the open one. */
export function startAttempt(examId: number): Promise<AttemptView> {
  return post<AttemptView>(`${BASE}/start`, undefined, { params: { examId } });
}

/** `silent`: no toast on failure (background refreshes during the exam). */
export function fetchAttempt(attemptId: number, options: { silent?: boolean } = {}): Promise<AttemptView> {
  return get<AttemptView>(`${BASE}/attempt`, { attemptId }, { kpSilent: options.silent ?? false });
}

/** Saves a batch of answers; never toasts, since the answer sync retries and shows its own status. */
export function saveAnswers(attemptId: number, answers: AnswerSave[]): Promise<SaveResult> {
  return post<SaveResult>(`${BASE}/answers`, answers, { params: { attemptId }, kpSilent: true });
}

export function submitAttempt(attemptId: number, options: { silent?: boolean } = {}): Promise<SubmitSummary> {
  return post<SubmitSummary>(`${BASE}/submit`, undefined, {
    params: { attemptId },
    kpSilent: options.silent ?? false,
  });
}

export function fetchResult(attemptId: number): Promise<AttemptResult> {
  return get<AttemptResult>(`${BASE}/result`, { attemptId });
}
