import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AssigneeStatus } from '@kaopei/shared';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import { departments, studyTaskAssignees, studyTasks, users } from '../../db/schema';

/** Queries of a task's assignees (the detail page, answers, the learner's list); scoped by the organisation. */

type OrgScope = Pick<RequestContext, 'organizationId'>;
const a = studyTaskAssignees;

export interface AssigneeSearch {
  taskId: number;
  /** The department and its descendants (resolved by the service). */
  departmentIds?: number[];
  status?: AssigneeStatus;
  /** The task's due time has passed. */
  due: boolean;
  keyword?: string;
}

/** The status filter in SQL: 已逾期 is "unfinished" once the task is due, never before. */
function statusCondition(status: AssigneeStatus | undefined, due: boolean): SQL | undefined {
  if (!status) return undefined;
  if (status === 'completed') return isNotNull(a.completedAt);
  if (status === 'overdue') return due ? isNull(a.completedAt) : sql`false`;
  if (due) return sql`false`;
  return and(isNull(a.completedAt), status === 'in_progress' ? gt(a.doneCount, 0) : eq(a.doneCount, 0));
}

const personColumns = {
  assignee: a,
  realName: users.realName,
  account: users.account,
  departmentName: departments.name,
};

export async function searchAssignees(
  db: DbOrTx,
  ctx: OrgScope,
  filter: AssigneeSearch,
  page: { limit: number; offset: number },
) {
  const pattern = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const where = and(
    eq(a.taskId, filter.taskId),
    eq(a.organizationId, ctx.organizationId),
    filter.departmentIds ? inArray(users.departmentId, filter.departmentIds) : undefined,
    statusCondition(filter.status, filter.due),
    pattern
      ? or(ilike(users.realName, pattern), ilike(users.account, pattern), ilike(users.jobNumber, pattern))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(personColumns)
      .from(a)
      .innerJoin(users, eq(users.id, a.userId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(where)
      .orderBy(asc(a.userId))
      .limit(page.limit)
      .offset(page.offset),
    // Without a filter on the person, the count needs no join.
    filter.departmentIds || pattern
      ? db.select({ n: count() }).from(a).innerJoin(users, eq(users.id, a.userId)).where(where)
      : db.select({ n: count() }).from(a).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One assignee of the task with their name and department (undefined when not assigned). */
export async function findAssignee(db: DbOrTx, ctx: OrgScope, taskId: number, userId: number) {
  const [row] = await db
    .select(personColumns)
    .from(a)
    .innerJoin(users, eq(users.id, a.userId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(a.taskId, taskId), eq(a.userId, userId), eq(a.organizationId, ctx.organizationId)));
  return row;
}

/** Active assignees who have not finished the task. */
export async function listUnfinishedIds(db: DbOrTx, taskId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: a.userId })
    .from(a)
    .innerJoin(users, eq(users.id, a.userId))
    .where(and(eq(a.taskId, taskId), isNull(a.completedAt), eq(users.status, 0)));
  return rows.map((r) => r.userId);
}

/** The learner's unfinished tasks (with their baselines), to recompute before listing. */
export async function listOpenTasksOf(db: DbOrTx, ctx: OrgScope, userId: number) {
  return db
    .select({ id: studyTasks.id, clearedAt: studyTasks.clearedAt })
    .from(a)
    .innerJoin(studyTasks, eq(studyTasks.id, a.taskId))
    .where(and(eq(a.userId, userId), eq(a.organizationId, ctx.organizationId), isNull(a.completedAt)));
}

/** The learner's tasks: todo (started, unfinished; due soonest first) or all (latest due first). */
export async function searchTasksOf(
  db: DbOrTx,
  ctx: OrgScope,
  userId: number,
  tab: 'todo' | 'all',
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(a.userId, userId),
    eq(a.organizationId, ctx.organizationId),
    tab === 'todo' ? and(isNull(a.completedAt), sql`${studyTasks.startAt} <= now()`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ task: studyTasks, doneCount: a.doneCount, progressPercent: a.progressPercent })
      .from(a)
      .innerJoin(studyTasks, eq(studyTasks.id, a.taskId))
      .where(where)
      .orderBy(tab === 'todo' ? asc(studyTasks.dueAt) : desc(studyTasks.dueAt), asc(studyTasks.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(a).innerJoin(studyTasks, eq(studyTasks.id, a.taskId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
