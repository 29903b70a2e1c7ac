import { bigint, date, index, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { organizations, users } from './org';

/** Education–industry cooperation projects (产教融合) run by a college with enterprises. */
export const eduProjects = pgTable(
  'edu_projects',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description'),
    /** 0 筹备中, 1 进行中, 2 已结束. */
    status: smallint('status').notNull().default(0),
    startDate: date('start_date'),
    endDate: date('end_date'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('edu_projects_org_idx').on(t.organizationId, t.status)],
);

export const eduProjectMembers = pgTable(
  'edu_project_members',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => eduProjects.id, { onDelete: 'cascade' }),
    /** 'college' or 'enterprise'. */
    memberType: varchar('member_type', { length: 20 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    contactName: varchar('contact_name', { length: 50 }),
    contactPhone: varchar('contact_phone', { length: 20 }),
    role: varchar('role', { length: 50 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('edu_project_members_project_idx').on(t.projectId)],
);
