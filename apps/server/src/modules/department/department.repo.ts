import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { departmentLeaders, departments, posts, users } from '../../db/schema';
import { STAFF_ACTIVE, STAFF_DELETED, STAFF_LEFT } from '../staff/staff.rules';
import { livingMember } from '../staff/staff.repo';

type OrgScope = Pick<RequestContext, 'organizationId'>;

// Serialises structural changes of one organisation's tree (moves racing each other could form a cycle).
const TREE_LOCK_NAMESPACE = 727301;

/** The organisation's departments, by sort then id. */
export function listDepartments(db: DbOrTx, ctx: OrgScope) {
  return db
    .select({
      id: departments.id,
      parentId: departments.parentId,
      name: departments.name,
      sort: departments.sort,
    })
    .from(departments)
    .where(eq(departments.organizationId, ctx.organizationId))
    .orderBy(asc(departments.sort), asc(departments.id));
}

export type DepartmentRow = Awaited<ReturnType<typeof listDepartments>>[number];

/** Active and former staff per department of the organisation (direct members only; null = none). */
export function countStaffByDepartment(db: DbOrTx, ctx: OrgScope) {
  return db
    .select({
      departmentId: users.departmentId,
      active: sql<number>`(count(*) filter (where ${users.status} = ${STAFF_ACTIVE}))::int`,
      left: sql<number>`(count(*) filter (where ${users.status} = ${STAFF_LEFT}))::int`,
    })
    .from(users)
    .where(and(eq(users.organizationId, ctx.organizationId), livingMember()))
    .groupBy(users.departmentId);
}

/** The organisation's active staff with their department and post, by name. */
export function listActiveStaff(db: DbOrTx, ctx: OrgScope) {
  return db
    .select({
      userId: users.id,
      realName: users.realName,
      departmentId: users.departmentId,
      postId: users.postId,
    })
    .from(users)
    .where(and(eq(users.organizationId, ctx.organizationId), eq(users.status, STAFF_ACTIVE), livingMember()))
    .orderBy(asc(users.realName), asc(users.id));
}

/** The post (its id) when it belongs to the organisation. */
export async function findPost(db: DbOrTx, ctx: OrgScope, postId: number) {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.organizationId, ctx.organizationId)));
  return post;
}

/** Takes the organisation's tree lock until the transaction ends. */
export async function lockDepartmentTree(tx: Tx, ctx: OrgScope): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${TREE_LOCK_NAMESPACE}::int, ${ctx.organizationId}::int)`,
  );
}

/** Inserts a department of the organisation; returns its id. */
export async function insertDepartment(
  tx: DbOrTx,
  ctx: OrgScope,
  values: { name: string; parentId: number | null; sort: number },
) {
  const [row] = await tx
    .insert(departments)
    .values({ organizationId: ctx.organizationId, ...values })
    .returning({ id: departments.id });
  return row;
}

export type DepartmentUpdate = Pick<
  Partial<typeof departments.$inferInsert>,
  'name' | 'parentId' | 'sort' | 'updatedAt'
>;

/**
 * Updates a department by id. The id must come from the organisation's tree loaded in the same
 * transaction (`listDepartments`), which is what scopes it.
 */
export async function updateDepartment(tx: DbOrTx, departmentId: number, set: DepartmentUpdate) {
  await tx.update(departments).set(set).where(eq(departments.id, departmentId));
}

/**
 * Active and total (not deleted) members of a department; the id must come from the organisation's
 * tree (members of a department are of its organisation).
 */
export async function countDepartmentMembers(tx: DbOrTx, departmentId: number) {
  const [members] = await tx
    .select({
      active: sql<number>`(count(*) filter (where ${users.status} = ${STAFF_ACTIVE}))::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(users)
    .where(and(eq(users.departmentId, departmentId), lt(users.status, STAFF_DELETED)));
  return members;
}

/** Deletes a department by id; the id must come from the organisation's tree (leaders cascade). */
export async function deleteDepartmentById(tx: DbOrTx, departmentId: number) {
  await tx.delete(departments).where(eq(departments.id, departmentId));
}

/** The department (id and name) when it belongs to the organisation. */
export async function findDepartment(db: DbOrTx, ctx: OrgScope, departmentId: number) {
  const [row] = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.id, departmentId), eq(departments.organizationId, ctx.organizationId)));
  return row;
}

/** The leaders of a department who are living staff of the organisation, by name. */
export function listLeaders(db: DbOrTx, ctx: OrgScope, departmentId: number) {
  return db
    .select({
      userId: users.id,
      realName: users.realName,
      jobNumber: users.jobNumber,
      departmentId: users.departmentId,
      departmentName: departments.name,
    })
    .from(departmentLeaders)
    .innerJoin(users, eq(users.id, departmentLeaders.userId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(
      and(
        eq(departmentLeaders.departmentId, departmentId),
        eq(users.organizationId, ctx.organizationId),
        lt(users.status, STAFF_DELETED),
      ),
    )
    .orderBy(asc(users.realName), asc(users.id));
}

/** Those of `userIds` who are living (not deleted) staff of the organisation. */
export function listLivingStaff(db: DbOrTx, ctx: OrgScope, userIds: number[]) {
  return db
    .select({ id: users.id, status: users.status, realName: users.realName })
    .from(users)
    .where(
      and(
        inArray(users.id, userIds),
        eq(users.organizationId, ctx.organizationId),
        lt(users.status, STAFF_DELETED),
      ),
    );
}

/**
 * Replaces a department's leaders (a delete, then one insert when there are any). The department and
 * the users must have been checked to belong to the organisation.
 */
export async function replaceLeaders(tx: DbOrTx, departmentId: number, userIds: number[]) {
  await tx.delete(departmentLeaders).where(eq(departmentLeaders.departmentId, departmentId));
  if (userIds.length > 0)
    await tx.insert(departmentLeaders).values(userIds.map((userId) => ({ departmentId, userId })));
}

/** Every department leader of the organisation (living staff) with their department, by name. */
export function listLeaderNames(db: DbOrTx, ctx: OrgScope) {
  return db
    .select({ departmentId: departmentLeaders.departmentId, realName: users.realName })
    .from(departmentLeaders)
    .innerJoin(users, eq(users.id, departmentLeaders.userId))
    .where(and(eq(users.organizationId, ctx.organizationId), lt(users.status, STAFF_DELETED)))
    .orderBy(asc(users.realName));
}
