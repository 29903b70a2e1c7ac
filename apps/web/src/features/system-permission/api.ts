import { FORM_ERRORS } from '../../lib/form-errors';
import { roleContracts as roles } from '@kaopei/shared/contracts/role';
import { staffContracts } from '@kaopei/shared/contracts/staff';
import { call, callPage, type BodyIn } from '../../lib/api';

/**
 * Roles, menu grants and role members (contracts: packages/shared/src/contracts/role.ts; the menu
 * shapes are menu.ts's). Paging `page` is zero-based.
 */

export type { RoleMember, RoleRow } from '@kaopei/shared/contracts/role';
export type { GrantMenuNode, ModeMenuGroup } from '@kaopei/shared/contracts/menu';
/** A row of the staff picker (the staff search's row). */
export type { StaffRow as StaffSearchRow } from '@kaopei/shared/contracts/staff';
/** What the role form edits. */
export type RoleInput = Omit<BodyIn<typeof roles.add>, 'permission' | 'menuIds'>;
/** Who gets or loses which roles. */
export type RoleAssignment = BodyIn<typeof roles.assign>;

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

export function fetchRoles(page: number, size: number, keyword: string) {
  return callPage(roles.list, { query: { page, size, keyword: keyword || undefined } });
}

// From the role dialog: a name clash shows under 角色名称 (lib/form-errors.ts).
export function createRole(input: RoleInput) {
  return call(roles.add, { body: input }, FORM_ERRORS);
}

export function modifyRole(roleId: number, input: Partial<RoleInput>) {
  return call(roles.modify, { body: { roleId, ...input } }, FORM_ERRORS);
}

/** Repeated query parameters (`roleIds=1&roleIds=2`), as the spec's delete call sends them. */
export function deleteRoles(roleIds: number[]) {
  return call(roles.delete, { query: { roleIds } });
}

export function fetchGrantTree() {
  return call(roles.grantTree, { query: { endpoint: 1 } });
}

/** Menu ids granted to the role directly. */
export function fetchRoleMenuIds(roleId: number) {
  return call(roles.grantOf, { query: { roleId, permissionType: 1 } });
}

export function saveRoleMenus(roleId: number, menuIds: number[]) {
  return call(roles.setMenus, { body: { roleId, menuIds } });
}

export function fetchRoleMembers(roleId: number, page: number, size: number, keyword: string) {
  return callPage(roles.members, { query: { roleId, page, size, keyword: keyword || undefined } });
}

export function assignRoles(input: RoleAssignment) {
  return call(roles.assign, { body: input });
}

export function unassignRoles(input: BodyIn<typeof roles.unassign>) {
  return call(roles.unassign, { body: input });
}

/** Active staff matching a keyword. */
export function searchStaff(keyword: string, page: number, size: number) {
  return callPage(staffContracts.search, {
    query: { page, size },
    body: { keyword: keyword || undefined, status: 0 },
  });
}
