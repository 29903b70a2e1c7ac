import { bigint, doublePrecision, index, jsonb, pgTable, real, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './org';
import { questions } from './question';

/**
 * A question's 2PL calibration (issue 19, docs/decisions.md "Question calibration with IRT"): the
 * latest estimate from every stored objective answer of its bank, a(θ − b) with θ ~ N(0, 1), D = 1.
 * One row per question; a new calibration of the bank replaces its rows.
 */
export const questionCalibration = pgTable(
  'question_calibration',
  {
    questionId: bigint('question_id', { mode: 'number' })
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    bankId: bigint('bank_id', { mode: 'number' }).notNull(),
    a: doublePrecision('a').notNull(),
    b: doublePrecision('b').notNull(),
    seA: doublePrecision('se_a').notNull(),
    seB: doublePrecision('se_b').notNull(),
    /** Answers the estimate rests on. */
    n: bigint('n', { mode: 'number' }).notNull(),
    /** Share of those answers with full marks. */
    pValue: real('p_value').notNull(),
    /** Plain-language fit notes (fitNotes in packages/shared/src/analysis/irt-2pl.ts). */
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    calibratedAt: timestamp('calibrated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_calibration_org_bank_idx').on(t.organizationId, t.bankId, t.questionId)],
);
