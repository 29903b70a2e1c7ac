import { sql } from 'drizzle-orm';
import { executeHot, rowsOf, type DbOrTx } from '../../db/client';

/**
 * The course_members progress summary (progress_percent, started_at, completed_at) recomputed from the
 * per-section facts, in one set-based statement (issue 17, part C):
 *
 * - a section is completed when its course_progress row has completed_at (videos credited by
 *   creditVideoProgress, documents opened, live classes attended), or — for an exam section — when the
 *   learner has a graded (status 2) and passed attempt of the section's exam;
 * - progress_percent is courseProgressPercent(completed, sections) (shared/course.ts): rounded down,
 *   100 only when every section is completed, 0 for a course without sections;
 * - started_at is kept once set; otherwise it is the learner's first recorded activity in the course
 *   (a course_progress row) or now when a section is completed without one (an exam passed directly);
 * - completed_at is kept while every section stays completed, set to now when the last one is completed,
 *   and cleared when the course is no longer complete (a section was added afterwards).
 *
 * The caller has checked the course belongs to the caller's organisation. `userIds` limits the refresh to
 * those members (one learner after a progress report); omitted, every member of the course is refreshed
 * (after sections were added or removed, an exam was graded, or members were enrolled).
 * Returns the number of member rows updated.
 */
