import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { RESUME_MAX_BYTES, toOffset } from '@kaopei/shared';
import { recruitmentContracts, recruitPaths } from '@kaopei/shared/contracts/recruitment';
import { ipIsLimited } from '../../core/rate-limiter';
import type { Deps } from '../../core/deps';
import { badRequest, notFound, ok, okPage, tooManyRequests } from '../../core/http';
import { routes } from '../../core/route';
import { onAttemptGraded } from '../exam/attempt-graded';
import { applicantDetail, jobBoard, listApplications } from './recruitment-applications.repo';
import { myApplications, sendTestCode, testInvitation, testSignIn } from './recruitment-candidate.repo';
import { apply, modifyApplicant, uploadResume } from './recruitment-intake.repo';
import {
  addJob,
  deleteCampus,
  deleteJob,
  findCampusInAnyOrg,
  getJob,
  listCampus,
  listJobs,
  modifyJob,
  paperOptions,
  postOptions,
  requireJob,
  saveCampus,
  setJobStatus,
} from './recruitment-jobs.repo';
import { messageApplicants, moveApplications, recordTestScore } from './recruitment-pipeline.repo';
import { publicJobs, publicJob, publicJobsOf } from './recruitment-public.repo';
import {
  ensureApplication,
  externalReport,
  hireApplicant,
  hireOptions,
  recruitmentOverview,
} from './recruitment-result.repo';
import { signReport, useReportSigningSecret } from './report-signing';

/** Uploads per address and hour on the public résumé and apply endpoints. */
const PUBLIC_PER_HOUR = 60;

async function limitPublic(deps: Deps, request: FastifyRequest, what: string): Promise<void> {
  if (!ipIsLimited(deps.config.rateLimitAllowIps, request.ip)) return;
  const n = await deps.rateLimiter.hit(`recruit:${what}:${request.ip}`, 3600);
  if (n > PUBLIC_PER_HOUR) throw tooManyRequests('提交次数过多，请稍后再试');
}

async function readResume(request: FastifyRequest): Promise<{ data: Buffer; name: string }> {
  const part = await request
    .file({ limits: { fileSize: RESUME_MAX_BYTES, files: 1 } })
    .catch(() => undefined);
  if (!part) throw badRequest('请选择简历文件');
  const data = await part.toBuffer().catch(() => {
    throw badRequest(`简历文件不能超过 ${RESUME_MAX_BYTES / 1024 / 1024}MB`);
  });
  return { data, name: part.filename.slice(0, 255) };
}

