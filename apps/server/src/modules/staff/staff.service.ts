import { and, asc, desc, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, forbidden, notFound } from '../../core/http';
import { hashPassword } from '../../core/crypto';
import { recordActivity } from '../../core/activity';
import {
  departmentLeaders,
  departments,
  posts,
  refreshTokens,
  roles,
  userRoles,
  users,
} from '../../db/schema';
import { loadDepartments } from '../department/department.service';
import type { StaffExportRow } from './staff.excel';
import type { DirectoryRow, StaffDetail, StaffRow, StaffSortField } from '@kaopei/shared/contracts/staff';
import {
  STAFF_ACTIVE,
  STAFF_DELETED,
  generatePassword,
  likePattern,
  uniqueIndexMessage,
  violatedUniqueIndex,
} from './staff.rules';

export const STAFF_NOT_FOUND = '员工不存在';

export type { DirectoryRow, StaffDetail, StaffRow, StaffSortField };

// ---------------------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------------------

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

/** Fails with 404 unless every department belongs to the caller's organisation. */
async function assertDepartments(db: DbOrTx, ctx: RequestContext, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(inArray(departments.id, unique), eq(departments.organizationId, ctx.organizationId)));
  if (found.length !== unique.length) throw notFound('部门不存在');
}

/** WHERE clause of a staff filter, always scoped to the caller's organisation and living accounts. */
export async function staffWhere(db: DbOrTx, ctx: RequestContext, filter: StaffFilter): Promise<SQL> {
  const org = ctx.organizationId;
  const conditions: (SQL | undefined)[] = [eq(users.organizationId, org), lt(users.status, STAFF_DELETED)];
  if (filter.status !== undefined) conditions.push(eq(users.status, filter.status));
  const roots = [
    ...(filter.departmentIds ?? []),
    ...(filter.departmentId != null ? [filter.departmentId] : []),
  ];
  if (roots.length > 0) {
    await assertDepartments(db, ctx, roots);
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
  if (jobNumber) conditions.push(sql`${users.jobNumber} ilike ${likePattern(jobNumber)}`);
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
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

/** Roles of the given users, in one query. */
async function rolesOf(db: DbOrTx, ctx: RequestContext, userIds: number[]) {
  const map = new Map<number, { roleId: number; name: string }[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: userRoles.userId, roleId: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, userIds), eq(roles.organizationId, ctx.organizationId)))
    .orderBy(asc(roles.id));
  for (const row of rows) {
    const list = map.get(row.userId) ?? [];
    list.push({ roleId: row.roleId, name: row.name });
    map.set(row.userId, list);
  }
  return map;
}

/**
 * One page of staff: one query for the rows and the total (window count), one for the page's roles.
 * Sorting is limited to whitelisted columns; ties are broken by id so pages never overlap.
 */
export async function searchStaff(
  db: Db,
  ctx: RequestContext,
  filter: StaffFilter,
  paging: { limit: number; offset: number },
  sort?: StaffSort,
  options: { withRoles?: boolean } = {},
): Promise<{ rows: StaffRow[]; total: number }> {
  const where = await staffWhere(db, ctx, filter);
  const found = await db
    .select({ ...rowColumns, total: sql<number>`(count(*) over ())::int` })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(posts, and(eq(posts.id, users.postId), eq(posts.organizationId, users.organizationId)))
    .where(where)
    .orderBy(...orderBy(sort))
    .limit(paging.limit)
    .offset(paging.offset);
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && paging.offset > 0) {
    // Past the last page the window count has no row to ride on.
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where);
    total = counted?.total ?? 0;
  }
  const roleMap =
    options.withRoles === false
      ? new Map<number, { roleId: number; name: string }[]>()
      : await rolesOf(
          db,
          ctx,
          found.map((row) => row.userId),
        );
  const rows = found.map(({ postId, postName, createdAt, total: _total, ...row }) => ({
    ...row,
    postVO: postId != null && postName != null ? { postId, postName } : null,
    roles: roleMap.get(row.userId) ?? [],
    createdAt: createdAt.getTime(),
  }));
  return { rows, total };
}

export function toDirectoryRow(row: StaffRow): DirectoryRow {
  return {
    userId: row.userId,
    realName: row.realName,
    gender: row.gender,
    jobNumber: row.jobNumber,
    status: row.status,
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    postVO: row.postVO,
  };
}

