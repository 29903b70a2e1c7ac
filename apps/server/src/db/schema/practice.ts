import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './org';
import { questions } from './question';

/**
 * Practice sets and the wrong-answer book (issue 18, docs/decisions.md "Practice"): a practice set draws
 * its questions from banks, knowledge points or an ability; learners answer with immediate feedback,
 * as often as they like. Every question a learner gets wrong enters their review book, scheduled with
 * FSRS (ts-fsrs) until it has been recalled at stable intervals.
 */

/** A practice set. Status: 0 草稿 (draft), 1 已发布 (released), 2 已关闭 (closed). */
export const practices = pgTable(
  'practices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    /** Questions per round (drawn from the set's pool). */
    roundSize: integer('round_size').notNull().default(10),
    status: smallint('status').notNull().default(0),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('practices_org_status_idx').on(t.organizationId, t.status, t.createdAt)],
);

/** Where a practice set draws from: kind 'bank' | 'knowledge' | 'ability', and the id of that thing. */
export const practiceSources = pgTable(
  'practice_sources',
  {
    practiceId: bigint('practice_id', { mode: 'number' })
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.kind, t.refId] })],
);

/** The question pool of a practice set, fixed when it is released (approved questions of its sources). */
export const practiceQuestions = pgTable(
  'practice_questions',
  {
    practiceId: bigint('practice_id', { mode: 'number' })
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.questionId] })],
);

/**
 * One round of a practice set by one learner. A round is finished when every question drawn for it has
 * been answered; `finished_at` set is what "has practised this set" means elsewhere (study tasks).
 */
export const practiceRounds = pgTable(
  'practice_rounds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    practiceId: bigint('practice_id', { mode: 'number' })
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The question ids drawn for this round, in order. */
    questionIds: jsonb('question_ids').$type<number[]>().notNull(),
    answered: integer('answered').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('practice_rounds_practice_user_idx').on(t.practiceId, t.userId),
    index('practice_rounds_user_idx').on(t.userId, t.startedAt),
  ],
);

/** Every answer given in practice (immediate feedback), for statistics per question. */
export const practiceAnswers = pgTable(
  'practice_answers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => practiceRounds.id, { onDelete: 'cascade' }),
    practiceId: bigint('practice_id', { mode: 'number' })
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    answer: jsonb('answer'),
    /** 1 right, 0 wrong. */
    correct: smallint('correct').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('practice_answers_practice_question_idx').on(t.practiceId, t.questionId),
    index('practice_answers_round_idx').on(t.roundId, t.questionId),
  ],
);

/**
 * The wrong-answer book: one card per learner and question, with its FSRS memory state (ts-fsrs Card).
 * `mastered_at` set: the question has left the book (recalled at stable intervals); a new mistake
 * brings it back.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    /** Where the last mistake was made: 'practice' | 'exam' | 'review'. */
    source: varchar('source', { length: 10 }).notNull(),
    sourceId: bigint('source_id', { mode: 'number' }),
    wrongCount: integer('wrong_count').notNull().default(1),
    // FSRS card state (ts-fsrs Card).
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: real('stability').notNull().default(0),
    difficulty: real('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning. */
    state: smallint('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    masteredAt: timestamp('mastered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('review_cards_due_idx').on(t.userId, t.due).where(sql`${t.masteredAt} is null`),
    index('review_cards_org_question_idx').on(t.organizationId, t.questionId),
  ],
);

/** Every review (FSRS rating 1 Again … 4 Easy), for the admins' "keeps missing" figures. */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    correct: smallint('correct').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    stability: real('stability').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_logs_org_question_idx').on(t.organizationId, t.questionId, t.reviewedAt)],
);
