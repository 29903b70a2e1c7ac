import { TagType, taskStatusOf, type TaskItemKind, type TaskStatus } from '@kaopei/shared';
import type { TaskDetail, TaskItemInput, TaskRow } from '@kaopei/shared/contracts/study-task';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { notFound } from '../../core/http';
import { listAudienceUserIds, listStaffIds } from '../exam/exam.repo';
import { departmentWithDescendants } from '../notice/notice.service';
import { requireTags } from '../tag/tag.service';
import {
  addExamCandidates,
  analyzeAssignees,
  deleteTaskRecord,
  enrolInCourse,
  findTask,
  insertAssignees,
  insertTask,
  listPublishedExams,
  listReleasedPractices,
  resetAssignees,
  updateTask,
  itemNames,
  listAssigneeIds,
  listAudiences,
  listItems,
  replaceItems,
  saveAudiences,
  searchTasks,
  taskFigures,
  tasksByAudience,
  type ItemRecord,
  type TaskRecord,
} from './study-task.repo';
import { refreshAssignees } from './study-task-progress.repo';
import { remindAssigned } from './study-task-remind';

export const TASK_NOT_FOUND = '学习任务不存在';
const MISSING: Record<TaskItemKind, string> = {
  course: '课程不存在或不属于本机构',
  exam: '考试不存在或不属于本机构',
  practice: '练习不存在或不属于本机构',
};
/** An allocation adding this many people refreshes the planner's statistics of the assignees. */
const ANALYZE_AFTER = 2000;
/** The pickers' lists (practice sets, exams) hold at most this many. */
const PRACTICE_OPTIONS_MAX = 500;

export async function requireTask(db: DbOrTx, ctx: RequestContext, taskId: number): Promise<TaskRecord> {
  const task = await findTask(db, ctx, taskId);
  if (!task) throw notFound(TASK_NOT_FOUND);
  return task;
}

/** The names of the items' things; any of another organisation (or none) answers 404. */
async function requireItems(db: DbOrTx, ctx: RequestContext, items: readonly TaskItemInput[]) {
  const names = await itemNames(db, ctx, items);
  const missing = items.find((i) => !names.has(`${i.kind}:${i.refId}`));
  if (missing) throw notFound(MISSING[missing.kind]);
  return names;
}

export function toTaskRow(
  task: TaskRecord,
  figures: { items: number; assignees: number; completed: number } | undefined,
  now = Date.now(),
): TaskRow {
  return {
    id: task.id,
    name: task.name,
    description: task.description,
    startAt: task.startAt.getTime(),
    dueAt: task.dueAt.getTime(),
    status: taskStatusOf(task.startAt.getTime(), task.dueAt.getTime(), now),
    itemCount: figures?.items ?? 0,
    assigneeCount: figures?.assignees ?? 0,
    completedCount: figures?.completed ?? 0,
    clearedAt: task.clearedAt?.getTime() ?? null,
    createdAt: task.createdAt.getTime(),
  };
}

/** Items with the names of their things (one query per kind). */
export async function namedItems(db: DbOrTx, ctx: RequestContext, items: readonly ItemRecord[]) {
  const names = await itemNames(
    db,
    ctx,
    items.map((i) => ({ kind: i.kind as TaskItemKind, refId: i.refId })),
  );
  return items.map((i) => ({
    id: i.id,
    kind: i.kind as TaskItemKind,
    refId: i.refId,
    name: names.get(`${i.kind}:${i.refId}`) ?? '（已删除）',
    sort: i.sort,
  }));
}

export async function taskDetail(db: Db, ctx: RequestContext, taskId: number): Promise<TaskDetail> {
  const task = await requireTask(db, ctx, taskId);
  const [items, audiences, figures] = await Promise.all([
    listItems(db, [task.id]),
    listAudiences(db, ctx, task.id),
    taskFigures(db, [task.id]),
  ]);
  return {
    ...toTaskRow(task, figures.get(task.id)),
    items: await namedItems(db, ctx, items),
    audiences: audiences.map((a) => ({
      kind: a.kind as 'department' | 'staff' | 'tag',
      refId: a.refId,
      name: a.name,
      includeSub: a.includeSub,
    })),
  };
}

export async function listTasks(
  db: Db,
  ctx: RequestContext,
  filter: { keyword?: string; status?: TaskStatus },
  page: { limit: number; offset: number },
): Promise<{ rows: TaskRow[]; total: number }> {
  const found = await searchTasks(db, ctx, filter, page);
  const figures = await taskFigures(
    db,
    found.rows.map((t) => t.id),
  );
  return { total: found.total, rows: found.rows.map((t) => toTaskRow(t, figures.get(t.id))) };
}

interface TaskInput {
  name: string;
  description?: string | null;
  startAt: number;
  dueAt: number;
  items: TaskItemInput[];
}

export async function addTask(db: Db, ctx: RequestContext, input: TaskInput): Promise<TaskDetail> {
  await requireItems(db, ctx, input.items);
  const id = await db.transaction(async (tx) => {
    const taskId = await insertTask(tx, {
      organizationId: ctx.organizationId,
      name: input.name,
      description: input.description ?? null,
      startAt: new Date(input.startAt),
      dueAt: new Date(input.dueAt),
      createdBy: ctx.userId,
    });
    await replaceItems(tx, taskId, input.items);
    return taskId;
  });
  return taskDetail(db, ctx, id);
}

/** Enrols these people in the task's courses and makes them candidates of its exams (existing rows stay). */
export async function applyItems(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId'>,
  items: readonly { kind: string; refId: number }[],
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  for (const item of items) {
    if (item.kind === 'course') await enrolInCourse(db, ctx, item.refId, userIds);
    if (item.kind === 'exam') await addExamCandidates(db, ctx, item.refId, userIds);
  }
}

