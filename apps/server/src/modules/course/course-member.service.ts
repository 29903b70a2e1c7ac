import { TagType, averageRating } from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { conflict, notFound } from '../../core/http';
import type {
  CourseGroupRow,
  CourseManager,
  CourseMemberRow,
  CourseStatistics,
  CourseSummary,
  EvaluationRow,
  MemberState,
} from '@kaopei/shared/contracts/course';
import { listAudienceUserIds, listStaffIds } from '../exam/exam.repo';
import { departmentWithDescendants } from '../notice/notice.service';
import { requireTags } from '../tag/tag.service';
import { requireCourse } from './course.service';
import {
  deleteGroupRecord,
  deleteMembers,
  findEvaluation,
  findGroup,
  findGroupNamed,
  insertGroup,
  insertMembers,
  listCourseManagers,
  listGroups,
  memberFiguresByDepartment,
  ratingFigures,
  renameGroup,
  searchEvaluations,
  searchMembers,
  setEvaluationHidden,
  setMembersGroup,
  summaryFigures,
  type GroupRecord,
  type MemberSearch,
} from './course-member.repo';
import { meanOf, percentOf } from './course.rules';

export const GROUP_NOT_FOUND = '班级不存在';
/** The course page's menu and its 学习管理 group (menu.data.ts ids 702 and 700). */
const COURSE_MENU_IDS = [700, 702];

// ---------------------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------------------

export interface MemberFilterOut {
  courseId: number;
  departmentId?: number | null;
  groupId?: number;
  state?: MemberState;
  keyword?: string;
}

const stateOf = (m: { startedAt: Date | null; completedAt: Date | null }): MemberState =>
  m.completedAt ? 'completed' : m.startedAt ? 'learning' : 'not_started';

/** Checks the course (404 when foreign) and turns the filter into the repository's search. */
export async function resolveMemberFilter(
  db: Db,
  ctx: RequestContext,
  filter: MemberFilterOut,
): Promise<MemberSearch> {
  await requireCourse(db, ctx, filter.courseId);
  const departmentIds = filter.departmentId
    ? await departmentWithDescendants(db, ctx.organizationId, [filter.departmentId])
    : undefined;
  return {
    courseId: filter.courseId,
    departmentIds: departmentIds && departmentIds.length === 0 ? [-1] : departmentIds,
    groupId: filter.groupId,
    state: filter.state,
    keyword: filter.keyword,
  };
}

export async function listMembers(
  db: Db,
  ctx: RequestContext,
  search: MemberSearch,
  page: { limit: number; offset: number },
): Promise<{ rows: CourseMemberRow[]; total: number }> {
  const found = await searchMembers(db, ctx, search, page);
  return {
    total: found.total,
    rows: found.rows.map((r) => ({
      userId: r.member.userId,
      realName: r.realName,
      account: r.account,
      jobNumber: r.jobNumber,
      departmentId: r.departmentId,
      departmentName: r.departmentName,
      groupId: r.member.groupId,
      groupName: r.groupName,
      source: r.member.source,
      state: stateOf(r.member),
      progressPercent: r.member.progressPercent,
      enrolledAt: r.member.enrolledAt.getTime(),
      startedAt: r.member.startedAt?.getTime() ?? null,
      completedAt: r.member.completedAt?.getTime() ?? null,
      lastStudiedAt: r.member.lastStudiedAt?.getTime() ?? null,
    })),
  };
}

/**
 * Enrols the active staff of the departments (with their sub-departments when asked), the staff picked
 * and the holders of the user tags; one row each, the source being how they were named (staff before
 * department before tag). Ids of another organisation are refused (404) before anything is written.
 */
