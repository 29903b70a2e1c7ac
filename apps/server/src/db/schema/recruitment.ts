import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { exams, papers } from './content';
import { files } from './files';
import { organizations, users } from './org';
import { posts } from './people';

/**
 * Recruitment (issue 20, docs/decisions.md "Recruitment"): jobs opened from a post, campus sessions,
 * applicants (one per person and organisation, merged by phone or e-mail) and their applications, which
 * move through the pipeline stages (packages/shared/src/recruitment.ts) with every move logged.
 *
 * Indexes for 100,000 applications of an organisation (bench/recruitment.bench.ts): a job's board reads
 * recruitment_applications_board_idx (org, job, stage, moved) per stage, and the overview's funnel counts
 * it index-only; the overview's sources group recruitment_applications_org_source_idx; the applicant
 * table's default order (newest move first) walks recruitment_applications_org_moved_idx; time to hire
 * reads the partial recruitment_applications_hired_idx. Applicant lookups by phone/e-mail for the merge are unique/indexed.
 */

/** A job opening. Status: 0 草稿, 1 招聘中 (published), 2 已关闭. */
export const recruitmentJobs = pgTable(
  'recruitment_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 100 }).notNull(),
    /** The post the job fills: its ability model, its job paper (paper type 9) and the hire's post. */
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id),
    /** The written test's paper (a saved paper of the organisation; type 9 岗位招聘组卷 preferred). */
    paperId: bigint('paper_id', { mode: 'number' }).references(() => papers.id, { onDelete: 'set null' }),
    headcount: integer('headcount').notNull().default(1),
    location: varchar('location', { length: 100 }),
    /** Monthly salary range in yuan; null: 面议. */
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    description: text('description'),
    status: smallint('status').notNull().default(0),
    /** The exam applicants of this job sit as their written test (created at the first 笔试 move). */
    testExamId: bigint('test_exam_id', { mode: 'number' }).references(() => exams.id, {
      onDelete: 'set null',
    }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recruitment_jobs_org_status_idx').on(t.organizationId, t.status, t.createdAt)],
);

/** A campus recruiting session (校园招聘宣讲会): school, time, place and the jobs it recruits for. */
export const recruitmentCampusSessions = pgTable(
  'recruitment_campus_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    school: varchar('school', { length: 100 }).notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull(),
    place: varchar('place', { length: 200 }).notNull(),
    description: text('description'),
    jobIds: jsonb('job_ids').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recruitment_campus_org_held_idx').on(t.organizationId, t.heldAt)],
);

/** A person who applied, once per organisation (merged by phone, then e-mail). */
export const recruitmentApplicants = pgTable(
  'recruitment_applicants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    email: varchar('email', { length: 200 }),
    school: varchar('school', { length: 100 }),
    degree: varchar('degree', { length: 10 }),
    years: integer('years'),
    /** The account they sign in with for a written test (a users.kind 'candidate'), then as staff when hired. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** 1–5 stars; null: not rated. */
    rating: smallint('rating'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recruitment_applicants_org_phone_uq').on(t.organizationId, t.phone),
    index('recruitment_applicants_org_email_idx').on(t.organizationId, sql`lower(${t.email})`),
    index('recruitment_applicants_user_idx').on(t.userId),
    index('recruitment_applicants_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** A résumé file with its extracted text and fields; claimed by an application through `claimToken`. */
export const recruitmentResumes = pgTable(
  'recruitment_resumes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    applicantId: bigint('applicant_id', { mode: 'number' }).references(() => recruitmentApplicants.id, {
      onDelete: 'cascade',
    }),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => files.id),
    text: text('text').notNull().default(''),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    /** Proof the uploader holds when applying with this résumé (the upload is anonymous). */
    claimToken: varchar('claim_token', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recruitment_resumes_applicant_idx').on(t.applicantId, t.createdAt)],
);

/** One applicant's application to one job, at one stage of the pipeline. */
export const recruitmentApplications = pgTable(
  'recruitment_applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => recruitmentJobs.id, { onDelete: 'cascade' }),
    applicantId: bigint('applicant_id', { mode: 'number' })
      .notNull()
      .references(() => recruitmentApplicants.id, { onDelete: 'cascade' }),
    campusSessionId: bigint('campus_session_id', { mode: 'number' }).references(
      () => recruitmentCampusSessions.id,
      { onDelete: 'set null' },
    ),
    resumeId: bigint('resume_id', { mode: 'number' }).references(() => recruitmentResumes.id, {
      onDelete: 'set null',
    }),
    source: varchar('source', { length: 20 }).notNull().default('web'),
    stage: varchar('stage', { length: 12 }).notNull().default('applied'),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The written test: the invitation token of /join/test/:token and the best graded score. */
    testToken: varchar('test_token', { length: 64 }),
    testSentAt: timestamp('test_sent_at', { withTimezone: true }),
    testScore: numeric('test_score', { precision: 8, scale: 1, mode: 'number' }),
    testTotal: numeric('test_total', { precision: 8, scale: 1, mode: 'number' }),
    decisionNote: text('decision_note'),
    hiredUserId: bigint('hired_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    hiredAt: timestamp('hired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('recruitment_applications_job_applicant_uq').on(t.jobId, t.applicantId),
    uniqueIndex('recruitment_applications_test_token_uq').on(t.testToken),
    index('recruitment_applications_board_idx').on(t.organizationId, t.jobId, t.stage, t.stageChangedAt),
    index('recruitment_applications_org_applied_idx').on(t.organizationId, t.appliedAt),
    index('recruitment_applications_org_stage_idx').on(t.organizationId, t.stage, t.stageChangedAt),
    index('recruitment_applications_org_moved_idx').on(t.organizationId, t.stageChangedAt, t.id),
    index('recruitment_applications_org_source_idx').on(t.organizationId, t.source),
    index('recruitment_applications_applicant_idx').on(t.applicantId),
    index('recruitment_applications_campus_idx').on(t.campusSessionId),
    index('recruitment_applications_hired_idx')
      .on(t.organizationId, t.hiredAt)
      .where(sql`${t.stage} = 'hired'`),
  ],
);

/** Every stage move: who (null: the applicant or the system) moved whom from where to where, and when. */
export const recruitmentStageMoves = pgTable(
  'recruitment_stage_moves',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => recruitmentApplications.id, { onDelete: 'cascade' }),
    fromStage: varchar('from_stage', { length: 12 }),
    toStage: varchar('to_stage', { length: 12 }).notNull(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    note: varchar('note', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recruitment_stage_moves_application_idx').on(t.applicationId, t.createdAt)],
);

/** Messages sent to applicants (SMS or e-mail through the house adapters). */
export const recruitmentMessages = pgTable(
  'recruitment_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => recruitmentApplications.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 10 }).notNull(),
    recipient: varchar('recipient', { length: 200 }).notNull(),
    content: text('content').notNull(),
    sentBy: bigint('sent_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recruitment_messages_application_idx').on(t.applicationId, t.createdAt)],
);
