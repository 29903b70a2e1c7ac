/**
 * Exam and examinee states, as every exam page shows them. Declared with the monitor's contract
 * (contracts/exam-monitor.ts); the monitor's rows are imported from there.
 */
import { roundScore } from './grading';

export { EXAM_STATES, EXAMINEE_STATES, type ExamState, type ExamineeState } from './contracts/exam-monitor';

/** Share of a paper's total that an exam asks for when its pass mark is not given (issue 14). */
export const DEFAULT_PASS_RATIO = 0.6;

/** The pass mark an exam gets by default: 60 % of the smallest total among its papers, one decimal. */
export function defaultPassScore(papers: readonly { totalScore: number }[]): number {
  if (papers.length === 0) return 0;
  return roundScore(Math.min(...papers.map((paper) => paper.totalScore)) * DEFAULT_PASS_RATIO);
}

/**
 * Why a pass mark cannot be kept with these papers, or null: it may equal but not pass the total of
 * every paper (a candidate with full marks must pass, whichever paper they drew).
 */
export function passScoreProblem(
  passScore: number,
  papers: readonly { name: string; totalScore: number }[],
): string | null {
  const smallest = [...papers].sort((a, b) => a.totalScore - b.totalScore)[0];
  if (!smallest || passScore <= smallest.totalScore) return null;
  const total = roundScore(smallest.totalScore);
  return papers.length > 1
    ? `及格分不能超过试卷「${smallest.name}」的总分 ${total} 分`
    : `及格分不能超过试卷总分 ${total} 分`;
}

/** The candidate's pages (/m/**), for links from notices, the learner's home and the exam pages. */
export const candidatePaths = {
  exams: '/m/exams',
  exam: (examId: number): string => `/m/exams/${examId}`,
  attempt: (attemptId: number): string => `/m/attempts/${attemptId}`,
  result: (attemptId: number): string => `/m/attempts/${attemptId}/result`,
} as const;
