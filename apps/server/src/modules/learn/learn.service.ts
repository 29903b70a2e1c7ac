import {
  averageRating,
  courseProgressPercent,
  creditVideoProgress,
  unlockedSections,
  videoCompleted,
  watchedFrontier,
  watchedSeconds,
  type CourseEnrolment,
  type CourseKind,
  type CourseStatus,
  type LiveStatus,
  type SectionKind,
  type WatchedRanges,
} from '@kaopei/shared';
import {
  type CatalogCategory,
  type CatalogRow,
  type EvaluationResult,
  type LearnCourse,
  type LearnerState,
  type MyCourseRow,
  type MyCourseTab,
  type OpenedSection,
  type OutlineSection,
  type ProgressResult,
  type PublicEvaluation,
} from '@kaopei/shared/contracts/learn';
import { LIVE_PAGE_PATH } from '@kaopei/shared/contracts/live';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, forbidden, notFound } from '../../core/http';
import { fileUrl, signedFileUrl } from '../file/file.service';
import { insertCandidates } from '../exam/exam.repo';
import {
  findMyEvaluation,
  findCourseForLearner,
  findSection,
  insertSelfMember,
  listChapters,
  listMyCourses,
  listOutline,
  listPublicEvaluations,
  listTeachersOf,
  listVisibleCategories,
  ratingSummary,
  recordOpened,
  searchCatalog,
  upsertEvaluation,
  bool,
  msOrNull,
  num,
  numOrNull,
  type CourseAccessRecord,
  type OutlineRecord,
} from './learn.repo';
import {
  findProgressState,
  memberProgressPercent,
  refreshCourseProgress,
  saveProgressReport,
} from './course-progress.repo';

/** The learner's side of courses (issue 17, part C; docs/decisions.md "Courses — the learner's side"). */

type Ctx = Pick<RequestContext, 'userId' | 'organizationId'>;
type Page = { limit: number; offset: number };

export const COURSE_NOT_OPEN = '课程不存在或未对你开放';
export const COURSE_CLOSED = '课程已关闭，暂时不能学习';
export const NOT_ENROLLED = '请先加入课程再学习';
export const SECTION_NOT_FOUND = '小节不存在或未对你开放';

const coverOf = (key: string | null) => (key ? fileUrl(key) : null);

function learnerState(member: boolean, startedAt: unknown, completedAt: unknown): LearnerState {
  if (!member) return 'not_enrolled';
  if (completedAt) return 'completed';
  return startedAt ? 'learning' : 'not_started';
}

// ---------------------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------------------

export async function myCourses(
  db: Db,
  ctx: Ctx,
  tab: MyCourseTab,
  page: Page,
): Promise<{ rows: MyCourseRow[]; total: number }> {
  const { rows, total } = await listMyCourses(db, ctx, tab, page);
  return {
    total,
    rows: rows.map((row) => ({
      courseId: num(row.id),
      name: row.name,
      coverUrl: coverOf(row.cover_key),
      categoryName: row.category_name,
      kind: row.kind as CourseKind,
      status: row.status as CourseStatus,
      credits: num(row.credits),
      minutes: num(row.minutes),
      sectionCount: num(row.section_count),
      state: learnerState(true, row.started_at, row.completed_at),
      progressPercent: num(row.progress_percent),
      lastSectionId: numOrNull(row.last_section_id),
      lastSectionTitle: row.last_section_title,
      enrolledAt: msOrNull(row.enrolled_at) ?? 0,
      lastStudiedAt: msOrNull(row.last_studied_at),
      completedAt: msOrNull(row.completed_at),
    })),
  };
}

export async function catalogCategories(db: Db, ctx: Ctx): Promise<CatalogCategory[]> {
  const rows = await listVisibleCategories(db, ctx);
  return rows.map((row) => ({ categoryId: num(row.id), name: row.name, parentId: num(row.parent_id) }));
}

