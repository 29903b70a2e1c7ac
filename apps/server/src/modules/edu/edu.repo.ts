import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context';
import { scoped } from '../../core/context';
import type { Db, DbOrTx } from '../../db/client';
import { eduProjectMembers, eduProjects, organizations, users } from '../../db/schema';
import { containsPattern } from '../../core/db-errors';

type OrgScope = Pick<RequestContext, 'organizationId'>;

/** The columns a project is shown with: its creator's name and its member count. */
const projectColumns = {
  projectId: eduProjects.id,
  name: eduProjects.name,
  description: eduProjects.description,
  status: eduProjects.status,
  startDate: eduProjects.startDate,
  endDate: eduProjects.endDate,
  createdByName: users.realName,
  createdAt: eduProjects.createdAt,
  updatedAt: eduProjects.updatedAt,
  memberCount: sql<number>`(select count(*)::int from ${eduProjectMembers} where ${eduProjectMembers.projectId} = ${eduProjects.id})`,
};

export type NewProject = Omit<typeof eduProjects.$inferInsert, 'organizationId'>;
/** The columns an edit changes (`updatedAt` is set here). */
export type ProjectChanges = Pick<
  typeof eduProjects.$inferInsert,
  'name' | 'description' | 'status' | 'startDate' | 'endDate'
>;
export type NewProjectMember = typeof eduProjectMembers.$inferInsert;

/** The kind of the caller's organisation. */
export async function findOrganizationKind(db: DbOrTx, ctx: OrgScope) {
  const [org] = await db
    .select({ kind: organizations.kind })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  return org;
}

export async function listProjects(
  db: Db,
  ctx: OrgScope,
  filter: { status?: number; keyword?: string },
  paging: { limit: number; offset: number },
) {
  const keyword = filter.keyword?.trim();
  const where = scoped(
    eduProjects.organizationId,
    ctx,
    filter.status === undefined ? undefined : eq(eduProjects.status, filter.status),
    keyword
      ? sql`${eduProjects.name} ilike ${containsPattern(keyword)}`
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(projectColumns)
      .from(eduProjects)
      .leftJoin(users, eq(users.id, eduProjects.createdBy))
      .where(where)
      .orderBy(desc(eduProjects.createdAt), desc(eduProjects.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ total: count() }).from(eduProjects).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findProject(db: DbOrTx, ctx: OrgScope, projectId: number) {
  const [row] = await db
    .select(projectColumns)
    .from(eduProjects)
    .leftJoin(users, eq(users.id, eduProjects.createdBy))
    .where(scoped(eduProjects.organizationId, ctx, eq(eduProjects.id, projectId)));
  return row;
}

/**
 * The members of a project, in the order added. Members carry no organisation: the caller has found the
 * project in its organisation first (`findProject`).
 */
export async function listProjectMembers(db: DbOrTx, projectId: number) {
  return db
    .select({
      memberId: eduProjectMembers.id,
      memberType: eduProjectMembers.memberType,
      name: eduProjectMembers.name,
      contactName: eduProjectMembers.contactName,
      contactPhone: eduProjectMembers.contactPhone,
      role: eduProjectMembers.role,
    })
    .from(eduProjectMembers)
    .where(eq(eduProjectMembers.projectId, projectId))
    .orderBy(asc(eduProjectMembers.id));
}

export async function insertProject(tx: DbOrTx, ctx: OrgScope, values: NewProject) {
  const [project] = await tx
    .insert(eduProjects)
    .values({ organizationId: ctx.organizationId, ...values })
    .returning({ id: eduProjects.id });
  return project;
}

export async function updateProject(
  tx: DbOrTx,
  ctx: OrgScope,
  projectId: number,
  changes: ProjectChanges,
): Promise<void> {
  await tx
    .update(eduProjects)
    .set({ ...changes, updatedAt: new Date() })
    .where(scoped(eduProjects.organizationId, ctx, eq(eduProjects.id, projectId)));
}

/** Adds members to a project the caller has found in its organisation (members carry no organisation). */
export async function insertProjectMembers(tx: DbOrTx, rows: NewProjectMember[]): Promise<void> {
  await tx.insert(eduProjectMembers).values(rows);
}

/** Removes every member of a project the caller has found in its organisation. */
export async function deleteProjectMembers(tx: DbOrTx, projectId: number): Promise<void> {
  await tx.delete(eduProjectMembers).where(eq(eduProjectMembers.projectId, projectId));
}

/** The projects of the caller's organisation among `ids` (id and name). */
export async function findProjectsByIds(db: DbOrTx, ctx: OrgScope, ids: number[]) {
  return db
    .select({ id: eduProjects.id, name: eduProjects.name })
    .from(eduProjects)
    .where(scoped(eduProjects.organizationId, ctx, inArray(eduProjects.id, ids)));
}

export async function deleteProjects(tx: DbOrTx, ctx: OrgScope, ids: number[]): Promise<void> {
  await tx.delete(eduProjects).where(scoped(eduProjects.organizationId, ctx, inArray(eduProjects.id, ids)));
}
