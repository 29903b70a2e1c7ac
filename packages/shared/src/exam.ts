/**
 * Exam and examinee states, as every exam page shows them. Declared with the monitor's contract
 * (contracts/exam-monitor.ts); the monitor's rows are imported from there.
 */
export { EXAM_STATES, EXAMINEE_STATES, type ExamState, type ExamineeState } from './contracts/exam-monitor';
