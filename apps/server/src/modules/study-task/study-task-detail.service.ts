import { assigneeStatusOf, type AssigneeStatus } from '@kaopei/shared';
import type { AssigneeRow, MyTaskRow, TaskAnswer } from '@kaopei/shared/contracts/study-task';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { notFound } from '../../core/http';
import { departmentWithDescendants } from '../notice/notice.service';
import { listItems, taskFigures, updateTask, type TaskRecord } from './study-task.repo';
import {
  findAssignee,
  listOpenTasksOf,
  listUnfinishedIds,
  searchAssignees,
  searchTasksOf,
} from './study-task-assignee.repo';
import { listItemsDone, refreshAssignees } from './study-task-progress.repo';
import { noticeTo } from './study-task-remind';
import { itemResults } from './study-task-results.repo';
import { namedItems, requireTask, TASK_NOT_FOUND, toTaskRow } from './study-task.service';

/** Everyone's summary is recomputed when the detail is opened, at most this often per task. */
const REFRESH_EVERY_MS = 60_000;

/** Recomputes every assignee's summary unless it was done in the last REFRESH_EVERY_MS. */
async function freshen(db: Db, ctx: RequestContext, task: TaskRecord): Promise<void> {
  const now = new Date();
  if (task.refreshedAt && now.getTime() - task.refreshedAt.getTime() < REFRESH_EVERY_MS) return;
  await refreshAssignees(db, ctx.organizationId, [task]);
  await updateTask(db, task.id, { refreshedAt: now });
}

export interface DetailFilterOut {
  taskId: number;
  departmentId?: number | null;
  status?: AssigneeStatus;
  keyword?: string;
}

/** 任务完成情况: a page of assignees with their status and each item done or not. */
export async function taskAssignees(
  db: Db,
  ctx: RequestContext,
  filter: DetailFilterOut,
  page: { limit: number; offset: number },
): Promise<{ rows: AssigneeRow[]; total: number }> {
  const task = await requireTask(db, ctx, filter.taskId);
  await freshen(db, ctx, task);
  const departmentIds = filter.departmentId
    ? await departmentWithDescendants(db, ctx.organizationId, [filter.departmentId])
    : undefined;
  const search = {
    taskId: task.id,
    departmentIds: departmentIds && departmentIds.length === 0 ? [-1] : departmentIds,
    status: filter.status,
    due: Date.now() >= task.dueAt.getTime(),
    keyword: filter.keyword,
  };
  const [{ rows, total }, items] = await Promise.all([
    searchAssignees(db, ctx, search, page),
    listItems(db, [task.id]),
  ]);
  const done = await listItemsDone(
    db,
    ctx.organizationId,
    [task],
    rows.map((r) => r.assignee.userId),
  );
  const doneAt = new Map(done.map((d) => [`${d.userId}:${d.itemId}`, d.doneAt.getTime()]));
  const now = Date.now();
  return {
    total,
    rows: rows.map(({ assignee: a, ...person }) => ({
      userId: a.userId,
      ...person,
      source: a.source,
      status: assigneeStatusOf(
        { doneCount: a.doneCount, itemCount: items.length, dueAt: task.dueAt.getTime() },
        now,
      ),
      doneCount: a.doneCount,
      itemCount: items.length,
      progressPercent: a.progressPercent,
      completedAt: a.completedAt?.getTime() ?? null,
      items: items.map((item) => {
        const at = doneAt.get(`${a.userId}:${item.id}`) ?? null;
        return { itemId: item.id, done: at !== null, doneAt: at };
      }),
    })),
  };
}

/** 催办: a notice to every unfinished (active) assignee; returns how many. */
export async function remindLate(db: Db, ctx: RequestContext, taskId: number): Promise<{ count: number }> {
  const task = await requireTask(db, ctx, taskId);
  await refreshAssignees(db, ctx.organizationId, [task]);
  const ids = await listUnfinishedIds(db, task.id);
  await db.transaction((tx) => noticeTo(tx, task, 'late', ids));
  return { count: ids.length };
}

/** One person's results in a task (they must be assigned to it); their summary is recomputed first. */
export async function taskAnswer(
  db: Db,
  ctx: RequestContext,
  taskId: number,
  userId: number,
  notAssigned = '该员工未分配此学习任务',
): Promise<TaskAnswer> {
  const task = await requireTask(db, ctx, taskId);
  const person = await findAssignee(db, ctx, task.id, userId);
  if (!person) throw notFound(notAssigned);
  await refreshAssignees(db, ctx.organizationId, [task], [userId]);
  const [fresh, items, figures] = await Promise.all([
    findAssignee(db, ctx, task.id, userId),
    listItems(db, [task.id]).then((rows) => namedItems(db, ctx, rows)),
    taskFigures(db, [task.id]),
  ]);
  const a = (fresh ?? person).assignee;
  return {
    task: toTaskRow(task, figures.get(task.id)),
    user: {
      userId,
      realName: person.realName,
      account: person.account,
      departmentName: person.departmentName,
    },
    status: assigneeStatusOf(
      { doneCount: a.doneCount, itemCount: items.length, dueAt: task.dueAt.getTime() },
      Date.now(),
    ),
    doneCount: a.doneCount,
    progressPercent: a.progressPercent,
    completedAt: a.completedAt?.getTime() ?? null,
    items: await itemResults(db, ctx.organizationId, task, items, userId),
  };
}

/** The learner's own task page: their results (404 when the task is not theirs). */
export async function myTask(db: Db, ctx: RequestContext, taskId: number): Promise<TaskAnswer> {
  if (!(await findAssignee(db, ctx, taskId, ctx.userId))) throw notFound(TASK_NOT_FOUND);
  return taskAnswer(db, ctx, taskId, ctx.userId, TASK_NOT_FOUND);
}

/**
 * 我的任务: the learner's unfinished rows are recomputed (one statement), then listed — todo: started
 * and unfinished, due soonest first; all: every task, latest due first.
 */
export async function myTasks(
  db: Db,
  ctx: RequestContext,
  tab: 'todo' | 'all',
  page: { limit: number; offset: number },
): Promise<{ rows: MyTaskRow[]; total: number }> {
  await refreshAssignees(db, ctx.organizationId, await listOpenTasksOf(db, ctx, ctx.userId), [ctx.userId]);
  const { rows, total } = await searchTasksOf(db, ctx, ctx.userId, tab, page);
  const items = await listItems(
    db,
    rows.map((r) => r.task.id),
  );
  const now = Date.now();
  return {
    total,
    rows: rows.map(({ task, doneCount, progressPercent }) => {
      const itemCount = items.filter((i) => i.taskId === task.id).length;
      return {
        id: task.id,
        name: task.name,
        startAt: task.startAt.getTime(),
        dueAt: task.dueAt.getTime(),
        status: assigneeStatusOf({ doneCount, itemCount, dueAt: task.dueAt.getTime() }, now),
        doneCount,
        itemCount,
        progressPercent,
      };
    }),
  };
}
