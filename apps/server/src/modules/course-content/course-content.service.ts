import crypto from 'node:crypto';
import type { z } from 'zod';
import type { LiveStatus, SectionKind } from '@kaopei/shared';
import { DEFAULT_EXAM_SETTINGS } from '@kaopei/shared/contracts/exam';
import {
  COURSE_EXAM_DEFAULT_ATTEMPTS,
  COURSE_EXAM_DEFAULT_MINUTES,
  type ChapterView,
  type CourseExamRow,
  type OutlineView,
  type SectionView,
  type sectionAddBody,
  type sectionModifyBody,
} from '@kaopei/shared/contracts/course-content';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, notFound } from '../../core/http';
import { fileUrl } from '../file/file.service';
import { createExam, modifyExam, publishExam, getExam } from '../exam/exam.service';
import { refreshCourseProgress } from '../learn/course-progress.repo';
import {
  deleteChapter,
  deleteSection,
  deleteUnattemptedExams,
  findChapter,
  findCourse,
  findMediaFacts,
  findOrgFile,
  findPaper,
  findSection,
  insertChapter,
  insertSection,
  listChapterExamIds,
  listChapters,
  listSectionDetails,
  listSectionIds,
  nextChapterSort,
  nextSectionSortInChapter,
  pageCourseExams,
  setExamPurposeCourse,
  updateChapter,
  updateSection,
  writeOrder,
  type SectionDetail,
  type SectionValues,
} from './course-content.repo';

/**
 * A course's chapters and sections (issue 17, part B). Sections are numbered within their chapter
 * (`sort`); the course order is chapter order, then section order. After sections are added or removed,
 * members' progress percentages are recomputed (learn/course-progress.repo.ts refreshCourseProgress).
 */

type SectionAdd = z.output<typeof sectionAddBody>;
type SectionModify = z.output<typeof sectionModifyBody>;

const VIDEO_MIMES = /^video\//;
const DATUM_MIMES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/plain; charset=utf-8',
  'application/zip',
]);

async function requireCourse(db: DbOrTx, ctx: RequestContext, courseId: number) {
  const course = await findCourse(db, ctx, courseId);
  if (!course) throw notFound('课程不存在');
  return course;
}

async function requireChapter(db: DbOrTx, ctx: RequestContext, chapterId: number) {
  const chapter = await findChapter(db, ctx, chapterId);
  if (!chapter) throw notFound('章节不存在');
  return chapter;
}

async function requireSection(db: DbOrTx, ctx: RequestContext, sectionId: number) {
  const section = await findSection(db, ctx, sectionId);
  if (!section) throw notFound('小节不存在');
  return section;
}

function toSectionView(d: SectionDetail): SectionView {
  const s = d.section;
  return {
    id: s.id,
    chapterId: s.chapterId,
    title: s.title,
    kind: s.kind as SectionKind,
    sort: s.sort,
    requiresPrevious: s.requiresPrevious === 1,
    fileId: s.fileId,
    fileName: d.fileName,
    fileSize: d.fileSize === null ? null : Number(d.fileSize),
    fileMime: d.fileMime,
    durationSeconds: s.durationSeconds,
    posterUrl: d.posterKey ? fileUrl(d.posterKey) : null,
    examId: s.examId,
    examName: d.examName,
    paperId: d.paperId,
    paperName: d.paperName,
    examMinutes: d.examMinutes,
    attemptsAllowed: d.attemptsAllowed,
    passScore: d.passScore === null ? null : Number(d.passScore),
    liveStartAt: s.liveStartAt ? s.liveStartAt.getTime() : null,
    liveMinutes: s.liveMinutes,
    liveStatus: (s.liveStatus as LiveStatus | null) ?? null,
    learnerCount: d.learnerCount,
  };
}

/** The course's outline for its administrators. */
export async function courseOutline(db: DbOrTx, ctx: RequestContext, courseId: number): Promise<OutlineView> {
  await requireCourse(db, ctx, courseId);
  const [chapters, details] = await Promise.all([
    listChapters(db, ctx, courseId),
    listSectionDetails(db, ctx, courseId),
  ]);
  const byChapter = new Map<number, SectionView[]>();
  for (const d of details) {
    const list = byChapter.get(d.section.chapterId) ?? [];
    list.push(toSectionView(d));
    byChapter.set(d.section.chapterId, list);
  }
  const views: ChapterView[] = chapters.map((c) => ({
    id: c.id,
    title: c.title,
    sort: c.sort,
    sections: byChapter.get(c.id) ?? [],
  }));
  return {
    courseId,
    chapters: views,
    sectionCount: details.length,
    videoSeconds: details.reduce(
      (sum, d) => sum + (d.section.kind === 'video' ? d.section.durationSeconds : 0),
      0,
    ),
  };
}

export async function addChapter(db: Db, ctx: RequestContext, courseId: number, title: string) {
  await requireCourse(db, ctx, courseId);
  const chapter = await insertChapter(db, ctx, courseId, title, await nextChapterSort(db, courseId));
  return { id: chapter.id, title: chapter.title, sort: chapter.sort, sections: [] };
}

