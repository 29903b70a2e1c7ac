import {
  bigint,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { GradationLevel, TargetMetric, TargetScopeKind } from '@kaopei/shared';
import { organizations, users } from './org';

/**
 * Learning targets (issue 18, docs/decisions.md "Learning targets"): a value per person over a period
 * (学时, 学分, 完成课程数, 考试通过率) for departments (with sub-departments), posts or people, graded into
 * 2–5 levels. Figures are computed from course completions and graded attempts when read; nothing is
 * snapshotted.
 */
export const studyTargets = pgTable(
  'study_targets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 50 }).notNull(),
    /** The period, inclusive, in Asia/Shanghai dates. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    metric: varchar('metric', { length: 10 }).$type<TargetMetric>().notNull(),
    /** Per person; a percent for pass_rate. */
    targetValue: numeric('target_value', { precision: 8, scale: 1, mode: 'number' }).notNull(),
    /** The gradation levels, thresholds ascending (gradationProblem in shared/study-target.ts). */
    levels: jsonb('levels').$type<GradationLevel[]>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('study_targets_org_idx').on(t.organizationId, t.id)],
);

/** Who a target covers: a department (and below), a post, or one person (ref_id = user id). */
export const studyTargetScopes = pgTable(
  'study_target_scopes',
  {
    targetId: bigint('target_id', { mode: 'number' })
      .notNull()
      .references(() => studyTargets.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<TargetScopeKind>().notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.targetId, t.kind, t.refId] }),
    index('study_target_scopes_ref_idx').on(t.kind, t.refId),
  ],
);
