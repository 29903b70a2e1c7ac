import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNull,
  max,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import {
  courseCategories,
  courseChapters,
  courseEvaluations,
  courseMembers,
  courses,
  courseSections,
  courseTags,
  courseTeachers,
  files,
  tags,
  teachers,
  users,
} from '../../db/schema';
import { COURSE_SIMPLE_MAX } from '@kaopei/shared/contracts/course';

/** Every query of course categories, courses and teachers (design.md §5): each scoped by the organisation. */

type OrgScope = Pick<RequestContext, 'organizationId'>;

export type CategoryRecord = typeof courseCategories.$inferSelect;
export type CourseRecord = typeof courses.$inferSelect;
export type TeacherRecord = typeof teachers.$inferSelect;
export type CourseValues = Partial<
  Pick<
    CourseRecord,
    | 'name'
    | 'categoryId'
    | 'coverFileId'
    | 'intro'
    | 'kind'
    | 'credits'
    | 'minutes'
    | 'status'
    | 'enrolment'
    | 'noSkip'
    | 'completePercent'
    | 'sort'
  >
>;

/** The course–tag link table, for `registerTagLinks` (usage counts, removal on tag deletion). */
export const courseTagLink = { table: courseTags, tagId: courseTags.tagId };

/** The URL a stored file is served under (modules/file serves `/api/files/<key>`). */
export const fileUrlOf = (key: string | null | undefined): string | null =>
  key ? `/api/files/${key}` : null;

// ---------------------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------------------

/** The organisation's categories in tree order, with the courses filed directly in each. */
export function listCategoryRecords(
  db: DbOrTx,
  ctx: OrgScope,
): Promise<(CategoryRecord & { courseCount: number })[]> {
  return db
    .select({
      id: courseCategories.id,
      organizationId: courseCategories.organizationId,
      parentId: courseCategories.parentId,
      name: courseCategories.name,
      sort: courseCategories.sort,
      published: courseCategories.published,
      createdAt: courseCategories.createdAt,
      updatedAt: courseCategories.updatedAt,
      courseCount: sql<number>`(select count(*)::int from ${courses} where ${courses.categoryId} = ${courseCategories.id})`,
    })
    .from(courseCategories)
    .where(eq(courseCategories.organizationId, ctx.organizationId))
    .orderBy(asc(courseCategories.sort), asc(courseCategories.id));
}

export async function findCategory(
  db: DbOrTx,
  ctx: OrgScope,
  id: number,
): Promise<CategoryRecord | undefined> {
  const [row] = await db
    .select()
    .from(courseCategories)
    .where(and(eq(courseCategories.id, id), eq(courseCategories.organizationId, ctx.organizationId)));
  return row;
}

const underParent = (parentId: number | null) =>
  parentId === null ? isNull(courseCategories.parentId) : eq(courseCategories.parentId, parentId);

export async function findSiblingCategory(
  db: DbOrTx,
  ctx: OrgScope,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(
      and(
        eq(courseCategories.organizationId, ctx.organizationId),
        underParent(parentId),
        eq(courseCategories.name, name),
        exceptId !== undefined ? ne(courseCategories.id, exceptId) : undefined,
      ),
    );
  return row;
}

export async function lastCategorySort(db: DbOrTx, ctx: OrgScope, parentId: number | null): Promise<number> {
  const [row] = await db
    .select({ sort: max(courseCategories.sort) })
    .from(courseCategories)
    .where(and(eq(courseCategories.organizationId, ctx.organizationId), underParent(parentId)));
  return row?.sort ?? -1;
}

export async function insertCategory(
  db: DbOrTx,
  ctx: OrgScope,
  values: { parentId: number | null; name: string; sort: number },
): Promise<CategoryRecord> {
  const [row] = await db
    .insert(courseCategories)
    .values({ organizationId: ctx.organizationId, ...values })
    .returning();
  if (!row) throw new Error('course category insert failed');
  return row;
}

export async function updateCategory(
  db: DbOrTx,
  ctx: OrgScope,
  id: number,
  changes: Partial<Pick<CategoryRecord, 'name' | 'sort' | 'parentId' | 'published'>>,
): Promise<void> {
  await db
    .update(courseCategories)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(courseCategories.id, id), eq(courseCategories.organizationId, ctx.organizationId)));
}

/** Sub-categories and courses of a category (the delete's guards; the category is the caller's). */
export async function categoryUsage(db: DbOrTx, id: number): Promise<{ children: number; courses: number }> {
  const [[children], [filed]] = await Promise.all([
    db.select({ n: count() }).from(courseCategories).where(eq(courseCategories.parentId, id)),
    db.select({ n: count() }).from(courses).where(eq(courses.categoryId, id)),
  ]);
  return { children: children?.n ?? 0, courses: filed?.n ?? 0 };
}