export async function addMembers(
  db: Db,
  ctx: RequestContext,
  input: {
    courseId: number;
    departmentIds: number[];
    includeSubDepartments: boolean;
    userIds: number[];
    tagIds: number[];
  },
): Promise<{ count: number }> {
  const course = await requireCourse(db, ctx, input.courseId);
  const named = [...new Set(input.departmentIds)];
  const departmentIds = await departmentWithDescendants(db, ctx.organizationId, named);
  if (named.some((id) => !departmentIds.includes(id))) throw notFound('部门不存在');
  const userIds = [...new Set(input.userIds)];
  if (userIds.length > 0 && (await listStaffIds(db, ctx, userIds)).length !== userIds.length)
    throw notFound('员工不存在');
  await requireTags(db, ctx.organizationId, TagType.USER, input.tagIds);
  const scope = input.includeSubDepartments ? departmentIds : named;
  const none = { departmentIds: [], userIds: [], tagIds: [] };
  const [byStaff, byDepartment, byTag] = await Promise.all([
    listAudienceUserIds(db, ctx, { ...none, userIds }),
    listAudienceUserIds(db, ctx, { ...none, departmentIds: scope }),
    listAudienceUserIds(db, ctx, { ...none, tagIds: [...new Set(input.tagIds)] }),
  ]);
  const sourceOf = new Map<number, string>();
  for (const [ids, source] of [
    [byTag, 'tag'],
    [byDepartment, 'department'],
    [byStaff, 'staff'],
  ] as const)
    for (const id of ids) sourceOf.set(id, source);
  const members = [...sourceOf].map(([userId, source]) => ({ userId, source }));
  return { count: await insertMembers(db, ctx, course.id, members) };
}

export async function removeMembers(
  db: Db,
  ctx: RequestContext,
  courseId: number,
  userIds: number[],
): Promise<{ count: number }> {
  const course = await requireCourse(db, ctx, courseId);
  const ids = [...new Set(userIds)];
  return { count: await db.transaction((tx) => deleteMembers(tx, ctx, course.id, ids)) };
}

export async function groupMembers(
  db: Db,
  ctx: RequestContext,
  input: { courseId: number; userIds: number[]; groupId: number },
): Promise<{ count: number }> {
  const course = await requireCourse(db, ctx, input.courseId);
  if (input.groupId !== 0) {
    const group = await findGroup(db, ctx, input.groupId);
    if (!group || group.courseId !== course.id) throw notFound(GROUP_NOT_FOUND);
  }
  const count = await setMembersGroup(db, ctx, course.id, [...new Set(input.userIds)], input.groupId || null);
  return { count };
}

// ---------------------------------------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------------------------------------

const groupRow = (group: GroupRecord, memberCount: number): CourseGroupRow => ({
  groupId: group.id,
  courseId: group.courseId,
  name: group.name,
  memberCount,
  createdAt: group.createdAt.getTime(),
});

