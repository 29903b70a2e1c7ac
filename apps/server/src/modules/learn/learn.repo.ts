import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { containsPattern } from '../../core/db-errors';
import type { MyCourseTab } from '@kaopei/shared/contracts/learn';

/**
 * Queries of the learner's side of courses (issue 17, part C). Every one is scoped by the caller's
 * organisation and user; raw SQL because they join the course tree, enrolment and progress at once.
 */

interface Caller {
  userId: number;
  organizationId: number;
}

/** Raw rows carry bigint and numeric as strings on node-postgres; timestamps as Date (or text). */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
export const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
export const msOrNull = (value: unknown): number | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.getTime()
      : new Date(String(value)).getTime();
export const bool = (value: unknown): boolean => value === true || value === 1 || value === 't';

/** A member row counts while its purchased access lasts (course_members.access_until, issue 21). */
const ACTIVE_MEMBER = sql`(m.access_until is null or m.access_until > now())`;

/**
 * `visible_categories`: the organisation's categories a learner may see — published, under published
 * ancestors only (a hidden category hides everything below it).
 */
function visibleCategoriesCte(organizationId: number): SQL {
  return sql`visible_categories as (
      select id from course_categories
      where organization_id = ${organizationId}::bigint and parent_id is null and published = 1
      union all
      select c.id from course_categories c
      join visible_categories v on c.parent_id = v.id
      where c.published = 1
    )`;
}

// ---------------------------------------------------------------------------------------------------------
// My courses
// ---------------------------------------------------------------------------------------------------------

export interface MyCourseRecord {
  id: unknown;
  name: string;
  cover_key: string | null;
  category_name: string | null;
  kind: string;
  status: string;
  credits: unknown;
  minutes: unknown;
  section_count: unknown;
  progress_percent: unknown;
  started_at: unknown;
  completed_at: unknown;
  last_section_id: unknown;
  last_section_title: string | null;
  enrolled_at: unknown;
  last_studied_at: unknown;
}

function myCoursesWhere(ctx: Caller, tab: MyCourseTab): SQL {
  const state =
    tab === 'learning'
      ? sql`and m.completed_at is null`
      : tab === 'completed'
        ? sql`and m.completed_at is not null`
        : sql``;
  return sql`m.user_id = ${ctx.userId}::bigint and m.organization_id = ${ctx.organizationId}::bigint
    and c.organization_id = ${ctx.organizationId}::bigint and c.status <> 'draft' and ${ACTIVE_MEMBER} ${state}`;
}

/** The caller's enrolments (not drafts), the most recently studied first. */
export async function listMyCourses(
  db: DbOrTx,
  ctx: Caller,
  tab: MyCourseTab,
  page: { limit: number; offset: number },
): Promise<{ rows: MyCourseRecord[]; total: number }> {
  const where = myCoursesWhere(ctx, tab);
  const rows = rowsOf<MyCourseRecord>(
    await db.execute(sql`
      select c.id, c.name, f.key as cover_key, cat.name as category_name, c.kind, c.status, c.credits,
        c.minutes, (select count(*) from course_sections s where s.course_id = c.id) as section_count,
        m.progress_percent, m.started_at, m.completed_at, m.last_section_id, ls.title as last_section_title,
        m.enrolled_at, m.last_studied_at
      from course_members m
      join courses c on c.id = m.course_id
      left join files f on f.id = c.cover_file_id
      left join course_categories cat on cat.id = c.category_id
      left join course_sections ls on ls.id = m.last_section_id and ls.course_id = m.course_id
      where ${where}
      order by m.last_studied_at desc nulls last, m.enrolled_at desc, c.id desc
      limit ${page.limit} offset ${page.offset}`),
  );
  const [count] = rowsOf<{ n: unknown }>(
    await db.execute(sql`
      select count(*) as n from course_members m join courses c on c.id = m.course_id where ${where}`),
  );
  return { rows, total: num(count?.n) };
}

// ---------------------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------------------

/** The categories a learner sees, in tree order. */
export async function listVisibleCategories(
  db: DbOrTx,
  ctx: Caller,
): Promise<{ id: unknown; name: string; parent_id: unknown }[]> {
  return rowsOf(
    await db.execute(sql`
      with recursive ${visibleCategoriesCte(ctx.organizationId)}
      select c.id, c.name, c.parent_id from course_categories c
      where c.id in (select id from visible_categories)
      order by c.sort, c.id`),
  );
}

