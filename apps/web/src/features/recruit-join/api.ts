import type { HttpRequestConfig } from '../../lib/http-transport';
import { recruitmentContracts as c } from '@kaopei/shared/contracts/recruitment';
import { call, type BodyIn, type DataOf } from '../../lib/api';
import type { ApplyChannel } from '../../components/resume-apply/apply-form';
import type { ApplyBody } from '../../components/resume-apply/apply-rules';

/**
 * The applicant's side of recruitment (contracts: packages/shared/src/contracts/recruitment.ts): the
 * public job list and page, campus sign-up, résumé upload and apply, the written-test sign-in, the
 * applicant's own applications, and the hiring manager's external report.
 */

export type {
  ExternalReport,
  MyApplication,
  PublicJob,
  ResumeUploaded,
} from '@kaopei/shared/contracts/recruitment';
export type PublicJobList = DataOf<typeof c.publicJobs>;
export type PublicCampus = DataOf<typeof c.publicCampus>;
export type TestInvitation = DataOf<typeof c.testInfo>;
export type TestSignedIn = DataOf<typeof c.testSignIn>;

export const recruitJoinKeys = {
  jobs: (organizationId: number) => ['recruit-join', 'jobs', organizationId] as const,
  job: (jobId: number) => ['recruit-join', 'job', jobId] as const,
  campus: (sessionId: number) => ['recruit-join', 'campus', sessionId] as const,
  test: (token: string) => ['recruit-join', 'test', token] as const,
  report: (token: string) => ['recruit-join', 'report', token] as const,
  mine: ['recruit-join', 'mine'] as const,
};

/** Silent reads: a page shows its own message for an unknown or closed link, not a toast beside it. */
const SILENT: HttpRequestConfig = { kpSilent: true };

export function fetchPublicJobs(organizationId: number) {
  return call(c.publicJobs, { query: { organizationId } }, SILENT);
}

export function fetchPublicJob(jobId: number) {
  return call(c.publicJob, { query: { jobId } }, SILENT);
}

export function fetchPublicCampus(sessionId: number) {
  return call(c.publicCampus, { query: { sessionId } }, SILENT);
}

/** Uploads a résumé (PDF or .docx); silent: the form shows the refusal under the file field. */
export function uploadResume(jobId: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(c.publicUpload, { query: { jobId }, form }, SILENT);
}

/** Applies; `config` is the form's (FORM_ERRORS: a refusal naming a field goes under it). */
export function applyForJob(body: ApplyBody, config?: HttpRequestConfig) {
  return call(c.publicApply, { body }, config);
}

/** The apply form's public endpoints (components/resume-apply/apply-form.tsx). */
export const PUBLIC_APPLY: ApplyChannel = { upload: uploadResume, apply: applyForJob };

export function fetchTestInvitation(token: string) {
  return call(c.testInfo, { query: { token } }, SILENT);
}

export function sendTestCode(token: string, phone: string) {
  return call(c.testCode, { body: { token, phone } });
}

export function signInToTest(body: BodyIn<typeof c.testSignIn>, config?: HttpRequestConfig) {
  return call(c.testSignIn, { body }, config);
}

export function fetchReport(token: string) {
  return call(c.report, { query: { token } }, SILENT);
}

export function fetchMyApplications() {
  return call(c.mine);
}