async function requireGroup(db: DbOrTx, ctx: RequestContext, groupId: number): Promise<GroupRecord> {
  const group = await findGroup(db, ctx, groupId);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

export async function courseGroups(db: Db, ctx: RequestContext, courseId: number): Promise<CourseGroupRow[]> {
  const course = await requireCourse(db, ctx, courseId);
  const rows = await listGroups(db, ctx, course.id);
  return rows.map((r) => groupRow(r.group, r.memberCount));
}

async function requireFreeName(db: DbOrTx, courseId: number, name: string, exceptId?: number) {
  if (await findGroupNamed(db, courseId, name, exceptId))
    throw conflict(`本课程已有名为「${name}」的班级`, 'name');
}

export async function addGroup(
  db: Db,
  ctx: RequestContext,
  courseId: number,
  name: string,
): Promise<CourseGroupRow> {
  const course = await requireCourse(db, ctx, courseId);
  await requireFreeName(db, course.id, name);
  return groupRow(await insertGroup(db, ctx, course.id, name), 0);
}

export async function modifyGroup(
  db: Db,
  ctx: RequestContext,
  groupId: number,
  name: string,
): Promise<CourseGroupRow> {
  const group = await requireGroup(db, ctx, groupId);
  await requireFreeName(db, group.courseId, name, group.id);
  await renameGroup(db, ctx, group.id, name);
  const rows = await listGroups(db, ctx, group.courseId);
  const row = rows.find((r) => r.group.id === group.id);
  return groupRow({ ...group, name }, row?.memberCount ?? 0);
}

export async function deleteGroup(db: Db, ctx: RequestContext, groupId: number): Promise<{ count: number }> {
  const group = await requireGroup(db, ctx, groupId);
  await deleteGroupRecord(db, ctx, group.id);
  return { count: 1 };
}

// ---------------------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------------------

function figures(f: { enrolled: number; started: number; completed: number; progressSum: number }) {
  return {
    enrolled: f.enrolled,
    started: f.started,
    completed: f.completed,
    completionRate: percentOf(f.completed, f.enrolled),
    averageProgress: meanOf(f.progressSum, f.enrolled),
  };
}

export async function courseStatistics(
  db: Db,
  ctx: RequestContext,
  courseId: number,
): Promise<CourseStatistics> {
  const course = await requireCourse(db, ctx, courseId);
  const [departments, ratings] = await Promise.all([
    memberFiguresByDepartment(db, ctx, course.id),
    ratingFigures(db, ctx, course.id),
  ]);
  const total = departments.reduce(
    (sum, d) => ({
      enrolled: sum.enrolled + d.enrolled,
      started: sum.started + d.started,
      completed: sum.completed + d.completed,
      progressSum: sum.progressSum + d.progressSum,
    }),
    { enrolled: 0, started: 0, completed: 0, progressSum: 0 },
  );
  return {
    courseId: course.id,
    ...figures(total),
    averageRating: averageRating(ratings.sum, ratings.n),
    ratingCount: ratings.n,
    byDepartment: departments.map((d) => ({
      departmentId: d.departmentId,
      departmentName: d.departmentName ?? '未分配部门',
      ...figures(d),
    })),
  };
}

export async function courseSummary(db: Db, ctx: RequestContext): Promise<CourseSummary> {
  const [f, ratings] = await Promise.all([summaryFigures(db, ctx), ratingFigures(db, ctx)]);
  return {
    courses: f.courses,
    openCourses: f.open,
    draftCourses: f.draft,
    closedCourses: f.closed,
    enrolled: f.enrolled,
    completed: f.completed,
    completionRate: percentOf(f.completed, f.enrolled),
    averageRating: averageRating(ratings.sum, ratings.n),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Evaluations and managers
// ---------------------------------------------------------------------------------------------------------

type EvaluationRecord = NonNullable<Awaited<ReturnType<typeof findEvaluation>>>;

const evaluationRow = (r: EvaluationRecord): EvaluationRow => ({
  evaluationId: r.evaluation.id,
  courseId: r.evaluation.courseId,
  userId: r.evaluation.userId,
  realName: r.realName,
  departmentName: r.departmentName,
  rating: r.evaluation.rating,
  comment: r.evaluation.comment,
  hidden: r.evaluation.hidden === 1,
  createdAt: r.evaluation.createdAt.getTime(),
  updatedAt: r.evaluation.updatedAt.getTime(),
});

export async function listEvaluations(
  db: Db,
  ctx: RequestContext,
  filter: { courseId: number; rating?: number },
  page: { limit: number; offset: number },
): Promise<{ rows: EvaluationRow[]; total: number }> {
  await requireCourse(db, ctx, filter.courseId);
  const found = await searchEvaluations(db, ctx, filter, page);
  return { rows: found.rows.map(evaluationRow), total: found.total };
}

export async function hideEvaluation(
  db: Db,
  ctx: RequestContext,
  evaluationId: number,
  hidden: boolean,
): Promise<EvaluationRow> {
  const current = await findEvaluation(db, ctx, evaluationId);
  if (!current) throw notFound('评价不存在');
  await setEvaluationHidden(db, ctx, evaluationId, hidden);
  return evaluationRow({ ...current, evaluation: { ...current.evaluation, hidden: hidden ? 1 : 0 } });
}

export async function courseManagers(
  db: Db,
  ctx: RequestContext,
  keyword?: string,
): Promise<CourseManager[]> {
  return listCourseManagers(db, ctx, COURSE_MENU_IDS, keyword);
}
