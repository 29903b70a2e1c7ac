import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './org';

/**
 * Study tasks (issue 18, docs/decisions.md "Study tasks"): a named bundle of courses, exams and practice
 * sets with a start and a due date, allocated to departments, staff and tags. Assignees are materialised
 * at allocation (one row per person) with a progress summary kept for fast lists.
 */
export const studyTasks = pgTable(
  'study_tasks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Set by 清空进度: only work done after it counts. */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** When the assignees' summary columns were last recomputed for everyone. */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('study_tasks_org_idx').on(t.organizationId, t.createdAt),
    index('study_tasks_due_idx').on(t.dueAt),
  ],
);

/** An item of a task: kind 'course' | 'exam' | 'practice' and the id of that thing (of the same organisation). */
export const studyTaskItems = pgTable(
  'study_task_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => studyTasks.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('study_task_items_uq').on(t.taskId, t.kind, t.refId),
    index('study_task_items_ref_idx').on(t.kind, t.refId),
  ],
);

/** What a task was allocated to: kind 'department' | 'staff' | 'tag' and its id. */
export const studyTaskAudiences = pgTable(
  'study_task_audiences',
  {
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => studyTasks.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    kind: varchar('kind', { length: 10 }).notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    /** Departments: sub-departments were included. */
    includeSub: boolean('include_sub').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.kind, t.refId] }),
    index('study_task_audiences_ref_idx').on(t.organizationId, t.kind, t.refId),
  ],
);

/** One row per person a task was allocated to, with a progress summary (items done after the baseline). */
export const studyTaskAssignees = pgTable(
  'study_task_assignees',
  {
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => studyTasks.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    /** 'department' | 'staff' | 'tag': how the person was named. */
    source: varchar('source', { length: 10 }).notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    doneCount: smallint('done_count').notNull().default(0),
    progressPercent: smallint('progress_percent').notNull().default(0),
    /** When the last item was done (every item done); null while unfinished. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    index('study_task_assignees_user_idx').on(t.userId, t.taskId),
    index('study_task_assignees_task_done_idx').on(t.taskId, t.completedAt, t.doneCount),
  ],
);

/**
 * Every reminder sent: one row per task, person and kind ('assigned' | 'due_soon' | 'overdue'), so each
 * fires once even when two instances run the job together (insert … on conflict do nothing returning).
 * The administrator's 催办 is not logged here: it may be pressed again.
 */
export const studyTaskReminders = pgTable(
  'study_task_reminders',
  {
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => studyTasks.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId, t.kind] })],
);
