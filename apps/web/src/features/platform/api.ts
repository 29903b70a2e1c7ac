import { getPage, post, type Page } from '../../lib/http';

/** 0 待审核, 1 已通过, 2 已驳回. */
export const APPLICATION_STATUSES = [
  { value: 0, label: '待审核', color: 'warning' },
  { value: 1, label: '已通过', color: 'success' },
  { value: 2, label: '已驳回', color: 'error' },
] as const;

export interface OrgApplication {
  applicationId: number;
  kind: string;
  kindName: string;
  organizationName: string;
  contactName: string;
  phone: string;
  email: string | null;
  account: string;
  industry: string | null;
  scale: string | null;
  status: number;
  reviewReason: string | null;
  reviewedAt: number | null;
  createdAt: number;
  organizationId: number | null;
}

export const platformKeys = {
  all: ['platform'] as const,
  applications: (filter: { status?: number; keyword?: string; page: number; size: number }) =>
    ['platform', 'applications', filter] as const,
};

export async function fetchApplications(filter: {
  status?: number;
  keyword?: string;
  page: number;
  size: number;
}): Promise<Page<OrgApplication>> {
  return getPage<OrgApplication>('/user/api/v1/platform/applications', {
    page: filter.page,
    size: filter.size,
    status: filter.status,
    keyword: filter.keyword || undefined,
  });
}

export async function approveApplication(applicationId: number): Promise<OrgApplication> {
  return post<OrgApplication>('/user/api/v1/platform/applications/approve', null, {
    params: { applicationId },
  });
}

export async function rejectApplication(applicationId: number, reason: string): Promise<OrgApplication> {
  return post<OrgApplication>(
    '/user/api/v1/platform/applications/reject',
    { reason },
    { params: { applicationId } },
  );
}
