/**
 * Organisations (spec §7 "Sign-up"): public sign-up of companies, colleges and industry bodies, the
 * caller's organisation, and the platform's review of applications.
 */
import { z } from 'zod';
import { endpoint, envelopeOf, idOf, okReply, pageOf, pagedQuery } from './common';
import {
  accountNameField,
  encryptedFlag,
  imageUrlField,
  optionalEmailField,
  passwordField,
  phoneField,
  smsCodeField,
} from './account';

const signupTag = '组织入驻';
const platformTag = '平台';

export const APPLICATION_KINDS = ['enterprise', 'college', 'industry'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

const organizationName = z
  .string({ error: '请输入组织名称' })
  .trim()
  .min(2, '组织名称至少 2 个字')
  .max(100, '组织名称不能超过 100 个字符');

const applicationFields = {
  organizationName,
  contactName: z
    .string({ error: '请输入联系人' })
    .trim()
    .min(1, '请输入联系人')
    .max(50, '联系人不能超过 50 个字符'),
  phone: phoneField,
  code: smsCodeField,
  email: optionalEmailField,
  account: accountNameField,
  password: passwordField('密码'),
  encrypted: encryptedFlag,
  industry: z.string().trim().max(50, '所属行业不能超过 50 个字符').optional(),
  scale: z.string().trim().max(50, '规模不能超过 50 个字符').optional(),
};

/** What a sign-up answers (its message says whether the organisation is open or waits for review). */
export const applicationResult = z.object({
  applicationId: z.number(),
  /** 0 待审核, 1 已通过. */
  status: z.number(),
  organizationId: z.number().nullable(),
});
export type ApplicationResult = z.infer<typeof applicationResult>;

/** An application as the platform's review list shows it. */
export const applicationView = z.object({
  applicationId: z.number(),
  kind: z.string(),
  kindName: z.string(),
  organizationName: z.string(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  account: z.string(),
  industry: z.string().nullable(),
  scale: z.string().nullable(),
  /** 0 待审核, 1 已通过, 2 已驳回. */
  status: z.number(),
  reviewReason: z.string().nullable(),
  /** Epoch milliseconds. */
  reviewedAt: z.number().nullable(),
  createdAt: z.number(),
  /** The organisation opened for it (approved applications). */
  organizationId: z.number().nullable(),
});
export type ApplicationView = z.infer<typeof applicationView>;

/** The caller's organisation. */
export const organizationView = z.object({
  organizationId: z.number(),
  organizationName: z.string(),
  organizationLogoUrl: z.string().nullable(),
  /** 'platform', 'enterprise' or 'college'. */
  kind: z.string(),
  kindName: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  staffCount: z.number(),
  departmentCount: z.number(),
  /** Whether the caller may change name, logo and settings. */
  editable: z.boolean(),
  /**
   * Setting 审核人员录入的试题免审核 (default on): a question saved by someone who may audit questions
   * (administrators, holders of 试题审核) is stored approved, as if they had audited it.
   */
  autoApproveAuditorQuestions: z.boolean(),
});
export type OrganizationView = z.infer<typeof organizationView>;

const APPLICATION_STATUS_MESSAGE = '状态只能是 0（待审核）、1（已通过）或 2（已驳回）';

const applicationIdQuery = z.object({ applicationId: idOf('入驻申请') });

export const orgContracts = {
  sendCode: endpoint({
    method: 'POST',
    path: '/v1/org/sms/code/add',
    tag: signupTag,
    summary: '发送注册验证码（手机号未注册时）',
    access: 'public',
    query: z.object({ phone: phoneField }),
    response: okReply,
  }),
  applyEnterprise: endpoint({
    method: 'POST',
    path: '/v1/org/addApply',
    tag: signupTag,
    summary:
      '企业注册（短信验证；账号 4–32 位字母数字下划线、以字母开头；密码 8–32 位且同时包含字母和数字）。自动审核时立即开通，ORG_APPROVAL=manual 时等待平台审核',
    access: 'public',
    body: z.object(applicationFields),
    response: envelopeOf(applicationResult),
  }),
  applyInstitution: endpoint({
    method: 'POST',
    path: '/user/api/v1/org/management/industry/and/eduction/organiztion/register',
    tag: signupTag,
    summary: '院校 / 产业机构注册（短信验证）',
    access: 'public',
    body: z.object({
      ...applicationFields,
      kind: z.enum(['college', 'industry'], {
        error: '机构类型只能是院校（college）或产业机构（industry）',
      }),
    }),
    response: envelopeOf(applicationResult),
  }),
  show: endpoint({
    method: 'POST',
    path: '/user/api/v1/org/show',
    tag: '组织',
    summary: '组织信息与设置：空请求体时读取，带字段时修改（仅管理员）',
    body: z
      .object({
        organizationName: z
          .string()
          .trim()
          .min(2, '组织名称至少 2 个字')
          .max(100, '组织名称不能超过 100 个字符')
          .optional(),
        organizationLogoUrl: imageUrlField('Logo'),
        autoApproveAuditorQuestions: z
          .boolean({ error: '审核人员录入的试题免审核只能是 true 或 false' })
          .optional(),
      })
      .nullish(),
    response: envelopeOf(organizationView),
  }),

  // Platform review of applications (administrators of the platform organisation).

  applications: endpoint({
    method: 'GET',
    path: '/user/api/v1/platform/applications',
    tag: platformTag,
    summary: '入驻申请列表（平台管理员）',
    access: 'admin',
    query: pagedQuery({
      status: z.coerce
        .number<number | string>({ error: APPLICATION_STATUS_MESSAGE })
        .int(APPLICATION_STATUS_MESSAGE)
        .min(0, APPLICATION_STATUS_MESSAGE)
        .max(2, APPLICATION_STATUS_MESSAGE)
        .optional(),
      keyword: z.string().trim().max(100, '关键字不能超过 100 个字符').optional(),
    }),
    response: pageOf(applicationView),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/user/api/v1/platform/applications/approve',
    tag: platformTag,
    summary: '通过入驻申请：开通组织、默认角色与管理员账号',
    access: 'admin',
    query: applicationIdQuery,
    response: envelopeOf(applicationView),
  }),
  reject: endpoint({
    method: 'POST',
    path: '/user/api/v1/platform/applications/reject',
    tag: platformTag,
    summary: '驳回入驻申请（需填写原因）',
    access: 'admin',
    query: applicationIdQuery,
    body: z.object({
      reason: z
        .string({ error: '请填写驳回原因' })
        .trim()
        .min(1, '请填写驳回原因')
        .max(500, '驳回原因不能超过 500 个字符'),
    }),
    response: envelopeOf(applicationView),
  }),
};
