import {
  fillMonths,
  minutesToHours,
  monthWindow,
  oneDecimal,
  ratePercent,
  toOffset,
  type StaffGroupBy,
} from '@kaopei/shared';
import type {
  CourseAnalysis,
  CourseAnalysisRow,
  PersonCourseRow,
  PersonExamRow,
  PersonProfile,
  StaffGroupRow,
  StaffPersonRow,
  StaffStatistics,
  TrendPoint,
} from '@kaopei/shared/contracts/analysis-staff';
import type { RequestContext } from '../../core/context';
import { notFound } from '../../core/http';
import type { Db } from '../../db/client';
import { assertDepartment } from '../department/department.service';
import { requireCourse } from '../course/course.service';
import { abilityProfile } from '../post-match/post-match.service';
import * as repo from './analysis-staff.repo';

export const PERSON_NOT_FOUND = '员工不存在';

export interface ScopeInput {
  months: number;
  departmentId?: number;
  keyword?: string;
  userId?: number;
  /** A fixed period (a report's; `months` is then ignored): from (inclusive) to (exclusive) and its months. */
  period?: { from: Date; to: Date; months: string[] };
}

interface PageInput {
  page: number;
  size: number;
}

/** The window and the checked scope: a foreign department or person is 404, nothing is read. */
async function resolveScope(db: Db, ctx: RequestContext, input: ScopeInput) {
  if (input.departmentId !== undefined) await assertDepartment(db, ctx, input.departmentId);
  if (input.userId !== undefined) await requirePerson(db, ctx, input.userId);
  const window = input.period ?? monthWindow(new Date(), input.months);
  const scope: repo.Scope = {
    from: window.from,
    to: input.period?.to,
    departmentId: input.departmentId,
    keyword: input.keyword,
    userId: input.userId,
  };
  return { scope, months: window.months };
}

async function requirePerson(db: Db, ctx: RequestContext, userId: number) {
  const person = await repo.findPerson(db, ctx, userId);
  if (!person) throw notFound(PERSON_NOT_FOUND);
  return person;
}

function figuresOf(sums: repo.SumRecord) {
  return {
    graded: sums.graded,
    passed: sums.passed,
    passRate: ratePercent(sums.passed, sums.graded),
    scoreRate: sums.graded > 0 ? oneDecimal((sums.rateSum / sums.graded) * 100) : null,
    hours: minutesToHours(sums.minutes),
    completions: sums.completions,
    tasksAssigned: sums.tasksAssigned,
    tasksCompleted: sums.tasksCompleted,
  };
}

const GROUP_NONE: Record<StaffGroupBy, string> = { department: '未分配部门', post: '未设岗位', tag: '' };

function toGroupRow(by: StaffGroupBy, r: repo.GroupRecord): StaffGroupRow {
  return {
    refId: r.refId,
    name: r.name ?? GROUP_NONE[by],
    staffCount: r.staffCount,
    examinees: r.examinees,
    participationRate: ratePercent(r.examinees, r.staffCount),
    ...figuresOf(r),
  };
}

export async function staffGroups(
  db: Db,
  ctx: RequestContext,
  input: ScopeInput & { by: StaffGroupBy },
  page: PageInput,
) {
  const { scope } = await resolveScope(db, ctx, input);
  const rows = await repo.listGroups(db, ctx, scope, input.by, toOffset(page));
  return { rows: rows.map((r) => toGroupRow(input.by, r)), total: rows[0]?.total ?? 0 };
}

function toPersonRow(r: repo.PersonRecord): StaffPersonRow {
  return {
    userId: r.userId,
    realName: r.realName,
    jobNumber: r.jobNumber,
    departmentName: r.departmentName,
    postName: r.postName,
    ...figuresOf(r),
  };
}

export async function staffPeople(
  db: Db,
  ctx: RequestContext,
  input: ScopeInput & { sort?: repo.PeopleOrder },
  page: PageInput,
) {
  const { scope } = await resolveScope(db, ctx, input);
  const rows = await repo.listPeople(db, ctx, scope, input.sort ?? 'name', toOffset(page));
  return { rows: rows.map(toPersonRow), total: rows[0]?.total ?? 0 };
}

export async function staffTrend(db: Db, ctx: RequestContext, input: ScopeInput): Promise<TrendPoint[]> {
  const { scope, months } = await resolveScope(db, ctx, input);
  const rows = await repo.listMonths(db, ctx, scope);
  const points = rows.map((r) => ({
    month: r.month,
    graded: r.graded,
    passed: r.passed,
    passRate: ratePercent(r.passed, r.graded),
    scoreRate: r.graded > 0 ? oneDecimal((r.rateSum / r.graded) * 100) : null,
    hours: minutesToHours(r.minutes),
    completions: r.completions,
  }));
  return fillMonths(months, points, (month) => ({
    month,
    graded: 0,
    passed: 0,
    passRate: null,
    scoreRate: null,
    hours: 0,
    completions: 0,
  }));
}

const RANK_SIZE = 10;

export async function staffStatistics(db: Db, ctx: RequestContext, months: number): Promise<StaffStatistics> {
  return staffSummary(db, ctx, { months });
}