/**
 * Saves the task's fields and items; people already assigned are enrolled in added courses and made
 * candidates of added exams, and everyone's progress is recomputed against the new items.
 */
export async function modifyTask(
  db: Db,
  ctx: RequestContext,
  input: TaskInput & { taskId: number },
): Promise<TaskDetail> {
  const task = await requireTask(db, ctx, input.taskId);
  await requireItems(db, ctx, input.items);
  await db.transaction(async (tx) => {
    const before = await listItems(tx, [task.id]);
    await updateTask(tx, task.id, {
      name: input.name,
      description: input.description ?? null,
      startAt: new Date(input.startAt),
      dueAt: new Date(input.dueAt),
    });
    await replaceItems(tx, task.id, input.items);
    const had = new Set(before.map((i) => `${i.kind}:${i.refId}`));
    const added = input.items.filter((i) => !had.has(`${i.kind}:${i.refId}`));
    await applyItems(tx, ctx, added, await listAssigneeIds(tx, task.id));
    await refreshAssignees(tx, ctx.organizationId, [task]);
  });
  return taskDetail(db, ctx, task.id);
}

export async function deleteTask(db: Db, ctx: RequestContext, taskId: number): Promise<{ count: number }> {
  const task = await requireTask(db, ctx, taskId);
  await deleteTaskRecord(db, task.id);
  return { count: 1 };
}

/** 清空进度: everyone starts from nothing; only work done after now counts for the task. */
export async function clearTask(db: Db, ctx: RequestContext, taskId: number): Promise<null> {
  const task = await requireTask(db, ctx, taskId);
  await db.transaction(async (tx) => {
    await updateTask(tx, task.id, { clearedAt: new Date() });
    await resetAssignees(tx, task.id);
  });
  return null;
}

export interface AllocateInput {
  taskId: number;
  departmentIds: number[];
  includeSubDepartments: boolean;
  userIds: number[];
  tagIds: number[];
}

/** Who the allocation names, each with how they were named (staff before department before tag). */
async function resolveAudience(db: Db, ctx: RequestContext, input: AllocateInput) {
  const named = [...new Set(input.departmentIds)];
  const departmentIds = await departmentWithDescendants(db, ctx.organizationId, named);
  if (named.some((id) => !departmentIds.includes(id))) throw notFound('部门不存在');
  const userIds = [...new Set(input.userIds)];
  if (userIds.length > 0 && (await listStaffIds(db, ctx, userIds)).length !== userIds.length)
    throw notFound('员工不存在');
  const tagIds = [...new Set(input.tagIds)];
  await requireTags(db, ctx.organizationId, TagType.USER, tagIds);
  const scope = input.includeSubDepartments ? departmentIds : named;
  const none = { departmentIds: [], userIds: [], tagIds: [] };
  const [byStaff, byDepartment, byTag] = await Promise.all([
    listAudienceUserIds(db, ctx, { ...none, userIds }),
    listAudienceUserIds(db, ctx, { ...none, departmentIds: scope }),
    listAudienceUserIds(db, ctx, { ...none, tagIds }),
  ]);
  const sourceOf = new Map<number, string>();
  for (const [found, source] of [
    [byTag, 'tag'],
    [byDepartment, 'department'],
    [byStaff, 'staff'],
  ] as const)
    for (const id of found) sourceOf.set(id, source);
  const audiences = [
    ...named.map((refId) => ({ kind: 'department', refId, includeSub: input.includeSubDepartments })),
    ...userIds.map((refId) => ({ kind: 'staff', refId, includeSub: false })),
    ...tagIds.map((refId) => ({ kind: 'tag', refId, includeSub: false })),
  ];
  return { people: [...sourceOf].map(([userId, source]) => ({ userId, source })), audiences };
}

/**
 * 批量分配: one assignee row per active staff member named (existing rows stay), the audiences kept
 * for 按部门/按标签, everyone named enrolled in the task's courses (source 'task') and made a
 * candidate of its exams, the new assignees notified once. Returns the number of people added.
 */
export async function allocateTask(
  db: Db,
  ctx: RequestContext,
  input: AllocateInput,
): Promise<{ count: number }> {
  const task = await requireTask(db, ctx, input.taskId);
  const { people, audiences } = await resolveAudience(db, ctx, input);
  const result = await db.transaction(async (tx) => {
    const added = await insertAssignees(tx, ctx, task.id, people);
    await saveAudiences(tx, ctx, task.id, audiences);
    await applyItems(
      tx,
      ctx,
      await listItems(tx, [task.id]),
      people.map((p) => p.userId),
    );
    await refreshAssignees(tx, ctx.organizationId, [task], added);
    await remindAssigned(tx, task, added);
    return { count: added.length };
  });
  if (result.count >= ANALYZE_AFTER) await analyzeAssignees(db);
  return result;
}

export async function tasksOfAudience(
  db: Db,
  ctx: RequestContext,
  kind: 'department' | 'tag',
  refId: number,
): Promise<{ id: number; name: string; dueAt: number }[]> {
  const rows = await tasksByAudience(db, ctx, kind, refId);
  return rows.map((r) => ({ id: r.id, name: r.name, dueAt: r.dueAt.getTime() }));
}

/** Released practice sets of the organisation, for the task form's picker. */
export async function practiceOptions(db: Db, ctx: RequestContext, keyword?: string) {
  return listReleasedPractices(db, ctx, keyword, PRACTICE_OPTIONS_MAX);
}

/** Published exams of the organisation (not courses' own), for the task form's picker. */
export async function examOptions(db: Db, ctx: RequestContext, keyword?: string) {
  return listPublishedExams(db, ctx, keyword, PRACTICE_OPTIONS_MAX);
}
