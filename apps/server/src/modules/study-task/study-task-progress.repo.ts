import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { practiceCompletions } from '../practice/practice-completion.repo';

/**
 * What counts as done in a study task, and the assignees' summary columns (issue 18). An item is done
 * for a person when, after the task's clear baseline (`cleared_at`; none: any time):
 * - course: the course is completed (course_members.completed_at);
 * - exam: a graded (status 2), passed attempt was submitted;
 * - practice: practiceCompletions (modules/practice) — the one definition of "has practised a set".
 */

export interface TaskBase {
  id: number;
  clearedAt: Date | null;
}

export interface ItemDone {
  taskId: number;
  itemId: number;
  userId: number;
  doneAt: Date;
}

const bigintArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** Practice items done, through practiceCompletions: one call per distinct baseline among the tasks. */
async function practiceDone(
  db: DbOrTx,
  organizationId: number,
  tasks: readonly TaskBase[],
  userIds?: readonly number[],
): Promise<ItemDone[]> {
  const items = rowsOf<{ id: string | number; taskId: string | number; refId: string | number }>(
    await db.execute(sql`
      select id, task_id as "taskId", ref_id as "refId" from study_task_items
      where task_id = any(${bigintArray(tasks.map((t) => t.id))}::bigint[]) and kind = 'practice'`),
  ).map((r) => ({ id: Number(r.id), taskId: Number(r.taskId), refId: Number(r.refId) }));
  if (items.length === 0) return [];
  const byBaseline = new Map<number, TaskBase[]>();
  for (const task of tasks) {
    const key = task.clearedAt?.getTime() ?? -1;
    byBaseline.set(key, [...(byBaseline.get(key) ?? []), task]);
  }
  const out: ItemDone[] = [];
  for (const [baseline, group] of byBaseline) {
    const taskIds = new Set(group.map((t) => t.id));
    const groupItems = items.filter((i) => taskIds.has(i.taskId));
    if (groupItems.length === 0) continue;
    const completions = await practiceCompletions(
      db,
      organizationId,
      [...new Set(groupItems.map((i) => i.refId))],
      { userIds, since: baseline < 0 ? undefined : new Date(baseline) },
    );
    for (const c of completions)
      for (const item of groupItems)
        if (item.refId === c.practiceId)
          out.push({ taskId: item.taskId, itemId: item.id, userId: c.userId, doneAt: c.completedAt });
  }
  return out;
}

/** A `done(task_id, item_id, user_id, done_at)` relation of the tasks' items (and these people only). */
async function doneRelation(
  db: DbOrTx,
  organizationId: number,
  tasks: readonly TaskBase[],
  userIds?: readonly number[],
): Promise<SQL> {
  const taskIds = bigintArray(tasks.map((t) => t.id));
  const practice = await practiceDone(db, organizationId, tasks, userIds);
  const courseUsers = userIds ? sql`and m.user_id = any(${bigintArray(userIds)}::bigint[])` : sql``;
  const examUsers = userIds ? sql`and e.user_id = any(${bigintArray(userIds)}::bigint[])` : sql``;
  const practiceJson = JSON.stringify(
    practice.map((p) => ({
      task_id: p.taskId,
      item_id: p.itemId,
      user_id: p.userId,
      done_at: p.doneAt.toISOString(),
    })),
  );
  return sql`(
    select i.task_id, i.id as item_id, m.user_id, m.completed_at as done_at
    from study_task_items i
    join study_tasks t on t.id = i.task_id
    join course_members m on m.course_id = i.ref_id and m.organization_id = ${organizationId}::bigint
      and m.completed_at is not null and m.completed_at > coalesce(t.cleared_at, '-infinity'::timestamptz)
    where i.task_id = any(${taskIds}::bigint[]) and i.kind = 'course' ${courseUsers}
    union all
    select i.task_id, i.id, e.user_id, min(e.submitted_at)
    from study_task_items i
    join study_tasks t on t.id = i.task_id
    join exam_attempts e on e.exam_id = i.ref_id and e.organization_id = ${organizationId}::bigint
      and e.status = 2 and e.passed = 1 and e.submitted_at > coalesce(t.cleared_at, '-infinity'::timestamptz)
    where i.task_id = any(${taskIds}::bigint[]) and i.kind = 'exam' ${examUsers}
    group by i.task_id, i.id, e.user_id
    union all
    select p.task_id, p.item_id, p.user_id, p.done_at
    from jsonb_to_recordset(${practiceJson}::jsonb) as p(task_id bigint, item_id bigint, user_id bigint, done_at timestamptz)
  )`;
}

/** Each item these people have done in these tasks (the detail page's cells, one learner's results). */
export async function listItemsDone(
  db: DbOrTx,
  organizationId: number,
  tasks: readonly TaskBase[],
  userIds: readonly number[],
): Promise<ItemDone[]> {
  if (tasks.length === 0 || userIds.length === 0) return [];
  const done = await doneRelation(db, organizationId, tasks, userIds);
  const rows = rowsOf<{ task_id: string; item_id: string; user_id: string; done_at: string | Date }>(
    await db.execute(sql`select task_id, item_id, user_id, min(done_at) as done_at from ${done} d
      group by task_id, item_id, user_id`),
  );
  return rows.map((r) => ({
    taskId: Number(r.task_id),
    itemId: Number(r.item_id),
    userId: Number(r.user_id),
    doneAt: new Date(r.done_at),
  }));
}

/**
 * Recomputes the summary columns (done_count, progress_percent, completed_at) of the tasks' assignees —
 * all of them, or these people only — in one statement; rows already right are not written. The percent
 * is taskProgressPercent (shared/study-task.ts) in SQL: floor(done × 100 ÷ items).
 */
export async function refreshAssignees(
  db: DbOrTx,
  organizationId: number,
  tasks: readonly TaskBase[],
  userIds?: readonly number[],
): Promise<void> {
  if (tasks.length === 0 || (userIds && userIds.length === 0)) return;
  const taskIds = bigintArray(tasks.map((t) => t.id));
  const done = await doneRelation(db, organizationId, tasks, userIds);
  const onlyUsers = userIds ? sql`and a.user_id = any(${bigintArray(userIds)}::bigint[])` : sql``;
  await db.execute(sql`
    with per as (
      select task_id, user_id, count(distinct item_id)::int as n, max(done_at) as last
      from ${done} d group by task_id, user_id
    ), cnt as (
      select task_id, count(*)::int as c from study_task_items
      where task_id = any(${taskIds}::bigint[]) group by task_id
    ), calc as (
      select a.task_id, a.user_id, coalesce(per.n, 0) as n,
        case when coalesce(cnt.c, 0) > 0 then least(100, (least(coalesce(per.n, 0), cnt.c) * 100) / cnt.c) else 0 end as pct,
        case when coalesce(cnt.c, 0) > 0 and coalesce(per.n, 0) >= cnt.c then per.last end as completed
      from study_task_assignees a
      left join per on per.task_id = a.task_id and per.user_id = a.user_id
      left join cnt on cnt.task_id = a.task_id
      where a.task_id = any(${taskIds}::bigint[]) ${onlyUsers}
    )
    update study_task_assignees s
    set done_count = calc.n, progress_percent = calc.pct, completed_at = calc.completed
    from calc
    where s.task_id = calc.task_id and s.user_id = calc.user_id
      and (s.done_count <> calc.n or s.progress_percent <> calc.pct or s.completed_at is distinct from calc.completed)`);
}
