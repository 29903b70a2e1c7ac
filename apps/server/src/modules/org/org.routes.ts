import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toOffset } from '@kaopei/shared';
import { orgContracts, type ApplicationResult } from '@kaopei/shared/contracts/org';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import {
  approveApplication,
  listApplications,
  organizationInfo,
  rejectApplication,
  requirePlatformAdmin,
  sendRegisterCode,
  submitApplication,
  updateOrganization,
} from './org.service';

/** The reply of a sign-up: its message says whether the organisation is open or waits for review. */
const signupReply = (result: ApplicationResult) => ({
  code: 0,
  message: result.status === 1 ? '注册成功，请使用管理员账号登录' : '申请已提交，请等待平台审核',
  res: { data: result },
});

/** Sign-up (public), the caller's organisation, and the platform's review of applications. */
export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  routes(app, orgContracts, {
    sendCode: async (request) => {
      await sendRegisterCode(deps, request.query.phone, request.ip);
      return ok(null);
    },
    applyEnterprise: async (request) =>
      signupReply(await submitApplication(deps, { ...request.body, kind: 'enterprise' }, request.ip)),
    applyInstitution: async (request) => signupReply(await submitApplication(deps, request.body, request.ip)),
    show: async (request) => {
      const body = request.body ?? {};
      const changing = Object.values(body).some((value) => value !== undefined);
      return ok(
        changing
          ? await updateOrganization(deps, request.ctx, body)
          : await organizationInfo(deps.db, request.ctx),
      );
    },

    // Platform review of applications (administrators of the platform organisation).

    applications: async (request) => {
      await requirePlatformAdmin(deps.db, request.ctx);
      const { status, keyword, page, size } = request.query;
      const { rows, total } = await listApplications(deps.db, { status, keyword }, toOffset({ page, size }));
      return okPage(rows, total);
    },
    approve: async (request) => {
      await requirePlatformAdmin(deps.db, request.ctx);
      return ok(await approveApplication(deps, request.ctx, request.query.applicationId, request.log));
    },
    reject: async (request) => {
      await requirePlatformAdmin(deps.db, request.ctx);
      const { applicationId } = request.query;
      return ok(await rejectApplication(deps, request.ctx, applicationId, request.body.reason, request.log));
    },
  });
};
