import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DimensionScore, LikertAnswers, ScaleDefinition } from '@kaopei/shared';
import { departments, organizations, users } from './org';

/**
 * Psychological assessment (issue 21, docs/decisions.md "Psychological assessment"): scales of Likert
 * items (pmt/list), mental exams that schedule a scale for departments and staff (exam/mental), and
 * their responses (exam/psy_result). A scale is one validated definition (dimensions, items, keys,
 * norms, level bands); a mental exam freezes a copy of it, so editing a scale never rescores results.
 */

/** 心理测评试卷: a scale. `definition` is a ScaleDefinition checked by the contract and scaleProblems. */
export const psyScales = pgTable(
  'psy_scales',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description'),
    /** What the person reads before the first item. */
    instructions: text('instructions'),
    /** Where the scale comes from (author, publication, licence). */
    source: text('source'),
    definition: jsonb('definition').$type<ScaleDefinition>().notNull(),
    itemCount: integer('item_count').notNull(),
    dimensionCount: integer('dimension_count').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('psy_scales_org_idx').on(t.organizationId, t.createdAt)],
);

/** exam/mental audience as scheduled (the members are resolved from it once, at scheduling). */
export interface PsyAudience {
  departmentIds: number[];
  includeSubDepartments: boolean;
  userIds: number[];
}

/** 心理测评: a scale scheduled for staff in a window; no right or wrong, no time limit. */
export const psyExams = pgTable(
  'psy_exams',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    scaleId: bigint('scale_id', { mode: 'number' }).references(() => psyScales.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description'),
    /** The scale as it was scheduled: its name, instructions and definition. */
    scaleName: varchar('scale_name', { length: 200 }).notNull(),
    instructions: text('instructions'),
    definition: jsonb('definition').$type<ScaleDefinition>().notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** Anonymous: responses carry no user id (members only record that they took it). */
    anonymous: boolean('anonymous').notNull().default(false),
    /** Whether the person sees their own result after submitting. */
    showResult: boolean('show_result').notNull().default(true),
    /** Group views show no department with fewer responses than this. */
    minGroupSize: integer('min_group_size').notNull().default(3),
    /** 'single' (one item per screen) or 'list' (a scrolling list). */
    layout: varchar('layout', { length: 10 }).notNull().default('single'),
    audience: jsonb('audience').$type<PsyAudience>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('psy_exams_org_idx').on(t.organizationId, t.startAt),
    index('psy_exams_scale_idx').on(t.scaleId),
  ],
);

/**
 * Who is to take a mental exam. `draft` holds the answers saved so far (resumable) and is cleared on
 * submission; `taken` is all that remains of an anonymous person's part — no time, no response id.
 */
export const psyExamMembers = pgTable(
  'psy_exam_members',
  {
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => psyExams.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    draft: jsonb('draft').$type<LikertAnswers>(),
    taken: boolean('taken').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.userId] }),
    index('psy_exam_members_user_idx').on(t.userId, t.examId),
  ],
);

/**
 * A submitted response and its scores. Anonymous exams store no user id and only the day of
 * submission; `departmentId` (the person's department when submitting) feeds the group view, which
 * never shows a group below the exam's minimum size.
 */
export const psyResponses = pgTable(
  'psy_responses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => psyExams.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    departmentId: bigint('department_id', { mode: 'number' }).references(() => departments.id, {
      onDelete: 'set null',
    }),
    answers: jsonb('answers').$type<LikertAnswers>().notNull(),
    scores: jsonb('scores').$type<DimensionScore[]>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('psy_responses_exam_dept_idx').on(t.examId, t.departmentId),
    index('psy_responses_exam_user_idx').on(t.examId, t.userId),
  ],
);
