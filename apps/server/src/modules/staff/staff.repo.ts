import { and, asc, desc, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import {
  departmentLeaders,
  departments,
  posts,
  refreshTokens,
  roles,
  userRoles,
  users,
} from '../../db/schema';
import type { StaffSortField } from '@kaopei/shared/contracts/staff';
import { containsPattern } from '../../core/db-errors';
import { STAFF_DELETED } from './staff.rules';

type OrgScope = Pick<RequestContext, 'organizationId'>;

export interface StaffFilter {
  /** A department; its sub-departments are included unless `includeSubDepartments` is false. */
  departmentId?: number | null;
  /** Several departments (same rule for sub-departments). */
  departmentIds?: number[];
  includeSubDepartments?: boolean;
  /** 0 在职, 1 离职; absent = both. */
  status?: number;
  /** Part of a job number. */
  jobNumber?: string;
  /** Part of the name, account, phone or e-mail. */
  keyword?: string;
  postId?: number;
  userIds?: number[];
}

export interface StaffSort {
  field: StaffSortField;
  order: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  realName: users.realName,
  account: users.account,
  jobNumber: users.jobNumber,
  phone: users.phone,
  email: users.email,
  gender: users.gender,
  status: users.status,
  departmentName: departments.name,
  createdAt: users.createdAt,
} as const satisfies Record<StaffSortField, unknown>;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The departments a filter names (one, several or none), which the caller checks first. */
export function filterDepartments(filter: StaffFilter): number[] {
  return [...(filter.departmentIds ?? []), ...(filter.departmentId != null ? [filter.departmentId] : [])];
}

/**
 * The organisation's staff as lists and counts show them: living accounts of members. Candidates from
 * open links (`users.kind`) are no staff; their ids still reach the staff operations (an admin may
 * delete one).
 */
export function livingMember(): SQL {
  return and(lt(users.status, STAFF_DELETED), eq(users.kind, 'member')) as SQL;
}

/**
 * WHERE clause of a staff filter, always scoped to the caller's organisation and living accounts.
 * The filter's departments must have been checked to belong to the organisation (`findDepartmentIds`).
 */
function staffWhere(ctx: OrgScope, filter: StaffFilter): SQL {
  const org = ctx.organizationId;
  const conditions: (SQL | undefined)[] = [eq(users.organizationId, org), livingMember()];
  if (filter.status !== undefined) conditions.push(eq(users.status, filter.status));
  const roots = filterDepartments(filter);
  if (roots.length > 0) {
    conditions.push(
      filter.includeSubDepartments === false
        ? inArray(users.departmentId, roots)
        : sql`${users.departmentId} in (
            with recursive sub(id) as (
              select id from departments where organization_id = ${org} and id in (${idList(roots)})
              union
              select d.id from departments d join sub on d.parent_id = sub.id where d.organization_id = ${org}
            ) select id from sub)`,
    );
  }
  const jobNumber = filter.jobNumber?.trim();
  if (jobNumber) conditions.push(sql`${users.jobNumber} ilike ${containsPattern(jobNumber)}`);
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    conditions.push(
      or(
        sql`${users.realName} ilike ${pattern}`,
        sql`${users.account} ilike ${pattern}`,
        sql`${users.phone} ilike ${pattern}`,
        sql`${users.email} ilike ${pattern}`,
      ),
    );
  }
  if (filter.postId !== undefined) conditions.push(eq(users.postId, filter.postId));
  if (filter.userIds !== undefined)
    conditions.push(inArray(users.id, filter.userIds.length ? filter.userIds : [0]));
  return and(...conditions) as SQL;
}

function orderBy(sort: StaffSort | undefined): SQL[] {
  if (!sort) return [desc(users.createdAt), desc(users.id)];
  const column = SORT_COLUMNS[sort.field];
  const direction = sort.order === 'asc' ? sql`asc` : sql`desc`;
  return [sql`${column} ${direction} nulls last`, sort.order === 'asc' ? asc(users.id) : desc(users.id)];
}

