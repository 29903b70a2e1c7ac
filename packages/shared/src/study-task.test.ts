import { describe, expect, it } from 'vitest';
import {
  DUE_SOON_DAYS,
  assigneeStatusOf,
  taskItemPath,
  taskProgressPercent,
  taskStatusOf,
  timedReminderOf,
} from './study-task';

const DAY = 86_400_000;
const start = 1_700_000_000_000;
const due = start + 10 * DAY;

describe('taskStatusOf', () => {
  it('is 未开始 before the start, 进行中 from the start, 已结束 from the due time', () => {
    expect(taskStatusOf(start, due, start - 1)).toBe('not_started');
    expect(taskStatusOf(start, due, start)).toBe('running');
    expect(taskStatusOf(start, due, due - 1)).toBe('running');
    expect(taskStatusOf(start, due, due)).toBe('ended');
  });
});

describe('assigneeStatusOf', () => {
  const p = (doneCount: number, itemCount = 3) => ({ doneCount, itemCount, dueAt: due });
  it('is 已完成 when every item is done, even after the due time', () => {
    expect(assigneeStatusOf(p(3), start)).toBe('completed');
    expect(assigneeStatusOf(p(3), due + DAY)).toBe('completed');
  });
  it('is 已逾期 when unfinished at or after the due time', () => {
    expect(assigneeStatusOf(p(2), due)).toBe('overdue');
    expect(assigneeStatusOf(p(0), due + 1)).toBe('overdue');
  });
  it('is 进行中 with some items done, 未开始 with none', () => {
    expect(assigneeStatusOf(p(1), due - 1)).toBe('in_progress');
    expect(assigneeStatusOf(p(0), due - 1)).toBe('not_started');
  });
  it('never counts a task without items as completed', () => {
    expect(assigneeStatusOf(p(0, 0), start)).toBe('not_started');
  });
});

describe('taskProgressPercent', () => {
  it('rounds down and caps at 100', () => {
    expect(taskProgressPercent(1, 3)).toBe(33);
    expect(taskProgressPercent(2, 3)).toBe(66);
    expect(taskProgressPercent(3, 3)).toBe(100);
    expect(taskProgressPercent(5, 3)).toBe(100);
    expect(taskProgressPercent(0, 0)).toBe(0);
  });
});

describe('timedReminderOf', () => {
  it('reminds nothing before the due-soon window', () => {
    expect(timedReminderOf(start, due, due - DUE_SOON_DAYS * DAY - 1)).toBeNull();
  });
  it('reminds due_soon inside the window and overdue from the due time', () => {
    expect(timedReminderOf(start, due, due - DUE_SOON_DAYS * DAY)).toBe('due_soon');
    expect(timedReminderOf(start, due, due - 1)).toBe('due_soon');
    expect(timedReminderOf(start, due, due)).toBe('overdue');
  });
  it('sends no due_soon before the task has started', () => {
    const shortStart = due - DAY;
    expect(timedReminderOf(shortStart, due, shortStart - 1)).toBeNull();
  });
});

describe('taskItemPath', () => {
  it('links each kind to its learner page', () => {
    expect(taskItemPath('course', 5)).toBe('/m/courses/5');
    expect(taskItemPath('exam', 6)).toBe('/m/exams/6');
    expect(taskItemPath('practice', 7)).toBe('/m/practice/7');
  });
});
