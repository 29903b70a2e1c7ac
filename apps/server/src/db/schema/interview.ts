import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './org';
import { posts } from './people';

/**
 * Video interviews (issue 20, docs/decisions.md "Video interviews"): a scheduled meeting of interviewers
 * and an applicant in the browser (WebRTC, signalling over core/realtime.ts), with a shared code pad,
 * scorecards per ability of the post and an optional recording.
 */
export const interviews = pgTable(
  'interviews',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    title: varchar('title', { length: 100 }).notNull(),
    applicantName: varchar('applicant_name', { length: 50 }).notNull(),
    applicantPhone: varchar('applicant_phone', { length: 20 }),
    applicantEmail: varchar('applicant_email', { length: 100 }),
    /** The recruitment module's applicant (no foreign key yet: linked when that table lands). */
    applicantId: bigint('applicant_id', { mode: 'number' }),
    /** The post whose ability model the scorecard follows. */
    postId: bigint('post_id', { mode: 'number' }).references(() => posts.id, { onDelete: 'set null' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** 'scheduled' or 'cancelled'. */
    status: varchar('status', { length: 12 }).notNull().default('scheduled'),
    /** Part of the invitation link's signature: a new nonce voids the links sent before. */
    inviteNonce: varchar('invite_nonce', { length: 32 }).notNull(),
    /** 1: the interviewer may record (after the applicant consents in the room). */
    recordingEnabled: smallint('recording_enabled').notNull().default(0),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    recordingKey: varchar('recording_key', { length: 200 }),
    recordingMime: varchar('recording_mime', { length: 100 }),
    recordingSize: bigint('recording_size', { mode: 'number' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interviews_org_start_idx').on(t.organizationId, t.startAt),
    index('interviews_org_applicant_idx').on(t.organizationId, t.applicantId),
  ],
);

/** The staff members who interview (one or several). */
export const interviewInterviewers = pgTable(
  'interview_interviewers',
  {
    interviewId: bigint('interview_id', { mode: 'number' })
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
  },
  (t) => [
    primaryKey({ columns: [t.interviewId, t.userId] }),
    index('interview_interviewers_user_idx').on(t.userId),
  ],
);

/** One ability's score on a scorecard. */
export interface InterviewAbilityScore {
  abilityId: number;
  abilityName: string;
  /** 1–5, the ability model's proficiency levels. */
  score: number;
  comment: string;
}

/** An interviewer's scorecard: one per interviewer and interview (submitting again replaces it). */
export const interviewScorecards = pgTable(
  'interview_scorecards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    interviewId: bigint('interview_id', { mode: 'number' })
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    interviewerId: bigint('interviewer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scores: jsonb('scores').$type<InterviewAbilityScore[]>().notNull().default([]),
    comment: text('comment'),
    /** 'strong_yes', 'yes', 'no', 'strong_no'. */
    recommendation: varchar('recommendation', { length: 12 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('interview_scorecards_interview_interviewer_uq').on(t.interviewId, t.interviewerId),
    index('interview_scorecards_org_idx').on(t.organizationId, t.interviewId),
  ],
);

/** A run of the code pad through the judge (a job of the queue; both sides read the result). */
export const interviewCodeRuns = pgTable(
  'interview_code_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    interviewId: bigint('interview_id', { mode: 'number' })
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 20 }).notNull(),
    code: text('code').notNull(),
    stdin: text('stdin').notNull().default(''),
    /** 0 queued, 1 running, 2 done, 3 failed (the judge itself failed). */
    status: smallint('status').notNull().default(0),
    verdict: varchar('verdict', { length: 20 }),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('interview_code_runs_interview_idx').on(t.interviewId, t.id)],
);
