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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './org';
import { tags } from './people';
import { exams } from './content';
import { files } from './files';

/**
 * Courses (issue 17, docs/decisions.md "Courses"): a catalogue of courses in a category tree, each made of
 * chapters and sections (video, document, live class, exam), taught by teachers, open to enrolled members
 * whose progress is credited by the server (packages/shared/src/course.ts).
 */

/** The course category tree; the virtual root 全部课程 has value 0 (parent_id null). */
export const courseCategories = pgTable(
  'course_categories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: varchar('name', { length: 50 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** 1: shown in the learners' catalogue; 0: only administrators see it (category publish). */
    published: smallint('published').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_categories_org_parent_idx').on(t.organizationId, t.parentId)],
);

/** Teachers (讲师): a member of staff or an outside lecturer. */
export const teachers = pgTable(
  'teachers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    /** Set when the teacher is one of the organisation's staff. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 50 }).notNull(),
    title: varchar('title', { length: 100 }),
    intro: text('intro'),
    avatarFileId: bigint('avatar_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teachers_org_name_idx').on(t.organizationId, t.name)],
);

export const courses = pgTable(
  'courses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    /** null: directly under 全部课程 (0). */
    categoryId: bigint('category_id', { mode: 'number' }).references(() => courseCategories.id, {
      onDelete: 'set null',
    }),
    name: varchar('name', { length: 100 }).notNull(),
    /** Cover image (a public file). */
    coverFileId: bigint('cover_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    /** Sanitised rich text (HTML). */
    intro: text('intro'),
    /** 'required' 必修 | 'elective' 选修. */
    kind: varchar('kind', { length: 10 }).notNull().default('elective'),
    credits: numeric('credits', { precision: 5, scale: 1, mode: 'number' }).notNull().default(0),
    /** Planned study time in minutes (学时). */
    minutes: integer('minutes').notNull().default(0),
    /** 'draft' (being built) | 'open' (learners can study) | 'closed' (course open/close). */
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    /** 'assigned': only enrolled members; 'open': every active staff member may enrol themselves. */
    enrolment: varchar('enrolment', { length: 10 }).notNull().default('assigned'),
    /** 1: a video cannot be sought past the furthest point watched. */
    noSkip: smallint('no_skip').notNull().default(0),
    /** Share of a video to watch (percent) before its section counts as completed. */
    completePercent: smallint('complete_percent').notNull().default(90),
    sort: integer('sort').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courses_org_category_idx').on(t.organizationId, t.categoryId),
    index('courses_org_status_idx').on(t.organizationId, t.status, t.createdAt),
  ],
);

export const courseTeachers = pgTable(
  'course_teachers',
  {
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    teacherId: bigint('teacher_id', { mode: 'number' })
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.teacherId] }),
    index('course_teachers_teacher_idx').on(t.teacherId),
  ],
);

/** Course tags (tag type 6, 课程). */
export const courseTags = pgTable(
  'course_tags',
  {
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.tagId] }), index('course_tags_tag_idx').on(t.tagId)],
);

export const courseChapters = pgTable(
  'course_chapters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_chapters_course_idx').on(t.courseId, t.sort)],
);

/**
 * A section: 'video' (file_id a video, duration read by ffmpeg), 'datum' (a document to read or download),
 * 'live' (a scheduled live class; its recording later becomes the video in file_id) or 'exam' (exam_id, an
 * exam on an existing paper, purpose 'course').
 */
