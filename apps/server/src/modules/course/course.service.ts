import {
  TagType,
  averageRating,
  type CourseEnrolment,
  type CourseKind,
  type CourseStatus,
} from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import { recordActivity } from '../../core/activity';
import {
  COURSE_NAME_MAX,
  type CourseDetail,
  type CourseFilter,
  type CourseOption,
  type CourseRow,
} from '@kaopei/shared/contracts/course';
import { registerTagLinks, requireTags } from '../tag/tag.service';
import { loadCategories, requireCategory } from './course-category.service';
import {
  courseFigures,
  courseTagLink,
  deleteCourseRecord,
  fileKey,
  fileUrlOf,
  findCourse,
  findPublicImage,
  insertChapters,
  insertCourse,
  insertSections,
  listCourseContent,
  listCourseOptions,
  listCourseTags,
  listCourseTeachers,
  ownTeacherIds,
  replaceCourseTags,
  replaceCourseTeachers,
  searchCourseRecords,
  updateCourse,
  type CourseRecord,
  type CourseSearch,
  type CourseValues,
} from './course.repo';
import { copyName, percentOf, sanitizeIntro } from './course.rules';

registerTagLinks(TagType.COURSE, courseTagLink);

export const COURSE_NOT_FOUND = '课程不存在';
const courseNotFound = () => notFound(COURSE_NOT_FOUND);

/** The filter after the contract's parse. */
export type CourseFilterOut = Omit<CourseFilter, 'categoryId' | 'tagId' | 'teacherId'> & {
  categoryId?: number;
  tagId?: number | null;
  teacherId?: number | null;
};

/** A course of the caller's organisation; 404 for a missing or foreign id. */
export async function requireCourse(
  db: DbOrTx,
  ctx: RequestContext,
  courseId: number,
): Promise<CourseRecord> {
  const row = await findCourse(db, ctx, courseId);
  if (!row) throw courseNotFound();
  return row;
}

export async function resolveCourseFilter(
  db: DbOrTx,
  ctx: RequestContext,
  filter: CourseFilterOut,
): Promise<CourseSearch> {
  let categoryIds: number[] | undefined;
  if (filter.categoryId) {
    await requireCategory(db, ctx, filter.categoryId);
    categoryIds = (await loadCategories(db, ctx)).withDescendants(filter.categoryId);
  }
  return {
    categoryIds,
    keyword: filter.keyword,
    status: filter.status,
    kind: filter.kind,
    tagId: filter.tagId ?? undefined,
    teacherId: filter.teacherId ?? undefined,
  };
}

function groupBy<T extends { courseId: number }, V>(rows: T[], map: (row: T) => V): Map<number, V[]> {
  const out = new Map<number, V[]>();
  for (const row of rows) out.set(row.courseId, [...(out.get(row.courseId) ?? []), map(row)]);
  return out;
}

/** Rows as the list shows them: teachers, tags, figures and categories in a fixed number of queries. */
export async function toCourseRows(
  db: DbOrTx,
  ctx: RequestContext,
  records: (CourseRecord & { coverKey: string | null })[],
): Promise<CourseRow[]> {
  const ids = records.map((r) => r.id);
  const [teacherLinks, tagLinks, figures, categories] = await Promise.all([
    listCourseTeachers(db, ids),
    listCourseTags(db, ids),
    courseFigures(db, ids),
    loadCategories(db, ctx),
  ]);
  const teachersOf = groupBy(teacherLinks, (t) => ({ teacherId: t.teacherId, name: t.name }));
  const tagsOf = groupBy(tagLinks, (t) => ({ tagId: t.tagId, name: t.name, color: t.color }));
  return records.map((r) => {
    const f = figures.get(r.id);
    return {
      courseId: r.id,
      name: r.name,
      coverUrl: fileUrlOf(r.coverKey),
      categoryId: r.categoryId,
      categoryName: r.categoryId === null ? null : (categories.byId.get(r.categoryId)?.name ?? null),
      kind: r.kind as CourseKind,
      status: r.status as CourseStatus,
      enrolment: r.enrolment as CourseEnrolment,
      credits: Number(r.credits),
      minutes: r.minutes,
      teachers: teachersOf.get(r.id) ?? [],
      tags: tagsOf.get(r.id) ?? [],
      sectionCount: f?.sections ?? 0,
      memberCount: f?.members ?? 0,
      completedCount: f?.completed ?? 0,
      completionRate: percentOf(f?.completed ?? 0, f?.members ?? 0),
      averageRating: averageRating(f?.ratingSum ?? 0, f?.ratings ?? 0),
      sort: r.sort,
      createdAt: r.createdAt.getTime(),
      updatedAt: r.updatedAt.getTime(),
    };
  });
}