export interface CatalogRecord {
  id: unknown;
  name: string;
  cover_key: string | null;
  category_id: unknown;
  category_name: string | null;
  kind: string;
  enrolment: string;
  credits: unknown;
  minutes: unknown;
  section_count: unknown;
  member_count: unknown;
  rating_sum: unknown;
  rating_count: unknown;
  enrolled: unknown;
  progress_percent: unknown;
}

/**
 * The courses open to the caller: open, under visible categories (or none), and either enrolled or open
 * to everyone. `categoryId` includes its visible sub-categories.
 */
export async function searchCatalog(
  db: DbOrTx,
  ctx: Caller,
  filter: { keyword?: string; categoryId?: number },
  page: { limit: number; offset: number },
): Promise<{ rows: CatalogRecord[]; total: number }> {
  const scoped = filter.categoryId
    ? sql`, category_scope as (
        select id from visible_categories where id = ${filter.categoryId}::bigint
        union all
        select c.id from course_categories c join category_scope s on c.parent_id = s.id where c.published = 1
      )`
    : sql``;
  const head = sql`with recursive ${visibleCategoriesCte(ctx.organizationId)} ${scoped}`;
  const from = sql`from courses c
    left join course_members m on m.course_id = c.id and m.user_id = ${ctx.userId}::bigint and ${ACTIVE_MEMBER}
    where c.organization_id = ${ctx.organizationId}::bigint and c.status = 'open'
      and (c.category_id is null or c.category_id in (select id from visible_categories))
      and (m.user_id is not null or c.enrolment = 'open')
      ${filter.keyword ? sql`and c.name ilike ${containsPattern(filter.keyword)}` : sql``}
      ${filter.categoryId ? sql`and c.category_id in (select id from category_scope)` : sql``}`;
  const rows = rowsOf<CatalogRecord>(
    await db.execute(sql`${head}
      select c.id, c.name, f.key as cover_key, c.category_id, cat.name as category_name, c.kind, c.enrolment,
        c.credits, c.minutes,
        (select count(*) from course_sections s where s.course_id = c.id) as section_count,
        (select count(*) from course_members mm where mm.course_id = c.id) as member_count,
        r.rating_sum, r.rating_count, m.user_id is not null as enrolled,
        coalesce(m.progress_percent, 0) as progress_percent
      from (select c.id, m.user_id, m.progress_percent ${from}
            order by c.sort, c.created_at desc, c.id desc
            limit ${page.limit} offset ${page.offset}) m
      join courses c on c.id = m.id
      left join files f on f.id = c.cover_file_id
      left join course_categories cat on cat.id = c.category_id
      left join lateral (
        select coalesce(sum(e.rating), 0) as rating_sum, count(*) as rating_count
        from course_evaluations e where e.course_id = c.id
      ) r on true
      order by c.sort, c.created_at desc, c.id desc`),
  );
  const [count] = rowsOf<{ n: unknown }>(await db.execute(sql`${head} select count(*) as n ${from}`));
  return { rows, total: num(count?.n) };
}

/** Teachers of these courses, in each course's order. */
export async function listTeachersOf(
  db: DbOrTx,
  courseIds: number[],
): Promise<
  {
    course_id: unknown;
    id: unknown;
    name: string;
    title: string | null;
    intro: string | null;
    avatar_key: string | null;
  }[]
> {
  if (courseIds.length === 0) return [];
  return rowsOf(
    await db.execute(sql`
      select ct.course_id, t.id, t.name, t.title, t.intro, f.key as avatar_key
      from course_teachers ct
      join teachers t on t.id = ct.teacher_id
      left join files f on f.id = t.avatar_file_id
      where ct.course_id = any(${`{${courseIds.join(',')}}`}::bigint[])
      order by ct.course_id, ct.sort, t.id`),
  );
}

// ---------------------------------------------------------------------------------------------------------
// One course
// ---------------------------------------------------------------------------------------------------------

export interface CourseAccessRecord {
  id: unknown;
  name: string;
  cover_key: string | null;
  intro: string | null;
  category_name: string | null;
  kind: string;
  status: string;
  enrolment: string;
  credits: unknown;
  minutes: unknown;
  no_skip: unknown;
  complete_percent: unknown;
  /** Every category on the course's path is published (or it has none). */
  category_visible: unknown;
  member: unknown;
  started_at: unknown;
  completed_at: unknown;
  progress_percent: unknown;
  last_section_id: unknown;
}