export const courseSections = pgTable(
  'course_sections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: bigint('chapter_id', { mode: 'number' })
      .notNull()
      .references(() => courseChapters.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** 1: locked until the section before it (in course order) is completed. */
    requiresPrevious: smallint('requires_previous').notNull().default(0),
    fileId: bigint('file_id', { mode: 'number' }).references(() => files.id, { onDelete: 'set null' }),
    /** Video length in seconds (ffmpeg; 0 when unknown). */
    durationSeconds: integer('duration_seconds').notNull().default(0),
    posterFileId: bigint('poster_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    examId: bigint('exam_id', { mode: 'number' }).references(() => exams.id, { onDelete: 'set null' }),
    liveStartAt: timestamp('live_start_at', { withTimezone: true }),
    liveMinutes: integer('live_minutes'),
    /** The RTMP stream key (secret: only administrators see it). */
    liveStreamKey: varchar('live_stream_key', { length: 64 }),
    /** 'scheduled' | 'live' | 'ended'. */
    liveStatus: varchar('live_status', { length: 10 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_sections_course_idx').on(t.courseId, t.sort),
    index('course_sections_chapter_idx').on(t.chapterId, t.sort),
    uniqueIndex('course_sections_stream_key_idx')
      .on(t.liveStreamKey)
      .where(sql`live_stream_key is not null`),
  ],
);

/** Learner groups (班级) within a course. */
export const courseGroups = pgTable(
  'course_groups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_groups_course_idx').on(t.courseId)],
);

/**
 * Enrolment (member calls), one row per course and learner, materialised when an administrator enrols a
 * department, staff or tag (as exam candidates are), or when a learner enrols in an open course. The
 * progress columns summarise course_progress for lists and statistics.
 */
export const courseMembers = pgTable(
  'course_members',
  {
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    groupId: bigint('group_id', { mode: 'number' }).references(() => courseGroups.id, {
      onDelete: 'set null',
    }),
    /** 'department' | 'staff' | 'tag' | 'self' | 'purchase'. */
    source: varchar('source', { length: 10 }).notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Completed sections ÷ sections, percent 0–100. */
    progressPercent: smallint('progress_percent').notNull().default(0),
    lastSectionId: bigint('last_section_id', { mode: 'number' }),
    lastStudiedAt: timestamp('last_studied_at', { withTimezone: true }),
    /** Purchased access (source 'purchase', issue 21) ends here; null = no end. */
    accessUntil: timestamp('access_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('course_members_user_idx').on(t.userId, t.courseId),
    // Learning targets (issue 18) sum the completions of an organisation within a period: who and which
    // course are in the key so the sum is an index-only scan.
    index('course_members_org_completed_idx')
      .on(t.organizationId, t.completedAt, t.userId, t.courseId)
      .where(sql`${t.completedAt} is not null`),
  ],
);

/** A learner's progress in one section; video credit follows creditVideoProgress (shared/course.ts). */
export const courseProgress = pgTable(
  'course_progress',
  {
    sectionId: bigint('section_id', { mode: 'number' })
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    /** Where the player was last (resume point), seconds. */
    positionSeconds: integer('position_seconds').notNull().default(0),
    /** The parts of the video watched, as sorted disjoint [start, end] seconds (WatchedRanges). */
    watchedRanges: jsonb('watched_ranges').$type<[number, number][]>().notNull().default([]),
    /** Seconds covered by watched_ranges. */
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sectionId, t.userId] }),
    index('course_progress_user_course_idx').on(t.userId, t.courseId),
    // Course analysis (issue 19): a course's progress per section.
    index('course_progress_course_section_idx').on(t.courseId, t.sectionId),
  ],
);

/** Course evaluation: one rating (1–5) and comment per learner and course. */
export const courseEvaluations = pgTable(
  'course_evaluations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    courseId: bigint('course_id', { mode: 'number' })
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: varchar('comment', { length: 500 }),
    /** 1: hidden by an administrator (still counted in the average). */
    hidden: smallint('hidden').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_evaluations_course_user_idx').on(t.courseId, t.userId),
    index('course_evaluations_course_created_idx').on(t.courseId, t.createdAt),
  ],
);

/** Who attended a live section and for how long. */
export const liveAttendance = pgTable(
  'live_attendance',
  {
    sectionId: bigint('section_id', { mode: 'number' })
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    firstJoinedAt: timestamp('first_joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Seconds present, summed from heartbeats. */
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.userId] })],
);

/** Chat beside a live class. */
export const liveMessages = pgTable(
  'live_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    sectionId: bigint('section_id', { mode: 'number' })
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    content: varchar('content', { length: 500 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_messages_section_idx').on(t.sectionId, t.id)],
);

/**
 * A resumable upload in progress (large videos): chunks are appended in order to a staging file until
 * `received` equals `size`, then the file is handed to the storage adapter and a files row is made.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    /** What the upload is for ('video', 'datum', 'image'): decides the accepted types and size. */
    purpose: varchar('purpose', { length: 10 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    fileId: bigint('file_id', { mode: 'number' }).references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_sessions_org_user_idx').on(t.organizationId, t.userId)],
);
