import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { questionBanks } from './content';
import { knowledgeNodes } from './knowledge';
import { organizations, users } from './org';
import { tags } from './people';

/**
 * A question of one of the six canonical types (design.md §3). Type-specific content lives in JSON:
 * `options` for choice questions ([{content, correct}]) and `answer` for the key (true/false boolean,
 * fill-in blanks with alternatives, short-answer reference and scoring points, code test cases).
 */
export const questions = pgTable(
  'questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    bankId: bigint('bank_id', { mode: 'number' })
      .notNull()
      .references(() => questionBanks.id),
    type: smallint('type').notNull(),
    /** Sanitised HTML. */
    stem: text('stem').notNull(),
    /** Plain text of the stem, for search and lists. */
    stemText: text('stem_text').notNull().default(''),
    options: jsonb('options'),
    answer: jsonb('answer'),
    analysis: text('analysis'),
    /** 1–10; label per spec §5. */
    difficulty: smallint('difficulty').notNull().default(5),
    defaultPoints: numeric('default_points', { precision: 6, scale: 1, mode: 'number' })
      .notNull()
      .default(10),
    /** 0 待审核, 1 已通过, 2 已驳回. */
    status: smallint('status').notNull().default(0),
    auditReason: varchar('audit_reason', { length: 500 }),
    auditedBy: bigint('audited_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questions_org_bank_created_idx').on(t.organizationId, t.bankId, t.createdAt, t.id),
    // One index per indexed sort of the list (spec: sortable columns), ties broken by id.
    index('questions_org_created_id_idx').on(t.organizationId, t.createdAt, t.id),
    index('questions_org_difficulty_id_idx').on(t.organizationId, t.difficulty, t.id),
    // The few questions waiting for audit: the paper builder's picker counts those matching its filters.
    index('questions_org_pending_idx').on(t.organizationId, t.bankId).where(sql`${t.status} = 0`),
    // The distinct two-character pieces of the lower-cased stem (function kp_bigrams, migration 0005):
    // a stem contains a keyword of two or more characters only if it holds every piece of it, so the
    // index finds candidates for the usual two-character Chinese word, which trigrams cannot.
    index('questions_stem_grams_idx').using('gin', sql`kp_bigrams(${t.stemText})`),
  ],
);

/**
 * How many questions each (organisation, bank, type, status, difficulty) holds, kept by statement
 * triggers on `questions` (migration 0005). Totals and per-type counts of filters made of banks,
 * types, statuses and difficulty ranges are sums over a few hundred of these rows instead of a count
 * over up to millions of questions.
 */
export const questionCounts = pgTable(
  'question_counts',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    bankId: bigint('bank_id', { mode: 'number' }).notNull(),
    type: smallint('type').notNull(),
    status: smallint('status').notNull(),
    difficulty: smallint('difficulty').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.bankId, t.type, t.status, t.difficulty] }),
    index('question_counts_bank_idx').on(t.bankId),
  ],
);

/**
 * The same counts without the bank, kept by the same trigger: a filter without banks sums at most
 * 6 × 3 × 10 rows instead of one row per bank and combination (18,000 for 200 banks, ~4 ms).
 */
export const questionOrgCounts = pgTable(
  'question_org_counts',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    type: smallint('type').notNull(),
    status: smallint('status').notNull(),
    difficulty: smallint('difficulty').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.type, t.status, t.difficulty] })],
);

export const questionTags = pgTable(
  'question_tags',
  {
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  // (tag, question) lets a tag filter read its questions from the index alone.
  (t) => [
    primaryKey({ columns: [t.questionId, t.tagId] }),
    index('question_tags_tag_question_idx').on(t.tagId, t.questionId),
  ],
);

export const questionKnowledge = pgTable(
  'question_knowledge',
  {
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    knowledgeId: bigint('knowledge_id', { mode: 'number' })
      .notNull()
      .references(() => knowledgeNodes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.knowledgeId] }),
    index('question_knowledge_knowledge_question_idx').on(t.knowledgeId, t.questionId),
  ],
);

export const bankTags = pgTable(
  'bank_tags',
  {
    bankId: bigint('bank_id', { mode: 'number' })
      .notNull()
      .references(() => questionBanks.id, { onDelete: 'cascade' }),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bankId, t.tagId] }), index('bank_tags_tag_idx').on(t.tagId)],
);
