import { bigint, index, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { exams } from './content';

/**
 * analysis/exam (issue 19): one exam's computed analysis (distribution, groups, item statistics,
 * reliability), cached until an attempt of the exam is graded again (modules/exam-analysis registers
 * with attempt-graded.ts) or a rescore runs. The payload is the contract's `examAnalysis` shape.
 */
export const examAnalyses = pgTable(
  'exam_analysis',
  {
    examId: bigint('exam_id', { mode: 'number' })
      .primaryKey()
      .references(() => exams.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('exam_analysis_org_idx').on(t.organizationId)],
);