export async function renameChapter(db: Db, ctx: RequestContext, chapterId: number, title: string) {
  await requireChapter(db, ctx, chapterId);
  await updateChapter(db, ctx, chapterId, title);
}

export async function removeChapter(db: Db, ctx: RequestContext, chapterId: number) {
  const chapter = await requireChapter(db, ctx, chapterId);
  const examIds = await listChapterExamIds(db, ctx, chapterId);
  await db.transaction(async (tx) => {
    await deleteChapter(tx, ctx, chapterId);
    await deleteUnattemptedExams(tx, ctx, examIds);
  });
  await refreshCourseProgress(db, chapter.courseId);
}

/** Chapter order: every chapter of the course, each once. */
export async function sortChapters(db: Db, ctx: RequestContext, courseId: number, chapterIds: number[]) {
  await requireCourse(db, ctx, courseId);
  const current = await listChapters(db, ctx, courseId);
  const known = new Set(current.map((c) => c.id));
  if (chapterIds.length !== known.size || new Set(chapterIds).size !== chapterIds.length)
    throw badRequest('章节顺序必须包含课程的每个章节各一次', 'chapterIds');
  if (chapterIds.some((id) => !known.has(id))) throw notFound('章节不存在');
  await writeOrder(
    db,
    ctx,
    courseId,
    chapterIds.map((chapterId, sort) => ({ chapterId, sort })),
    [],
  );
}

/**
 * Section order after a drag: each chapter's sections in their new order (sections may move across
 * chapters). Every section of the course must appear exactly once, in chapters of the course.
 */
export async function sortSections(
  db: Db,
  ctx: RequestContext,
  courseId: number,
  chapters: { chapterId: number; sectionIds: number[] }[],
) {
  await requireCourse(db, ctx, courseId);
  const [courseChapters, sections] = await Promise.all([
    listChapters(db, ctx, courseId),
    listSectionIds(db, ctx, courseId),
  ]);
  const chapterIds = new Set(courseChapters.map((c) => c.id));
  const sectionIds = new Set(sections.map((s) => s.id));
  const given = chapters.flatMap((c) => c.sectionIds);
  if (chapters.some((c) => !chapterIds.has(c.chapterId)) || given.some((id) => !sectionIds.has(id)))
    throw notFound('章节或小节不存在');
  if (given.length !== sectionIds.size || new Set(given).size !== given.length)
    throw badRequest('小节顺序必须包含课程的每个小节各一次', 'chapters');
  if (new Set(chapters.map((c) => c.chapterId)).size !== chapters.length)
    throw badRequest('同一章节只能出现一次', 'chapters');
  await writeOrder(
    db,
    ctx,
    courseId,
    [],
    chapters.flatMap((c) =>
      c.sectionIds.map((sectionId, sort) => ({ sectionId, chapterId: c.chapterId, sort })),
    ),
  );
}

/** A random 32-hex RTMP stream key. */
function streamKey(): string {
  return crypto.randomBytes(16).toString('hex');
}

/** What a section of `kind` stores from the request (the file, live times); the exam is done apart. */
async function kindValues(
  db: DbOrTx,
  ctx: RequestContext,
  kind: SectionKind,
  input: SectionAdd | SectionModify,
): Promise<SectionValues> {
  if (kind === 'video' || kind === 'datum') {
    if (!input.fileId) throw badRequest(kind === 'video' ? '请上传视频' : '请上传文档', 'fileId');
    const file = await findOrgFile(db, ctx, input.fileId);
    if (!file) throw notFound('文件不存在');
    if (kind === 'video') {
      if (!VIDEO_MIMES.test(file.mime)) throw badRequest('所选文件不是视频', 'fileId');
      const facts = await findMediaFacts(db, ctx, file.id);
      return {
        fileId: file.id,
        durationSeconds: facts?.durationSeconds ?? 0,
        posterFileId: facts?.posterFileId ?? null,
      };
    }
    if (!DATUM_MIMES.has(file.mime)) throw badRequest('所选文件不是支持的文档类型', 'fileId');
    return { fileId: file.id, durationSeconds: 0, posterFileId: null };
  }
  if (kind === 'live') {
    if (input.liveStartAt == null) throw badRequest('请选择直播开始时间', 'liveStartAt');
    if (input.liveMinutes == null) throw badRequest('请填写直播时长', 'liveMinutes');
    return { liveStartAt: new Date(input.liveStartAt), liveMinutes: input.liveMinutes };
  }
  return {};
}

/**
 * A course exam: published at once without candidates; a learner becomes its candidate on opening its section
 * (modules/learn), so the section's lock decides who may take it, and it is not in anyone's 我的考试 before.
 */
