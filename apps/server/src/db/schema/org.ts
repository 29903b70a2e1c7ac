import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Who a user is to their organisation (see `users.kind`). */
export type UserKind = 'member' | 'candidate';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull(),
  /** 'platform' owns public content; 'enterprise' and 'college' are customers. */
  kind: varchar('kind', { length: 20 }).notNull().default('enterprise'),
  logoUrl: text('logo_url'),
  status: smallint('status').notNull().default(0),
  /** Setting 审核人员录入的试题免审核: questions saved by someone who may audit are stored approved. */
  autoApproveAuditorQuestions: boolean('auto_approve_auditor_questions').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const departments = pgTable(
  'departments',
  {
    id: id(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => departments.id),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('departments_org_parent_idx').on(t.organizationId, t.parentId),
    // Sibling names are unique, so a path such as 技术部/研发组 names exactly one department.
    uniqueIndex('departments_org_parent_name_uq').on(
      t.organizationId,
      sql`coalesce(${t.parentId}, 0)`,
      t.name,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    account: varchar('account', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 200 }),
    realName: varchar('real_name', { length: 50 }).notNull(),
    /** true = 男, false = 女 (spec §3 staff row). */
    gender: boolean('gender'),
    jobNumber: varchar('job_number', { length: 50 }),
    /** 0 在职 (active), 1 离职 (left), 2 deleted (kept for history; account, phone and e-mail freed). */
    status: smallint('status').notNull().default(0),
    departmentId: bigint('department_id', { mode: 'number' }).references(() => departments.id),
    /** Post (position); the posts table arrives with the positions feature. */
    postId: bigint('post_id', { mode: 'number' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * 'member' (staff, students: the organisation's people) or 'candidate' (an outsider who came through
     * an open link — an open exam now, a job application later): a candidate has no roles and reaches
     * only the routes whose contract admits candidates (their own exams; core/auth-hook.ts).
     */
    kind: varchar('kind', { length: 10 }).$type<UserKind>().notNull().default('member'),
    passwordHash: text('password_hash'),
    avatarUrl: text('avatar_url'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_account_uq').on(sql`lower(${t.account})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_org_dept_idx').on(t.organizationId, t.departmentId),
    index('users_org_post_idx').on(t.organizationId, t.postId),
    index('users_org_status_idx').on(t.organizationId, t.status),
    // Job numbers are unique inside an organisation (nulls do not collide).
    uniqueIndex('users_org_job_number_uq').on(t.organizationId, t.jobNumber),
    // Staff list default order and name sorting.
    index('users_org_created_idx').on(t.organizationId, t.createdAt),
    index('users_org_real_name_idx').on(t.organizationId, t.realName),
  ],
);
