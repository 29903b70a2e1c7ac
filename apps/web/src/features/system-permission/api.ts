import type { Mode, PermissionIndex } from '@kaopei/shared';
import { get, getPage, post, postPage, type Page } from '../../lib/http';

/** Roles, menu grants and role members (docs: /user/api/v1/role, /user/api/v2/sys/permission). */

export interface RoleRow {
  roleId: number;
  name: string;
  description: string | null;
  /** Bit mask: permission index n sets 1 << n. */
  permission: number;
  permissions: PermissionIndex[];
  userCount: number;
  isDefault: boolean;
  createdAt: number;
}

export interface RoleMember {
  userId: number;
  account: string;
  realName: string;
  jobNumber: string | null;
  phone: string | null;
  departmentId: number | null;
  departmentName: string | null;
  /** 0 在职, 1 离职. */
  status: number;
  isAdmin: boolean;
}

/** A node of the full menu tree offered for granting. */
export interface GrantMenuNode {
  id: number;
  parentId: number | null;
  name: string;
  icon: string | null;
  url: string | null;
  modes: Mode[];
  /** Permission index whose bit also grants this subtree. */
  permissionIndex: number | null;
  children: GrantMenuNode[];
}

export interface ModeMenuGroup {
  mode: Mode;
  label: string;
  children: GrantMenuNode[];
}

/** A row of `POST /user/api/v2/staff/search` (the fields the picker shows). */
export interface StaffSearchRow {
  userId: number;
  realName: string;
  account: string;
  jobNumber?: string | null;
  departmentName?: string | null;
  status?: number;
}

export interface RoleInput {
  name: string;
  description?: string | null;
  permissions: PermissionIndex[];
}

export const roleKeys = {
  all: ['roles'] as const,
  list: (page: number, size: number, keyword: string) => ['roles', 'list', page, size, keyword] as const,
  menus: (roleId: number) => ['roles', 'menus', roleId] as const,
  members: (roleId: number, page: number, size: number, keyword: string) =>
    ['roles', 'members', roleId, page, size, keyword] as const,
  grantTree: ['roles', 'grant-tree'] as const,
  staffSearch: (keyword: string, page: number, size: number) =>
    ['staff-search', keyword, page, size] as const,
};

/** Repeated query parameters (`roleIds=1&roleIds=2`), as the spec's delete call sends them. */
const repeatParams = { paramsSerializer: { indexes: null } };

/** `page` is zero-based. */
export function fetchRoles(page: number, size: number, keyword: string): Promise<Page<RoleRow>> {
  return getPage<RoleRow>('/user/api/v1/role/permission/role/get', {
    page,
    size,
    keyword: keyword || undefined,
  });
}

export function createRole(input: RoleInput): Promise<RoleRow> {
  return post<RoleRow>('/user/api/v1/role/permission/role/add', input);
}

export function modifyRole(roleId: number, input: Partial<RoleInput>): Promise<RoleRow> {
  return post<RoleRow>('/user/api/v1/role/modify', { roleId, ...input });
}

export function deleteRoles(roleIds: number[]): Promise<{ count: number; reassigned: number }> {
  return post<{ count: number; reassigned: number }>('/user/api/v1/role/permission/role/delete', null, {
    params: { roleIds },
    ...repeatParams,
  });
}

export function fetchGrantTree(): Promise<ModeMenuGroup[]> {
  return get<ModeMenuGroup[]>('/user/api/v2/sys/permission/get/by-endpoint/menu');
}

/** Menu ids granted to the role directly. */
export function fetchRoleMenuIds(roleId: number): Promise<number[]> {
  return get<number[]>('/user/api/v2/sys/permission/get/by-role', { roleId, permissionType: 1 });
}

export function saveRoleMenus(roleId: number, menuIds: number[]): Promise<number[]> {
  return post<number[]>('/user/api/v2/sys/permission/modify/by-role', { roleId, menuIds });
}

/** `page` is zero-based. */
export function fetchRoleMembers(
  roleId: number,
  page: number,
  size: number,
  keyword: string,
): Promise<Page<RoleMember>> {
  return getPage<RoleMember>('/user/api/v1/role/users', {
    roleId,
    page,
    size,
    keyword: keyword || undefined,
  });
}

export function assignRoles(input: {
  userIds: number[];
  roleIds: number[];
  mode: 'add' | 'replace';
}): Promise<{ count: number }> {
  return post<{ count: number }>('/user/api/v1/role/assign', input);
}

export function unassignRoles(input: {
  userIds: number[];
  roleIds: number[];
}): Promise<{ count: number; reassigned: number }> {
  return post<{ count: number; reassigned: number }>('/user/api/v1/role/unassign', input);
}

/** Active staff matching a keyword; `page` is zero-based. */
export function searchStaff(keyword: string, page: number, size: number): Promise<Page<StaffSearchRow>> {
  return postPage<StaffSearchRow>(
    '/user/api/v2/staff/search',
    { keyword: keyword || undefined, status: 0 },
    { params: { page, size } },
  );
}