export async function deleteCategoryRecord(db: DbOrTx, ctx: OrgScope, id: number): Promise<void> {
  await db
    .delete(courseCategories)
    .where(and(eq(courseCategories.id, id), eq(courseCategories.organizationId, ctx.organizationId)));
}

// ---------------------------------------------------------------------------------------------------------
// Courses
// ---------------------------------------------------------------------------------------------------------

export async function findCourse(db: DbOrTx, ctx: OrgScope, id: number): Promise<CourseRecord | undefined> {
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.organizationId, ctx.organizationId)));
  return row;
}

export interface CourseSearch {
  /** The category and its descendants (resolved by the service). */
  categoryIds?: number[];
  keyword?: string;
  status?: string;
  kind?: string;
  tagId?: number;
  teacherId?: number;
}

function searchConditions(ctx: OrgScope, filter: CourseSearch): SQL {
  const conditions: (SQL | undefined)[] = [eq(courses.organizationId, ctx.organizationId)];
  if (filter.categoryIds) conditions.push(inArray(courses.categoryId, filter.categoryIds));
  if (filter.keyword) conditions.push(ilike(courses.name, containsPattern(filter.keyword)));
  if (filter.status) conditions.push(eq(courses.status, filter.status));
  if (filter.kind) conditions.push(eq(courses.kind, filter.kind));
  if (filter.tagId !== undefined)
    conditions.push(
      exists(
        sql`(select 1 from ${courseTags} where ${courseTags.courseId} = ${courses.id} and ${courseTags.tagId} = ${filter.tagId})`,
      ),
    );
  if (filter.teacherId !== undefined)
    conditions.push(
      exists(
        sql`(select 1 from ${courseTeachers} where ${courseTeachers.courseId} = ${courses.id} and ${courseTeachers.teacherId} = ${filter.teacherId})`,
      ),
    );
  return and(...conditions) as SQL;
}

/** A page of courses (newest first within sort) with the total matching. */
export async function searchCourseRecords(
  db: DbOrTx,
  ctx: OrgScope,
  filter: CourseSearch,
  page: { limit: number; offset: number },
): Promise<{ rows: (CourseRecord & { coverKey: string | null })[]; total: number }> {
  const where = searchConditions(ctx, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ course: courses, coverKey: files.key })
      .from(courses)
      .leftJoin(files, eq(files.id, courses.coverFileId))
      .where(where)
      .orderBy(asc(courses.sort), desc(courses.createdAt), desc(courses.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.course, coverKey: r.coverKey })), total: total?.n ?? 0 };
}

export function listCourseOptions(
  db: DbOrTx,
  ctx: OrgScope,
  keyword: string | undefined,
): Promise<{ id: number; name: string; status: string; categoryId: number | null }[]> {
  return db
    .select({ id: courses.id, name: courses.name, status: courses.status, categoryId: courses.categoryId })
    .from(courses)
    .where(
      and(
        eq(courses.organizationId, ctx.organizationId),
        keyword ? ilike(courses.name, containsPattern(keyword)) : undefined,
      ),
    )
    .orderBy(asc(courses.sort), desc(courses.createdAt))
    .limit(COURSE_SIMPLE_MAX);
}

export function listCourseTeachers(
  db: DbOrTx,
  courseIds: number[],
): Promise<{ courseId: number; teacherId: number; name: string }[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({ courseId: courseTeachers.courseId, teacherId: teachers.id, name: teachers.name })
    .from(courseTeachers)
    .innerJoin(teachers, eq(teachers.id, courseTeachers.teacherId))
    .where(inArray(courseTeachers.courseId, courseIds))
    .orderBy(asc(courseTeachers.sort), asc(teachers.id));
}

export function listCourseTags(
  db: DbOrTx,
  courseIds: number[],
): Promise<{ courseId: number; tagId: number; name: string; color: string }[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({ courseId: courseTags.courseId, tagId: tags.id, name: tags.name, color: tags.color })
    .from(courseTags)
    .innerJoin(tags, eq(tags.id, courseTags.tagId))
    .where(inArray(courseTags.courseId, courseIds))
    .orderBy(asc(tags.name));
}

/** Per course: sections, chapters, members, completed members, rating sum and count (four grouped queries). */
export async function courseFigures(
  db: DbOrTx,
  courseIds: number[],
): Promise<
  Map<
    number,
    {
      sections: number;
      chapters: number;
      members: number;
      completed: number;
      ratingSum: number;
      ratings: number;
    }
  >
