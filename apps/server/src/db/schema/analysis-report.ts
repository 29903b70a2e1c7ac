import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { departments, organizations, users } from './org';
import { exams } from './content';

/**
 * 分析报告的定时发送 (issue 19, docs/decisions.md "Analysis reports"): a report definition (an exam, or a
 * department whose report covers the previous calendar month), its recipients (staff ids, checked to be
 * the organisation's active staff when saved and again when sent) and the day of month it is sent on.
 * `last_run_month` (YYYY-MM, Shanghai) is claimed by the monthly job before it sends, so a schedule sends
 * once a month however many instances run the job; the outcome is recorded in the `last_*` columns.
 */
export const analysisReportSchedules = pgTable(
  'analysis_report_schedules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 100 }).notNull(),
    /** 'exam' | 'department'. */
    kind: varchar('kind', { length: 12 }).notNull(),
    examId: bigint('exam_id', { mode: 'number' }).references(() => exams.id, { onDelete: 'set null' }),
    departmentId: bigint('department_id', { mode: 'number' }).references(() => departments.id, {
      onDelete: 'set null',
    }),
    dayOfMonth: smallint('day_of_month').notNull(),
    recipientIds: jsonb('recipient_ids').$type<number[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastRunMonth: varchar('last_run_month', { length: 7 }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** 'sent' | 'failed'. */
    lastStatus: varchar('last_status', { length: 8 }),
    lastMessage: text('last_message'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analysis_report_schedules_org_idx').on(t.organizationId, t.createdAt)],
);