export async function refreshCourseProgress(
  db: DbOrTx,
  courseId: number,
  userIds?: readonly number[],
): Promise<number> {
  if (userIds && userIds.length === 0) return 0;
  const onlyUsers = userIds
    ? sql`and user_id = any(${`{${userIds.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`
    : sql``;
  const result = await db.execute(sql`
    with sec as (
      select id, kind, exam_id from course_sections where course_id = ${courseId}::bigint
    ),
    total as (select count(*)::int as n from sec),
    mem as (
      select user_id from course_members where course_id = ${courseId}::bigint ${onlyUsers}
    ),
    done as (
      select cp.user_id, cp.section_id
      from course_progress cp
      join mem on mem.user_id = cp.user_id
      join sec on sec.id = cp.section_id
      where cp.course_id = ${courseId}::bigint and cp.completed_at is not null
      union
      select a.user_id, sec.id
      from sec
      join exam_attempts a on a.exam_id = sec.exam_id and a.status = 2 and a.passed = 1
      join mem on mem.user_id = a.user_id
      where sec.kind = 'exam'
    ),
    agg as (
      select mem.user_id, count(done.section_id)::int as d
      from mem left join done on done.user_id = mem.user_id
      group by mem.user_id
    ),
    act as (
      select cp.user_id, min(coalesce(cp.last_report_at, cp.updated_at)) as first_at
      from course_progress cp
      join mem on mem.user_id = cp.user_id
      where cp.course_id = ${courseId}::bigint
      group by cp.user_id
    )
    update course_members m set
      progress_percent = case when total.n = 0 then 0 else least(agg.d, total.n) * 100 / total.n end,
      started_at = coalesce(m.started_at, act.first_at, case when agg.d > 0 then now() end),
      completed_at = case when total.n > 0 and agg.d >= total.n then coalesce(m.completed_at, now()) end
    from agg
    cross join total
    left join act on act.user_id = agg.user_id
    where m.course_id = ${courseId}::bigint and m.user_id = agg.user_id
    returning m.user_id`);
  return rowsOf(result).length;
}

// ---------------------------------------------------------------------------------------------------------
// The progress report (the hot path: every learner watching a video reports every few seconds)
// ---------------------------------------------------------------------------------------------------------

export interface ProgressRowState {
  position_seconds: unknown;
  watched_ranges: unknown;
  last_report_at: unknown;
  completed_at: unknown;
  /** updated_at as text: the row's version for the compare-and-set update. */
  version: string;
  kind: string;
  has_file: unknown;
  duration_seconds: unknown;
  course_id: unknown;
  no_skip: unknown;
  complete_percent: unknown;
  status: string;
}

/**
 * The caller's progress row of a section with what crediting it needs, when the section is the
 * organisation's and the caller is still a member of its course; undefined otherwise (never opened).
 */
export async function findProgressState(
  db: DbOrTx,
  caller: { userId: number; organizationId: number },
  sectionId: number,
): Promise<ProgressRowState | undefined> {
  const [row] = await executeHot<ProgressRowState>(
    db,
    'learn_progress_state',
    sql`select p.position_seconds, p.watched_ranges, p.last_report_at, p.completed_at,
        p.updated_at::text as version, s.kind, s.file_id is not null as has_file, s.duration_seconds,
        s.course_id, c.no_skip, c.complete_percent, c.status
      from course_progress p
      join course_sections s on s.id = p.section_id
      join courses c on c.id = s.course_id
      where p.section_id = ${sectionId}::bigint and p.user_id = ${caller.userId}::bigint
        and s.organization_id = ${caller.organizationId}::bigint
        and exists (select 1 from course_members m where m.course_id = s.course_id and m.user_id = ${caller.userId}::bigint
          and (m.access_until is null or m.access_until > now()))`,
  );
  return row;
}

/**
 * Stores a credited report if the row is still at `version` (compare-and-set: two tabs reporting at
 * once cannot lose each other's watched ranges), and moves the member's last section. Returns whether
 * it was stored, and the member's progress percent.
 */
export async function saveProgressReport(
  db: DbOrTx,
  caller: { userId: number },
  input: {
    sectionId: number;
    courseId: number;
    version: string;
    positionSeconds: number;
    ranges: [number, number][];
    watchedSeconds: number;
    reportAt: Date;
    completed: boolean;
  },
): Promise<{ stored: boolean; progressPercent: number }> {
  const rows = await executeHot<{ progress_percent: unknown }>(
    db,
    'learn_progress_save',
    sql`with saved as (
        update course_progress set position_seconds = ${input.positionSeconds}::int,
          watched_ranges = ${JSON.stringify(input.ranges)}::jsonb, watched_seconds = ${input.watchedSeconds}::int,
          last_report_at = ${input.reportAt.toISOString()}::timestamptz,
          completed_at = case when ${input.completed}::boolean then coalesce(completed_at, now()) else completed_at end,
          updated_at = now()
        where section_id = ${input.sectionId}::bigint and user_id = ${caller.userId}::bigint
          and updated_at = ${input.version}::timestamptz
        returning section_id
      )
      update course_members m set last_section_id = ${input.sectionId}::bigint, last_studied_at = now()
      where m.course_id = ${input.courseId}::bigint and m.user_id = ${caller.userId}::bigint
        and exists (select 1 from saved)
      returning m.progress_percent`,
  );
  const [row] = rows;
  return { stored: row !== undefined, progressPercent: Number(row?.progress_percent ?? 0) };
}

/** The member's progress percent (after a refresh). */
export async function memberProgressPercent(db: DbOrTx, courseId: number, userId: number): Promise<number> {
  const [row] = rowsOf<{ progress_percent: unknown }>(
    await db.execute(sql`select progress_percent from course_members
      where course_id = ${courseId}::bigint and user_id = ${userId}::bigint`),
  );
  return Number(row?.progress_percent ?? 0);
}

/**
 * After an attempt of `examId` by `userId` was graded: refreshes that learner's summary in every course
 * whose exam section uses the exam (one statement per course; usually none or one). For the exam
 * module's grading paths (submit, marking, the code judge) to call.
 */
export async function refreshCourseProgressForExam(
  db: DbOrTx,
  examId: number,
  userId: number,
): Promise<void> {
  const rows = rowsOf<{ course_id: unknown }>(
    await db.execute(sql`
      select distinct s.course_id from course_sections s
      join course_members m on m.course_id = s.course_id and m.user_id = ${userId}::bigint
      where s.exam_id = ${examId}::bigint and s.kind = 'exam'`),
  );
  for (const row of rows) await refreshCourseProgress(db, Number(row.course_id), [userId]);
}

/**
 * Marks a section completed for a learner (a live class attended: modules/live) and brings their course
 * progress up to date. A section already completed keeps its first completion time.
 */
export async function completeSection(
  db: DbOrTx,
  target: { sectionId: number; courseId: number; userId: number; organizationId: number },
): Promise<void> {
  // Heartbeats keep coming after completion: only the first one writes and refreshes the summary.
  const changed = rowsOf(
    await db.execute(sql`
      insert into course_progress (section_id, user_id, course_id, organization_id, completed_at)
      values (${target.sectionId}::bigint, ${target.userId}::bigint, ${target.courseId}::bigint,
              ${target.organizationId}::bigint, now())
      on conflict (section_id, user_id) do update set completed_at = now(), updated_at = now()
        where course_progress.completed_at is null
      returning 1`),
  );
  if (changed.length > 0) await refreshCourseProgress(db, target.courseId, [target.userId]);
}
