import { get, getPage, post, type Page } from '../../lib/http';

/** 0 筹备中, 1 进行中, 2 已结束 (server: modules/edu). */
export const PROJECT_STATUSES = [
  { value: 0, label: '筹备中', color: 'default' },
  { value: 1, label: '进行中', color: 'processing' },
  { value: 2, label: '已结束', color: 'success' },
] as const;

export type ProjectStatus = (typeof PROJECT_STATUSES)[number]['value'];

export function projectStatusLabel(status: number): string {
  return PROJECT_STATUSES.find((s) => s.value === status)?.label ?? '未知';
}

export type MemberType = 'college' | 'enterprise';
export const MEMBER_TYPES: readonly { value: MemberType; label: string }[] = [
  { value: 'college', label: '院校' },
  { value: 'enterprise', label: '企业' },
];

export interface EduProject {
  projectId: number;
  name: string;
  description: string | null;
  status: number;
  statusName: string;
  startDate: string | null;
  endDate: string | null;
  memberCount: number;
  createdByName: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface EduMember {
  memberId: number;
  memberType: MemberType;
  memberTypeName: string;
  name: string;
  contactName: string | null;
  contactPhone: string | null;
  role: string | null;
}

export type EduProjectDetail = EduProject & { members: EduMember[] };

export interface MemberForm {
  memberType: MemberType;
  name: string;
  contactName?: string | null;
  contactPhone?: string | null;
  role?: string | null;
}

export interface ProjectForm {
  name: string;
  description?: string | null;
  status: number;
  startDate?: string | null;
  endDate?: string | null;
  members: MemberForm[];
}

export const eduKeys = {
  all: ['edu'] as const,
  list: (filter: { status?: number; keyword?: string; page: number; size: number }) =>
    ['edu', 'projects', filter] as const,
  detail: (projectId: number) => ['edu', 'project', projectId] as const,
};

export async function fetchProjects(filter: {
  status?: number;
  keyword?: string;
  page: number;
  size: number;
}): Promise<Page<EduProject>> {
  return getPage<EduProject>('/user/api/v1/edu/project/list', {
    page: filter.page,
    size: filter.size,
    status: filter.status,
    keyword: filter.keyword || undefined,
  });
}

export async function fetchProject(projectId: number): Promise<EduProjectDetail> {
  return get<EduProjectDetail>('/user/api/v1/edu/project/detail', { projectId });
}

export async function createProject(form: ProjectForm): Promise<EduProjectDetail> {
  return post<EduProjectDetail>('/user/api/v1/edu/project/add', form);
}

export async function updateProject(projectId: number, form: ProjectForm): Promise<EduProjectDetail> {
  return post<EduProjectDetail>('/user/api/v1/edu/project/modify', form, { params: { projectId } });
}

export async function deleteProjects(projectIds: number[]): Promise<number> {
  const data = await post<{ count: number }>('/user/api/v1/edu/project/delete', { projectIds });
  return data.count;
}
