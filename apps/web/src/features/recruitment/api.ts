import {
  recruitmentContracts as api,
  type ApplicantDetail,
  type ApplicationDetail,
  type ApplicationRow,
  type Board,
  type CampusRow,
  type JobRow,
  type Overview,
  type PaperOption,
} from '@kaopei/shared/contracts/recruitment';
import type { PagedEndpoint } from '@kaopei/shared/contracts/common';
import { call, callPage, type BodyIn, type DataOf, type QueryIn } from '../../lib/api';
import type { HttpRequestConfig } from '../../lib/http-transport';

/** 招聘管理 (contracts: packages/shared/src/contracts/recruitment.ts). */
export type {
  ApplicantDetail,
  ApplicationDetail,
  ApplicationRow,
  Board,
  CampusRow,
  JobRow,
  Overview,
  PaperOption,
};
type Filter<E extends PagedEndpoint> = Omit<QueryIn<E>, 'page' | 'size' | 'pageNumber' | 'pageSize'>;
export type JobFilter = Filter<typeof api.jobList>;
export type ApplicationFilter = Filter<typeof api.applicationList>;
export type CampusFilter = Filter<typeof api.campusList>;
export type JobInput = BodyIn<typeof api.jobAdd>;
export type CampusInput = BodyIn<typeof api.campusAdd>;
export type ApplicantPatch = BodyIn<typeof api.applicantModify>;
export type MoveInput = BodyIn<typeof api.move>;
export type MessageInput = BodyIn<typeof api.message>;
export type HireInput = BodyIn<typeof api.hire>;
export type HireOptions = DataOf<typeof api.hireOptions>;

export const recruitKeys = {
  all: ['recruitment'] as const,
  jobs: (filter: JobFilter, page: number, size: number) =>
    ['recruitment', 'jobs', filter, page, size] as const,
  job: (jobId: number) => ['recruitment', 'job', jobId] as const,
  jobLink: (jobId: number) => ['recruitment', 'job-link', jobId] as const,
  postOptions: ['recruitment', 'post-options'] as const,
  paperOptions: (postId: number | undefined) => ['recruitment', 'paper-options', postId] as const,
  board: (jobId: number) => ['recruitment', 'board', jobId] as const,
  applications: (filter: ApplicationFilter, page: number, size: number) =>
    ['recruitment', 'applications', filter, page, size] as const,
  applicant: (applicantId: number) => ['recruitment', 'applicant', applicantId] as const,
  campus: (filter: CampusFilter, page: number, size: number) =>
    ['recruitment', 'campus', filter, page, size] as const,
  hireOptions: ['recruitment', 'hire-options'] as const,
  overview: ['recruitment', 'overview'] as const,
};

export function fetchJobs(filter: JobFilter, page: number, size: number) {
  return callPage(api.jobList, { query: { ...filter, page, size } });
}
export function fetchJob(jobId: number): Promise<JobRow> {
  return call(api.jobGet, { query: { jobId } });
}
export function saveJob(jobId: number | null, body: JobInput): Promise<JobRow> {
  return jobId ? call(api.jobModify, { query: { jobId }, body }) : call(api.jobAdd, { body });
}
export function publishJob(jobId: number) {
  return call(api.jobPublish, { query: { jobId } });
}
export function closeJob(jobId: number) {
  return call(api.jobClose, { query: { jobId } });
}
export function deleteJob(jobId: number) {
  return call(api.jobDelete, { query: { jobId } });
}
export function fetchJobLink(jobId: number) {
  return call(api.jobLink, { query: { jobId } });
}
export function fetchPostOptions() {
  return call(api.postOptions);
}
export function fetchPaperOptions(postId: number | undefined): Promise<PaperOption[]> {
  return call(api.paperOptions, { query: postId ? { postId } : {} });
}

export function fetchCampus(filter: CampusFilter, page: number, size: number) {
  return callPage(api.campusList, { query: { ...filter, page, size } });
}
export function saveCampus(sessionId: number | null, body: CampusInput): Promise<CampusRow> {
  return sessionId ? call(api.campusModify, { query: { sessionId }, body }) : call(api.campusAdd, { body });
}
export function deleteCampus(sessionId: number) {
  return call(api.campusDelete, { query: { sessionId } });
}

export function fetchApplications(filter: ApplicationFilter, page: number, size: number) {
  return callPage(api.applicationList, { query: { ...filter, page, size } });
}
export function fetchBoard(jobId: number): Promise<Board> {
  return call(api.board, { query: { jobId } });
}
export function moveApplications(body: MoveInput) {
  return call(api.move, { body });
}
export function sendMessage(body: MessageInput) {
  return call(api.message, { body });
}
export function fetchApplicant(applicantId: number): Promise<ApplicantDetail> {
  return call(api.applicant, { query: { applicantId } });
}
/** The recruiter's résumé upload (read and pre-filled like the applicant's); silent: the form shows a refusal. */
export function uploadResumeAsRecruiter(_jobId: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(api.uploadResume, { form }, { kpSilent: true });
}
/** An applicant added by the recruiter (source 招聘专员录入); `config`: the form's. */
export function addApplication(body: BodyIn<typeof api.add>, config?: HttpRequestConfig) {
  return call(api.add, { body }, config);
}
export function modifyApplicant(body: ApplicantPatch) {
  return call(api.applicantModify, { body });
}

export function fetchHireOptions(): Promise<HireOptions> {
  return call(api.hireOptions);
}
export function hire(body: HireInput) {
  return call(api.hire, { body });
}
export function createReportLink(applicationId: number, days: number) {
  return call(api.reportLink, { body: { applicationId, days } });
}
export function fetchOverview(): Promise<Overview> {
  return call(api.overview);
}
