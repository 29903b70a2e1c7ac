import { get, post, postPage, type Page } from '../../lib/http';

/** Departments and staff (server: modules/department, modules/staff). Paging `page` is zero-based. */

export interface DepartmentNode {
  departmentId: number;
  name: string;
  parentId: number | null;
  sort: number;
  /** Active staff of the department and everything below it. */
  staffCount: number;
  ownStaffCount: number;
  children: DepartmentNode[];
}

export interface DepartmentLeader {
  userId: number;
  realName: string;
  jobNumber: string | null;
  departmentId: number | null;
  departmentName: string | null;
}

export interface StaffRow {
  userId: number;
  account: string;
  realName: string;
  gender: boolean | null;
  phone: string | null;
  email: string | null;
  jobNumber: string | null;
  /** 0 在职, 1 离职. */
  status: number;
  departmentId: number | null;
  departmentName: string | null;
  postVO: { postId: number; postName: string } | null;
  roles: { roleId: number; name: string }[];
  isAdmin: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
}

export type StaffSortField =
  | 'realName'
  | 'account'
  | 'jobNumber'
  | 'phone'
  | 'email'
  | 'gender'
  | 'status'
  | 'departmentName'
  | 'createdAt';

export interface StaffFilter {
  /** Includes sub-departments. */
  departmentId?: number | null;
  status?: number;
  jobNumber?: string;
  keyword?: string;
  sort?: { field: StaffSortField; order: 'asc' | 'desc' };
}

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

export interface StaffOptions {
  roles: { roleId: number; name: string; isDefault: boolean }[];
  posts: { postId: number; postName: string }[];
}

export type ImportMode = 'all' | 'valid';

export interface ImportRowError {
  /** Excel row number. */
  row: number;
  field: string;
  reason: string;
}

export interface ImportResult {
  mode: ImportMode;
  total: number;
  imported: number;
  failedRows: number;
  errors: ImportRowError[];
  errorsTruncated: boolean;
}

/** `GET /user/api/v1/jobs/:id`. */
export interface JobView {
  id: number;
  kind: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  total: number;
  processed: number;
  percent: number;
  result: ImportResult | null;
  error: string | null;
}

export const staffKeys = {
  all: ['system-staff'] as const,
  tree: ['system-staff', 'tree'] as const,
  options: ['system-staff', 'options'] as const,
  list: (filter: StaffFilter, page: number, size: number) =>
    ['system-staff', 'list', filter, page, size] as const,
  leaders: (departmentId: number) => ['system-staff', 'leaders', departmentId] as const,
  pick: (keyword: string) => ['system-staff', 'pick', keyword] as const,
  job: (jobId: number) => ['system-staff', 'job', jobId] as const,
};

const D = '/user/api/v1/department';
const S = '/user/api/v1/staff';

// ---- departments ----

export function fetchDepartmentTree(): Promise<DepartmentNode[]> {
  return get<DepartmentNode[]>(`${D}/tree`);
}

export function addDepartment(name: string, parentId: number | null): Promise<DepartmentNode> {
  return post<DepartmentNode>(`${D}/add`, { name, parentId });
}

export function modifyDepartment(input: {
  departmentId: number;
  name?: string;
  parentId?: number | null;
  sort?: number;
}): Promise<null> {
  return post<null>(`${D}/modify`, input);
}

export function deleteDepartment(departmentId: number): Promise<null> {
  return post<null>(`${D}/delete`, { departmentId });
}

export function fetchLeaders(departmentId: number): Promise<DepartmentLeader[]> {
  return get<DepartmentLeader[]>(`${D}/get/department/leaders`, { departmentId });
}

export function setLeaders(departmentId: number, userIds: number[]): Promise<DepartmentLeader[]> {
  return post<DepartmentLeader[]>(`${D}/set/department/leaders`, { departmentId, userIds });
}

// ---- staff ----

export function searchStaff(filter: StaffFilter, page: number, size: number): Promise<Page<StaffRow>> {
  return postPage<StaffRow>('/user/api/v2/staff/search', filter, { params: { page, size } });
}

export function fetchStaffOptions(): Promise<StaffOptions> {
  return get<StaffOptions>(`${S}/options`);
}

export function addStaff(input: StaffInput): Promise<{ userId: number; initialPassword: string | null }> {
  return post<{ userId: number; initialPassword: string | null }>(`${S}/add`, input);
}

export function modifyStaff(userId: number, input: Partial<StaffInput>): Promise<StaffRow> {
  return post<StaffRow>(`${S}/modify`, { userId, ...input });
}

export function deleteStaff(userIds: number[]): Promise<{ count: number }> {
  return post<{ count: number }>(`${S}/delete`, { userIds });
}

export function setStaffStatus(userIds: number[], status: number): Promise<{ count: number }> {
  return post<{ count: number }>(`${S}/status`, { userIds, status });
}

export function moveStaff(userIds: number[], departmentId: number): Promise<{ count: number }> {
  return post<{ count: number }>(`${S}/move`, { userIds, departmentId });
}

export function resetPassword(userId: number, password?: string): Promise<{ password: string | null }> {
  return post<{ password: string | null }>(`${S}/reset-password`, {
    userId,
    password: password || undefined,
  });
}

export function startImport(
  file: File,
  mode: ImportMode,
  defaultPassword: string,
): Promise<{ jobId: number; total: number }> {
  const form = new FormData();
  // Text fields go before the file: the server reads fields that precede it.
  if (defaultPassword) form.append('defaultPassword', defaultPassword);
  form.append('file', file, file.name);
  return post<{ jobId: number; total: number }>(`${S}/import`, form, { params: { mode } });
}

export function fetchJob(jobId: number): Promise<JobView> {
  return get<JobView>(`/user/api/v1/jobs/${jobId}`);
}

// ---- downloads ----

// Until this feature's calls come from contracts: the URL form of lib/download.
export { downloadUrl as download, fileNameFromDisposition } from '../../lib/download';
import { downloadUrl as download } from '../../lib/download';

export function downloadTemplate(): Promise<string> {
  return download('/user/api/v1/files/download/excel/auth', { fileName: '员工导入模板.xlsx' });
}

/** Chosen staff, or everyone matching the filter; more than 5,000 people arrive as a zip. */
export function exportStaff(target: { userIds: number[] } | { filter: StaffFilter }): Promise<string> {
  return download(`${D}/export/specific`, { method: 'POST', data: target, fileName: '员工信息.xlsx' });
}

export function exportDepartments(departmentId?: number): Promise<string> {
  return download(`${D}/export`, { params: { departmentId }, fileName: '部门架构.xlsx' });
}
