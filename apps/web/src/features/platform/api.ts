import { orgContracts as org, type ApplicationView } from '@kaopei/shared/contracts/org';
import { call, callPage, type QueryIn } from '../../lib/api';

/** The platform's review of sign-up applications (contracts: packages/shared/src/contracts/org.ts). */

export type OrgApplication = ApplicationView;
export type ApplicationFilter = QueryIn<typeof org.applications>;

/** 0 待审核, 1 已通过, 2 已驳回. */
export const APPLICATION_STATUSES = [
  { value: 0, label: '待审核', color: 'warning' },
  { value: 1, label: '已通过', color: 'success' },
  { value: 2, label: '已驳回', color: 'error' },
] as const;

export const platformKeys = {
  all: ['platform'] as const,
  applications: (filter: ApplicationFilter) => ['platform', 'applications', filter] as const,
};

export function fetchApplications(filter: ApplicationFilter) {
  return callPage(org.applications, { query: { ...filter, keyword: filter.keyword || undefined } });
}

export function approveApplication(applicationId: number): Promise<OrgApplication> {
  return call(org.approve, { query: { applicationId } });
}

export function rejectApplication(applicationId: number, reason: string): Promise<OrgApplication> {
  return call(org.reject, { query: { applicationId }, body: { reason } });
}
