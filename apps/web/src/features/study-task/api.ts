import {
  studyTaskContracts as tasks,
  type AssigneeRow,
  type MyTaskRow,
  type TaskAnswer,
  type TaskDetail,
  type TaskDetailFilter,
  type TaskRow,
} from '@kaopei/shared/contracts/study-task';
import { call, callPage, type BodyIn } from '../../lib/api';
import { download } from '../../lib/download';

/** 学习任务 (contracts: packages/shared/src/contracts/study-task.ts). Paging is zero-based. */

export type { AssigneeRow, MyTaskRow, TaskAnswer, TaskDetail, TaskDetailFilter, TaskRow };
export type TaskInput = BodyIn<typeof tasks.add>;
export type AllocateInput = BodyIn<typeof tasks.allocate>;
export type TaskFilter = NonNullable<BodyIn<typeof tasks.search>>;

export const taskKeys = {
  all: ['study-tasks'] as const,
  list: (filter: TaskFilter, page: number, size: number) =>
    ['study-tasks', 'list', filter, page, size] as const,
  detail: (taskId: number) => ['study-tasks', 'detail', taskId] as const,
  assignees: (filter: TaskDetailFilter, page: number, size: number) =>
    ['study-tasks', 'assignees', filter, page, size] as const,
  answer: (taskId: number, userId: number) => ['study-tasks', 'answer', taskId, userId] as const,
  practices: ['study-tasks', 'practices'] as const,
  exams: ['study-tasks', 'exams'] as const,
  mine: (tab: 'todo' | 'all', page: number, size: number) =>
    ['study-tasks', 'mine', tab, page, size] as const,
  mineOne: (taskId: number) => ['study-tasks', 'mine', 'one', taskId] as const,
};

export function fetchTasks(filter: TaskFilter, page: number, size: number) {
  return callPage(tasks.search, { query: { page, size }, body: filter });
}

export function fetchTask(taskId: number): Promise<TaskDetail> {
  return call(tasks.get, { query: { taskId } });
}

export function saveTask(taskId: number | null, input: TaskInput): Promise<TaskDetail> {
  return taskId === null
    ? call(tasks.add, { body: input })
    : call(tasks.modify, { body: { ...input, taskId } });
}

export function deleteTask(taskId: number) {
  return call(tasks.delete, { query: { taskId } });
}

export function clearTask(taskId: number) {
  return call(tasks.clear, { query: { taskId } });
}

export function allocateTask(input: AllocateInput) {
  return call(tasks.allocate, { body: input });
}

export function fetchAssignees(filter: TaskDetailFilter, page: number, size: number) {
  return callPage(tasks.detail, { query: { page, size }, body: filter });
}

export function exportAssignees(filter: TaskDetailFilter, taskName: string): Promise<string> {
  return download(tasks.detailExport, { body: filter }, `${taskName}_完成情况.xlsx`);
}

export function remindLate(taskId: number) {
  return call(tasks.remind, { query: { taskId } });
}

export function fetchAnswer(taskId: number, userId: number): Promise<TaskAnswer> {
  return call(tasks.answer, { query: { taskId, userId } });
}

export function fetchPracticeOptions() {
  return call(tasks.practiceOptions, { query: {} });
}

export function fetchExamOptions() {
  return call(tasks.examOptions, { query: {} });
}

export function fetchMyTasks(tab: 'todo' | 'all', page: number, size: number) {
  return callPage(tasks.mine, { query: { tab, page, size } });
}

export function fetchMyTask(taskId: number): Promise<TaskAnswer> {
  return call(tasks.mineGet, { query: { taskId } });
}
