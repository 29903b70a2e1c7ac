/**
 * Study tasks (issue 18, spec §2 学习任务): the pure rules both sides use — what a task's items may be,
 * the status of a task from its dates, the status of an assignee from dates and progress, and which
 * reminders are due.
 */

/** What a task item points at. */
export const TASK_ITEM_KINDS = ['course', 'exam', 'practice'] as const;
export type TaskItemKind = (typeof TASK_ITEM_KINDS)[number];
export const TASK_ITEM_KIND_LABELS: Record<TaskItemKind, string> = {
  course: '课程',
  exam: '考试',
  practice: '练习',
};

/** A task's status, from its start and due dates. */
export const TASK_STATUSES = ['not_started', 'running', 'ended'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  not_started: '未开始',
  running: '进行中',
  ended: '已结束',
};

/** An assignee's status in a task. */
export const ASSIGNEE_STATUSES = ['not_started', 'in_progress', 'completed', 'overdue'] as const;
export type AssigneeStatus = (typeof ASSIGNEE_STATUSES)[number];
export const ASSIGNEE_STATUS_LABELS: Record<AssigneeStatus, string> = {
  not_started: '未开始',
  in_progress: '进行中',
  completed: '已完成',
  overdue: '已逾期',
};

/** The reminders a task sends: on assignment, this many days before it is due, and once overdue. */
export const TASK_REMINDER_KINDS = ['assigned', 'due_soon', 'overdue'] as const;
export type TaskReminderKind = (typeof TASK_REMINDER_KINDS)[number];
export const DUE_SOON_DAYS = 3;
const DAY_MS = 86_400_000;

/** A task is 未开始 before its start, 已结束 from its due time on, 进行中 between. */
export function taskStatusOf(startAt: number, dueAt: number, now: number): TaskStatus {
  if (now < startAt) return 'not_started';
  return now >= dueAt ? 'ended' : 'running';
}

export interface AssigneeProgress {
  /** Items done (after the task's clear baseline). */
  doneCount: number;
  itemCount: number;
  dueAt: number;
}

/**
 * 已完成 when every item is done (a task without items is never complete); otherwise 已逾期 from the
 * due time on; 进行中 once at least one item is done; else 未开始.
 */
export function assigneeStatusOf(progress: AssigneeProgress, now: number): AssigneeStatus {
  if (progress.itemCount > 0 && progress.doneCount >= progress.itemCount) return 'completed';
  if (now >= progress.dueAt) return 'overdue';
  return progress.doneCount > 0 ? 'in_progress' : 'not_started';
}

/** Done items as a whole percent, 0–100 (rounded down, so 100 means every item). */
export function taskProgressPercent(doneCount: number, itemCount: number): number {
  if (itemCount <= 0) return 0;
  return Math.min(100, Math.floor((Math.min(doneCount, itemCount) * 100) / itemCount));
}

/**
 * The timed reminder due for an unfinished assignee at `now`: 'overdue' from the due time on,
 * 'due_soon' within DUE_SOON_DAYS before it (and only once the task has started), else none.
 */
export function timedReminderOf(startAt: number, dueAt: number, now: number): TaskReminderKind | null {
  if (now >= dueAt) return 'overdue';
  if (now >= startAt && now >= dueAt - DUE_SOON_DAYS * DAY_MS) return 'due_soon';
  return null;
}

/** The learner's page of a task item. */
export function taskItemPath(kind: TaskItemKind, refId: number): string {
  if (kind === 'course') return `/m/courses/${refId}`;
  if (kind === 'exam') return `/m/exams/${refId}`;
  return `/m/practice/${refId}`;
}

/** The learner's pages of tasks (notices link to them). */
export const studyTaskPaths = {
  tasks: '/m/tasks',
  task: (taskId: number): string => `/m/tasks/${taskId}`,
} as const;
