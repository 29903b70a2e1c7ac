import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './org';
import { paperBanks, paperCategories, type PaperSettings } from './paper';
import type { ExamAudience, ExamSettingsJson } from './exam';

// The content tables start small here so the console can count them; the question, paper and
// exam features extend them with their own migrations.

export const questionBanks = pgTable(
  'question_banks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    /** Free-form category of the bank (e.g. 安全生产, 专业技能). */
    category: varchar('category', { length: 50 }),
    coverUrl: text('cover_url'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_banks_org_idx').on(t.organizationId)],
);

export const papers = pgTable(
  'papers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 200 }).notNull(),
    /** Paper type: 0 manual, 4 post random, 6 post auto, 9 post job. */
    paperType: smallint('paper_type').notNull().default(0),
    // The papers feature's columns (schema/paper.ts holds its other tables).
    paperBankId: bigint('paper_bank_id', { mode: 'number' }).references(() => paperBanks.id),
    categoryId: bigint('category_id', { mode: 'number' }).references(() => paperCategories.id),
    description: text('description'),
    settings: jsonb('settings').$type<PaperSettings>().notNull().default({}),
    /** 0 draft (autosaved), 1 saved. */
    status: smallint('status').notNull().default(0),
    /** Kept in step with paper_questions by every paper write. */
    totalScore: numeric('total_score', { precision: 8, scale: 1, mode: 'number' }).notNull().default(0),
    questionCount: integer('question_count').notNull().default(0),
    avgDifficulty: numeric('avg_difficulty', { precision: 4, scale: 2, mode: 'number' }),
    timesUsed: integer('times_used').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('papers_org_idx').on(t.organizationId),
    index('papers_org_bank_idx').on(t.organizationId, t.paperBankId),
    index('papers_org_category_idx').on(t.organizationId, t.categoryId),
    index('papers_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

export const exams = pgTable(
  'exams',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 200 }).notNull(),
    /** 0 draft, 1 published (upcoming, ongoing or ended follows from the window). */
    status: smallint('status').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    // The exams feature's columns (schema/exam.ts holds its other tables).
    description: text('description'),
    coverUrl: text('cover_url'),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    attemptsAllowed: integer('attempts_allowed').notNull().default(1),
    passScore: numeric('pass_score', { precision: 8, scale: 1, mode: 'number' }).notNull().default(60),
    /** Minutes after the start after which nobody may begin; null: any time in the window. */
    lateEntryMinutes: integer('late_entry_minutes'),
    settings: jsonb('settings').$type<ExamSettingsJson>().notNull().default({}),
    audience: jsonb('audience').$type<ExamAudience>().notNull().default({}),
    notify: smallint('notify').notNull().default(1),
    /** The exam/auto rule that created this exam, if any (exam_auto_rules; no foreign key to keep the schema acyclic). */
    autoRuleId: bigint('auto_rule_id', { mode: 'number' }),
    /**
     * 'general'; 'post' (岗位考试: sent to a post's staff, results per ability of the post's model);
     * 'evaluation' (测评考试: outcome is an ability profile). Issue 16. 'course': a course's exam section (issue 17).
     */
    purpose: varchar('purpose', { length: 20 }).notNull().default('general'),
    /** The post of a post exam (no foreign key to keep the schema acyclic; the posts service checks it). */
    postId: bigint('post_id', { mode: 'number' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exams_org_idx').on(t.organizationId),
    index('exams_org_start_idx').on(t.organizationId, t.startAt),
    index('exams_org_purpose_idx').on(t.organizationId, t.purpose, t.createdAt),
    index('exams_org_auto_rule_idx').on(t.organizationId, t.autoRuleId, t.startAt),
  ],
);
