import type { AxiosResponse } from 'axios';
import { httpErrorToastText } from '@kaopei/shared';
import { toast } from '../../lib/feedback';
import { cancelPendingRequests, get, http, post, postPage, type Page } from '../../lib/http';

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

/** File name from a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameFromDisposition(header: string | undefined, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header)?.[1];
  return plain?.trim() || fallback;
}

async function blobMessage(blob: Blob): Promise<string | null> {
  try {
    const body: unknown = JSON.parse(await blob.text());
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON.
  }
  return null;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Give the browser time to start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file through the app's HTTP client (token, refresh, 401 flow). Client errors arrive as a
 * JSON body inside the blob; their message is shown like any other server message.
 */
export async function download(
  url: string,
  options: { method?: 'GET' | 'POST'; params?: Record<string, unknown>; data?: unknown; fileName: string },
): Promise<string> {
  const response: AxiosResponse<Blob> = await http.request<Blob>({
    url,
    method: options.method ?? 'GET',
    params: options.params,
    data: options.data,
    responseType: 'blob',
    // 401 and server errors take the client's usual path; other client errors carry a JSON message.
    validateStatus: (status) => status < 500 && status !== 401,
  });
  if (response.status >= 400) {
    if (response.status === 400) cancelPendingRequests();
    const message = await blobMessage(response.data);
    const text = httpErrorToastText(response.status, message);
    toast.error(text);
    throw new Error(text);
  }
  const headers = response.headers as Record<string, string | undefined>;
  const fileName = fileNameFromDisposition(headers['content-disposition'], options.fileName);
  saveBlob(response.data, fileName);
  return fileName;
}

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
