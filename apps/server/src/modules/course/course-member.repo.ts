import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import {
  courseEvaluations,
  courseGroups,
  courseMembers,
  courseProgress,
  courses,
  departments,
  roleMenus,
  roles,
  userRoles,
  users,
} from '../../db/schema';
import type { MemberState } from '@kaopei/shared/contracts/course';

/** Queries of course members, groups, statistics and evaluations; each scoped by the organisation. */

type OrgScope = Pick<RequestContext, 'organizationId'>;

export type GroupRecord = typeof courseGroups.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------------------

export interface MemberSearch {
  courseId: number;
  /** The department and its descendants (resolved by the service). */
  departmentIds?: number[];
  /** 0: in no group. */
  groupId?: number;
  state?: MemberState;
  keyword?: string;
}

function memberConditions(ctx: OrgScope, filter: MemberSearch): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(courseMembers.courseId, filter.courseId),
    eq(courseMembers.organizationId, ctx.organizationId),
  ];
  if (filter.departmentIds) conditions.push(inArray(users.departmentId, filter.departmentIds));
  if (filter.groupId !== undefined)
    conditions.push(
      filter.groupId === 0 ? isNull(courseMembers.groupId) : eq(courseMembers.groupId, filter.groupId),
    );
  if (filter.state === 'completed') conditions.push(isNotNull(courseMembers.completedAt));
  if (filter.state === 'learning')
    conditions.push(and(isNotNull(courseMembers.startedAt), isNull(courseMembers.completedAt)));
  if (filter.state === 'not_started')
    conditions.push(and(isNull(courseMembers.startedAt), isNull(courseMembers.completedAt)));
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    conditions.push(
      or(ilike(users.realName, pattern), ilike(users.account, pattern), ilike(users.jobNumber, pattern)),
    );
  }
  return and(...conditions) as SQL;
}

