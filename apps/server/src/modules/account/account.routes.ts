import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../core/http';
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
import {
  encryptedFlag,
  imageUrlField,
  optionalEmailField,
  passwordField,
  phoneField,
  smsCodeField,
} from './fields';

const resetToken = z.string().trim().min(16, '重置链接无效').max(200, '重置链接无效');

/** The signed-in user's own account (/manage/userInfo) and the public forgotten-password flows. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/user/api/v1/user/profile/modify',
    {
      schema: {
        tags: ['账户'],
        summary: '修改个人资料（姓名、头像、邮箱、性别）',
        body: z.object({
          realName: z.string().trim().min(1, '姓名不能为空').max(50, '姓名不能超过 50 个字符').optional(),
          avatarUrl: imageUrlField('头像'),
          email: optionalEmailField,
          gender: z.boolean({ error: '性别取值不正确' }).nullable().optional(),
        }),
      },
    },
    async (request) => ok(await updateProfile(deps, request.ctx, request.body)),
  );

  app.post(
    '/user/api/v1/user/phone/code',
    {
      schema: {
        tags: ['账户'],
        summary: '向新手机号发送换绑验证码',
        querystring: z.object({ phone: phoneField }),
      },
    },
    async (request) => {
      await sendBindCode(deps, request.ctx, request.query.phone, request.ip);
      return ok(null);
    },
  );

  app.post(
    '/user/api/v1/user/phone/modify',
    {
      schema: {
        tags: ['账户'],
        summary: '更换手机号（验证码发送至新手机号）',
        body: z.object({ phone: phoneField, code: smsCodeField }),
      },
    },
    async (request) => ok(await changePhone(deps, request.ctx, request.body.phone, request.body.code)),
  );

  app.post(
    '/user/api/v1/user/password/code',
    { schema: { tags: ['账户'], summary: '向本人手机发送修改密码验证码' } },
    async (request) => ok({ phone: await sendOwnPasswordCode(deps, request.ctx, request.ip) }),
  );

  app.post(
    '/user/api/v1/user/password/modify',
    {
      schema: {
        tags: ['账户'],
        summary: '修改密码（原密码或本人手机验证码）；成功后其他登录会话失效',
        description: '新密码 8–32 位，且同时包含字母和数字。encrypted=true 表示各密码字段为 RSA-OAEP 密文。',
        body: z.object({
          oldPassword: passwordField('原密码').optional(),
          code: smsCodeField.optional(),
          password: passwordField('新密码'),
          encrypted: encryptedFlag,
        }),
      },
    },
    async (request) => {
      await changePassword(deps, request.ctx, request.body);
      return ok(null);
    },
  );

  // Forgotten password (public).

  app.post(
    '/user/api/v1/user/send/pwd/code/auth',
    {
      config: { public: true },
      schema: {
        tags: ['账户'],
        summary: '找回密码：向账号绑定的手机发送验证码、向绑定邮箱发送重置链接',
        description: 'account 可以是账号名、手机号或邮箱。无论账号是否存在，回答都相同。',
        querystring: z.object({
          account: z.string().trim().min(1, '请输入账号、手机号或邮箱').max(200, '账号过长'),
        }),
      },
    },
    async (request) => {
      await requestPasswordReset(deps, request.query.account, request.ip, request.log);
      return { code: 0, message: RESET_REQUEST_MESSAGE, res: { data: null } };
    },
  );

  app.post(
    '/user/api/v1/user/change/pwd/auth',
    {
      config: { public: true },
      schema: {
        tags: ['账户'],
        summary: '找回密码：账号 + 短信验证码 + 新密码',
        body: z.object({
          account: z.string().trim().min(1, '请输入账号、手机号或邮箱').max(200, '账号过长'),
          code: smsCodeField,
          password: passwordField('新密码'),
          encrypted: encryptedFlag,
        }),
      },
    },
    async (request) => {
      await resetPasswordBySms(deps, request.body, request.ip);
      return ok(null);
    },
  );

  app.post(
    '/user/api/v1/mail/password/check',
    {
      config: { public: true },
      schema: {
        tags: ['账户'],
        summary: '检查邮件重置链接是否仍然有效',
        body: z.object({ token: resetToken }),
      },
    },
    async (request) => ok(await checkResetToken(deps, request.body.token, request.ip)),
  );

  app.post(
    '/user/api/v1/mail/password/update',
    {
      config: { public: true },
      schema: {
        tags: ['账户'],
        summary: '找回密码：通过邮件链接设置新密码（链接 30 分钟内有效，只能使用一次）',
        body: z.object({ token: resetToken, password: passwordField('新密码'), encrypted: encryptedFlag }),
      },
    },
    async (request) => {
      await resetPasswordByMail(deps, request.body, request.ip);
      return ok(null);
    },
  );
};
