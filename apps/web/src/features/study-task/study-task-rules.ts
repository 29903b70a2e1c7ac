import { ASSIGNEE_STATUS_LABELS, type AssigneeStatus, type TaskItemKind } from '@kaopei/shared';

/** Pure rules of the study task pages (tested in study-task-rules.test.ts). */

export interface Picks {
  courseIds?: number[];
  examIds?: number[];
  practiceIds?: number[];
}

/** The form's three pickers as the task's items: courses, then exams, then practice sets, each in picking order. */
export function itemsFromPicks(picks: Picks): { kind: TaskItemKind; refId: number }[] {
  return [
    ...(picks.courseIds ?? []).map((refId) => ({ kind: 'course' as const, refId })),
    ...(picks.examIds ?? []).map((refId) => ({ kind: 'exam' as const, refId })),
    ...(picks.practiceIds ?? []).map((refId) => ({ kind: 'practice' as const, refId })),
  ];
}

/** A task's items back into the form's pickers. */
export function picksOf(items: readonly { kind: TaskItemKind; refId: number }[]): Required<Picks> {
  const of = (kind: TaskItemKind) => items.filter((i) => i.kind === kind).map((i) => i.refId);
  return { courseIds: of('course'), examIds: of('exam'), practiceIds: of('practice') };
}

export const ASSIGNEE_STATUS_COLORS: Record<AssigneeStatus, string> = {
  not_started: 'default',
  in_progress: 'processing',
  completed: 'success',
  overdue: 'error',
};

export const assigneeStatusLabel = (status: AssigneeStatus) => ASSIGNEE_STATUS_LABELS[status];

/** "还剩 3 天" / "今天截止" / "已逾期 2 天" for the learner's list. */
export function dueText(dueAt: number, now: number): string {
  const day = 86_400_000;
  if (now >= dueAt) {
    const late = Math.floor((now - dueAt) / day);
    return late === 0 ? '已逾期' : `已逾期 ${late} 天`;
  }
  const left = Math.floor((dueAt - now) / day);
  return left === 0 ? '今天截止' : `还剩 ${left} 天`;
}
