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
import { organizations, users } from './org';
import { posts, tags } from './people';
import { knowledgeNodes } from './knowledge';
import { exams } from './content';
import { examAttempts } from './exam';
import { courses } from './course';

/**
 * The competency model (issue 16, docs/decisions.md "Positions and ability models"): an organisation's
 * library of abilities grouped in dimensions, each with five behaviourally anchored proficiency levels;
 * a post's model names abilities with a required level and a weight.
 */

/** Ability dimensions (专业知识, 专业技能, 通用素质, 领导力, …). */
export const abilityDimensions = pgTable(
  'ability_dimensions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 500 }),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ability_dimensions_org_idx').on(t.organizationId)],
);

/** One proficiency level's anchor: a short name and the behaviour that shows it. */
export interface AbilityLevelAnchor {
  level: number;
  name: string;
  behaviour: string;
}

export const abilities = pgTable(
  'abilities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    dimensionId: bigint('dimension_id', { mode: 'number' })
      .notNull()
      .references(() => abilityDimensions.id),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    /** Levels 1–5 in order, each with its behavioural anchor. */
    levels: jsonb('levels').$type<AbilityLevelAnchor[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('abilities_org_dimension_idx').on(t.organizationId, t.dimensionId),
    index('abilities_org_name_idx').on(t.organizationId, t.name),
  ],
);

/** Knowledge points an ability covers: questions on them measure it. */
export const abilityKnowledge = pgTable(
  'ability_knowledge',
  {
    abilityId: bigint('ability_id', { mode: 'number' })
      .notNull()
      .references(() => abilities.id, { onDelete: 'cascade' }),
    knowledgeId: bigint('knowledge_id', { mode: 'number' })
      .notNull()
      .references(() => knowledgeNodes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.abilityId, t.knowledgeId] }),
    index('ability_knowledge_knowledge_idx').on(t.knowledgeId),
  ],
);

/** Question tags (type 2) an ability covers: questions carrying them measure it. */
export const abilityTags = pgTable(
  'ability_tags',
  {
    abilityId: bigint('ability_id', { mode: 'number' })
      .notNull()
      .references(() => abilities.id, { onDelete: 'cascade' }),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.abilityId, t.tagId] }), index('ability_tags_tag_idx').on(t.tagId)],
);

/** A post's model: the abilities it needs, the level required and the weight (percent; a model sums to 100). */
export const postAbilities = pgTable(
  'post_abilities',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    abilityId: bigint('ability_id', { mode: 'number' })
      .notNull()
      .references(() => abilities.id, { onDelete: 'restrict' }),
    requiredLevel: smallint('required_level').notNull(),
    weight: smallint('weight').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.abilityId] }),
    index('post_abilities_ability_idx').on(t.abilityId),
  ],
);

/** The post's knowledge map: knowledge points with the mastery required (1 了解, 2 熟悉, 3 掌握, 4 精通). */
export const postKnowledge = pgTable(
  'post_knowledge',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    knowledgeId: bigint('knowledge_id', { mode: 'number' })
      .notNull()
      .references(() => knowledgeNodes.id, { onDelete: 'cascade' }),
    mastery: smallint('mastery').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.knowledgeId] }),
    index('post_knowledge_knowledge_idx').on(t.knowledgeId),
  ],
);

/**
 * Learning materials per ability and level: a document (an uploaded file), a link, or a course (`courseId`). `level` null: for every level.
 */
export const abilityMaterials = pgTable(
  'ability_materials',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    abilityId: bigint('ability_id', { mode: 'number' })
      .notNull()
      .references(() => abilities.id, { onDelete: 'cascade' }),
    level: smallint('level'),
    /** 'document' | 'link' | 'course'. */
    kind: varchar('kind', { length: 20 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    url: text('url'),
    fileId: bigint('file_id', { mode: 'number' }),
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'cascade' }),
    /** Expected study time in minutes. */
    minutes: integer('minutes'),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ability_materials_org_ability_idx').on(t.organizationId, t.abilityId)],
);

/**
 * Per-ability outcome of one graded attempt of a post or evaluation exam: points earned and available on
 * the questions measuring the ability, and the level reached (packages/shared ability rules).
 */
export const attemptAbilities = pgTable(
  'attempt_abilities',
  {
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    abilityId: bigint('ability_id', { mode: 'number' })
      .notNull()
      .references(() => abilities.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    score: numeric('score', { precision: 8, scale: 1, mode: 'number' }).notNull(),
    maxScore: numeric('max_score', { precision: 8, scale: 1, mode: 'number' }).notNull(),
    level: smallint('level').notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.abilityId] }),
    index('attempt_abilities_exam_idx').on(t.examId),
    index('attempt_abilities_user_idx').on(t.organizationId, t.userId),
  ],
);

/**
 * A person's current ability profile, one row per person and ability: the latest exam-measured level and
 * the latest manager rating (the second source). Kept in step by the post-exam and rating writes; matching
 * and the heat map read only this table.
 */
export const staffAbilities = pgTable(
  'staff_abilities',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    abilityId: bigint('ability_id', { mode: 'number' })
      .notNull()
      .references(() => abilities.id, { onDelete: 'cascade' }),
    examLevel: smallint('exam_level'),
    /** Percent of the points earned on the ability's questions in that attempt. */
    examScoreRate: numeric('exam_score_rate', { precision: 5, scale: 1, mode: 'number' }),
    examAttemptId: bigint('exam_attempt_id', { mode: 'number' }),
    examAt: timestamp('exam_at', { withTimezone: true }),
    ratingLevel: smallint('rating_level'),
    ratedBy: bigint('rated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    ratingComment: varchar('rating_comment', { length: 500 }),
    /** The level matching uses (packages/shared effectiveLevel of the two sources), one decimal. */
    level: numeric('level', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    /**
     * `level` × 10 as an integer, kept by PostgreSQL: matching and the heat map aggregate hundreds of
     * thousands of rows, and integer arithmetic there costs a third of numeric's (bench/post-match).
     */
    level10: smallint('level10')
      .notNull()
      .generatedAlwaysAs(sql`(level * 10)::smallint`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.abilityId] }),
    // Matching and the heat map read (organisation, ability) → people and levels from the index alone.
    index('staff_abilities_org_ability_idx').on(t.organizationId, t.abilityId, t.userId, t.level10),
  ],
);
