import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountContracts } from '@kaopei/shared/contracts/account';
import { ok } from '../../core/http';
import { routes } from '../../core/route';
import {
  changePassword,
  changePhone,
  checkResetToken,
  requestPasswordReset,
  resetPasswordByMail,
  resetPasswordBySms,
  RESET_REQUEST_MESSAGE,
  sendBindCode,
  sendOwnPasswordCode,
  updateProfile,
} from './account.service';

/** The signed-in user's own account (/manage/userInfo) and the public forgotten-password flows. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  routes(app, accountContracts, {
    profileModify: async (request) => ok(await updateProfile(deps, request.ctx, request.body)),
    phoneCode: async (request) => {
      await sendBindCode(deps, request.ctx, request.query.phone, request.ip);
      return ok(null);
    },
    phoneModify: async (request) =>
      ok(await changePhone(deps, request.ctx, request.body.phone, request.body.code)),
    passwordCode: async (request) => ok({ phone: await sendOwnPasswordCode(deps, request.ctx, request.ip) }),
    passwordModify: async (request) => {
      await changePassword(deps, request.ctx, request.body);
      return ok(null);
    },
    resetRequest: async (request) => {
      await requestPasswordReset(deps, request.query.account, request.ip, request.log);
      return { code: 0, message: RESET_REQUEST_MESSAGE, res: { data: null } };
    },
    resetBySms: async (request) => {
      await resetPasswordBySms(deps, request.body, request.ip);
      return ok(null);
    },
    resetCheck: async (request) => ok(await checkResetToken(deps, request.body.token, request.ip)),
    resetByMail: async (request) => {
      await resetPasswordByMail(deps, request.body, request.ip);
      return ok(null);
    },
  });
};
