import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toOffset, zeroBasedPaging } from '@kaopei/shared';
import { idParam, ok, okPage } from '../../core/http';
import {
  accountField,
  encryptedFlag,
  imageUrlField,
  optionalEmailField,
  passwordField,
  phoneField,
  smsCodeField,
} from '../account/fields';
import {
  approveApplication,
  listApplications,
  organizationInfo,
  rejectApplication,
  requirePlatformAdmin,
  sendRegisterCode,
  submitApplication,
  updateOrganization,
  type ApplicationResult,
} from './org.service';

const applicationFields = {
  organizationName: z
    .string({ error: '请输入组织名称' })
    .trim()
    .min(2, '组织名称至少 2 个字')
    .max(100, '组织名称不能超过 100 个字符'),
  contactName: z
    .string({ error: '请输入联系人' })
    .trim()
    .min(1, '请输入联系人')
    .max(50, '联系人不能超过 50 个字符'),
  phone: phoneField,
  code: smsCodeField,
  email: optionalEmailField,
  account: accountField,
  password: passwordField('密码'),
  encrypted: encryptedFlag,
  industry: z.string().trim().max(50, '所属行业不能超过 50 个字符').optional(),
  scale: z.string().trim().max(50, '规模不能超过 50 个字符').optional(),
};

const resultMessage = (result: ApplicationResult) =>
  result.status === 1 ? '注册成功，请使用管理员账号登录' : '申请已提交，请等待平台审核';

/** Sign-up (public), the caller's organisation, and the platform's review of applications. */
export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/v1/org/sms/code/add',
    {
      config: { public: true },
      schema: {
        tags: ['组织入驻'],
        summary: '发送注册验证码（手机号未注册时）',
        querystring: z.object({ phone: phoneField }),
      },
    },
    async (request) => {
      await sendRegisterCode(deps, request.query.phone, request.ip);
      return ok(null);
    },
  );

  app.post(
    '/v1/org/addApply',
    {
      config: { public: true },
      schema: {
        tags: ['组织入驻'],
        summary: '企业注册（短信验证）',
        description:
          '账号 4–32 位字母数字下划线、以字母开头；密码 8–32 位且同时包含字母和数字。自动审核时立即开通，ORG_APPROVAL=manual 时等待平台审核。',
        body: z.object(applicationFields),
      },
    },
    async (request) => {
      const result = await submitApplication(deps, { ...request.body, kind: 'enterprise' }, request.ip);
      return { code: 0, message: resultMessage(result), res: { data: result } };
    },
  );

  app.post(
    '/user/api/v1/org/management/industry/and/eduction/organiztion/register',
    {
      config: { public: true },
      schema: {
        tags: ['组织入驻'],
        summary: '院校 / 产业机构注册（短信验证）',
        body: z.object({
          ...applicationFields,
          kind: z.enum(['college', 'industry'], {
            error: '机构类型只能是院校（college）或产业机构（industry）',
          }),
        }),
      },
    },
    async (request) => {
      const result = await submitApplication(deps, request.body, request.ip);
      return { code: 0, message: resultMessage(result), res: { data: result } };
    },
  );

  app.post(
    '/user/api/v1/org/show',
    {
      schema: {
        tags: ['组织'],
        summary: '组织信息：空请求体时读取，带字段时修改（仅管理员）',
        body: z
          .object({
            organizationName: z
              .string()
              .trim()
              .min(2, '组织名称至少 2 个字')
              .max(100, '组织名称不能超过 100 个字符')
              .optional(),
            organizationLogoUrl: imageUrlField('Logo'),
          })
          .nullish(),
      },
    },
    async (request) => {
      const { organizationName, organizationLogoUrl } = request.body ?? {};
      const changing = organizationName !== undefined || organizationLogoUrl !== undefined;
      return ok(
        changing
          ? await updateOrganization(deps, request.ctx, { organizationName, organizationLogoUrl })
          : await organizationInfo(deps.db, request.ctx),
      );
    },
  );

  // Platform review of applications (administrators of the platform organisation).

  app.get(
    '/user/api/v1/platform/applications',
    {
      config: { admin: true },
      schema: {
        tags: ['平台'],
        summary: '入驻申请列表（平台管理员）',
        querystring: zeroBasedPaging.extend({
          status: z.coerce
            .number({ error: 'status 只能是 0、1 或 2' })
            .int()
            .min(0, 'status 只能是 0、1 或 2')
            .max(2, 'status 只能是 0、1 或 2')
            .optional(),
          keyword: z.string().trim().max(100, '关键字不能超过 100 个字符').optional(),
        }),
      },
    },
    async (request) => {
      await requirePlatformAdmin(deps.db, request.ctx);
      const { status, keyword } = request.query;
      const { rows, total } = await listApplications(deps.db, { status, keyword }, toOffset(request.query));
      return okPage(rows, total);
    },
  );

  app.post(
    '/user/api/v1/platform/applications/approve',
    {
      config: { admin: true },
      schema: {
        tags: ['平台'],
        summary: '通过入驻申请：开通组织、默认角色与管理员账号',
        querystring: z.object({ applicationId: idParam('applicationId') }),
      },
    },
    async (request) => {
      await requirePlatformAdmin(deps.db, request.ctx);
      return ok(await approveApplication(deps, request.ctx, request.query.applicationId, request.log));
    },
  );

  app.post(
    '/user/api/v1/platform/applications/reject',
    {
      config: { admin: true },
      schema: {
        tags: ['平台'],
        summary: '驳回入驻申请（需填写原因）',
        querystring: z.object({ applicationId: idParam('applicationId') }),
        body: z.object({
          reason: z
            .string({ error: '请填写驳回原因' })
            .trim()
            .min(1, '请填写驳回原因')
            .max(500, '驳回原因不能超过 500 个字符'),
        }),
      },
    },
    async (request) => {
      await requirePlatformAdmin(deps.db, request.ctx);
      return ok(
        await rejectApplication(
          deps,
          request.ctx,
          request.query.applicationId,
          request.body.reason,
          request.log,
        ),
      );
    },
  );
};
