import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, forbidden, notFound } from '../../core/http';
import { hashPassword } from '../../core/crypto';
import { recordActivity } from '../../core/activity';
import { violatedUniqueIndex } from '../../core/db-errors';
import type { DownloadFile } from '../../core/download';
import { loadDepartments } from '../department/department.service';
import {
  assertMayChangeRoles,
  assertMayManagePeople,
  changedRoles,
  type RoleDeps,
} from '../role/role.service';
import { staffExportFile, type StaffExportRow } from './staff.excel';
import type { DirectoryRow, StaffDetail, StaffRow, StaffSortField } from '@kaopei/shared/contracts/staff';
import { STAFF_ACTIVE, generatePassword, uniqueIndexMessage } from './staff.rules';
import {
  countStaff,
  deleteLeadershipOfUsers,
  deleteRolesOfUser,
  deleteRolesOfUsers,
  deleteSessionsOfUser,
  deleteSessionsOfUsers,
  filterDepartments,
  findDefaultRoleId,
  findDepartmentIds,
  findIdentityClashesInAnyOrg,
  findLastLoginAt,
  findPost,
  findRoleIds,
  insertStaff,
  insertUserRoles,
  listLedDepartments,
  listLivingStaff,
  listPostOptions,
  listRoleOptions,
  listRolesOfUsers,
  listStaffForExport,
  listStaffPage,
  markStaffDeleted,
  updateStaff,
  updateStaffDepartment,
  updateStaffStatus,
  type StaffFilter,
  type StaffSort,
  type StaffUpdate,
} from './staff.repo';

export const STAFF_NOT_FOUND = '员工不存在';

export type { DirectoryRow, StaffDetail, StaffRow, StaffSortField };
export type { StaffFilter, StaffSort } from './staff.repo';

// ---------------------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------------------

/** Fails with 404 unless every department belongs to the caller's organisation. */
async function assertDepartments(db: DbOrTx, ctx: RequestContext, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await findDepartmentIds(db, ctx, unique);
  if (found.length !== unique.length) throw notFound('部门不存在');
}