/** The totals and rankings of the people in scope (the organisation, or a department with its subtree). */
export async function staffSummary(db: Db, ctx: RequestContext, input: ScopeInput): Promise<StaffStatistics> {
  const { scope, months } = await resolveScope(db, ctx, input);
  const { totals, learners, scorers, departments } = await repo.statisticsOf(db, ctx, scope, RANK_SIZE);
  const total = totals ?? {
    staffCount: 0,
    examinees: 0,
    graded: 0,
    passed: 0,
    rateSum: 0,
    minutes: 0,
    completions: 0,
    tasksAssigned: 0,
    tasksCompleted: 0,
  };
  return {
    months: months.length,
    staffCount: total.staffCount,
    examinees: total.examinees,
    participationRate: ratePercent(total.examinees, total.staffCount),
    ...figuresOf(total),
    taskCompletionRate: ratePercent(total.tasksCompleted, total.tasksAssigned),
    topLearners: learners.map((r) => ({
      userId: r.userId,
      realName: r.realName,
      departmentName: r.departmentName,
      value: minutesToHours(r.minutes),
      basis: r.completions,
    })),
    topScorers: scorers.map((r) => ({
      userId: r.userId,
      realName: r.realName,
      departmentName: r.departmentName,
      value: oneDecimal((r.rateSum / r.graded) * 100),
      basis: r.graded,
    })),
    topDepartments: departments.map((r) => toGroupRow('department', r)),
  };
}

export async function personProfile(db: Db, ctx: RequestContext, userId: number): Promise<PersonProfile> {
  const person = await requirePerson(db, ctx, userId);
  const [tags, abilities, exams, learning] = await Promise.all([
    repo.listPersonTags(db, ctx, userId),
    // The post-match module's profile (effective level per ability), not recomputed here.
    abilityProfile(db, ctx, userId).then((p) => p.abilities),
    repo.personExamSummary(db, ctx, userId),
    repo.personLearning(db, ctx, userId),
  ]);
  const graded = exams?.graded ?? 0;
  return {
    person,
    tags,
    abilities,
    exams: {
      graded,
      passed: exams?.passed ?? 0,
      passRate: ratePercent(exams?.passed ?? 0, graded),
      scoreRate: graded > 0 ? oneDecimal(((exams?.rateSum ?? 0) / graded) * 100) : null,
      averagePercentile:
        exams?.averagePercentile === null || exams?.averagePercentile === undefined
          ? null
          : oneDecimal(exams.averagePercentile),
    },
    learning: {
      enrolled: learning?.enrolled ?? 0,
      completed: learning?.completed ?? 0,
      hours: minutesToHours(learning?.minutes ?? 0),
      watchedHours: oneDecimal((learning?.watchedSeconds ?? 0) / 3600),
      tasksAssigned: learning?.tasksAssigned ?? 0,
      tasksCompleted: learning?.tasksCompleted ?? 0,
    },
  };
}

export async function personExams(db: Db, ctx: RequestContext, userId: number, page: PageInput) {
  await requirePerson(db, ctx, userId);
  const rows = await repo.listPersonExams(db, ctx, userId, toOffset(page));
  const out: PersonExamRow[] = rows.map((r) => ({
    attemptId: r.attemptId,
    examId: r.examId,
    examName: r.examName,
    attemptNo: r.attemptNo,
    submittedAt: r.submittedAt === null ? null : Math.round(r.submittedAt),
    score: oneDecimal(r.score),
    totalPoints: oneDecimal(r.totalPoints),
    passed: r.passed === 1,
    place: r.place,
    attempts: r.attempts,
    percentile: oneDecimal(r.percentile),
  }));
  return { rows: out, total: rows[0]?.total ?? 0 };
}

export async function personCourses(db: Db, ctx: RequestContext, userId: number, page: PageInput) {
  await requirePerson(db, ctx, userId);
  const rows = await repo.listPersonCourses(db, ctx, userId, toOffset(page));
  const out: PersonCourseRow[] = rows.map((r) => ({
    courseId: r.courseId,
    name: r.name,
    progressPercent: r.progressPercent,
    enrolledAt: Math.round(r.enrolledAt),
    completedAt: r.completedAt === null ? null : Math.round(r.completedAt),
    hours: minutesToHours(r.minutes),
    watchedHours: oneDecimal(r.watchedSeconds / 3600),
  }));
  return { rows: out, total: rows[0]?.total ?? 0 };
}

function toCourseRow(r: repo.CourseRecord): CourseAnalysisRow {
  return {
    courseId: r.courseId,
    name: r.name,
    status: r.status,
    enrolled: r.enrolled,
    started: r.started,
    half: r.half,
    completed: r.completed,
    completionRate: ratePercent(r.completed, r.enrolled),
    averageRating: r.averageRating === null ? null : oneDecimal(r.averageRating),
    ratingCount: r.ratingCount,
    watchedHours: oneDecimal(r.watchedSeconds / 3600),
  };
}

export async function courseRows(db: Db, ctx: RequestContext, keyword: string | undefined, page: PageInput) {
  const rows = await repo.listCourses(db, ctx, { keyword }, toOffset(page));
  return { rows: rows.map(toCourseRow), total: rows[0]?.total ?? 0 };
}

export async function courseAnalysis(db: Db, ctx: RequestContext, courseId: number): Promise<CourseAnalysis> {
  await requireCourse(db, ctx, courseId);
  const window = monthWindow(new Date(), 12);
  const [[record], sections, ratings, months] = await Promise.all([
    repo.listCourses(db, ctx, { courseId }, { limit: 1, offset: 0 }),
    repo.listSectionDrops(db, courseId),
    repo.listRatingCounts(db, courseId),
    repo.listCourseMonths(db, courseId, window.from),
  ]);
  if (!record) throw notFound('课程不存在');
  const course = toCourseRow(record);
  return {
    course,
    funnel: {
      enrolled: course.enrolled,
      started: course.started,
      half: course.half,
      completed: course.completed,
    },
    sections,
    ratingCounts: [1, 2, 3, 4, 5].map((star) => ratings.find((r) => r.rating === star)?.n ?? 0),
    months: fillMonths(window.months, months, (month) => ({ month, enrolled: 0, completed: 0 })),
  };
}
