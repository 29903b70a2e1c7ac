/** Exam states and the live monitor's rows: the contract of /exam/api/v1 (docs/monitor-api.md). */

/** An exam on the clock (draft until published). */
export type ExamState = 'draft' | 'upcoming' | 'ongoing' | 'ended';

/** A candidate in an exam, by their latest attempt. */
export const EXAMINEE_STATES = ['not_started', 'in_progress', 'submitted', 'graded'] as const;
export type ExamineeState = (typeof EXAMINEE_STATES)[number];

/** An exam on the invigilators' list, with live counts. */
export interface MonitorExamRow {
  id: number;
  name: string;
  state: ExamState;
  startAt: number | null;
  endAt: number | null;
  candidates: number;
  notStarted: number;
  inProgress: number;
  submitted: number;
  online: number;
}

/** One candidate of the watched exam (their latest attempt, when they have one). */
export interface MonitorRow {
  userId: number;
  name: string;
  account: string;
  departmentName: string | null;
  attemptId: number | null;
  state: ExamineeState;
  online: boolean;
  lastSeenAt: number | null;
  answered: number;
  total: number;
  startedAt: number | null;
  deadlineAt: number | null;
  /** Seconds left when the server answered (its clock), for estimating the clock offset. */
  remainingSeconds: number | null;
  tabSwitches: number;
  fullscreenExits: number;
  warnings: number;
  snapshots: number;
  submitReason: string | null;
}

/** One line of an attempt's event log. */
export interface MonitorEvent {
  id: number;
  kind: string;
  detail: Record<string, unknown> | null;
  actorName: string | null;
  at: number;
}

/** One attempt in the invigilator's drawer. */
export interface MonitorAttemptDetail {
  row: MonitorRow;
  questions: { sort: number; type: number; answered: boolean; flagged: boolean }[];
  /** Newest first (the latest 200). */
  events: MonitorEvent[];
  snapshots: { eventId: number; at: number }[];
}
