import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import {
  courseChapters,
  courseSections,
  courses,
  exams,
  files,
  papers,
  uploadSessions,
} from '../../db/schema';

/** Every query of chapters, sections and upload sessions (design.md §5): each scoped by the organisation. */

type Org = Pick<RequestContext, 'organizationId'>;

export type ChapterRecord = typeof courseChapters.$inferSelect;
export type SectionRecord = typeof courseSections.$inferSelect;
export type SectionValues = Partial<Omit<typeof courseSections.$inferInsert, 'id' | 'organizationId'>>;
export type UploadRecord = typeof uploadSessions.$inferSelect;

export async function findCourse(db: DbOrTx, ctx: Org, courseId: number) {
  const [row] = await db
    .select({ id: courses.id, name: courses.name, status: courses.status })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.organizationId, ctx.organizationId)));
  return row;
}

export async function findChapter(db: DbOrTx, ctx: Org, chapterId: number) {
  const [row] = await db
    .select()
    .from(courseChapters)
    .where(and(eq(courseChapters.id, chapterId), eq(courseChapters.organizationId, ctx.organizationId)));
  return row;
}

export async function findSection(db: DbOrTx, ctx: Org, sectionId: number) {
  const [row] = await db
    .select()
    .from(courseSections)
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.organizationId, ctx.organizationId)));
  return row;
}

export async function listChapters(db: DbOrTx, ctx: Org, courseId: number) {
  return db
    .select()
    .from(courseChapters)
    .where(and(eq(courseChapters.courseId, courseId), eq(courseChapters.organizationId, ctx.organizationId)))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id));
}

/** The course's sections with their file, poster, exam and paper, and how many learners have progress. */
export async function listSectionDetails(db: DbOrTx, ctx: Org, courseId: number, sectionId?: number) {
  const poster = sql<string | null>`(select f.key from files f where f.id = ${courseSections.posterFileId})`;
  return db
    .select({
      section: courseSections,
      fileName: files.name,
      fileSize: files.size,
      fileMime: files.mime,
      posterKey: poster,
      examName: exams.name,
      examMinutes: exams.durationMinutes,
      attemptsAllowed: exams.attemptsAllowed,
      passScore: exams.passScore,
      paperId: sql<
        number | null
      >`(select ep.paper_id from exam_papers ep where ep.exam_id = ${exams.id} order by ep.paper_id limit 1)`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
      paperName: sql<
        string | null
      >`(select p.name from exam_papers ep join papers p on p.id = ep.paper_id where ep.exam_id = ${exams.id} order by ep.paper_id limit 1)`,
      learnerCount:
        sql<number>`(select count(*) from course_progress cp where cp.section_id = ${courseSections.id})`.mapWith(
          Number,
        ),
    })
    .from(courseSections)
    .leftJoin(files, eq(files.id, courseSections.fileId))
    .leftJoin(exams, eq(exams.id, courseSections.examId))
    .where(
      and(
        eq(courseSections.courseId, courseId),
        eq(courseSections.organizationId, ctx.organizationId),
        sectionId === undefined ? undefined : eq(courseSections.id, sectionId),
      ),
    )
    .orderBy(asc(courseSections.sort), asc(courseSections.id));
}

export type SectionDetail = Awaited<ReturnType<typeof listSectionDetails>>[number];