/** 招聘管理 (contracts: packages/shared/src/contracts/recruitment.ts). */
export const recruitmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  const base = () => deps.config.publicUrl.replace(/\/$/, '');
  useReportSigningSecret(deps.config.jwtSecret);
  onAttemptGraded(recordTestScore);

  routes(app, recruitmentContracts, {
    jobList: async (request) => {
      const { status, keyword, page, size } = request.query;
      const { rows, total } = await listJobs(db, request.ctx, { status, keyword }, toOffset({ page, size }));
      return okPage(rows, total);
    },
    jobGet: async (request) => ok(await getJob(db, request.ctx, request.query.jobId)),
    jobAdd: async (request) => ok(await addJob(db, request.ctx, request.body)),
    jobModify: async (request) => ok(await modifyJob(db, request.ctx, request.query.jobId, request.body)),
    jobPublish: async (request) => ok(await setJobStatus(db, request.ctx, request.query.jobId, 'published')),
    jobClose: async (request) => ok(await setJobStatus(db, request.ctx, request.query.jobId, 'closed')),
    jobDelete: async (request) => {
      await deleteJob(db, request.ctx, request.query.jobId);
      return ok(null);
    },
    jobLink: async (request) => {
      const job = await requireJob(db, request.ctx, request.query.jobId);
      return ok({
        jobId: job.id,
        url: `${base()}${recruitPaths.publicJob(job.id)}`,
        listUrl: `${base()}${recruitPaths.publicJobs(job.organizationId)}`,
      });
    },
    postOptions: async (request) => ok(await postOptions(db, request.ctx)),
    paperOptions: async (request) => ok(await paperOptions(db, request.ctx, request.query.postId)),

    campusList: async (request) => {
      const { keyword, page, size } = request.query;
      const { rows, total } = await listCampus(db, request.ctx, keyword, toOffset({ page, size }), base());
      return okPage(rows, total);
    },
    campusAdd: async (request) => ok(await saveCampus(db, request.ctx, null, request.body, base())),
    campusModify: async (request) =>
      ok(await saveCampus(db, request.ctx, request.query.sessionId, request.body, base())),
    campusDelete: async (request) => {
      await deleteCampus(db, request.ctx, request.query.sessionId);
      return ok(null);
    },

    applicationList: async (request) => {
      const { page, size, ...filter } = request.query;
      const { rows, total } = await listApplications(db, request.ctx, filter, toOffset({ page, size }));
      return okPage(rows, total);
    },
    board: async (request) => ok(await jobBoard(db, request.ctx, request.query.jobId)),
    move: async (request) => ok(await moveApplications(deps, request.ctx, request.body)),
    message: async (request) => ok(await messageApplicants(deps, request.ctx, request.body)),
    add: async (request) => ok(await apply(db, request.ctx, request.body, request.ctx.userId)),
    uploadResume: async (request) => ok(await uploadResume(deps, request.ctx, await readResume(request))),
    applicant: async (request) => ok(await applicantDetail(db, request.ctx, request.query.applicantId)),
    applicantModify: async (request) => {
      await modifyApplicant(db, request.ctx, request.body);
      return ok(null);
    },

    hireOptions: async (request) => ok(await hireOptions(db, request.ctx)),
    hire: async (request) => ok(await hireApplicant(deps, request.ctx, request.body)),
    reportLink: async (request) => {
      await ensureApplication(db, request.ctx, request.body.applicationId);
      const expiresAt = Date.now() + request.body.days * 86_400_000;
      const token = signReport(request.body.applicationId, expiresAt);
      return ok({ url: `${base()}${recruitPaths.report(token)}`, expiresAt });
    },
    overview: async (request) => ok(await recruitmentOverview(db, request.ctx)),

    publicJobs: async (request) => ok(await publicJobsOf(db, request.query.organizationId)),
    publicJob: async (request) => ok(await publicJob(db, request.query.jobId)),
    publicCampus: async (request) => {
      const session = await findCampusInAnyOrg(db, request.query.sessionId);
      if (!session) throw notFound('校园招聘场次不存在');
      const { organizationName, jobs } = await publicJobs(db, session.organizationId, session.jobIds);
      return ok({
        sessionId: session.id,
        organizationName,
        school: session.school,
        heldAt: session.heldAt.getTime(),
        place: session.place,
        description: session.description,
        jobs,
      });
    },
    publicUpload: async (request) => {
      await limitPublic(deps, request, 'upload');
      const job = await publicJob(db, request.query.jobId);
      if (!job.open) throw badRequest('该职位已停止招聘');
      const file = await readResume(request);
      return ok(await uploadResume(deps, { organizationId: job.organizationId, userId: null }, file));
    },
    publicApply: async (request) => {
      await limitPublic(deps, request, 'apply');
      return ok(await apply(db, null, request.body, null));
    },
    testInfo: async (request) => ok(await testInvitation(db, request.query.token)),
    testCode: async (request) => {
      await sendTestCode(deps, request.body.token, request.body.phone, request.ip);
      return ok(null);
    },
    testSignIn: async (request) => ok(await testSignIn(deps, request.body)),
    report: async (request) => ok(await externalReport(db, request.query.token)),
    mine: async (request) => ok(await myApplications(db, request.ctx)),
  });
};