> {
  const out = new Map<
    number,
    {
      sections: number;
      chapters: number;
      members: number;
      completed: number;
      ratingSum: number;
      ratings: number;
    }
  >();
  if (courseIds.length === 0) return out;
  const [sections, chapters, members, ratings] = await Promise.all([
    db
      .select({ courseId: courseSections.courseId, n: count() })
      .from(courseSections)
      .where(inArray(courseSections.courseId, courseIds))
      .groupBy(courseSections.courseId),
    db
      .select({ courseId: courseChapters.courseId, n: count() })
      .from(courseChapters)
      .where(inArray(courseChapters.courseId, courseIds))
      .groupBy(courseChapters.courseId),
    db
      .select({
        courseId: courseMembers.courseId,
        n: count(),
        completed: sql<number>`count(${courseMembers.completedAt})::int`,
      })
      .from(courseMembers)
      .where(inArray(courseMembers.courseId, courseIds))
      .groupBy(courseMembers.courseId),
    db
      .select({
        courseId: courseEvaluations.courseId,
        n: count(),
        sum: sql<number>`coalesce(sum(${courseEvaluations.rating}), 0)::int`,
      })
      .from(courseEvaluations)
      .where(inArray(courseEvaluations.courseId, courseIds))
      .groupBy(courseEvaluations.courseId),
  ]);
  for (const id of courseIds)
    out.set(id, { sections: 0, chapters: 0, members: 0, completed: 0, ratingSum: 0, ratings: 0 });
  for (const s of sections) (out.get(s.courseId) as { sections: number }).sections = s.n;
  for (const c of chapters) (out.get(c.courseId) as { chapters: number }).chapters = c.n;
  for (const m of members) Object.assign(out.get(m.courseId) ?? {}, { members: m.n, completed: m.completed });
  for (const r of ratings) Object.assign(out.get(r.courseId) ?? {}, { ratingSum: r.sum, ratings: r.n });
  return out;
}

export async function insertCourse(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId' | 'userId'>,
  values: CourseValues & { name: string },
): Promise<CourseRecord> {
  const [row] = await db
    .insert(courses)
    .values({ ...values, organizationId: ctx.organizationId, createdBy: ctx.userId })
    .returning();
  if (!row) throw new Error('course insert failed');
  return row;
}

export async function updateCourse(
  db: DbOrTx,
  ctx: OrgScope,
  id: number,
  values: CourseValues,
): Promise<void> {
  await db
    .update(courses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(courses.id, id), eq(courses.organizationId, ctx.organizationId)));
}

export async function deleteCourseRecord(db: DbOrTx, ctx: OrgScope, id: number): Promise<void> {
  await db.delete(courses).where(and(eq(courses.id, id), eq(courses.organizationId, ctx.organizationId)));
}

export async function replaceCourseTeachers(
  db: DbOrTx,
  courseId: number,
  teacherIds: number[],
): Promise<void> {
  await db.delete(courseTeachers).where(eq(courseTeachers.courseId, courseId));
  if (teacherIds.length > 0)
    await db
      .insert(courseTeachers)
      .values(teacherIds.map((teacherId, sort) => ({ courseId, teacherId, sort })));
}

export async function replaceCourseTags(db: DbOrTx, courseId: number, tagIds: number[]): Promise<void> {
  await db.delete(courseTags).where(eq(courseTags.courseId, courseId));
  if (tagIds.length > 0) await db.insert(courseTags).values(tagIds.map((tagId) => ({ courseId, tagId })));
}

/** An image file of the organisation that may be shown to anyone (a cover, an avatar). */
export async function findPublicImage(
  db: DbOrTx,
  ctx: OrgScope,
  fileId: number,
): Promise<{ id: number; key: string } | undefined> {
  const [row] = await db
    .select({ id: files.id, key: files.key })
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        eq(files.organizationId, ctx.organizationId),
        eq(files.isPublic, 1),
        ilike(files.mime, 'image/%'),
      ),
    );
  return row;
}

export async function fileKey(db: DbOrTx, fileId: number | null): Promise<string | null> {
  if (fileId === null) return null;
  const [row] = await db.select({ key: files.key }).from(files).where(eq(files.id, fileId));
  return row?.key ?? null;
}

/** The chapters and sections of a course in order (for the deep copy). */
export async function listCourseContent(db: DbOrTx, ctx: OrgScope, courseId: number) {
  const [chapters, sections] = await Promise.all([
    db
      .select()
      .from(courseChapters)
      .where(
        and(eq(courseChapters.courseId, courseId), eq(courseChapters.organizationId, ctx.organizationId)),
      )
      .orderBy(asc(courseChapters.sort), asc(courseChapters.id)),
    db
      .select()
      .from(courseSections)
      .where(
        and(eq(courseSections.courseId, courseId), eq(courseSections.organizationId, ctx.organizationId)),
      )
      .orderBy(asc(courseSections.sort), asc(courseSections.id)),
  ]);
  return { chapters, sections };
}

