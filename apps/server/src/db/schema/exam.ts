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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { exams, papers } from './content';
import { organizations, users } from './org';

/** exams.settings: release and behaviour options (validated by modules/exam/exam.schemas.ts). */
export interface ExamSettingsJson {
  showScore?: 'immediately' | 'after_marking' | 'after_end' | 'never';
  showAnswers?: 'immediately' | 'after_marking' | 'after_end' | 'never';
  showAnalysis?: boolean;
  shuffleQuestions?: boolean;
  shuffleOptions?: boolean;
  partialCredit?: boolean;
  blindMarking?: boolean;
}

/** exams.audience: who sits the exam. */
export interface ExamAudience {
  mode?: 'assigned' | 'open';
  departmentIds?: number[];
  includeSubDepartments?: boolean;
  userIds?: number[];
  tagIds?: number[];
  registrationFields?: string[];
}

/**
 * What a candidate sees of a question and how it is graded, frozen when the exam first uses it: a later
 * edit of the question changes neither a running exam nor its records. One row per exam and question,
 * shared by every candidate who draws it.
 */
export interface ExamQuestionContent {
  type: number;
  stem: string;
  options: { content: string; correct: boolean }[] | null;
  answer: unknown;
  analysis: string | null;
  difficulty: number;
  knowledgeIds: number[];
}

export const examQuestions = pgTable(
  'exam_questions',
  {
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    // No foreign key: the frozen content outlives a later deletion of the question itself.
    questionId: bigint('question_id', { mode: 'number' }).notNull(),
    content: jsonb('content').$type<ExamQuestionContent>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.questionId] }),
    index('exam_questions_question_idx').on(t.questionId),
  ],
);

/** Who may sit an exam: resolved from departments, staff and tags when they are chosen. */
export const examCandidates = pgTable(
  'exam_candidates',
  {
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    /** Attempts granted on top of the exam's allowance. */
    extraAttempts: integer('extra_attempts').notNull().default(0),
    /** Minutes added to this person's time limit. */
    extraMinutes: integer('extra_minutes').notNull().default(0),
    /** exam/paperDesignated: this person sits this paper instead of a drawn one. */
    designatedPaperId: bigint('designated_paper_id', { mode: 'number' }).references(() => papers.id, {
      onDelete: 'set null',
    }),
    /** Registration answers of open-link candidates. */
    registration: jsonb('registration').$type<Record<string, string>>(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId] }), index('exam_candidates_user_idx').on(t.userId)],
);

/** One sitting of an exam by one candidate, with the candidate's own paper in attempt_questions. */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    examId: bigint('exam_id', { mode: 'number' })
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    attemptNo: integer('attempt_no').notNull().default(1),
    /** The paper the questions came from (null when drawn by rules for this candidate alone). */
    paperId: bigint('paper_id', { mode: 'number' }).references(() => papers.id, { onDelete: 'set null' }),
    /** 0 in progress, 1 submitted (marking pending), 2 graded. */
    status: smallint('status').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the server closes the attempt: start + duration (+ extra), capped by the exam's end. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** manual, timeout, forced (by an administrator), cheating (past the tab-switch limit). */
    submitReason: varchar('submit_reason', { length: 20 }),
    totalPoints: numeric('total_points', { precision: 8, scale: 1, mode: 'number' }).notNull().default(0),
    score: numeric('score', { precision: 8, scale: 1, mode: 'number' }),
    passed: smallint('passed'),
    /** Questions still waiting for a marker. */
    pendingMarks: integer('pending_marks').notNull().default(0),
    tabSwitches: integer('tab_switches').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    comment: text('comment'),
  },
  (t) => [
    uniqueIndex('exam_attempts_exam_user_no_uq').on(t.examId, t.userId, t.attemptNo),
    index('exam_attempts_user_idx').on(t.userId, t.startedAt),
    // The deadline sweeper looks for open attempts past their deadline.
    index('exam_attempts_open_deadline_idx').on(t.status, t.deadlineAt),
    index('exam_attempts_exam_status_idx').on(t.examId, t.status),
  ],
);

/** A question of a candidate's paper, in the candidate's order, with the answer given and its score. */
export const attemptQuestions = pgTable(
  'attempt_questions',
  {
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' }).notNull(),
    sectionName: varchar('section_name', { length: 100 }).notNull(),
    sectionSort: integer('section_sort').notNull().default(0),
    sort: integer('sort').notNull(),
    points: numeric('points', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    /** The order the candidate sees the options in (indexes into the frozen options), when shuffled. */
    optionOrder: jsonb('option_order').$type<number[]>(),
    answer: jsonb('answer'),
    /** The client's save counter: a save older than the stored one is ignored (idempotent saves). */
    answerSeq: integer('answer_seq').notNull().default(0),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    flagged: smallint('flagged').notNull().default(0),
    /** null until graded; objective questions are graded at submit, others by a marker. */
    score: numeric('score', { precision: 6, scale: 1, mode: 'number' }),
    markedBy: bigint('marked_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    markComment: text('mark_comment'),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    index('attempt_questions_question_idx').on(t.questionId),
  ],
);
