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
import { sql } from 'drizzle-orm';
import { exams, papers } from './content';
import { organizations, users } from './org';

/** exams.settings: release and behaviour options (validated by the exam contract, packages/shared/src/contracts/exam.ts). */
export interface ExamSettingsJson {
  showScore?: 'immediately' | 'after_marking' | 'after_end' | 'never';
  showAnswers?: 'immediately' | 'after_marking' | 'after_end' | 'never';
  showAnalysis?: boolean;
  shuffleQuestions?: boolean;
  shuffleOptions?: boolean;
  partialCredit?: boolean;
  blindMarking?: boolean;
  leaveLimit?: number;
  requireFullscreen?: boolean;
  blockCopyPaste?: boolean;
  webcamSnapshots?: boolean;
  snapshotIntervalSeconds?: number;
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
    fullscreenExits: integer('fullscreen_exits').notNull().default(0),
    /** Warnings sent by invigilators (exam/monitor). */
    warnings: integer('warnings').notNull().default(0),
    /** Webcam snapshots stored for this attempt (storage keys live in exam_attempt_events). */
    snapshots: integer('snapshots').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    comment: text('comment'),
  },
  (t) => [
    uniqueIndex('exam_attempts_exam_user_no_uq').on(t.examId, t.userId, t.attemptNo),
    index('exam_attempts_user_idx').on(t.userId, t.startedAt),
    // The deadline sweeper looks for open attempts past their deadline.
    index('exam_attempts_open_deadline_idx').on(t.status, t.deadlineAt),
    index('exam_attempts_exam_status_idx').on(t.examId, t.status),
    // Analysis (issue 19): an organisation's graded attempts within a window.
    index('exam_attempts_org_graded_idx')
      .on(t.organizationId, t.submittedAt)
      .where(sql`${t.status} = 2`),
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

/**
 * The event log of an attempt (issue 7): what the candidate's browser reported (tab switches, full-screen
 * exits, blocked copy/paste, snapshots, consent) and what invigilators did (warnings, extra time, force
 * submit). Kinds: modules/exam/exam-monitor.service.ts.
 */
export const examAttemptEvents = pgTable(
  'exam_attempt_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    examId: bigint('exam_id', { mode: 'number' }).notNull(),
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    /** Kind-specific: a warning's text, a snapshot's storage key, minutes added, ... */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** The invigilator for warnings, extensions and forced submits; null for the candidate's own events. */
    actorId: bigint('actor_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exam_attempt_events_attempt_idx').on(t.attemptId, t.id),
    index('exam_attempt_events_exam_idx').on(t.examId, t.id),
  ],
);

/**
 * Code-judging queue (issue 7). A row per request: running the sample cases while answering ('sample') or
 * judging a submitted answer against every case ('grade'). Workers on any instance claim rows with
 * FOR UPDATE SKIP LOCKED.
 */
export const judgeJobs = pgTable(
  'judge_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    attemptId: bigint('attempt_id', { mode: 'number' }).references(() => examAttempts.id, {
      onDelete: 'cascade',
    }),
    questionId: bigint('question_id', { mode: 'number' }).notNull(),
    language: varchar('language', { length: 20 }).notNull(),
    code: text('code').notNull(),
    /** 0 queued, 1 running, 2 done, 3 failed (the judge itself failed; retried up to 3 times). */
    status: smallint('status').notNull().default(0),
    tries: integer('tries').notNull().default(0),
    /** Overall verdict: accepted, wrong_answer, time_limit, memory_limit, output_limit, runtime_error, compile_error. */
    verdict: varchar('verdict', { length: 20 }),
    /** Per-case results and the score given (grade jobs). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('judge_jobs_status_idx').on(t.status, t.id),
    index('judge_jobs_attempt_idx').on(t.attemptId, t.questionId),
  ],
);

/**
 * exam/auto: a rule set that creates and schedules exams from intelligent generation, once or recurring.
 * The scheduler on any instance claims due rules with FOR UPDATE SKIP LOCKED.
 */
export const examAutoRules = pgTable(
  'exam_auto_rules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 200 }).notNull(),
    /** The intelligent-generation request (the body of paper auto generation). */
    generation: jsonb('generation').$type<Record<string, unknown>>().notNull(),
    /** The exam to create: duration, pass score, settings, departments, ... */
    examTemplate: jsonb('exam_template').$type<Record<string, unknown>>().notNull(),
    /** 'once', 'weekly' or 'monthly'. */
    recurrence: varchar('recurrence', { length: 10 }).notNull().default('once'),
    /** When the first exam opens; later ones follow the recurrence. */
    firstStartAt: timestamp('first_start_at', { withTimezone: true }).notNull(),
    /** How long before an exam opens it is created and published. */
    leadMinutes: integer('lead_minutes').notNull().default(60),
    /** When the next exam opens (null once a one-off rule has run). */
    nextStartAt: timestamp('next_start_at', { withTimezone: true }),
    runs: integer('runs').notNull().default(0),
    lastExamId: bigint('last_exam_id', { mode: 'number' }).references(() => exams.id, {
      onDelete: 'set null',
    }),
    lastError: text('last_error'),
    enabled: smallint('enabled').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exam_auto_rules_org_idx').on(t.organizationId, t.createdAt),
    index('exam_auto_rules_due_idx').on(t.enabled, t.nextStartAt),
  ],
);