export type ChapterRecord = typeof courseChapters.$inferSelect;
export type SectionRecord = typeof courseSections.$inferSelect;

export async function insertChapters(
  db: DbOrTx,
  values: (typeof courseChapters.$inferInsert)[],
): Promise<{ id: number }[]> {
  if (values.length === 0) return [];
  return db.insert(courseChapters).values(values).returning({ id: courseChapters.id });
}

export async function insertSections(
  db: DbOrTx,
  values: (typeof courseSections.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await db.insert(courseSections).values(values);
}

// ---------------------------------------------------------------------------------------------------------
// Teachers
// ---------------------------------------------------------------------------------------------------------

const teacherColumns = {
  teacher: teachers,
  userName: users.realName,
  avatarKey: files.key,
  courseCount: sql<number>`(select count(*)::int from ${courseTeachers} where ${courseTeachers.teacherId} = ${teachers.id})`,
};

export type TeacherListRecord = {
  teacher: TeacherRecord;
  userName: string | null;
  avatarKey: string | null;
  courseCount: number;
};

export async function listTeacherRecords(
  db: DbOrTx,
  ctx: OrgScope,
  filter: { keyword?: string; ids?: number[] },
  page: { limit: number; offset: number },
): Promise<{ rows: TeacherListRecord[]; total: number }> {
  const where = and(
    eq(teachers.organizationId, ctx.organizationId),
    filter.keyword
      ? or(
          ilike(teachers.name, containsPattern(filter.keyword)),
          ilike(teachers.title, containsPattern(filter.keyword)),
        )
      : undefined,
    filter.ids ? inArray(teachers.id, filter.ids) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(teacherColumns)
      .from(teachers)
      .leftJoin(users, eq(users.id, teachers.userId))
      .leftJoin(files, eq(files.id, teachers.avatarFileId))
      .where(where)
      .orderBy(asc(teachers.name), asc(teachers.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(teachers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function listTeacherOptions(
  db: DbOrTx,
  ctx: OrgScope,
): Promise<{ id: number; name: string; title: string | null }[]> {
  return db
    .select({ id: teachers.id, name: teachers.name, title: teachers.title })
    .from(teachers)
    .where(eq(teachers.organizationId, ctx.organizationId))
    .orderBy(asc(teachers.name), asc(teachers.id))
    .limit(COURSE_SIMPLE_MAX);
}

export async function findTeacher(db: DbOrTx, ctx: OrgScope, id: number): Promise<TeacherRecord | undefined> {
  const [row] = await db
    .select()
    .from(teachers)
    .where(and(eq(teachers.id, id), eq(teachers.organizationId, ctx.organizationId)));
  return row;
}

export async function ownTeacherIds(db: DbOrTx, ctx: OrgScope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(inArray(teachers.id, ids), eq(teachers.organizationId, ctx.organizationId)));
  return new Set(rows.map((r) => r.id));
}

export async function insertTeacher(
  db: DbOrTx,
  ctx: OrgScope,
  values: Omit<typeof teachers.$inferInsert, 'organizationId'>,
): Promise<TeacherRecord> {
  const [row] = await db
    .insert(teachers)
    .values({ ...values, organizationId: ctx.organizationId })
    .returning();
  if (!row) throw new Error('teacher insert failed');
  return row;
}

export async function updateTeacher(
  db: DbOrTx,
  ctx: OrgScope,
  id: number,
  values: Partial<Omit<typeof teachers.$inferInsert, 'organizationId' | 'id'>>,
): Promise<void> {
  await db
    .update(teachers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(teachers.id, id), eq(teachers.organizationId, ctx.organizationId)));
}

export async function countTeacherCourses(db: DbOrTx, teacherId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(courseTeachers)
    .where(eq(courseTeachers.teacherId, teacherId));
  return row?.n ?? 0;
}

export async function deleteTeacherRecord(db: DbOrTx, ctx: OrgScope, id: number): Promise<void> {
  await db.delete(teachers).where(and(eq(teachers.id, id), eq(teachers.organizationId, ctx.organizationId)));
}

/** A living staff member of the organisation (a teacher's link). */
export async function findOwnStaff(
  db: DbOrTx,
  ctx: OrgScope,
  userId: number,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, ctx.organizationId), ne(users.status, 2)));
  return row;
}
