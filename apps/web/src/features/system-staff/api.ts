import { departmentContracts as departments } from '@kaopei/shared/contracts/department';
import type { ImportMode } from '@kaopei/shared/contracts/file';
import { staffContracts as staff, type StaffSearchFilter } from '@kaopei/shared/contracts/staff';
import { call, callPage, type BodyIn, type DataOf } from '../../lib/api';
import type { HttpRequestConfig } from '../../lib/http';
import { download } from '../../lib/download';
import { FORM_ERRORS } from '../../lib/form-errors';

/**
 * Departments and staff (contracts: packages/shared/src/contracts/department.ts and staff.ts).
 * Paging `page` is zero-based.
 */

export type { DepartmentLeader, DepartmentNode, DepartmentRow } from '@kaopei/shared/contracts/department';
export type { StaffDetail, StaffOptions, StaffRow, StaffSortField } from '@kaopei/shared/contracts/staff';
/** The staff search filter (the search body). */
export type StaffFilter = StaffSearchFilter;
/** What the staff form sends. */
export type StaffInput = BodyIn<typeof staff.add>;
/** What a department change sends. */
export type DepartmentChange = BodyIn<typeof departments.modify>;

export const staffKeys = {
  all: ['system-staff'] as const,
  tree: ['system-staff', 'tree'] as const,
  options: ['system-staff', 'options'] as const,
  list: (filter: StaffFilter, page: number, size: number) =>
    ['system-staff', 'list', filter, page, size] as const,
  leaders: (departmentId: number) => ['system-staff', 'leaders', departmentId] as const,
  pick: (keyword: string) => ['system-staff', 'pick', keyword] as const,
};

// ---- departments ----

export function fetchDepartmentTree() {
  return call(departments.tree);
}

export function addDepartment(name: string, parentId: number | null) {
  return call(departments.add, { body: { name, parentId } }, FORM_ERRORS);
}

/** `config` FORM_ERRORS from the department form; a drag-and-drop move has no form (toasts). */
export function modifyDepartment(input: DepartmentChange, config?: HttpRequestConfig) {
  return call(departments.modify, { body: input }, config);
}

export function deleteDepartment(departmentId: number) {
  return call(departments.delete, { body: { departmentId } });
}

export function fetchLeaders(departmentId: number) {
  return call(departments.leaders, { query: { departmentId } });
}

export function setLeaders(departmentId: number, userIds: number[]) {
  return call(departments.setLeaders, { body: { departmentId, userIds } });
}

// ---- staff ----

export function searchStaff(filter: StaffFilter, page: number, size: number) {
  return callPage(staff.search, { query: { page, size }, body: filter });
}

export function fetchStaffOptions() {
  return call(staff.options);
}

// The staff form's saves: a refusal naming a field (账号已被使用) shows under it (lib/form-errors.ts).
export function addStaff(input: StaffInput) {
  return call(staff.add, { body: input }, FORM_ERRORS);
}

export function modifyStaff(userId: number, input: Partial<StaffInput>) {
  return call(staff.modify, { body: { userId, ...input } }, FORM_ERRORS);
}

export function deleteStaff(userIds: number[]) {
  return call(staff.delete, { body: { userIds } });
}

export function setStaffStatus(userIds: number[], status: number) {
  return call(staff.status, { body: { userIds, status } });
}

export function moveStaff(userIds: number[], departmentId: number) {
  return call(staff.move, { body: { userIds, departmentId } });
}

export function resetPassword(userId: number, password?: string) {
  return call(staff.resetPassword, { body: { userId, password: password || undefined } });
}

/** The import takes a multipart form, which the contract cannot describe: the mode is its query. */
export async function startImport(
  file: File,
  mode: ImportMode,
  defaultPassword: string,
): Promise<DataOf<typeof staff.import>> {
  const form = new FormData();
  // Text fields go before the file: the server reads fields that precede it.
  if (defaultPassword) form.append('defaultPassword', defaultPassword);
  form.append('file', file, file.name);
  return call(staff.import, { query: { mode }, form });
}

// ---- downloads ----

export function downloadTemplate(): Promise<string> {
  return download(staff.importTemplate, undefined, '员工导入模板.xlsx');
}

/** Chosen staff, or everyone matching the filter; more than 5,000 people arrive as a zip. */
export function exportStaff(target: { userIds: number[] } | { filter: StaffFilter }): Promise<string> {
  return download(departments.exportStaff, { body: target }, '员工信息.xlsx');
}

export function exportDepartments(departmentId?: number): Promise<string> {
  return download(departments.export, { query: { departmentId } }, '部门架构.xlsx');
}