export async function searchCourses(
  db: Db,
  ctx: RequestContext,
  filter: CourseFilterOut,
  page: { limit: number; offset: number },
): Promise<{ rows: CourseRow[]; total: number }> {
  const found = await searchCourseRecords(db, ctx, await resolveCourseFilter(db, ctx, filter), page);
  return { rows: await toCourseRows(db, ctx, found.rows), total: found.total };
}

export async function courseOptions(db: Db, ctx: RequestContext, keyword?: string): Promise<CourseOption[]> {
  const rows = await listCourseOptions(db, ctx, keyword);
  return rows.map((r) => ({
    courseId: r.id,
    name: r.name,
    status: r.status as CourseStatus,
    categoryId: r.categoryId,
  }));
}

export async function courseDetail(db: DbOrTx, ctx: RequestContext, courseId: number): Promise<CourseDetail> {
  const record = await requireCourse(db, ctx, courseId);
  const coverKey = await fileKey(db, record.coverFileId);
  const [[row], figures, categories] = await Promise.all([
    toCourseRows(db, ctx, [{ ...record, coverKey }]),
    courseFigures(db, [record.id]),
    loadCategories(db, ctx),
  ]);
  const f = figures.get(record.id);
  return {
    ...(row as CourseRow),
    coverFileId: record.coverFileId,
    intro: record.intro,
    noSkip: record.noSkip === 1,
    completePercent: record.completePercent,
    categoryPath: categories.path(record.categoryId),
    categoryPublished: categories.publishedPath(record.categoryId),
    chapterCount: f?.chapters ?? 0,
    ratingCount: f?.ratings ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------------

export interface CourseInput {
  name?: string;
  categoryId?: number | null;
  coverFileId?: number | null;
  intro?: string | null;
  kind?: CourseKind;
  credits?: number;
  minutes?: number;
  enrolment?: CourseEnrolment;
  noSkip?: boolean;
  completePercent?: number;
  teacherIds?: number[];
  tagIds?: number[];
  sort?: number;
}

/** Foreign or missing category, cover, teachers and tags are refused before anything is written. */
async function checkReferences(db: DbOrTx, ctx: RequestContext, input: CourseInput): Promise<void> {
  if (input.categoryId) await requireCategory(db, ctx, input.categoryId);
  if (input.coverFileId && !(await findPublicImage(db, ctx, input.coverFileId)))
    throw notFound('封面图片不存在，请重新上传');
  const teacherIds = [...new Set(input.teacherIds ?? [])];
  if ((await ownTeacherIds(db, ctx, teacherIds)).size !== teacherIds.length) throw notFound('讲师不存在');
  await requireTags(db, ctx.organizationId, TagType.COURSE, input.tagIds ?? []);
}

function columnsOf(input: CourseInput): CourseValues {
  const values: CourseValues = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.categoryId !== undefined) values.categoryId = input.categoryId || null;
  if (input.coverFileId !== undefined) values.coverFileId = input.coverFileId || null;
  if (input.intro !== undefined) values.intro = sanitizeIntro(input.intro);
  if (input.kind !== undefined) values.kind = input.kind;
  if (input.credits !== undefined) values.credits = input.credits;
  if (input.minutes !== undefined) values.minutes = input.minutes;
  if (input.enrolment !== undefined) values.enrolment = input.enrolment;
  if (input.noSkip !== undefined) values.noSkip = input.noSkip ? 1 : 0;
  if (input.completePercent !== undefined) values.completePercent = input.completePercent;
  if (input.sort !== undefined) values.sort = input.sort;
  return values;
}

async function writeLinks(db: DbOrTx, courseId: number, input: CourseInput): Promise<void> {
  if (input.teacherIds !== undefined)
    await replaceCourseTeachers(db, courseId, [...new Set(input.teacherIds)]);
  if (input.tagIds !== undefined) await replaceCourseTags(db, courseId, [...new Set(input.tagIds)]);
}

export async function addCourse(
  db: Db,
  ctx: RequestContext,
  input: CourseInput & { name: string },
): Promise<CourseDetail> {
  await checkReferences(db, ctx, input);
  const id = await db.transaction(async (tx) => {
    const created = await insertCourse(tx, ctx, { ...columnsOf(input), name: input.name, status: 'draft' });
    await writeLinks(tx, created.id, input);
    return created.id;
  });
  return courseDetail(db, ctx, id);
}

export async function modifyCourse(
  db: Db,
  ctx: RequestContext,
  input: CourseInput & { courseId: number },
): Promise<CourseDetail> {
  const current = await requireCourse(db, ctx, input.courseId);
  await checkReferences(db, ctx, input);
  await db.transaction(async (tx) => {
    await updateCourse(tx, ctx, current.id, columnsOf(input));
    await writeLinks(tx, current.id, input);
  });
  return courseDetail(db, ctx, current.id);
}

/** Deletes a course that is not open (its chapters, sections, members and progress go with it). */
export async function deleteCourse(
  db: Db,
  ctx: RequestContext,
  courseId: number,
): Promise<{ count: number }> {
  const current = await requireCourse(db, ctx, courseId);
  if (current.status === 'open') throw conflict(`课程「${current.name}」正在开课，请先关闭课程再删除`);
  await db.transaction(async (tx) => {
    await deleteCourseRecord(tx, ctx, current.id);
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: '删除课程',
      detail: `删除了课程「${current.name}」`,
    });
  });
  return { count: 1 };
}

