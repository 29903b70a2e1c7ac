/**
 * The signed-in user's own account (/manage/userInfo) and the public forgotten-password flows; and the
 * form fields the account, sign-up and organisation endpoints share.
 */
import { z } from 'zod';
import { PHONE_PATTERN } from '../account';
import { endpoint, envelopeOf, imageUrlField, okReply } from './common';

const tag = '账户';
const U = '/user/api/v1/user';

// ---------------------------------------------------------------------------------------------------------
// Fields (messages in Chinese)
// ---------------------------------------------------------------------------------------------------------

export const phoneField = z.string().trim().regex(PHONE_PATTERN, '手机号格式不正确');

export const smsCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '验证码为 6 位数字');

/** A password as sent: plain text or RSA ciphertext (the policy is checked after decoding). */
export const passwordField = (label = '密码') =>
  z
    .string({ error: `请输入${label}` })
    .min(1, `请输入${label}`)
    .max(2048, `${label}过长`);

/** The password fields are RSA-OAEP ciphertext under /auth/public-key. */
export const encryptedFlag = z.boolean().optional();

/** Optional e-mail: '' or null clears it. */
export const optionalEmailField = z
  .union([z.literal(''), z.email('邮箱格式不正确').max(200, '邮箱不能超过 200 个字符')])
  .nullable()
  .optional()
  .transform((value) => (value ? value.toLowerCase() : value === undefined ? undefined : null));

export { IMAGE_URL_PATTERN, imageUrlField } from './common';

/**
 * Account names of new sign-ups: 4–32 letters, digits or underscores, starting with a letter (never a
 * phone or e-mail).
 */
export const ACCOUNT_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
export const ACCOUNT_NAME_RULE = '账号需为 4–32 位字母、数字或下划线，并以字母开头';

export const accountNameField = z.string().trim().regex(ACCOUNT_NAME_PATTERN, ACCOUNT_NAME_RULE);

/** Account name, phone or e-mail, as the forgotten-password forms take it. */
const loginField = z.string().trim().min(1, '请输入账号、手机号或邮箱').max(200, '账号过长');

const resetToken = z.string().trim().min(16, '重置链接无效').max(200, '重置链接无效');

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

/** The caller's own profile, as the account page edits it. */
export const profileView = z.object({
  userId: z.number(),
  account: z.string(),
  realName: z.string(),
  avatarUrl: z.string().nullable(),
  email: z.string().nullable(),
  /** true 男, false 女. */
  gender: z.boolean().nullable(),
  phone: z.string().nullable(),
});
export type ProfileView = z.infer<typeof profileView>;

export const resetLinkState = z.object({
  valid: z.boolean(),
  /** Epoch milliseconds; null when the link cannot be used. */
  expiresAt: z.number().nullable(),
});
export type ResetLinkState = z.infer<typeof resetLinkState>;

export const profileInput = z.object({
  realName: z.string().trim().min(1, '姓名不能为空').max(50, '姓名不能超过 50 个字符').optional(),
  avatarUrl: imageUrlField('头像'),
  email: optionalEmailField,
  gender: z.boolean({ error: '性别取值不正确' }).nullable().optional(),
});

export const accountContracts = {
  profileModify: endpoint({
    method: 'POST',
    path: `${U}/profile/modify`,
    tag,
    summary: '修改个人资料（姓名、头像、邮箱、性别）',
    body: profileInput,
    response: envelopeOf(profileView),
  }),
  phoneCode: endpoint({
    method: 'POST',
    path: `${U}/phone/code`,
    tag,
    summary: '向新手机号发送换绑验证码',
    query: z.object({ phone: phoneField }),
    response: okReply,
  }),
  phoneModify: endpoint({
    method: 'POST',
    path: `${U}/phone/modify`,
    tag,
    summary: '更换手机号（验证码发送至新手机号）',
    body: z.object({ phone: phoneField, code: smsCodeField }),
    response: envelopeOf(profileView),
  }),
  passwordCode: endpoint({
    method: 'POST',
    path: `${U}/password/code`,
    tag,
    summary: '向本人手机发送修改密码验证码（回答打码后的手机号）',
    response: envelopeOf(z.object({ phone: z.string() })),
  }),
  passwordModify: endpoint({
    method: 'POST',
    path: `${U}/password/modify`,
    tag,
    summary:
      '修改密码（原密码或本人手机验证码；新密码 8–32 位且同时包含字母和数字；encrypted=true 表示各密码字段为 RSA-OAEP 密文）；成功后其他登录会话失效',
    body: z.object({
      oldPassword: passwordField('原密码').optional(),
      code: smsCodeField.optional(),
      password: passwordField('新密码'),
      encrypted: encryptedFlag,
    }),
    response: okReply,
  }),

  // Forgotten password (public).

  resetRequest: endpoint({
    method: 'POST',
    path: `${U}/send/pwd/code/auth`,
    tag,
    summary:
      '找回密码：向账号绑定的手机发送验证码、向绑定邮箱发送重置链接（account 可以是账号名、手机号或邮箱；无论账号是否存在，回答都相同，见 message）',
    access: 'public',
    query: z.object({ account: loginField }),
    response: okReply,
  }),
  resetBySms: endpoint({
    method: 'POST',
    path: `${U}/change/pwd/auth`,
    tag,
    summary: '找回密码：账号 + 短信验证码 + 新密码',
    access: 'public',
    body: z.object({
      account: loginField,
      code: smsCodeField,
      password: passwordField('新密码'),
      encrypted: encryptedFlag,
    }),
    response: okReply,
  }),
  resetCheck: endpoint({
    method: 'POST',
    path: '/user/api/v1/mail/password/check',
    tag,
    summary: '检查邮件重置链接是否仍然有效',
    access: 'public',
    body: z.object({ token: resetToken }),
    response: envelopeOf(resetLinkState),
  }),
  resetByMail: endpoint({
    method: 'POST',
    path: '/user/api/v1/mail/password/update',
    tag,
    summary: '找回密码：通过邮件链接设置新密码（链接 30 分钟内有效，只能使用一次）',
    access: 'public',
    body: z.object({ token: resetToken, password: passwordField('新密码'), encrypted: encryptedFlag }),
    response: okReply,
  }),
};
