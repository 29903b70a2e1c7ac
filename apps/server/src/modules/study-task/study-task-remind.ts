import { DUE_SOON_DAYS, studyTaskPaths, timedReminderOf, type TaskReminderKind } from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import { refreshAssignees } from './study-task-progress.repo';
import {
  insertSystemNotice,
  listRemindableTasks,
  logAssigned,
  logUnfinished,
} from './study-task-reminder.repo';

/**
 * Study task reminders (issue 18) through the message box and the bell (a system notice, type 1, that
 * links to the learner's task page): on assignment, DUE_SOON_DAYS before the due time and once
 * overdue. Every timed reminder is logged in study_task_reminders first (insert … on conflict do
 * nothing returning): only the people whose row this run inserted get the notice, so each fires once
 * even when two instances run the job at the same moment.
 */

interface RemindTask {
  id: number;
  organizationId: number;
  name: string;
  dueAt: Date;
}

/** Overdue reminders are sent for tasks due within this many days (older ones were reminded already). */
const OVERDUE_LOOKBACK_DAYS = 7;

/** Beijing time (messages are read in China), minutes precision. */
export function beijingTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

function messageOf(kind: TaskReminderKind | 'late', task: RemindTask): { title: string; content: string } {
  const due = beijingTime(task.dueAt);
  if (kind === 'assigned')
    return { title: '新的学习任务', content: `您有一个新的学习任务「${task.name}」，请在 ${due} 前完成。` };
  if (kind === 'due_soon')
    return { title: '学习任务即将截止', content: `学习任务「${task.name}」将于 ${due} 截止，请尽快完成。` };
  if (kind === 'overdue')
    return {
      title: '学习任务已逾期',
      content: `学习任务「${task.name}」已于 ${due} 截止，您还有内容未完成，请尽快补上。`,
    };
  return { title: '学习任务催办', content: `请尽快完成学习任务「${task.name}」（截止时间 ${due}）。` };
}

/** One system notice to these people. */
export async function noticeTo(
  db: DbOrTx,
  task: RemindTask,
  kind: TaskReminderKind | 'late',
  userIds: readonly number[],
): Promise<void> {
  await insertSystemNotice(
    db,
    task.organizationId,
    { ...messageOf(kind, task), link: studyTaskPaths.task(task.id) },
    userIds,
  );
}

/** Logs the assignment reminder for these new assignees and notifies those newly logged. */
export async function remindAssigned(
  db: DbOrTx,
  task: RemindTask,
  userIds: readonly number[],
): Promise<number> {
  const logged = await logAssigned(db, task.id, userIds);
  await noticeTo(db, task, 'assigned', logged);
  return logged.length;
}

/** Logs a timed reminder for every unfinished active assignee and notifies those newly logged. */
async function remindUnfinished(db: Db, task: RemindTask, kind: TaskReminderKind): Promise<number> {
  return db.transaction(async (tx) => {
    const logged = await logUnfinished(tx, task.id, kind);
    await noticeTo(tx, task, kind, logged);
    return logged.length;
  });
}

/**
 * The periodic job: tasks that have started and are due within DUE_SOON_DAYS (or were due in the last
 * OVERDUE_LOOKBACK_DAYS) get their assignees' progress recomputed and the reminder due now sent to
 * those unfinished. Returns the number of notices received.
 */
export async function runTaskReminders(db: Db, now = new Date()): Promise<number> {
  const until = new Date(now.getTime() + DUE_SOON_DAYS * 86_400_000);
  const since = new Date(now.getTime() - OVERDUE_LOOKBACK_DAYS * 86_400_000);
  let sent = 0;
  for (const task of await listRemindableTasks(db, now, since, until)) {
    const kind = timedReminderOf(task.startAt.getTime(), task.dueAt.getTime(), now.getTime());
    if (!kind) continue;
    await refreshAssignees(db, task.organizationId, [task]);
    sent += await remindUnfinished(db, task, kind);
  }
  return sent;
}