const rowColumns = {
  userId: users.id,
  account: users.account,
  realName: users.realName,
  gender: users.gender,
  phone: users.phone,
  email: users.email,
  jobNumber: users.jobNumber,
  status: users.status,
  departmentId: users.departmentId,
  departmentName: departments.name,
  postId: posts.id,
  postName: posts.name,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
};

/** Those of the departments that belong to the organisation (ids only). */
export function findDepartmentIds(db: DbOrTx, ctx: OrgScope, ids: number[]) {
  return db
    .select({ id: departments.id })
    .from(departments)
    .where(and(inArray(departments.id, ids), eq(departments.organizationId, ctx.organizationId)));
}

/** One page of the organisation's staff matching a filter, each row with the total (window count). */
export function listStaffPage(
  db: DbOrTx,
  ctx: OrgScope,
  filter: StaffFilter,
  paging: { limit: number; offset: number },
  sort?: StaffSort,
) {
  return db
    .select({ ...rowColumns, total: sql<number>`(count(*) over ())::int` })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(posts, and(eq(posts.id, users.postId), eq(posts.organizationId, users.organizationId)))
    .where(staffWhere(ctx, filter))
    .orderBy(...orderBy(sort))
    .limit(paging.limit)
    .offset(paging.offset);
}

/** How many of the organisation's staff match a filter. */
export async function countStaff(db: DbOrTx, ctx: OrgScope, filter: StaffFilter): Promise<number> {
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(staffWhere(ctx, filter));
  return counted?.total ?? 0;
}

/** The organisation's roles held by the given users, by role id. */
export function listRolesOfUsers(db: DbOrTx, ctx: OrgScope, userIds: number[]) {
  return db
    .select({ userId: userRoles.userId, roleId: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, userIds), eq(roles.organizationId, ctx.organizationId)))
    .orderBy(asc(roles.id));
}

/** The organisation's departments a user leads. */
export function listLedDepartments(db: DbOrTx, ctx: OrgScope, userId: number) {
  return db
    .select({ departmentId: departments.id, name: departments.name })
    .from(departmentLeaders)
    .innerJoin(departments, eq(departments.id, departmentLeaders.departmentId))
    .where(and(eq(departmentLeaders.userId, userId), eq(departments.organizationId, ctx.organizationId)));
}

/** A user's last sign-in; the id must be one already found in the organisation (`listStaffPage`). */
export async function findLastLoginAt(db: DbOrTx, userId: number) {
  const [login] = await db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, userId));
  return login;
}

/** Every row of the organisation's staff matching a filter, with role names, for the Excel export. */
export function listStaffForExport(db: DbOrTx, ctx: OrgScope, filter: StaffFilter, sort?: StaffSort) {
  return db
    .select({
      ...rowColumns,
      roleNames: sql<string | null>`(
          select string_agg(r.name, '、' order by r.id) from user_roles ur
          join roles r on r.id = ur.role_id
          where ur.user_id = ${users.id} and r.organization_id = ${ctx.organizationId})`,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(posts, and(eq(posts.id, users.postId), eq(posts.organizationId, users.organizationId)))
    .where(staffWhere(ctx, filter))
    .orderBy(...orderBy(sort));
}

/** The organisation's roles for the staff form, by id. */
export function listRoleOptions(db: DbOrTx, ctx: OrgScope) {
  return db
    .select({ roleId: roles.id, name: roles.name, isDefault: roles.isDefault })
    .from(roles)
    .where(eq(roles.organizationId, ctx.organizationId))
    .orderBy(asc(roles.id));
}

/** The organisation's posts for the staff form, by name. */
export function listPostOptions(db: DbOrTx, ctx: OrgScope) {
  return db
    .select({ postId: posts.id, postName: posts.name })
    .from(posts)
    .where(eq(posts.organizationId, ctx.organizationId))
    .orderBy(asc(posts.name));
}

/** The organisation's post names, sorted (the import template's list). */
export function listPostNames(db: DbOrTx, ctx: OrgScope) {
  return db
    .select({ name: posts.name })
    .from(posts)
    .where(eq(posts.organizationId, ctx.organizationId))
    .orderBy(asc(posts.name));
}

/** The organisation's posts (id and name), unordered (import lookups). */
export function listPosts(db: DbOrTx, ctx: OrgScope) {
  return db
    .select({ id: posts.id, name: posts.name })
    .from(posts)
    .where(eq(posts.organizationId, ctx.organizationId));
}

/** The post (its id) when it belongs to the organisation. */
export async function findPost(db: DbOrTx, ctx: OrgScope, postId: number) {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.organizationId, ctx.organizationId)));
  return post;
}

