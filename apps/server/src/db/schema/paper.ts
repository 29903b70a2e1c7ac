import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { exams, papers } from './content';
import { organizations, users } from './org';
import { posts } from './people';
import { questions } from './question';

/** Per-paper options kept as JSON (papers.settings). */
export interface PaperSettings {
  /** Candidates see the questions of each section in their own order. */
  shuffleQuestions?: boolean;
  /** Candidates see choice options in their own order. */
  shuffleOptions?: boolean;
  /** Random papers: draw a new set of questions for every candidate at exam start. */
  drawPerCandidate?: boolean;
  /** Manual builder: put picked questions into the section named after their type. */
  classifyByType?: boolean;
}

/** The paper category tree of an organisation (the platform's published categories are public). */
export const paperCategories = pgTable(
  'paper_categories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => paperCategories.id),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('paper_categories_org_parent_idx').on(t.organizationId, t.parentId)],
);

/** 试卷库: a named collection of papers in a category. */
export const paperBanks = pgTable(
  'paper_banks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    categoryId: bigint('category_id', { mode: 'number' }).references(() => paperCategories.id),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('paper_banks_org_category_idx').on(t.organizationId, t.categoryId),
    index('paper_banks_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** 大题: an ordered, named section of a paper. */
export const paperSections = pgTable(
  'paper_sections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paperId: bigint('paper_id', { mode: 'number' })
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('paper_sections_paper_idx').on(t.paperId, t.sort)],
);

export const paperQuestions = pgTable(
  'paper_questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paperId: bigint('paper_id', { mode: 'number' })
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    sectionId: bigint('section_id', { mode: 'number' })
      .notNull()
      .references(() => paperSections.id, { onDelete: 'cascade' }),
    // A deleted question leaves the papers it was in (the paper's totals are refreshed on read).
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    points: numeric('points', { precision: 6, scale: 1, mode: 'number' }).notNull().default(10),
  },
  (t) => [
    uniqueIndex('paper_questions_paper_question_uq').on(t.paperId, t.questionId),
    index('paper_questions_section_idx').on(t.sectionId, t.sort),
    index('paper_questions_question_idx').on(t.questionId),
  ],
);

/** A random paper's rule: draw `count` questions matching the filters into a section. */
export const paperRandomRules = pgTable(
  'paper_random_rules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paperId: bigint('paper_id', { mode: 'number' })
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    sectionId: bigint('section_id', { mode: 'number' })
      .notNull()
      .references(() => paperSections.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    type: smallint('type').notNull(),
    count: integer('count').notNull(),
    points: numeric('points', { precision: 6, scale: 1, mode: 'number' }).notNull().default(10),
    bankIds: jsonb('bank_ids').$type<number[]>().notNull().default([]),
    knowledgeIds: jsonb('knowledge_ids').$type<number[]>().notNull().default([]),
    tagIds: jsonb('tag_ids').$type<number[]>().notNull().default([]),
    difficultyMin: smallint('difficulty_min').notNull().default(1),
    difficultyMax: smallint('difficulty_max').notNull().default(10),
  },
  (t) => [index('paper_random_rules_paper_idx').on(t.paperId, t.sectionId, t.sort)],
);

/** A saved set of intelligent-generation rules (智能组卷规则). */
export const paperAutoRules = pgTable(
  'paper_auto_rules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 100 }).notNull(),
    rules: jsonb('rules').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('paper_auto_rules_org_created_idx').on(t.organizationId, t.createdAt)],
);

/** Posts a paper is for (the Paper query's postIds). */
export const paperPosts = pgTable(
  'paper_posts',
  {
    paperId: bigint('paper_id', { mode: 'number' })
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.postId] }), index('paper_posts_post_idx').on(t.postId)],
);

/**
 * Which papers an exam uses (several for A/B papers). The exams feature fills it; a paper linked
 * here cannot be deleted (the foreign key restricts, and the papers service refuses first).
 */
export const examPapers = pgTable(
  'exam_papers',
  {
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    paperId: bigint('paper_id', { mode: 'number' })
      .notNull()
      .references(() => papers.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.examId, t.paperId] }), index('exam_papers_paper_idx').on(t.paperId)],
);
