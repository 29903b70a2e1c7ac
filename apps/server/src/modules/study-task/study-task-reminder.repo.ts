import { sql } from 'drizzle-orm';
import type { TaskReminderKind } from '@kaopei/shared';
import { rowsOf, type DbOrTx } from '../../db/client';

/**
 * The reminder log (study_task_reminders): each insert is `on conflict do nothing returning`, so a row —
 * and the notice that follows it — belongs to exactly one run, however many run at once.
 */

const ids = (result: unknown) => rowsOf<{ user_id: string | number }>(result).map((r) => Number(r.user_id));

/** Logs the assignment reminder of these people; returns those newly logged. */
export async function logAssigned(db: DbOrTx, taskId: number, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  return ids(
    await db.execute(sql`
      insert into study_task_reminders (task_id, user_id, kind)
      select ${taskId}::bigint, u, 'assigned' from unnest(${`{${userIds.map(Math.trunc).join(',')}}`}::bigint[]) as u
      on conflict do nothing
      returning user_id`),
  );
}

/** Logs a timed reminder for every unfinished active assignee; returns those newly logged. */
export async function logUnfinished(db: DbOrTx, taskId: number, kind: TaskReminderKind): Promise<number[]> {
  return ids(
    await db.execute(sql`
      insert into study_task_reminders (task_id, user_id, kind)
      select a.task_id, a.user_id, ${kind}
      from study_task_assignees a join users u on u.id = a.user_id and u.status = 0
      where a.task_id = ${taskId}::bigint and a.completed_at is null
      on conflict do nothing
      returning user_id`),
  );
}

export interface RemindableTask {
  id: number;
  organizationId: number;
  name: string;
  startAt: Date;
  dueAt: Date;
  clearedAt: Date | null;
}

/** Tasks started by `now` and due between `since` and `until`. */
export async function listRemindableTasks(
  db: DbOrTx,
  now: Date,
  since: Date,
  until: Date,
): Promise<RemindableTask[]> {
  const rows = rowsOf<{
    id: string | number;
    organization_id: string | number;
    name: string;
    start_at: string | Date;
    due_at: string | Date;
    cleared_at: string | Date | null;
  }>(
    await db.execute(sql`
      select id, organization_id, name, start_at, due_at, cleared_at from study_tasks
      where start_at <= ${now.toISOString()}::timestamptz and due_at <= ${until.toISOString()}::timestamptz
        and due_at > ${since.toISOString()}::timestamptz
      order by due_at`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    organizationId: Number(r.organization_id),
    name: r.name,
    startAt: new Date(r.start_at),
    dueAt: new Date(r.due_at),
    clearedAt: r.cleared_at ? new Date(r.cleared_at) : null,
  }));
}

/**
 * A system notice (type 1) of the organisation with one unread receipt per person — the rows the notice
 * module's insertNoticeWithReceipts writes, the receipts in one statement however many people.
 */
export async function insertSystemNotice(
  db: DbOrTx,
  organizationId: number,
  notice: { title: string; content: string; link: string },
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  const [row] = rowsOf<{ id: string | number }>(
    await db.execute(sql`
      insert into notices (organization_id, type, title, content, link)
      values (${organizationId}::bigint, 1, ${notice.title}, ${notice.content}, ${notice.link})
      returning id`),
  );
  await db.execute(sql`
    insert into notice_receives (notice_id, user_id)
    select ${Number(row!.id)}::bigint, u from unnest(${`{${userIds.map(Math.trunc).join(',')}}`}::bigint[]) as u`);
}