export async function searchMembers(
  db: DbOrTx,
  ctx: OrgScope,
  filter: MemberSearch,
  page: { limit: number; offset: number },
) {
  const where = memberConditions(ctx, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        member: courseMembers,
        realName: users.realName,
        account: users.account,
        jobNumber: users.jobNumber,
        departmentId: users.departmentId,
        departmentName: departments.name,
        groupName: courseGroups.name,
      })
      .from(courseMembers)
      .innerJoin(users, eq(users.id, courseMembers.userId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .leftJoin(courseGroups, eq(courseGroups.id, courseMembers.groupId))
      .where(where)
      .orderBy(desc(courseMembers.enrolledAt), asc(users.realName), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(courseMembers)
      .innerJoin(users, eq(users.id, courseMembers.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Adds members; those already enrolled keep their row (and source). Returns how many were added. */
export async function insertMembers(
  db: DbOrTx,
  ctx: OrgScope,
  courseId: number,
  members: { userId: number; source: string }[],
): Promise<number> {
  if (members.length === 0) return 0;
  let added = 0;
  // Chunks keep each statement's parameters well under PostgreSQL's limit.
  for (let i = 0; i < members.length; i += 5000) {
    const chunk = members.slice(i, i + 5000);
    const rows = await db
      .insert(courseMembers)
      .values(
        chunk.map((m) => ({
          courseId,
          userId: m.userId,
          organizationId: ctx.organizationId,
          source: m.source,
        })),
      )
      .onConflictDoNothing()
      .returning({ userId: courseMembers.userId });
    added += rows.length;
  }
  return added;
}

export async function deleteMembers(
  db: DbOrTx,
  ctx: OrgScope,
  courseId: number,
  userIds: number[],
): Promise<number> {
  // Their section progress goes with them (the contract: 学习记录一并删除); evaluations stay.
  await db
    .delete(courseProgress)
    .where(
      and(
        eq(courseProgress.courseId, courseId),
        eq(courseProgress.organizationId, ctx.organizationId),
        inArray(courseProgress.userId, userIds),
      ),
    );
  const rows = await db
    .delete(courseMembers)
    .where(
      and(
        eq(courseMembers.courseId, courseId),
        eq(courseMembers.organizationId, ctx.organizationId),
        inArray(courseMembers.userId, userIds),
      ),
    )
    .returning({ userId: courseMembers.userId });
  return rows.length;
}

export async function setMembersGroup(
  db: DbOrTx,
  ctx: OrgScope,
  courseId: number,
  userIds: number[],
  groupId: number | null,
): Promise<number> {
  const rows = await db
    .update(courseMembers)
    .set({ groupId })
    .where(
      and(
        eq(courseMembers.courseId, courseId),
        eq(courseMembers.organizationId, ctx.organizationId),
        inArray(courseMembers.userId, userIds),
      ),
    )
    .returning({ userId: courseMembers.userId });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------------------------------------

export function listGroups(db: DbOrTx, ctx: OrgScope, courseId: number) {
  return db
    .select({
      group: courseGroups,
      memberCount: sql<number>`(select count(*)::int from ${courseMembers} where ${courseMembers.groupId} = ${courseGroups.id})`,
    })
    .from(courseGroups)
    .where(and(eq(courseGroups.courseId, courseId), eq(courseGroups.organizationId, ctx.organizationId)))
    .orderBy(asc(courseGroups.id));
}

export async function findGroup(db: DbOrTx, ctx: OrgScope, id: number): Promise<GroupRecord | undefined> {
  const [row] = await db
    .select()
    .from(courseGroups)
    .where(and(eq(courseGroups.id, id), eq(courseGroups.organizationId, ctx.organizationId)));
  return row;
}

export async function findGroupNamed(
  db: DbOrTx,
  courseId: number,
  name: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: courseGroups.id })
    .from(courseGroups)
    .where(
      and(
        eq(courseGroups.courseId, courseId),
        eq(courseGroups.name, name),
        exceptId !== undefined ? ne(courseGroups.id, exceptId) : undefined,
      ),
    );
  return row;
}

export async function insertGroup(
  db: DbOrTx,
  ctx: OrgScope,
  courseId: number,
  name: string,
): Promise<GroupRecord> {
  const [row] = await db
    .insert(courseGroups)
    .values({ organizationId: ctx.organizationId, courseId, name })
    .returning();
  if (!row) throw new Error('course group insert failed');
  return row;
}

export async function renameGroup(db: DbOrTx, ctx: OrgScope, id: number, name: string): Promise<void> {
  await db
    .update(courseGroups)
    .set({ name })
    .where(and(eq(courseGroups.id, id), eq(courseGroups.organizationId, ctx.organizationId)));
}

export async function deleteGroupRecord(db: DbOrTx, ctx: OrgScope, id: number): Promise<void> {
  await db
    .delete(courseGroups)
    .where(and(eq(courseGroups.id, id), eq(courseGroups.organizationId, ctx.organizationId)));
}

// ---------------------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------------------

/** Member figures of a course per department of the member (one aggregate). */
export function memberFiguresByDepartment(db: DbOrTx, ctx: OrgScope, courseId: number) {
  return db
    .select({
      departmentId: users.departmentId,
      departmentName: departments.name,
      enrolled: sql<number>`count(*)::int`,
      started: sql<number>`count(coalesce(${courseMembers.startedAt}, ${courseMembers.completedAt}))::int`,
      completed: sql<number>`count(${courseMembers.completedAt})::int`,
      progressSum: sql<number>`coalesce(sum(${courseMembers.progressPercent}), 0)::int`,
    })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.organizationId, ctx.organizationId)))
    .groupBy(users.departmentId, departments.name)
    .orderBy(desc(sql`count(*)`), asc(departments.name));
}

export async function ratingFigures(
  db: DbOrTx,
  ctx: OrgScope,
  courseId?: number,
): Promise<{ sum: number; n: number }> {
  const [row] = await db
    .select({
      sum: sql<number>`coalesce(sum(${courseEvaluations.rating}), 0)::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(courseEvaluations)
    .where(
      and(
        eq(courseEvaluations.organizationId, ctx.organizationId),
        courseId !== undefined ? eq(courseEvaluations.courseId, courseId) : undefined,
      ),
    );
  return { sum: row?.sum ?? 0, n: row?.n ?? 0 };
}

/** Across the organisation's courses: course counts per status and enrolment figures (two aggregates). */
export async function summaryFigures(db: DbOrTx, ctx: OrgScope) {
  const [[byStatus], [enrolment]] = await Promise.all([
    db
      .select({
        courses: sql<number>`count(*)::int`,
        open: sql<number>`count(*) filter (where ${courses.status} = 'open')::int`,
        draft: sql<number>`count(*) filter (where ${courses.status} = 'draft')::int`,
        closed: sql<number>`count(*) filter (where ${courses.status} = 'closed')::int`,
      })
      .from(courses)
      .where(eq(courses.organizationId, ctx.organizationId)),
    db
      .select({
        enrolled: sql<number>`count(*)::int`,
        completed: sql<number>`count(${courseMembers.completedAt})::int`,
      })
      .from(courseMembers)
      .where(eq(courseMembers.organizationId, ctx.organizationId)),
  ]);
  return {
    courses: byStatus?.courses ?? 0,
    open: byStatus?.open ?? 0,
    draft: byStatus?.draft ?? 0,
    closed: byStatus?.closed ?? 0,
    enrolled: enrolment?.enrolled ?? 0,
    completed: enrolment?.completed ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Evaluations
// ---------------------------------------------------------------------------------------------------------

const evaluationColumns = {
  evaluation: courseEvaluations,
  realName: users.realName,
  departmentName: departments.name,
};

export async function searchEvaluations(
  db: DbOrTx,
  ctx: OrgScope,
  filter: { courseId: number; rating?: number },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(courseEvaluations.courseId, filter.courseId),
    eq(courseEvaluations.organizationId, ctx.organizationId),
    filter.rating !== undefined ? eq(courseEvaluations.rating, filter.rating) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(evaluationColumns)
      .from(courseEvaluations)
      .innerJoin(users, eq(users.id, courseEvaluations.userId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(where)
      .orderBy(desc(courseEvaluations.createdAt), desc(courseEvaluations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(courseEvaluations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findEvaluation(db: DbOrTx, ctx: OrgScope, id: number) {
  const [row] = await db
    .select(evaluationColumns)
    .from(courseEvaluations)
    .innerJoin(users, eq(users.id, courseEvaluations.userId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(courseEvaluations.id, id), eq(courseEvaluations.organizationId, ctx.organizationId)));
  return row;
}

export async function setEvaluationHidden(
  db: DbOrTx,
  ctx: OrgScope,
  id: number,
  hidden: boolean,
): Promise<void> {
  await db
    .update(courseEvaluations)
    .set({ hidden: hidden ? 1 : 0 })
    .where(and(eq(courseEvaluations.id, id), eq(courseEvaluations.organizationId, ctx.organizationId)));
}

// ---------------------------------------------------------------------------------------------------------
// Course managers (administrator/manager/course)
// ---------------------------------------------------------------------------------------------------------

/**
 * Active staff who may manage courses: administrators, and holders of a role whose permission mask has
 * the 课程管理 bit (index 1) or that grants the course page's menu (or its 学习管理 group).
 */
export function listCourseManagers(
  db: DbOrTx,
  ctx: OrgScope,
  menuIds: number[],
  keyword: string | undefined,
) {
  const viaRole = sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
    where ${userRoles.userId} = ${users.id} and (${roles.permission} & 2 <> 0 or exists (
      select 1 from ${roleMenus} where ${roleMenus.roleId} = ${roles.id} and ${inArray(roleMenus.menuId, menuIds)})))`;
  return db
    .select({
      userId: users.id,
      realName: users.realName,
      account: users.account,
      departmentName: departments.name,
      isAdmin: users.isAdmin,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(
      and(
        eq(users.organizationId, ctx.organizationId),
        eq(users.status, 0),
        eq(users.kind, 'member'),
        or(eq(users.isAdmin, true), viaRole),
        keyword
          ? or(
              ilike(users.realName, containsPattern(keyword)),
              ilike(users.account, containsPattern(keyword)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(users.isAdmin), asc(users.realName), asc(users.id))
    .limit(500);
}