export async function staffDetail(db: Db, ctx: RequestContext, userId: number): Promise<StaffDetail> {
  const { rows } = await searchStaff(db, ctx, { userIds: [userId] }, { limit: 1, offset: 0 });
  const row = rows[0];
  if (!row) throw notFound(STAFF_NOT_FOUND);
  const [index, leaderOf, [login]] = await Promise.all([
    loadDepartments(db, ctx.organizationId),
    db
      .select({ departmentId: departments.id, name: departments.name })
      .from(departmentLeaders)
      .innerJoin(departments, eq(departments.id, departmentLeaders.departmentId))
      .where(and(eq(departmentLeaders.userId, userId), eq(departments.organizationId, ctx.organizationId))),
    db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    ...row,
    departmentPath: index.path(row.departmentId),
    leaderOf,
    lastLoginAt: login?.lastLoginAt?.getTime() ?? null,
  };
}

/** Every staff row matching a filter, shaped for the Excel export. */
export async function staffExportRows(
  db: Db,
  ctx: RequestContext,
  filter: StaffFilter,
  sort?: StaffSort,
): Promise<StaffExportRow[]> {
  const where = await staffWhere(db, ctx, filter);
  const [index, rows] = await Promise.all([
    loadDepartments(db, ctx.organizationId),
    db
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
      .where(where)
      .orderBy(...orderBy(sort)),
  ]);
  return rows.map((row) => ({
    realName: row.realName,
    account: row.account,
    phone: row.phone,
    email: row.email,
    gender: row.gender,
    jobNumber: row.jobNumber,
    departmentPath: index.path(row.departmentId),
    postName: row.postName,
    roleNames: row.roleNames,
    status: row.status,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Options for the staff form
// ---------------------------------------------------------------------------------------------------------

export async function staffOptions(db: Db, ctx: RequestContext) {
  const [roleRows, postRows] = await Promise.all([
    db
      .select({ roleId: roles.id, name: roles.name, isDefault: roles.isDefault })
      .from(roles)
      .where(eq(roles.organizationId, ctx.organizationId))
      .orderBy(asc(roles.id)),
    db
      .select({ postId: posts.id, postName: posts.name })
      .from(posts)
      .where(eq(posts.organizationId, ctx.organizationId))
      .orderBy(asc(posts.name)),
  ]);
  return { roles: roleRows, posts: postRows };
}

// ---------------------------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------------------------

export interface StaffInput {
  account: string;
  realName: string;
  phone?: string | null;
  email?: string | null;
  gender?: boolean | null;
  jobNumber?: string | null;
  departmentId?: number | null;
  postId?: number | null;
  roleIds?: number[];
  password?: string | null;
}

export interface StaffChangeOptions {
  /** The caller may assign roles (organisation admin or access to 角色权限). */
  canAssignRoles: boolean;
}

async function assertReferences(
  db: DbOrTx,
  ctx: RequestContext,
  input: Pick<StaffInput, 'departmentId' | 'postId' | 'roleIds'>,
): Promise<void> {
  if (input.departmentId != null) await assertDepartments(db, ctx, [input.departmentId]);
  if (input.postId != null) {
    const [post] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, input.postId), eq(posts.organizationId, ctx.organizationId)));
    if (!post) throw notFound('岗位不存在');
  }
  if (input.roleIds && input.roleIds.length > 0) {
    const unique = [...new Set(input.roleIds)];
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(inArray(roles.id, unique), eq(roles.organizationId, ctx.organizationId)));
    if (found.length !== unique.length) throw notFound('角色不存在');
  }
}

/** Refuses values another person already uses, naming the field (409). */
async function assertUnique(
  db: DbOrTx,
  ctx: RequestContext,
  values: { account?: string; phone?: string | null; email?: string | null; jobNumber?: string | null },
  exceptUserId?: number,
): Promise<void> {
  const checks: SQL[] = [];
  if (values.account) checks.push(sql`lower(${users.account}) = ${values.account.toLowerCase()}`);
  if (values.phone) checks.push(eq(users.phone, values.phone));
  if (values.email) checks.push(sql`lower(${users.email}) = ${values.email.toLowerCase()}`);
  if (values.jobNumber)
    checks.push(
      and(eq(users.organizationId, ctx.organizationId), eq(users.jobNumber, values.jobNumber)) as SQL,
    );
  if (checks.length === 0) return;
  const clashes = await db
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
  for (const clash of clashes) {
    if (values.account && clash.account.toLowerCase() === values.account.toLowerCase())
      throw conflict(`账号「${values.account}」已被使用`);
  }
  for (const clash of clashes) {
    if (values.phone && clash.phone === values.phone) throw conflict(`手机号「${values.phone}」已被使用`);
    if (values.email && clash.email?.toLowerCase() === values.email.toLowerCase())
      throw conflict(`邮箱「${values.email}」已被使用`);
    if (
      values.jobNumber &&
      clash.organizationId === ctx.organizationId &&
      clash.jobNumber === values.jobNumber
    )
      throw conflict(`工号「${values.jobNumber}」已被使用`);
  }
}

/** Runs a write; a unique index hit by a concurrent request becomes the same 409 the checks give. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index) throw conflict(uniqueIndexMessage(index));
    throw error;
  }
}

async function defaultRoleId(db: DbOrTx, organizationId: number): Promise<number | undefined> {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.isDefault, true)))
    .orderBy(asc(roles.id))
    .limit(1);
  return role?.id;
}

/**
 * Creates a staff member. Without a password a strong random one is generated and returned once.
 * Without roles the organisation's default role (普通员工) is given.
 */
export async function addStaff(
  db: Db,
  ctx: RequestContext,
  input: StaffInput,
  options: StaffChangeOptions,
): Promise<{ userId: number; initialPassword: string | null }> {
  if (input.roleIds !== undefined && !options.canAssignRoles) throw forbidden('您没有分配角色的权限');
  await assertReferences(db, ctx, input);
  await assertUnique(db, ctx, input);
  const generated = input.password ? null : generatePassword();
  const passwordHash = await hashPassword(input.password ?? (generated as string));
  const userId = await guarded(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          organizationId: ctx.organizationId,
          account: input.account,
          realName: input.realName,
          phone: input.phone ?? null,
          email: input.email ?? null,
          gender: input.gender ?? null,
          jobNumber: input.jobNumber ?? null,
          departmentId: input.departmentId ?? null,
          postId: input.postId ?? null,
          passwordHash,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert failed');
      const roleIds =
        input.roleIds ?? [await defaultRoleId(tx, ctx.organizationId)].filter((id) => id !== undefined);
      if (roleIds.length > 0) {
        await tx
          .insert(userRoles)
          .values([...new Set(roleIds)].map((roleId) => ({ userId: row.id, roleId })));
      }
      await recordActivity(tx, {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: '新增员工',
        detail: `${input.realName}（${input.account}）`,
      });
      return row.id;
    }),
  );
  return { userId, initialPassword: generated };
}

