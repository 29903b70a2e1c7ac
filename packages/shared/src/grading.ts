/**
 * Grading of a candidate's response to one question (issue 6). Objective types are graded at submit;
 * short answers and code wait for a marker (`score` null). Scores keep one decimal (spec §9).
 *
 * Each kind grades its own responses (`question-kinds/`); `gradeResponse`, `isUnanswered` and
 * `responseDisplay` there dispatch by type and are re-exported here.
 */
export {
  gradeResponse,
  isUnanswered,
  normalizeBlank,
  responseDisplay,
  type Grade,
  type GradableQuestion,
  type GradingOptions,
} from './question-kinds';

/** One decimal, as every score is shown (spec §9). */
export function roundScore(value: number): number {
  return Math.round(value * 10) / 10;
}