export async function nextChapterSort(db: DbOrTx, courseId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${courseChapters.sort}), -1) + 1`.mapWith(Number) })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId));
  return row?.n ?? 0;
}

export async function insertChapter(db: DbOrTx, ctx: Org, courseId: number, title: string, sort: number) {
  const [row] = await db
    .insert(courseChapters)
    .values({ organizationId: ctx.organizationId, courseId, title, sort })
    .returning();
  return row!;
}

export async function updateChapter(db: DbOrTx, ctx: Org, chapterId: number, title: string) {
  await db
    .update(courseChapters)
    .set({ title })
    .where(and(eq(courseChapters.id, chapterId), eq(courseChapters.organizationId, ctx.organizationId)));
}

export async function deleteChapter(db: DbOrTx, ctx: Org, chapterId: number) {
  await db
    .delete(courseChapters)
    .where(and(eq(courseChapters.id, chapterId), eq(courseChapters.organizationId, ctx.organizationId)));
}

/** The exams of a chapter's sections (deleted with the chapter's sections). */
export async function listChapterExamIds(db: DbOrTx, ctx: Org, chapterId: number): Promise<number[]> {
  const rows = await db
    .select({ examId: courseSections.examId })
    .from(courseSections)
    .where(
      and(eq(courseSections.chapterId, chapterId), eq(courseSections.organizationId, ctx.organizationId)),
    );
  return rows.flatMap((r) => (r.examId ? [r.examId] : []));
}

/**
 * Writes a course's order in one statement per table: chapters' sort, and each section's chapter and
 * sort (course order = chapter order, then section order within the chapter).
 */
export async function writeOrder(
  db: DbOrTx,
  ctx: Org,
  courseId: number,
  chapters: { chapterId: number; sort: number }[],
  sections: { sectionId: number; chapterId: number; sort: number }[],
) {
  if (chapters.length > 0) {
    const values = sql.join(
      chapters.map((c) => sql`(${c.chapterId}::bigint, ${c.sort}::int)`),
      sql`, `,
    );
    await db.execute(sql`
      update course_chapters c set sort = v.sort
      from (values ${values}) as v(id, sort)
      where c.id = v.id and c.course_id = ${courseId} and c.organization_id = ${ctx.organizationId}`);
  }
  if (sections.length > 0) {
    const values = sql.join(
      sections.map((s) => sql`(${s.sectionId}::bigint, ${s.chapterId}::bigint, ${s.sort}::int)`),
      sql`, `,
    );
    await db.execute(sql`
      update course_sections s set chapter_id = v.chapter_id, sort = v.sort, updated_at = now()
      from (values ${values}) as v(id, chapter_id, sort)
      where s.id = v.id and s.course_id = ${courseId} and s.organization_id = ${ctx.organizationId}`);
  }
}

export async function listSectionIds(db: DbOrTx, ctx: Org, courseId: number) {
  return db
    .select({ id: courseSections.id, chapterId: courseSections.chapterId, sort: courseSections.sort })
    .from(courseSections)
    .where(and(eq(courseSections.courseId, courseId), eq(courseSections.organizationId, ctx.organizationId)))
    .orderBy(asc(courseSections.sort), asc(courseSections.id));
}

/** The course's last sort position (sections are numbered across the whole course). */
export async function nextSectionSortInChapter(db: DbOrTx, chapterId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${courseSections.sort}), -1) + 1`.mapWith(Number) })
    .from(courseSections)
    .where(eq(courseSections.chapterId, chapterId));
  return row?.n ?? 0;
}

export async function insertSection(
  db: DbOrTx,
  ctx: Org,
  values: SectionValues & Pick<SectionRecord, 'courseId' | 'chapterId' | 'title' | 'kind'>,
) {
  const [row] = await db
    .insert(courseSections)
    .values({ ...values, organizationId: ctx.organizationId })
    .returning({ id: courseSections.id });
  return row!.id;
}

export async function updateSection(db: DbOrTx, ctx: Org, sectionId: number, values: SectionValues) {
  await db
    .update(courseSections)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.organizationId, ctx.organizationId)));
}

export async function deleteSection(db: DbOrTx, ctx: Org, sectionId: number) {
  await db
    .delete(courseSections)
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.organizationId, ctx.organizationId)));
}

/** A file of the organisation (for a section). */
export async function findOrgFile(db: DbOrTx, ctx: Org, fileId: number) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.organizationId, ctx.organizationId)));
  return row;
}

export async function findPaper(db: DbOrTx, ctx: Org, paperId: number) {
  const [row] = await db
    .select({ id: papers.id, name: papers.name })
    .from(papers)
    .where(and(eq(papers.id, paperId), eq(papers.organizationId, ctx.organizationId)));
  return row;
}

export async function setExamPurposeCourse(db: DbOrTx, ctx: Org, examId: number) {
  await db
    .update(exams)
    .set({ purpose: 'course' })
    .where(and(eq(exams.id, examId), eq(exams.organizationId, ctx.organizationId)));
}

/** The course's exam sections (with their exams), a page of them in course order. */
export async function pageCourseExams(
  db: DbOrTx,
  ctx: Org,
  courseId: number,
  page: { page: number; size: number },
) {
  const where = and(
    eq(courseSections.courseId, courseId),
    eq(courseSections.organizationId, ctx.organizationId),
    eq(courseSections.kind, 'exam'),
    sql`${courseSections.examId} is not null`,
  );
  const [total] = await db.select({ n: count() }).from(courseSections).where(where);
  const rows = await db
    .select({
      sectionId: courseSections.id,
      sectionTitle: courseSections.title,
      chapterTitle: courseChapters.title,
      examId: exams.id,
      examName: exams.name,
      status: exams.status,
      durationMinutes: exams.durationMinutes,
      attemptsAllowed: exams.attemptsAllowed,
      passScore: exams.passScore,
      paperName: sql<
        string | null
      >`(select p.name from exam_papers ep join papers p on p.id = ep.paper_id where ep.exam_id = ${exams.id} order by ep.paper_id limit 1)`,
      candidateCount:
        sql<number>`(select count(*) from exam_candidates c where c.exam_id = ${exams.id})`.mapWith(Number),
    })
    .from(courseSections)
    .innerJoin(courseChapters, eq(courseChapters.id, courseSections.chapterId))
    .innerJoin(exams, eq(exams.id, courseSections.examId))
    .where(where)
    .orderBy(asc(courseChapters.sort), asc(courseSections.sort), asc(courseSections.id))
    .limit(page.size)
    .offset(page.page * page.size);
  return { rows, total: total?.n ?? 0 };
}