/** A course of the caller's organisation with the caller's enrolment, or undefined. */
export async function findCourseForLearner(
  db: DbOrTx,
  ctx: Caller,
  courseId: number,
): Promise<CourseAccessRecord | undefined> {
  const [row] = rowsOf<CourseAccessRecord>(
    await db.execute(sql`
      with recursive ${visibleCategoriesCte(ctx.organizationId)}
      select c.id, c.name, f.key as cover_key, c.intro, cat.name as category_name, c.kind, c.status,
        c.enrolment, c.credits, c.minutes, c.no_skip, c.complete_percent,
        (c.category_id is null or c.category_id in (select id from visible_categories)) as category_visible,
        (m.user_id is not null and ${ACTIVE_MEMBER}) as member, m.started_at, m.completed_at, m.progress_percent, m.last_section_id
      from courses c
      left join files f on f.id = c.cover_file_id
      left join course_categories cat on cat.id = c.category_id
      left join course_members m on m.course_id = c.id and m.user_id = ${ctx.userId}::bigint
      where c.id = ${courseId}::bigint and c.organization_id = ${ctx.organizationId}::bigint`),
  );
  return row;
}

export interface OutlineRecord {
  chapter_id: unknown;
  chapter_title: string;
  id: unknown;
  title: string;
  kind: string;
  duration_seconds: unknown;
  requires_previous: unknown;
  file_id: unknown;
  exam_id: unknown;
  live_start_at: unknown;
  live_minutes: unknown;
  live_status: string | null;
  position_seconds: unknown;
  watched_seconds: unknown;
  watched_ranges: unknown;
  opened: unknown;
  completed: unknown;
}

/**
 * The course's sections in course order (chapter, then section) with the caller's progress: a section is
 * completed as refreshCourseProgress counts it (completed_at, or a passed graded attempt of its exam).
 */
export async function listOutline(db: DbOrTx, courseId: number, userId: number): Promise<OutlineRecord[]> {
  return rowsOf<OutlineRecord>(
    await db.execute(sql`
      select ch.id as chapter_id, ch.title as chapter_title, s.id, s.title, s.kind, s.duration_seconds,
        s.requires_previous, s.file_id, s.exam_id, s.live_start_at, s.live_minutes, s.live_status,
        coalesce(p.position_seconds, 0) as position_seconds, coalesce(p.watched_seconds, 0) as watched_seconds,
        coalesce(p.watched_ranges, '[]'::jsonb) as watched_ranges, p.user_id is not null as opened,
        (p.completed_at is not null or (s.kind = 'exam' and exists (
          select 1 from exam_attempts a
          where a.exam_id = s.exam_id and a.user_id = ${userId}::bigint and a.status = 2 and a.passed = 1
        ))) as completed
      from course_chapters ch
      join course_sections s on s.chapter_id = ch.id
      left join course_progress p on p.section_id = s.id and p.user_id = ${userId}::bigint
      where ch.course_id = ${courseId}::bigint and s.course_id = ${courseId}::bigint
      order by ch.sort, ch.id, s.sort, s.id`),
  );
}

/** The chapters of a course (those without sections too), in order. */
export async function listChapters(db: DbOrTx, courseId: number): Promise<{ id: unknown; title: string }[]> {
  return rowsOf(
    await db.execute(sql`
      select id, title from course_chapters where course_id = ${courseId}::bigint order by sort, id`),
  );
}

/** Sum and count of every rating of the course (hidden ones count in the average). */
export async function ratingSummary(db: DbOrTx, courseId: number): Promise<{ sum: number; count: number }> {
  const [row] = rowsOf<{ s: unknown; n: unknown }>(
    await db.execute(sql`
      select coalesce(sum(rating), 0) as s, count(*) as n from course_evaluations
      where course_id = ${courseId}::bigint`),
  );
  return { sum: num(row?.s), count: num(row?.n) };
}

export async function findMyEvaluation(
  db: DbOrTx,
  courseId: number,
  userId: number,
): Promise<{ rating: unknown; comment: string | null; updated_at: unknown } | undefined> {
  const [row] = rowsOf<{ rating: unknown; comment: string | null; updated_at: unknown }>(
    await db.execute(sql`
      select rating, comment, updated_at from course_evaluations
      where course_id = ${courseId}::bigint and user_id = ${userId}::bigint`),
  );
  return row;
}