/** Those of the roles that belong to the organisation (ids only). */
export function findRoleIds(db: DbOrTx, ctx: OrgScope, roleIds: number[]) {
  return db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, roleIds), eq(roles.organizationId, ctx.organizationId)));
}

/**
 * Up to 10 users (of any organisation, but `exceptUserId`) holding one of the values: accounts, phones
 * and e-mails are unique across organisations by design (sign-in); job numbers within the organisation.
 */
export async function findIdentityClashesInAnyOrg(
  db: DbOrTx,
  ctx: OrgScope,
  values: { account?: string; phone?: string | null; email?: string | null; jobNumber?: string | null },
  exceptUserId?: number,
) {
  const checks: SQL[] = [];
  if (values.account) checks.push(sql`lower(${users.account}) = ${values.account.toLowerCase()}`);
  if (values.phone) checks.push(eq(users.phone, values.phone));
  if (values.email) checks.push(sql`lower(${users.email}) = ${values.email.toLowerCase()}`);
  if (values.jobNumber)
    checks.push(
      and(eq(users.organizationId, ctx.organizationId), eq(users.jobNumber, values.jobNumber)) as SQL,
    );
  if (checks.length === 0) return [];
  return await db
    .select({
      account: users.account,
      phone: users.phone,
      email: users.email,
      jobNumber: users.jobNumber,
      organizationId: users.organizationId,
    })
    .from(users)
    .where(and(or(...checks), exceptUserId === undefined ? undefined : ne(users.id, exceptUserId)))
    .limit(10);
}

/** The organisation's default role (the oldest, should there be several). */
export async function findDefaultRoleId(db: DbOrTx, ctx: OrgScope): Promise<number | undefined> {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, ctx.organizationId), eq(roles.isDefault, true)))
    .orderBy(asc(roles.id))
    .limit(1);
  return role?.id;
}

export type NewStaff = Omit<typeof users.$inferInsert, 'organizationId'>;

/** Inserts staff of the organisation in one statement; returns their ids in order. */
export function insertStaff(tx: DbOrTx, ctx: OrgScope, rows: NewStaff[]) {
  return tx
    .insert(users)
    .values(rows.map((row) => ({ organizationId: ctx.organizationId, ...row })))
    .returning({ id: users.id });
}

/** Gives roles to users (ids already checked to belong to the organisation). */
export async function insertUserRoles(tx: DbOrTx, rows: { userId: number; roleId: number }[]) {
  await tx.insert(userRoles).values(rows);
}

/**
 * The living staff of the organisation among `userIds`, as a change targets them. Later changes by id
 * (`updateStaff…`, `delete…Of…`) take ids found here.
 */
export function listLivingStaff(db: DbOrTx, ctx: OrgScope, userIds: number[]) {
  return db
    .select({
      id: users.id,
      account: users.account,
      realName: users.realName,
      isAdmin: users.isAdmin,
      status: users.status,
    })
    .from(users)
    .where(
      and(
        inArray(users.id, userIds),
        eq(users.organizationId, ctx.organizationId),
        lt(users.status, STAFF_DELETED),
      ),
    );
}