/** Deletes course exams nobody has attempted (a removed exam section's exam); attempted ones are kept. */
export async function deleteUnattemptedExams(db: DbOrTx, ctx: Org, examIds: number[]) {
  if (examIds.length === 0) return;
  await db.execute(sql`
    delete from exams e
    where e.id = any(${`{${examIds.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])
      and e.organization_id = ${ctx.organizationId} and e.purpose = 'course'
      and not exists (select 1 from exam_attempts a where a.exam_id = e.id)`);
}

// ---------------------------------------------------------------------------------------------------------
// Upload sessions
// ---------------------------------------------------------------------------------------------------------

export async function insertUpload(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId' | 'userId'>,
  values: { id: string; name: string; mime: string; purpose: string; size: number },
) {
  await db
    .insert(uploadSessions)
    .values({ ...values, organizationId: ctx.organizationId, userId: ctx.userId });
}

export async function findUpload(db: DbOrTx, ctx: Org, uploadId: string) {
  const [row] = await db
    .select()
    .from(uploadSessions)
    .where(and(eq(uploadSessions.id, uploadId), eq(uploadSessions.organizationId, ctx.organizationId)));
  return row;
}

/** Moves `received` forward only if it still is `from` (two tabs sending the same chunk: one wins). */
export async function advanceUpload(
  db: DbOrTx,
  uploadId: string,
  from: number,
  to: number,
): Promise<boolean> {
  const rows = await db
    .update(uploadSessions)
    .set({ received: to, updatedAt: new Date() })
    .where(and(eq(uploadSessions.id, uploadId), eq(uploadSessions.received, from)))
    .returning({ id: uploadSessions.id });
  return rows.length > 0;
}

export async function finishUpload(db: DbOrTx, uploadId: string, fileId: number) {
  await db
    .update(uploadSessions)
    .set({ fileId, updatedAt: new Date() })
    .where(eq(uploadSessions.id, uploadId));
}

export async function deleteUpload(db: DbOrTx, ctx: Org, uploadId: string) {
  await db
    .delete(uploadSessions)
    .where(and(eq(uploadSessions.id, uploadId), eq(uploadSessions.organizationId, ctx.organizationId)));
}

/** Unfinished sessions untouched since `before` (every organisation: the cleaner runs for the server). */
export async function listStaleUploads(db: DbOrTx, before: Date) {
  return db
    .select({ id: uploadSessions.id })
    .from(uploadSessions)
    .where(and(lt(uploadSessions.updatedAt, before), sql`${uploadSessions.fileId} is null`))
    .limit(500);
}

export async function deleteUploads(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(uploadSessions).where(inArray(uploadSessions.id, ids));
}

// ---------------------------------------------------------------------------------------------------------
// Media facts of a stored video (duration, size, poster), kept on its files row
// ---------------------------------------------------------------------------------------------------------

export interface MediaFacts {
  fileId: number;
  durationSeconds: number;
  posterFileId: number | null;
  width: number;
  height: number;
}

export async function insertMediaFacts(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId'> & { userId: number | null },
  facts: MediaFacts,
) {
  const { fileId, ...values } = facts;
  await db
    .update(files)
    .set(values)
    .where(and(eq(files.id, fileId), eq(files.organizationId, ctx.organizationId)));
}

export async function findMediaFacts(db: DbOrTx, ctx: Org, fileId: number): Promise<MediaFacts | undefined> {
  const [row] = await db
    .select({
      fileId: files.id,
      durationSeconds: files.durationSeconds,
      posterFileId: files.posterFileId,
      width: files.width,
      height: files.height,
    })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.organizationId, ctx.organizationId)));
  if (!row || row.durationSeconds === null) return undefined;
  return { ...row, durationSeconds: row.durationSeconds, width: row.width ?? 0, height: row.height ?? 0 };
}