/** Visible evaluations of a course, newest first. */
export async function listPublicEvaluations(
  db: DbOrTx,
  courseId: number,
  page: { limit: number; offset: number },
): Promise<{
  rows: {
    id: unknown;
    user_id: unknown;
    real_name: string;
    rating: unknown;
    comment: string | null;
    updated_at: unknown;
  }[];
  total: number;
}> {
  const rows = rowsOf<{
    id: unknown;
    user_id: unknown;
    real_name: string;
    rating: unknown;
    comment: string | null;
    updated_at: unknown;
  }>(
    await db.execute(sql`
      select e.id, e.user_id, u.real_name, e.rating, e.comment, e.updated_at
      from course_evaluations e join users u on u.id = e.user_id
      where e.course_id = ${courseId}::bigint and e.hidden = 0
      order by e.updated_at desc, e.id desc
      limit ${page.limit} offset ${page.offset}`),
  );
  const [count] = rowsOf<{ n: unknown }>(
    await db.execute(sql`
      select count(*) as n from course_evaluations where course_id = ${courseId}::bigint and hidden = 0`),
  );
  return { rows, total: num(count?.n) };
}

/** One evaluation per learner: a second one replaces the rating and comment (hidden stays as it was). */
export async function upsertEvaluation(
  db: DbOrTx,
  ctx: Caller,
  courseId: number,
  rating: number,
  comment: string | null,
): Promise<void> {
  await db.execute(sql`
    insert into course_evaluations (organization_id, course_id, user_id, rating, comment)
    values (${ctx.organizationId}::bigint, ${courseId}::bigint, ${ctx.userId}::bigint, ${rating}, ${comment})
    on conflict (course_id, user_id)
    do update set rating = excluded.rating, comment = excluded.comment, updated_at = now()`);
}

/** Enrols the caller themselves (source 'self'); an existing enrolment stays as it is. */
export async function insertSelfMember(db: DbOrTx, ctx: Caller, courseId: number): Promise<void> {
  await db.execute(sql`
    insert into course_members (course_id, user_id, organization_id, source)
    values (${courseId}::bigint, ${ctx.userId}::bigint, ${ctx.organizationId}::bigint, 'self')
    on conflict (course_id, user_id) do update set source = 'self', access_until = null
    where course_members.access_until is not null and course_members.access_until <= now()`);
}

// ---------------------------------------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------------------------------------

export interface SectionRecord {
  id: unknown;
  course_id: unknown;
  title: string;
  kind: string;
  duration_seconds: unknown;
  file_key: string | null;
  file_name: string | null;
  file_mime: string | null;
  poster_key: string | null;
  exam_id: unknown;
  live_start_at: unknown;
  live_minutes: unknown;
  live_status: string | null;
}

/** A section of the caller's organisation with its files, or undefined. */
export async function findSection(
  db: DbOrTx,
  ctx: Caller,
  sectionId: number,
): Promise<SectionRecord | undefined> {
  const [row] = rowsOf<SectionRecord>(
    await db.execute(sql`
      select s.id, s.course_id, s.title, s.kind, s.duration_seconds, f.key as file_key, f.name as file_name,
        f.mime as file_mime, pf.key as poster_key, s.exam_id, s.live_start_at, s.live_minutes, s.live_status
      from course_sections s
      left join files f on f.id = s.file_id
      left join files pf on pf.id = s.poster_file_id
      where s.id = ${sectionId}::bigint and s.organization_id = ${ctx.organizationId}::bigint`),
  );
  return row;
}

/**
 * Records that the caller opened a section: the progress row (completed at once when `complete`), and
 * the member's last section.
 */
export async function recordOpened(
  db: DbOrTx,
  ctx: Caller,
  courseId: number,
  sectionId: number,
  complete: boolean,
): Promise<void> {
  await db.execute(sql`
    with opened as (
      insert into course_progress (section_id, user_id, course_id, organization_id, completed_at)
      values (${sectionId}::bigint, ${ctx.userId}::bigint, ${courseId}::bigint, ${ctx.organizationId}::bigint,
        ${complete ? sql`now()` : sql`null`})
      on conflict (section_id, user_id) do update
        set completed_at = coalesce(course_progress.completed_at, excluded.completed_at), updated_at = now()
      returning section_id
    )
    update course_members set last_section_id = ${sectionId}::bigint, last_studied_at = now()
    where course_id = ${courseId}::bigint and user_id = ${ctx.userId}::bigint`);
}