/**
 * A deep copy: the course (as a draft named 「…（副本）」), its teachers, tags, chapters and sections — the
 * same files and exams — but no members, groups, progress or evaluations. A live section's stream key is
 * a secret of one broadcast, so the copy's live sections have none and are scheduled again.
 */
export async function copyCourse(db: Db, ctx: RequestContext, courseId: number): Promise<CourseDetail> {
  const source = await requireCourse(db, ctx, courseId);
  const [teacherLinks, tagLinks, content] = await Promise.all([
    listCourseTeachers(db, [source.id]),
    listCourseTags(db, [source.id]),
    listCourseContent(db, ctx, source.id),
  ]);
  const id = await db.transaction(async (tx) => {
    const copy = await insertCourse(tx, ctx, {
      name: copyName(source.name, COURSE_NAME_MAX),
      categoryId: source.categoryId,
      coverFileId: source.coverFileId,
      intro: source.intro,
      kind: source.kind,
      credits: source.credits,
      minutes: source.minutes,
      status: 'draft',
      enrolment: source.enrolment,
      noSkip: source.noSkip,
      completePercent: source.completePercent,
      sort: source.sort,
    });
    await replaceCourseTeachers(
      tx,
      copy.id,
      teacherLinks.map((t) => t.teacherId),
    );
    await replaceCourseTags(
      tx,
      copy.id,
      tagLinks.map((t) => t.tagId),
    );
    const newChapters = await insertChapters(
      tx,
      content.chapters.map((c) => ({
        organizationId: ctx.organizationId,
        courseId: copy.id,
        title: c.title,
        sort: c.sort,
      })),
    );
    const chapterMap = new Map(content.chapters.map((c, i) => [c.id, newChapters[i]?.id as number]));
    await insertSections(
      tx,
      content.sections.map((s) => ({
        organizationId: ctx.organizationId,
        courseId: copy.id,
        chapterId: chapterMap.get(s.chapterId) as number,
        title: s.title,
        kind: s.kind,
        sort: s.sort,
        requiresPrevious: s.requiresPrevious,
        fileId: s.fileId,
        durationSeconds: s.durationSeconds,
        posterFileId: s.posterFileId,
        examId: s.examId,
        liveStartAt: s.liveStartAt,
        liveMinutes: s.liveMinutes,
        liveStreamKey: null,
        liveStatus: s.kind === 'live' ? 'scheduled' : s.liveStatus,
      })),
    );
    return copy.id;
  });
  return courseDetail(db, ctx, id);
}

/** Opens a course for study (draft or closed → open); a course without a section cannot be studied. */
export async function openCourse(db: Db, ctx: RequestContext, courseId: number): Promise<CourseDetail> {
  const current = await requireCourse(db, ctx, courseId);
  if (current.status !== 'open') {
    const figures = (await courseFigures(db, [current.id])).get(current.id);
    if (!figures?.sections)
      throw badRequest(`课程「${current.name}」还没有任何小节，请先在“章节”中添加章节和小节再开课`);
    await updateCourse(db, ctx, current.id, { status: 'open' });
  }
  return courseDetail(db, ctx, current.id);
}

/** Closes an open course: learners can no longer study it; members and progress stay. */
export async function closeCourse(db: Db, ctx: RequestContext, courseId: number): Promise<CourseDetail> {
  const current = await requireCourse(db, ctx, courseId);
  if (current.status === 'draft') throw badRequest(`课程「${current.name}」尚未开课，无需关闭`);
  if (current.status === 'open') await updateCourse(db, ctx, current.id, { status: 'closed' });
  return courseDetail(db, ctx, current.id);
}
