import { and, asc, count, desc, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { TaskItemKind, TaskStatus } from '@kaopei/shared';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import {
  courses,
  departments,
  exams,
  practices,
  studyTaskAssignees,
  studyTaskAudiences,
  studyTaskItems,
  studyTasks,
  tags,
  users,
} from '../../db/schema';

/** Queries of study tasks, their items, audiences and assignees; each scoped by the organisation. */

type OrgScope = Pick<RequestContext, 'organizationId'>;
export type TaskRecord = typeof studyTasks.$inferSelect;
export type ItemRecord = typeof studyTaskItems.$inferSelect;

export async function findTask(db: DbOrTx, ctx: OrgScope, taskId: number): Promise<TaskRecord | undefined> {
  const [row] = await db
    .select()
    .from(studyTasks)
    .where(and(eq(studyTasks.id, taskId), eq(studyTasks.organizationId, ctx.organizationId)));
  return row;
}

/** These tasks of the organisation (others' ids are left out). */
export async function findTasks(
  db: DbOrTx,
  ctx: OrgScope,
  taskIds: readonly number[],
): Promise<TaskRecord[]> {
  if (taskIds.length === 0) return [];
  return db
    .select()
    .from(studyTasks)
    .where(and(eq(studyTasks.organizationId, ctx.organizationId), inArray(studyTasks.id, [...taskIds])));
}

/** The names of these things of the organisation, by `${kind}:${id}` (missing ones are absent). */
export async function itemNames(
  db: DbOrTx,
  ctx: OrgScope,
  items: readonly { kind: TaskItemKind; refId: number }[],
): Promise<Map<string, string>> {
  const idsOf = (kind: TaskItemKind) => [
    ...new Set(items.filter((i) => i.kind === kind).map((i) => i.refId)),
  ];
  const [courseIds, examIds, practiceIds] = [idsOf('course'), idsOf('exam'), idsOf('practice')];
  const org = ctx.organizationId;
  const [c, e, p] = await Promise.all([
    courseIds.length === 0
      ? []
      : db
          .select({ id: courses.id, name: courses.name })
          .from(courses)
          .where(and(inArray(courses.id, courseIds), eq(courses.organizationId, org))),
    examIds.length === 0
      ? []
      : db
          .select({ id: exams.id, name: exams.name })
          .from(exams)
          .where(and(inArray(exams.id, examIds), eq(exams.organizationId, org))),
    practiceIds.length === 0
      ? []
      : db
          .select({ id: practices.id, name: practices.name })
          .from(practices)
          .where(and(inArray(practices.id, practiceIds), eq(practices.organizationId, org))),
  ]);
  const names = new Map<string, string>();
  for (const r of c) names.set(`course:${r.id}`, r.name);
  for (const r of e) names.set(`exam:${r.id}`, r.name);
  for (const r of p) names.set(`practice:${r.id}`, r.name);
  return names;
}

export async function listItems(db: DbOrTx, taskIds: readonly number[]): Promise<ItemRecord[]> {
  if (taskIds.length === 0) return [];
  return db
    .select()
    .from(studyTaskItems)
    .where(inArray(studyTaskItems.taskId, [...taskIds]))
    .orderBy(asc(studyTaskItems.taskId), asc(studyTaskItems.sort), asc(studyTaskItems.id));
}

export async function replaceItems(
  db: DbOrTx,
  taskId: number,
  items: readonly { kind: TaskItemKind; refId: number }[],
): Promise<void> {
  await db.delete(studyTaskItems).where(eq(studyTaskItems.taskId, taskId));
  await db
    .insert(studyTaskItems)
    .values(items.map((item, sort) => ({ taskId, kind: item.kind, refId: item.refId, sort })));
}

/** The audiences of a task with the names of what they point at. */
export async function listAudiences(db: DbOrTx, ctx: OrgScope, taskId: number) {
  return db
    .select({
      kind: studyTaskAudiences.kind,
      refId: studyTaskAudiences.refId,
      includeSub: studyTaskAudiences.includeSub,
      name: sql<string>`coalesce(${departments.name}, ${users.realName}, ${tags.name}, '')`,
    })
    .from(studyTaskAudiences)
    .leftJoin(
      departments,
      and(eq(studyTaskAudiences.kind, 'department'), eq(departments.id, studyTaskAudiences.refId)),
    )
    .leftJoin(users, and(eq(studyTaskAudiences.kind, 'staff'), eq(users.id, studyTaskAudiences.refId)))
    .leftJoin(tags, and(eq(studyTaskAudiences.kind, 'tag'), eq(tags.id, studyTaskAudiences.refId)))
    .where(
      and(eq(studyTaskAudiences.taskId, taskId), eq(studyTaskAudiences.organizationId, ctx.organizationId)),
    )
    .orderBy(asc(studyTaskAudiences.kind), asc(studyTaskAudiences.refId));
}

function statusCondition(status: TaskStatus | undefined): SQL | undefined {
  if (status === 'not_started') return sql`${studyTasks.startAt} > now()`;
  if (status === 'running') return sql`${studyTasks.startAt} <= now() and ${studyTasks.dueAt} > now()`;
  if (status === 'ended') return sql`${studyTasks.dueAt} <= now()`;
  return undefined;
}

export async function searchTasks(
  db: DbOrTx,
  ctx: OrgScope,
  filter: { keyword?: string; status?: TaskStatus },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(studyTasks.organizationId, ctx.organizationId),
    filter.keyword ? ilike(studyTasks.name, containsPattern(filter.keyword)) : undefined,
    statusCondition(filter.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(studyTasks)
      .where(where)
      .orderBy(desc(studyTasks.createdAt), desc(studyTasks.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(studyTasks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Items, assignees and completed assignees per task (three grouped queries, no N+1). */
export async function taskFigures(db: DbOrTx, taskIds: readonly number[]) {
  if (taskIds.length === 0) return new Map<number, { items: number; assignees: number; completed: number }>();
  const ids = [...taskIds];
  const [items, assignees, completed] = await Promise.all([
    db
      .select({ taskId: studyTaskItems.taskId, n: count() })
      .from(studyTaskItems)
      .where(inArray(studyTaskItems.taskId, ids))
      .groupBy(studyTaskItems.taskId),
    db
      .select({ taskId: studyTaskAssignees.taskId, n: count() })
      .from(studyTaskAssignees)
      .where(inArray(studyTaskAssignees.taskId, ids))
      .groupBy(studyTaskAssignees.taskId),
    db
      .select({ taskId: studyTaskAssignees.taskId, n: count() })
      .from(studyTaskAssignees)
      .where(and(inArray(studyTaskAssignees.taskId, ids), isNotNull(studyTaskAssignees.completedAt)))
      .groupBy(studyTaskAssignees.taskId),
  ]);
  const figures = new Map(ids.map((id) => [id, { items: 0, assignees: 0, completed: 0 }]));
  for (const r of items) figures.get(r.taskId)!.items = r.n;
  for (const r of assignees) figures.get(r.taskId)!.assignees = r.n;
  for (const r of completed) figures.get(r.taskId)!.completed = r.n;
  return figures;
}

/** Tasks allocated to this department or tag (as named in an allocation). */
export async function tasksByAudience(db: DbOrTx, ctx: OrgScope, kind: 'department' | 'tag', refId: number) {
  return db
    .select({ id: studyTasks.id, name: studyTasks.name, dueAt: studyTasks.dueAt })
    .from(studyTaskAudiences)
    .innerJoin(studyTasks, eq(studyTasks.id, studyTaskAudiences.taskId))
    .where(
      and(
        eq(studyTaskAudiences.organizationId, ctx.organizationId),
        eq(studyTaskAudiences.kind, kind),
        eq(studyTaskAudiences.refId, refId),
      ),
    )
    .orderBy(desc(studyTasks.dueAt), desc(studyTasks.id));
}

const arrayOf = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** Adds assignees in one statement; those already there keep their row. Returns the user ids added. */
export async function insertAssignees(
  db: DbOrTx,
  ctx: OrgScope,
  taskId: number,
  people: readonly { userId: number; source: string }[],
): Promise<number[]> {
  if (people.length === 0) return [];
  const result = await db.execute(sql`
    insert into study_task_assignees (task_id, user_id, organization_id, source)
    select ${taskId}::bigint, p.user_id, ${ctx.organizationId}::bigint, p.source
    from unnest(${arrayOf(people.map((p) => p.userId))}::bigint[], ${`{${people.map((p) => p.source).join(',')}}`}::text[])
      as p(user_id, source)
    on conflict do nothing
    returning user_id`);
  return (result as unknown as { rows: { user_id: string | number }[] }).rows.map((r) => Number(r.user_id));
}

export async function saveAudiences(
  db: DbOrTx,
  ctx: OrgScope,
  taskId: number,
  audiences: readonly { kind: string; refId: number; includeSub: boolean }[],
): Promise<void> {
  if (audiences.length === 0) return;
  await db
    .insert(studyTaskAudiences)
    .values(audiences.map((a) => ({ ...a, taskId, organizationId: ctx.organizationId })))
    .onConflictDoUpdate({
      target: [studyTaskAudiences.taskId, studyTaskAudiences.kind, studyTaskAudiences.refId],
      set: { includeSub: sql`excluded.include_sub` },
    });
}

export async function listAssigneeIds(db: DbOrTx, taskId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: studyTaskAssignees.userId })
    .from(studyTaskAssignees)
    .where(eq(studyTaskAssignees.taskId, taskId));
  return rows.map((r) => r.userId);
}

export async function insertTask(
  db: DbOrTx,
  values: Omit<typeof studyTasks.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<number> {
  const [row] = await db.insert(studyTasks).values(values).returning({ id: studyTasks.id });
  if (!row) throw new Error('study task insert failed');
  return row.id;
}

export async function updateTask(
  db: DbOrTx,
  taskId: number,
  values: Partial<
    Pick<TaskRecord, 'name' | 'description' | 'startAt' | 'dueAt' | 'clearedAt' | 'refreshedAt'>
  >,
): Promise<void> {
  await db
    .update(studyTasks)
    .set({ ...values, ...(values.refreshedAt ? {} : { updatedAt: new Date() }) })
    .where(eq(studyTasks.id, taskId));
}

export async function deleteTaskRecord(db: DbOrTx, taskId: number): Promise<void> {
  await db.delete(studyTasks).where(eq(studyTasks.id, taskId));
}

/** Removes one person's assignments to these tasks that were made one way (e.g. 'shop'). */
export async function deleteAssignments(
  db: DbOrTx,
  userId: number,
  taskIds: readonly number[],
  source: string,
): Promise<void> {
  if (taskIds.length === 0) return;
  await db
    .delete(studyTaskAssignees)
    .where(
      and(
        eq(studyTaskAssignees.userId, userId),
        inArray(studyTaskAssignees.taskId, [...taskIds]),
        eq(studyTaskAssignees.source, source),
      ),
    );
}

/** Everyone's summary back to nothing done (清空进度). */
export async function resetAssignees(db: DbOrTx, taskId: number): Promise<void> {
  await db
    .update(studyTaskAssignees)
    .set({ doneCount: 0, progressPercent: 0, completedAt: null })
    .where(eq(studyTaskAssignees.taskId, taskId));
}

/** Released practice sets of the organisation (the task form's picker). */
export async function listReleasedPractices(
  db: DbOrTx,
  ctx: OrgScope,
  keyword: string | undefined,
  limit: number,
) {
  return db
    .select({ id: practices.id, name: practices.name })
    .from(practices)
    .where(
      and(
        eq(practices.organizationId, ctx.organizationId),
        eq(practices.status, 1),
        keyword ? ilike(practices.name, containsPattern(keyword)) : undefined,
      ),
    )
    .orderBy(asc(practices.name), asc(practices.id))
    .limit(limit);
}

/** Published exams of the organisation other than courses' own (the task form's picker). */
export async function listPublishedExams(
  db: DbOrTx,
  ctx: OrgScope,
  keyword: string | undefined,
  limit: number,
) {
  return db
    .select({ id: exams.id, name: exams.name })
    .from(exams)
    .where(
      and(
        eq(exams.organizationId, ctx.organizationId),
        eq(exams.status, 1),
        sql`${exams.purpose} <> 'course'`,
        keyword ? ilike(exams.name, containsPattern(keyword)) : undefined,
      ),
    )
    .orderBy(desc(exams.id))
    .limit(limit);
}

/**
 * Enrols these people in the course (source 'task'); existing members keep their row. The same rows as
 * the course module's insertMembers, in one statement: allocation enrols up to tens of thousands at once.
 */
export async function enrolInCourse(db: DbOrTx, ctx: OrgScope, courseId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db.execute(sql`
    insert into course_members (course_id, user_id, organization_id, source)
    select ${courseId}::bigint, u, ${ctx.organizationId}::bigint, 'task'
    from unnest(${arrayOf(userIds)}::bigint[]) as u
    on conflict do nothing`);
}

/** Makes these people candidates of the exam (as the exam module's insertCandidates, in one statement). */
export async function addExamCandidates(
  db: DbOrTx,
  ctx: OrgScope,
  examId: number,
  userIds: readonly number[],
) {
  if (userIds.length === 0) return;
  await db.execute(sql`
    insert into exam_candidates (exam_id, user_id, organization_id)
    select ${examId}::bigint, u, ${ctx.organizationId}::bigint
    from unnest(${arrayOf(userIds)}::bigint[]) as u
    on conflict do nothing`);
}

/** Fresh planner statistics after a large allocation (the detail page's plans depend on them). */
export async function analyzeAssignees(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze study_task_assignees`);
}