interface Target {
  id: number;
  account: string;
  realName: string;
  isAdmin: boolean;
  status: number;
}

/**
 * Loads the staff members an operation targets. Every id must be a living account of the caller's
 * organisation (404 otherwise, nothing changes); only admins may act on admin accounts.
 */
async function loadTargets(db: DbOrTx, ctx: RequestContext, userIds: number[]): Promise<Target[]> {
  const unique = [...new Set(userIds)];
  const found = await db
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
        inArray(users.id, unique),
        eq(users.organizationId, ctx.organizationId),
        lt(users.status, STAFF_DELETED),
      ),
    );
  if (found.length !== unique.length) throw notFound(STAFF_NOT_FOUND);
  if (!ctx.isAdmin && found.some((target) => target.isAdmin)) throw forbidden('只有管理员可以操作管理员账号');
  return found;
}

function names(targets: Target[]): string {
  const shown = targets
    .slice(0, 5)
    .map((t) => t.realName)
    .join('、');
  return targets.length > 5 ? `${shown} 等 ${targets.length} 人` : shown;
}

export type StaffPatch = Partial<StaffInput> & { userId: number };

/** Updates the given fields; absent fields stay, null clears an optional one. */
export async function modifyStaff(
  db: Db,
  ctx: RequestContext,
  input: StaffPatch,
  options: StaffChangeOptions,
) {
  const [target] = await loadTargets(db, ctx, [input.userId]);
  if (!target) throw notFound(STAFF_NOT_FOUND);
  if (input.roleIds !== undefined && !options.canAssignRoles) throw forbidden('您没有分配角色的权限');
  await assertReferences(db, ctx, input);
  await assertUnique(db, ctx, input, input.userId);
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.account !== undefined) set.account = input.account;
  if (input.realName !== undefined) set.realName = input.realName;
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.email !== undefined) set.email = input.email;
  if (input.gender !== undefined) set.gender = input.gender;
  if (input.jobNumber !== undefined) set.jobNumber = input.jobNumber;
  if (input.departmentId !== undefined) set.departmentId = input.departmentId;
  if (input.postId !== undefined) set.postId = input.postId;
  if (input.password) set.passwordHash = await hashPassword(input.password);
  await guarded(() =>
    db.transaction(async (tx) => {
      await tx.update(users).set(set).where(eq(users.id, input.userId));
      if (input.roleIds !== undefined) {
        await tx.delete(userRoles).where(eq(userRoles.userId, input.userId));
        const roleIds = [...new Set(input.roleIds)];
        if (roleIds.length > 0)
          await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: input.userId, roleId })));
      }
      if (input.password) await tx.delete(refreshTokens).where(eq(refreshTokens.userId, input.userId));
      await recordActivity(tx, {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: '修改员工',
        detail: `${input.realName ?? target.realName}（${input.account ?? target.account}）`,
      });
    }),
  );
}