export async function catalog(
  db: Db,
  ctx: Ctx,
  filter: { keyword?: string; categoryId?: number },
  page: Page,
): Promise<{ rows: CatalogRow[]; total: number }> {
  const { rows, total } = await searchCatalog(db, ctx, filter, page);
  const teachers = await listTeachersOf(
    db,
    rows.map((row) => num(row.id)),
  );
  return {
    total,
    rows: rows.map((row) => {
      const count = num(row.rating_count);
      return {
        courseId: num(row.id),
        name: row.name,
        coverUrl: coverOf(row.cover_key),
        categoryId: numOrNull(row.category_id),
        categoryName: row.category_name,
        kind: row.kind as CourseKind,
        enrolment: row.enrolment as CourseEnrolment,
        credits: num(row.credits),
        minutes: num(row.minutes),
        teachers: teachers
          .filter((t) => num(t.course_id) === num(row.id))
          .map((t) => ({ teacherId: num(t.id), name: t.name })),
        sectionCount: num(row.section_count),
        memberCount: num(row.member_count),
        averageRating: averageRating(num(row.rating_sum), count),
        ratingCount: count,
        enrolled: bool(row.enrolled),
        progressPercent: num(row.progress_percent),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Access
// ---------------------------------------------------------------------------------------------------------

/** Whether a course is in the catalogue for anyone of the organisation (open to self-enrolment). */
function openToEveryone(course: CourseAccessRecord): boolean {
  return course.status === 'open' && course.enrolment === 'open' && bool(course.category_visible);
}

/**
 * The course as the caller may see it: a member sees their course unless it is a draft; anyone sees an
 * open, open-enrolment course under published categories. Anything else (another organisation's course
 * too) is 404, so that ids cannot be probed.
 */
async function visibleCourse(db: DbOrTx, ctx: Ctx, courseId: number): Promise<CourseAccessRecord> {
  const course = await findCourseForLearner(db, ctx, courseId);
  if (!course) throw notFound(COURSE_NOT_OPEN);
  const member = bool(course.member);
  if (member ? course.status === 'draft' : !openToEveryone(course)) throw notFound(COURSE_NOT_OPEN);
  return course;
}

/** Sections in course order with completion and locks. */
function outlineOf(records: OutlineRecord[], member: boolean) {
  const sections = records.map((row) => ({
    id: num(row.id),
    requiresPrevious: bool(row.requires_previous),
    completed: bool(row.completed),
    row,
  }));
  const completed = new Set(sections.filter((s) => s.completed).map((s) => s.id));
  const unlocked = member ? unlockedSections(sections, completed) : new Set<number>();
  return { sections, completed, unlocked };
}

/** The section 开始学习 / 继续学习 opens. */
function nextSectionOf(
  order: { id: number; completed: boolean }[],
  unlocked: Set<number>,
  lastSectionId: number | null,
): number | null {
  const last = order.find((s) => s.id === lastSectionId);
  if (last && !last.completed && unlocked.has(last.id)) return last.id;
  const firstOpen = order.find((s) => !s.completed && unlocked.has(s.id));
  return firstOpen?.id ?? order[0]?.id ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// The course page
// ---------------------------------------------------------------------------------------------------------

export async function coursePage(db: Db, ctx: Ctx, courseId: number): Promise<LearnCourse> {
  const course = await visibleCourse(db, ctx, courseId);
  const member = bool(course.member);
  const [records, chapters, teachers, rating, mine] = await Promise.all([
    listOutline(db, courseId, ctx.userId),
    listChapters(db, courseId),
    listTeachersOf(db, [courseId]),
    ratingSummary(db, courseId),
    findMyEvaluation(db, courseId, ctx.userId),
  ]);
  const { sections, completed, unlocked } = outlineOf(records, member);
  // An exam graded since the summary was written (the exam module does not know courses): catch up.
  const percent = courseProgressPercent(completed.size, sections.length);
  if (member && (percent !== num(course.progress_percent) || (percent === 100) !== !!course.completed_at)) {
    await refreshCourseProgress(db, courseId, [ctx.userId]);
    Object.assign(course, await findCourseForLearner(db, ctx, courseId));
  }
  const toSection = (s: (typeof sections)[number]): OutlineSection => ({
    sectionId: s.id,
    title: s.row.title,
    kind: s.row.kind as SectionKind,
    durationSeconds: num(s.row.duration_seconds),
    requiresPrevious: s.requiresPrevious,
    locked: !unlocked.has(s.id),
    completed: s.completed,
    positionSeconds: num(s.row.position_seconds),
    watchedSeconds: num(s.row.watched_seconds),
    liveStartAt: msOrNull(s.row.live_start_at),
    liveMinutes: numOrNull(s.row.live_minutes),
    liveStatus: (s.row.live_status as LiveStatus | null) ?? null,
  });
  return {
    courseId,
    name: course.name,
    coverUrl: coverOf(course.cover_key),
    intro: course.intro,
    categoryName: course.category_name,
    kind: course.kind as CourseKind,
    status: course.status as CourseStatus,
    enrolment: course.enrolment as CourseEnrolment,
    credits: num(course.credits),
    minutes: num(course.minutes),
    noSkip: bool(course.no_skip),
    completePercent: num(course.complete_percent),
    teachers: teachers.map((t) => ({
      teacherId: num(t.id),
      name: t.name,
      title: t.title,
      intro: t.intro,
      avatarUrl: coverOf(t.avatar_key),
    })),
    chapters: chapters.map((chapter) => ({
      chapterId: num(chapter.id),
      title: chapter.title,
      sections: sections.filter((s) => num(s.row.chapter_id) === num(chapter.id)).map(toSection),
    })),
    state: learnerState(member, course.started_at, course.completed_at),
    progressPercent: member ? percent : 0,
    sectionCount: sections.length,
    completedSections: completed.size,
    nextSectionId: member ? nextSectionOf(sections, unlocked, numOrNull(course.last_section_id)) : null,
    startedAt: msOrNull(course.started_at),
    completedAt: msOrNull(course.completed_at),
    averageRating: averageRating(rating.sum, rating.count),
    ratingCount: rating.count,
    myEvaluation: mine
      ? { rating: num(mine.rating), comment: mine.comment, updatedAt: msOrNull(mine.updated_at) ?? 0 }
      : null,
    canEvaluate: member && course.started_at !== null && course.started_at !== undefined,
  };
}

export async function enrol(
  db: Db,
  ctx: Ctx,
  courseId: number,
): Promise<{ courseId: number; state: LearnerState }> {
  const course = await visibleCourse(db, ctx, courseId);
  if (bool(course.member)) {
    return { courseId, state: learnerState(true, course.started_at, course.completed_at) };
  }
  if (course.status !== 'open') throw forbidden(COURSE_CLOSED);
  await insertSelfMember(db, ctx, courseId);
  return { courseId, state: 'not_started' };
}

export async function courseEvaluations(
  db: Db,
  ctx: Ctx,
  courseId: number,
  page: Page,
): Promise<{ rows: PublicEvaluation[]; total: number }> {
  await visibleCourse(db, ctx, courseId);
  const { rows, total } = await listPublicEvaluations(db, courseId, page);
  return {
    total,
    rows: rows.map((row) => ({
      evaluationId: num(row.id),
      realName: row.real_name,
      rating: num(row.rating),
      comment: row.comment,
      updatedAt: msOrNull(row.updated_at) ?? 0,
      mine: num(row.user_id) === ctx.userId,
    })),
  };
}

/** Rates the course: members who have started it, once each (a second rating replaces the first). */
export async function evaluate(
  db: Db,
  ctx: Ctx,
  input: { courseId: number; rating: number; comment: string | null },
): Promise<EvaluationResult> {
  const course = await visibleCourse(db, ctx, input.courseId);
  if (!bool(course.member)) throw forbidden('加入课程并开始学习后才能评价');
  if (!course.started_at) throw conflict('开始学习后才能评价课程');
  await upsertEvaluation(db, ctx, input.courseId, input.rating, input.comment);
  const [mine, rating] = await Promise.all([
    findMyEvaluation(db, input.courseId, ctx.userId),
    ratingSummary(db, input.courseId),
  ]);
  return {
    myEvaluation: {
      rating: num(mine?.rating),
      comment: mine?.comment ?? null,
      updatedAt: msOrNull(mine?.updated_at) ?? 0,
    },
    averageRating: averageRating(rating.sum, rating.count),
    ratingCount: rating.count,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Opening a section
// ---------------------------------------------------------------------------------------------------------

/** The course of a section the caller may study now (member, open course, section unlocked). */
async function studyableSection(db: Db, ctx: Ctx, sectionId: number) {
  const section = await findSection(db, ctx, sectionId);
  if (!section) throw notFound(SECTION_NOT_FOUND);
  const courseId = num(section.course_id);
  const course = await findCourseForLearner(db, ctx, courseId);
  if (!course) throw notFound(SECTION_NOT_FOUND);
  const member = bool(course.member);
  if (!member) {
    if (openToEveryone(course)) throw forbidden(NOT_ENROLLED);
    throw notFound(SECTION_NOT_FOUND);
  }
  if (course.status === 'draft') throw notFound(SECTION_NOT_FOUND);
  if (course.status !== 'open') throw forbidden(COURSE_CLOSED);
  const records = await listOutline(db, courseId, ctx.userId);
  const outline = outlineOf(records, true);
  const index = outline.sections.findIndex((s) => s.id === sectionId);
  if (!outline.unlocked.has(sectionId)) {
    const before = outline.sections[index - 1];
    throw forbidden(before ? `请先完成上一小节「${before.row.title}」再学习本小节` : '本小节暂未开放');
  }
  return { section, course, courseId, outline, index };
}

export async function openSection(db: Db, ctx: Ctx, sectionId: number): Promise<OpenedSection> {
  const { section, course, courseId, outline, index } = await studyableSection(db, ctx, sectionId);
  const kind = section.kind as SectionKind;
  const examId = numOrNull(section.exam_id);
  if (kind === 'exam') {
    if (!examId) throw badRequest('本小节尚未设置考试，请联系管理员');
    await insertCandidates(db, ctx, examId, [ctx.userId]);
  }
  // A document counts as studied once opened (docs/decisions.md): a timer in the browser proves nothing more.
  const completeNow = kind === 'datum';
  await recordOpened(db, ctx, courseId, sectionId, completeNow);
  await refreshCourseProgress(db, courseId, [ctx.userId]);
  const progressPercent = await memberProgressPercent(db, courseId, ctx.userId);

  const current = outline.sections[index]!;
  const ranges = (current.row.watched_ranges ?? []) as WatchedRanges;
  const completed = current.completed || completeNow;
  // The next section's lock as it stands after this opening (a document just completed opens its next).
  const done = new Set(outline.completed);
  if (completed) done.add(sectionId);
  const nextUnlocked = unlockedSections(outline.sections, done);
  const next = outline.sections[index + 1];
  const previous = outline.sections[index - 1];
  const duration = num(section.duration_seconds);
  return {
    sectionId,
    courseId,
    courseName: course.name,
    title: section.title,
    kind,
    mediaUrl: section.file_key ? signedFileUrl({ key: section.file_key }) : null,
    posterUrl: section.poster_key ? signedFileUrl({ key: section.poster_key }) : null,
    mime: section.file_mime,
    fileName: section.file_name,
    durationSeconds: duration,
    positionSeconds: Math.min(num(current.row.position_seconds), duration || Number.MAX_SAFE_INTEGER),
    watchedSeconds: num(current.row.watched_seconds),
    frontier: watchedFrontier(ranges),
    noSkip: bool(course.no_skip),
    completePercent: num(course.complete_percent),
    completed,
    examId: kind === 'exam' ? examId : null,
    livePath: kind === 'live' ? `${LIVE_PAGE_PATH}?sectionId=${sectionId}` : null,
    liveStartAt: msOrNull(section.live_start_at),
    liveMinutes: numOrNull(section.live_minutes),
    liveStatus: (section.live_status as LiveStatus | null) ?? null,
    previousSectionId: previous?.id ?? null,
    nextSectionId: next?.id ?? null,
    nextLocked: next ? !nextUnlocked.has(next.id) : false,
    progressPercent,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Progress reports
// ---------------------------------------------------------------------------------------------------------

const MAX_CAS_TRIES = 3;

/**
 * Credits one report of the player against the stored state and the server's clock
 * (creditVideoProgress), stores it with a compare-and-set on the progress row, and refreshes the
 * member's summary when the section has just been completed. Two statements in the usual case.
 */
export async function reportProgress(
  db: Db,
  ctx: Ctx,
  report: { sectionId: number; fromSeconds: number; positionSeconds: number },
): Promise<ProgressResult> {
  for (let attempt = 0; attempt < MAX_CAS_TRIES; attempt += 1) {
    let state = await findProgressState(db, ctx, report.sectionId);
    if (!state) {
      // Never opened (or no longer studyable): the full checks answer why, or open it now.
      await studyableSection(db, ctx, report.sectionId);
      await recordOpened(
        db,
        ctx,
        await courseIdOfSection(db, ctx, report.sectionId),
        report.sectionId,
        false,
      );
      state = await findProgressState(db, ctx, report.sectionId);
      if (!state) throw notFound(SECTION_NOT_FOUND);
    }
    if (state.status !== 'open') throw forbidden(COURSE_CLOSED);
    if (state.kind !== 'video' && !(state.kind === 'live' && bool(state.has_file))) {
      throw badRequest('只有视频小节需要上报观看进度');
    }
    const now = Date.now();
    const duration = num(state.duration_seconds);
    const prevRanges = (state.watched_ranges ?? []) as WatchedRanges;
    const credit = creditVideoProgress(
      {
        positionSeconds: num(state.position_seconds),
        ranges: prevRanges,
        lastReportAt: msOrNull(state.last_report_at),
      },
      report,
      { durationSeconds: duration, now, noSkip: bool(state.no_skip) },
    );
    const watched = watchedSeconds(credit.state.ranges);
    const wasCompleted = state.completed_at !== null && state.completed_at !== undefined;
    const completed = wasCompleted || videoCompleted(watched, duration, num(state.complete_percent));
    const courseId = num(state.course_id);
    const saved = await saveProgressReport(db, ctx, {
      sectionId: report.sectionId,
      courseId,
      version: state.version,
      positionSeconds: credit.state.positionSeconds,
      ranges: credit.state.ranges,
      watchedSeconds: watched,
      reportAt: new Date(now),
      completed,
    });
    if (!saved.stored) continue;
    let progressPercent = saved.progressPercent;
    if (completed && !wasCompleted) {
      await refreshCourseProgress(db, courseId, [ctx.userId]);
      progressPercent = await memberProgressPercent(db, courseId, ctx.userId);
    }
    return {
      positionSeconds: credit.state.positionSeconds,
      watchedSeconds: watched,
      frontier: watchedFrontier(credit.state.ranges),
      completed,
      rejectedJump: credit.rejectedJump,
      progressPercent,
    };
  }
  throw conflict('进度正在另一处更新，请稍后重试');
}

async function courseIdOfSection(db: Db, ctx: Ctx, sectionId: number): Promise<number> {
  const section = await findSection(db, ctx, sectionId);
  if (!section) throw notFound(SECTION_NOT_FOUND);
  return num(section.course_id);
}
