import {
  bigint,
  index,
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
    index('questions_org_bank_type_idx').on(t.organizationId, t.bankId, t.type),
    index('questions_org_created_idx').on(t.organizationId, t.createdAt),
  ],
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
  (t) => [primaryKey({ columns: [t.questionId, t.tagId] }), index('question_tags_tag_idx').on(t.tagId)],
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
    index('question_knowledge_knowledge_idx').on(t.knowledgeId),
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