function courseExamInput(
  course: { name: string },
  title: string,
  paperId: number,
  input: SectionAdd | SectionModify,
  startAt: number,
) {
  return {
    name: `${course.name}·${title}`.slice(0, 200),
    description: null,
    coverUrl: null,
    paperIds: [paperId],
    // A course exam is open while the course is: the window is wide, the course's status gates access.
    startAt,
    endAt: startAt + 10 * 365 * 24 * 3600 * 1000,
    durationMinutes: input.examMinutes ?? COURSE_EXAM_DEFAULT_MINUTES,
    attemptsAllowed: input.attemptsAllowed ?? COURSE_EXAM_DEFAULT_ATTEMPTS,
    passScore: input.passScore ?? undefined,
    lateEntryMinutes: null,
    settings: DEFAULT_EXAM_SETTINGS,
    audience: {
      mode: 'assigned' as const,
      departmentIds: [],
      includeSubDepartments: false,
      userIds: [],
      tagIds: [],
      registrationFields: [],
    },
    notify: false,
  };
}

/**
 * Adds a section at the end of its chapter. `refresh: false` skips recomputing members' progress (the demo
 * seed adds many sections before any progress exists) and returns only the new id.
 */
export async function addSection(db: Db, ctx: RequestContext, input: SectionAdd): Promise<SectionView>;
export async function addSection(
  db: Db,
  ctx: RequestContext,
  input: SectionAdd,
  options: { refresh: false },
): Promise<{ id: number }>;
export async function addSection(
  db: Db,
  ctx: RequestContext,
  input: SectionAdd,
  options: { refresh?: boolean } = {},
): Promise<SectionView | { id: number }> {
  const chapter = await requireChapter(db, ctx, input.chapterId);
  const course = await requireCourse(db, ctx, chapter.courseId);
  const values = await kindValues(db, ctx, input.kind, input);
  let examId: number | null = null;
  if (input.kind === 'exam') {
    if (!input.paperId) throw badRequest('请选择试卷', 'paperId');
    if (!(await findPaper(db, ctx, input.paperId))) throw notFound('试卷不存在');
    const exam = await createExam(
      db,
      ctx,
      courseExamInput(course, input.title, input.paperId, input, Date.now() - 60_000),
    );
    examId = exam.examId;
    await setExamPurposeCourse(db, ctx, examId);
    await publishExam(db, ctx, examId);
  }
  const sectionId = await insertSection(db, ctx, {
    courseId: course.id,
    chapterId: chapter.id,
    title: input.title,
    kind: input.kind,
    sort: await nextSectionSortInChapter(db, chapter.id),
    requiresPrevious: input.requiresPrevious ? 1 : 0,
    ...values,
    examId,
    ...(input.kind === 'live' ? { liveStatus: 'scheduled', liveStreamKey: streamKey() } : {}),
  });
  if (options.refresh === false) return { id: sectionId };
  await refreshCourseProgress(db, course.id);
  return sectionView(db, ctx, course.id, sectionId);
}

async function sectionView(db: DbOrTx, ctx: RequestContext, courseId: number, sectionId: number) {
  const [detail] = await listSectionDetails(db, ctx, courseId, sectionId);
  if (!detail) throw notFound('小节不存在');
  return toSectionView(detail);
}

export async function modifySection(db: Db, ctx: RequestContext, input: SectionModify): Promise<SectionView> {
  const section = await requireSection(db, ctx, input.sectionId);
  const kind = section.kind as SectionKind;
  const values = await kindValues(db, ctx, kind, input);
  if (kind === 'exam' && section.examId) {
    const course = await requireCourse(db, ctx, section.courseId);
    const exam = await getExam(db, ctx, section.examId);
    const paperId = input.paperId ?? exam.papers[0]?.paperId;
    if (!paperId) throw badRequest('请选择试卷', 'paperId');
    if (!(await findPaper(db, ctx, paperId))) throw notFound('试卷不存在');
    await modifyExam(
      db,
      ctx,
      section.examId,
      courseExamInput(course, input.title, paperId, input, exam.startAt ?? Date.now()),
    );
  }
  await updateSection(db, ctx, section.id, {
    title: input.title,
    requiresPrevious: input.requiresPrevious ? 1 : 0,
    ...values,
  });
  return sectionView(db, ctx, section.courseId, section.id);
}

export async function removeSection(db: Db, ctx: RequestContext, sectionId: number) {
  const section = await requireSection(db, ctx, sectionId);
  await db.transaction(async (tx) => {
    await deleteSection(tx, ctx, sectionId);
    if (section.examId) await deleteUnattemptedExams(tx, ctx, [section.examId]);
  });
  await refreshCourseProgress(db, section.courseId);
}

export async function courseExams(
  db: DbOrTx,
  ctx: RequestContext,
  courseId: number,
  page: { page: number; size: number },
): Promise<{ rows: CourseExamRow[]; total: number }> {
  await requireCourse(db, ctx, courseId);
  const { rows, total } = await pageCourseExams(db, ctx, courseId, page);
  return { rows: rows.map((r) => ({ ...r, passScore: Number(r.passScore) })), total };
}