/**
 * Deletes staff accounts. The row stays (exam records and messages keep their author) with status 2;
 * account, phone, e-mail and job number are freed for reuse, roles, leadership and sessions removed.
 */
export async function deleteStaff(db: Db, ctx: RequestContext, userIds: number[]): Promise<number> {
  if (userIds.includes(ctx.userId)) throw badRequest('不能删除自己的账号');
  const targets = await loadTargets(db, ctx, userIds);
  const ids = targets.map((t) => t.id);
  await db.transaction(async (tx) => {
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
      .where(inArray(users.id, ids));
    await tx.delete(userRoles).where(inArray(userRoles.userId, ids));
    await tx.delete(departmentLeaders).where(inArray(departmentLeaders.userId, ids));
    await tx.delete(refreshTokens).where(inArray(refreshTokens.userId, ids));
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: '删除员工',
      detail: names(targets),
    });
  });
  return ids.length;
}

/** Sets staff 在职 (0) or 离职 (1). Leaving ends their sessions. */
export async function setStaffStatus(
  db: Db,
  ctx: RequestContext,
  userIds: number[],
  status: number,
): Promise<number> {
  if (status !== STAFF_ACTIVE && userIds.includes(ctx.userId)) throw badRequest('不能停用自己的账号');
  const targets = await loadTargets(db, ctx, userIds);
  const ids = targets.map((t) => t.id);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ status, updatedAt: new Date() }).where(inArray(users.id, ids));
    if (status !== STAFF_ACTIVE) await tx.delete(refreshTokens).where(inArray(refreshTokens.userId, ids));
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: status === STAFF_ACTIVE ? '员工复职' : '员工离职',
      detail: names(targets),
    });
  });
  return ids.length;
}

export async function moveStaff(
  db: Db,
  ctx: RequestContext,
  userIds: number[],
  departmentId: number,
): Promise<number> {
  const targets = await loadTargets(db, ctx, userIds);
  await assertDepartments(db, ctx, [departmentId]);
  const index = await loadDepartments(db, ctx.organizationId);
  const ids = targets.map((t) => t.id);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ departmentId, updatedAt: new Date() }).where(inArray(users.id, ids));
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: '调整部门',
      detail: `${names(targets)} → ${index.path(departmentId)}`,
    });
  });
  return ids.length;
}

/**
 * Sets a new password (the given one, or a generated one returned once) and signs the person out
 * everywhere.
 */
export async function resetPassword(
  db: Db,
  ctx: RequestContext,
  userId: number,
  password?: string | null,
): Promise<{ password: string | null }> {
  const [target] = await loadTargets(db, ctx, [userId]);
  if (!target) throw notFound(STAFF_NOT_FOUND);
  const generated = password ? null : generatePassword();
  const passwordHash = await hashPassword(password ?? (generated as string));
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: '重置密码',
      detail: `${target.realName}（${target.account}）`,
    });
  });
  return { password: generated };
}