/** Roles of the given users, in one query. */
async function rolesOf(db: DbOrTx, ctx: RequestContext, userIds: number[]) {
  const map = new Map<number, { roleId: number; name: string }[]>();
  if (userIds.length === 0) return map;
  const rows = await listRolesOfUsers(db, ctx, userIds);
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
  await assertDepartments(db, ctx, filterDepartments(filter));
  const found = await listStaffPage(db, ctx, filter, paging, sort);
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && paging.offset > 0) {
    // Past the last page the window count has no row to ride on.
    total = await countStaff(db, ctx, filter);
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
  const [index, leaderOf, login] = await Promise.all([
    loadDepartments(db, ctx),
    listLedDepartments(db, ctx, userId),
    findLastLoginAt(db, userId),
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
  await assertDepartments(db, ctx, filterDepartments(filter));
  const [index, rows] = await Promise.all([
    loadDepartments(db, ctx),
    listStaffForExport(db, ctx, filter, sort),
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

/** Staff rows as the staff export file (.xlsx; a zip past 5,000 people), recording the export. */
export async function staffExport(
  db: Db,
  ctx: RequestContext,
  rows: StaffExportRow[],
): Promise<DownloadFile> {
  const file = await staffExportFile(rows);
  await recordActivity(db, {
    organizationId: ctx.organizationId,
    actorId: ctx.userId,
    action: '导出员工',
    detail: `导出了 ${rows.length} 名员工的信息`,
  });
  return file;
}

// ---------------------------------------------------------------------------------------------------------
// Options for the staff form
// ---------------------------------------------------------------------------------------------------------

export async function staffOptions(db: Db, ctx: RequestContext) {
  const [roleRows, postRows] = await Promise.all([listRoleOptions(db, ctx), listPostOptions(db, ctx)]);
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
    const post = await findPost(db, ctx, input.postId);
    if (!post) throw notFound('岗位不存在');
  }
  if (input.roleIds && input.roleIds.length > 0) {
    const unique = [...new Set(input.roleIds)];
    const found = await findRoleIds(db, ctx, unique);
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
  const clashes = await findIdentityClashesInAnyOrg(db, ctx, values, exceptUserId);
  for (const clash of clashes) {
    if (values.account && clash.account.toLowerCase() === values.account.toLowerCase())
      throw conflict(`账号「${values.account}」已被使用`, 'account');
  }
  for (const clash of clashes) {
    if (values.phone && clash.phone === values.phone) throw conflict(`手机号「${values.phone}」已被使用`, 'phone');
    if (values.email && clash.email?.toLowerCase() === values.email.toLowerCase())
      throw conflict(`邮箱「${values.email}」已被使用`, 'email');
    if (
      values.jobNumber &&
      clash.organizationId === ctx.organizationId &&
      clash.jobNumber === values.jobNumber
    )
      throw conflict(`工号「${values.jobNumber}」已被使用`, 'jobNumber');
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

/** Imported staff get the default role: the caller must be allowed to give it (the one role rule). */
export async function assertMayGiveDefaultRole(deps: RoleDeps, ctx: RequestContext): Promise<void> {
  const defaultRoleId = await findDefaultRoleId(deps.db, ctx);
  if (defaultRoleId !== undefined) await assertMayChangeRoles(deps, ctx, [defaultRoleId]);
}

/**
 * Creates a staff member. Without a password a strong random one is generated and returned once.
 * Without roles the organisation's default role (普通员工) is given.
 */
export async function addStaff(
  deps: RoleDeps,
  ctx: RequestContext,
  input: StaffInput,
  options: StaffChangeOptions,
): Promise<{ userId: number; initialPassword: string | null }> {
  const { db } = deps;
  if (input.roleIds !== undefined && !options.canAssignRoles) throw forbidden('您没有分配角色的权限');
  await assertReferences(db, ctx, input);
  // The default role counts as given too: the caller sets the new account's password.
  const roleIds = input.roleIds ?? [await findDefaultRoleId(db, ctx)].filter((id) => id !== undefined);
  await assertMayChangeRoles(deps, ctx, roleIds);
  await assertUnique(db, ctx, input);
  const generated = input.password ? null : generatePassword();
  const passwordHash = await hashPassword(input.password ?? (generated as string));
  const userId = await guarded(() =>
    db.transaction(async (tx) => {
      const [row] = await insertStaff(tx, ctx, [
        {
          account: input.account,
          realName: input.realName,
          phone: input.phone ?? null,
          email: input.email ?? null,
          gender: input.gender ?? null,
          jobNumber: input.jobNumber ?? null,
          departmentId: input.departmentId ?? null,
          postId: input.postId ?? null,
          passwordHash,
        },
      ]);
      if (!row) throw new Error('user insert failed');
      if (roleIds.length > 0) {
        await insertUserRoles(
          tx,
          [...new Set(roleIds)].map((roleId) => ({ userId: row.id, roleId })),
        );
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
 * organisation (404 otherwise, nothing changes); only admins may act on admin accounts, and a non-admin
 * only on people whose access lies within their own (role.service's assertMayManagePeople).
 */
async function loadTargets(deps: RoleDeps, ctx: RequestContext, userIds: number[]): Promise<Target[]> {
  const unique = [...new Set(userIds)];
  const found = await listLivingStaff(deps.db, ctx, unique);
  if (found.length !== unique.length) throw notFound(STAFF_NOT_FOUND);
  if (!ctx.isAdmin && found.some((target) => target.isAdmin)) throw forbidden('只有管理员可以操作管理员账号');
  await assertMayManagePeople(deps, ctx, unique);
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
  deps: RoleDeps,
  ctx: RequestContext,
  input: StaffPatch,
  options: StaffChangeOptions,
) {
  const { db } = deps;
  const [target] = await loadTargets(deps, ctx, [input.userId]);
  if (!target) throw notFound(STAFF_NOT_FOUND);
  if (input.roleIds !== undefined && !options.canAssignRoles) throw forbidden('您没有分配角色的权限');
  await assertReferences(db, ctx, input);
  if (input.roleIds !== undefined)
    await assertMayChangeRoles(deps, ctx, await changedRoles(db, input.userId, input.roleIds));
  await assertUnique(db, ctx, input, input.userId);
  const set: StaffUpdate = { updatedAt: new Date() };
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
      await updateStaff(tx, input.userId, set);
      if (input.roleIds !== undefined) {
        await deleteRolesOfUser(tx, input.userId);
        const roleIds = [...new Set(input.roleIds)];
        if (roleIds.length > 0)
          await insertUserRoles(
            tx,
            roleIds.map((roleId) => ({ userId: input.userId, roleId })),
          );
      }
      if (input.password) await deleteSessionsOfUser(tx, input.userId);
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
export async function deleteStaff(deps: RoleDeps, ctx: RequestContext, userIds: number[]): Promise<number> {
  const { db } = deps;
  if (userIds.includes(ctx.userId)) throw badRequest('不能删除自己的账号');
  const targets = await loadTargets(deps, ctx, userIds);
  const ids = targets.map((t) => t.id);
  await db.transaction(async (tx) => {
    await markStaffDeleted(tx, ids);
    await deleteRolesOfUsers(tx, ids);
    await deleteLeadershipOfUsers(tx, ids);
    await deleteSessionsOfUsers(tx, ids);
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
  deps: RoleDeps,
  ctx: RequestContext,
  userIds: number[],
  status: number,
): Promise<number> {
  const { db } = deps;
  if (status !== STAFF_ACTIVE && userIds.includes(ctx.userId)) throw badRequest('不能停用自己的账号');
  const targets = await loadTargets(deps, ctx, userIds);
  const ids = targets.map((t) => t.id);
  await db.transaction(async (tx) => {
    await updateStaffStatus(tx, ids, status);
    if (status !== STAFF_ACTIVE) await deleteSessionsOfUsers(tx, ids);
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
  deps: RoleDeps,
  ctx: RequestContext,
  userIds: number[],
  departmentId: number,
): Promise<number> {
  const { db } = deps;
  const targets = await loadTargets(deps, ctx, userIds);
  await assertDepartments(db, ctx, [departmentId]);
  const index = await loadDepartments(db, ctx);
  const ids = targets.map((t) => t.id);
  await db.transaction(async (tx) => {
    await updateStaffDepartment(tx, ids, departmentId);
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
  deps: RoleDeps,
  ctx: RequestContext,
  userId: number,
  password?: string | null,
): Promise<{ password: string | null }> {
  const { db } = deps;
  const [target] = await loadTargets(deps, ctx, [userId]);
  if (!target) throw notFound(STAFF_NOT_FOUND);
  const generated = password ? null : generatePassword();
  const passwordHash = await hashPassword(password ?? (generated as string));
  await db.transaction(async (tx) => {
    await updateStaff(tx, userId, { passwordHash, updatedAt: new Date() });
    await deleteSessionsOfUser(tx, userId);
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: '重置密码',
      detail: `${target.realName}（${target.account}）`,
    });
  });
  return { password: generated };
}
