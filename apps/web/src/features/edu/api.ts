import {
  eduContracts as edu,
  type MemberType,
  type MemberView,
  type ProjectDetail,
  type ProjectView,
} from '@kaopei/shared/contracts/edu';
import { call, callPage, type BodyIn, type QueryIn } from '../../lib/api';

/** Education–industry cooperation projects (contracts: packages/shared/src/contracts/edu.ts). */

export type { MemberType };
export type EduProject = ProjectView;
export type EduMember = MemberView;
export type EduProjectDetail = ProjectDetail;
/** What the project form sends. */
export type ProjectForm = BodyIn<typeof edu.add>;
export type MemberForm = NonNullable<ProjectForm['members']>[number];
export type ProjectFilter = QueryIn<typeof edu.list>;

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

export const MEMBER_TYPES: readonly { value: MemberType; label: string }[] = [
  { value: 'college', label: '院校' },
  { value: 'enterprise', label: '企业' },
];

export const eduKeys = {
  all: ['edu'] as const,
  list: (filter: ProjectFilter) => ['edu', 'projects', filter] as const,
  detail: (projectId: number) => ['edu', 'project', projectId] as const,
};

export function fetchProjects(filter: ProjectFilter) {
  return callPage(edu.list, { query: { ...filter, keyword: filter.keyword || undefined } });
}

export function fetchProject(projectId: number): Promise<EduProjectDetail> {
  return call(edu.detail, { query: { projectId } });
}

export function createProject(form: ProjectForm): Promise<EduProjectDetail> {
  return call(edu.add, { body: form });
}

export function updateProject(projectId: number, form: ProjectForm): Promise<EduProjectDetail> {
  return call(edu.modify, { query: { projectId }, body: form });
}

export async function deleteProjects(projectIds: number[]): Promise<number> {
  const data = await call(edu.delete, { body: { projectIds } });
  return data.count;
}