export type StaffUpdate = Partial<typeof users.$inferInsert>;

/** Updates one staff member by id (found by `listLivingStaff`). */
export async function updateStaff(tx: DbOrTx, userId: number, set: StaffUpdate) {
  await tx.update(users).set(set).where(eq(users.id, userId));
}

/** Removes every role of one user (found by `listLivingStaff`). */
export async function deleteRolesOfUser(tx: DbOrTx, userId: number) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
}

/** Ends every session of one user (found by `listLivingStaff`). */
export async function deleteSessionsOfUser(tx: DbOrTx, userId: number) {
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
}

/**
 * Marks staff (found by `listLivingStaff`) deleted: status 2, and account, phone, e-mail and job number
 * freed, department, post and password cleared.
 */
export async function markStaffDeleted(tx: DbOrTx, userIds: number[]) {
  await tx
    .update(users)
    .set({
      status: STAFF_DELETED,
      account: sql`left('~' || ${users.id}::text || '~' || ${users.account}, 64)`,
      phone: null,
      email: null,
      jobNumber: null,
      departmentId: null,
      postId: null,
      passwordHash: null,
      updatedAt: new Date(),
    })
    .where(inArray(users.id, userIds));
}

/** Removes every role of the users (found by `listLivingStaff`). */
export async function deleteRolesOfUsers(tx: DbOrTx, userIds: number[]) {
  await tx.delete(userRoles).where(inArray(userRoles.userId, userIds));
}

/** Removes the users (found by `listLivingStaff`) from every department's leaders. */
export async function deleteLeadershipOfUsers(tx: DbOrTx, userIds: number[]) {
  await tx.delete(departmentLeaders).where(inArray(departmentLeaders.userId, userIds));
}

/** Ends every session of the users (found by `listLivingStaff`). */
export async function deleteSessionsOfUsers(tx: DbOrTx, userIds: number[]) {
  await tx.delete(refreshTokens).where(inArray(refreshTokens.userId, userIds));
}

/** Sets the status of staff (found by `listLivingStaff`). */
export async function updateStaffStatus(tx: DbOrTx, userIds: number[], status: number) {
  await tx.update(users).set({ status, updatedAt: new Date() }).where(inArray(users.id, userIds));
}

/** Moves staff (found by `listLivingStaff`) to a department (checked to be the organisation's). */
export async function updateStaffDepartment(tx: DbOrTx, userIds: number[], departmentId: number) {
  await tx.update(users).set({ departmentId, updatedAt: new Date() }).where(inArray(users.id, userIds));
}

// Import lookups: which of the values are taken. Accounts, phones and e-mails are unique across
// organisations by design (sign-in), so those look in every organisation.

/** Lower-cased accounts among `lowered` already used in any organisation. */
export function findTakenAccountsInAnyOrg(db: DbOrTx, lowered: string[]) {
  return db
    .select({ value: sql<string>`lower(${users.account})` })
    .from(users)
    .where(inArray(sql`lower(${users.account})`, lowered));
}

/** Phones among `phones` already used in any organisation. */
export function findTakenPhonesInAnyOrg(db: DbOrTx, phones: string[]) {
  return db.select({ value: users.phone }).from(users).where(inArray(users.phone, phones));
}

/** Lower-cased e-mails among `lowered` already used in any organisation. */
export function findTakenEmailsInAnyOrg(db: DbOrTx, lowered: string[]) {
  return db
    .select({ value: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lowered));
}

/** Job numbers among `jobNumbers` already used in the organisation. */
export function findTakenJobNumbers(db: DbOrTx, ctx: OrgScope, jobNumbers: string[]) {
  return db
    .select({ value: users.jobNumber })
    .from(users)
    .where(and(eq(users.organizationId, ctx.organizationId), inArray(users.jobNumber, jobNumbers)));
}
