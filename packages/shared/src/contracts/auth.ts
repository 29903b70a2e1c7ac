/**
 * Sign-in (spec §4, §7 "Authentication"): the OAuth 2.0 token endpoint (RFC 6749 bodies, not the
 * envelope), sign-out, the password-encryption key and sign-in SMS codes.
 */
import { z } from 'zod';
import { PHONE_PATTERN } from '../account';
import { endpoint, envelopeOf, okReply } from './common';

const tag = '认证';

// ---------------------------------------------------------------------------------------------------------
// The token endpoint
// ---------------------------------------------------------------------------------------------------------

/** The form of `grant_type=password`. `type` 7: password + SMS code, 8: SMS code only. */
export const passwordGrantForm = z.object({
  username: z.string().trim().min(1, '请输入账号').max(200),
  password: z.string().max(2048).optional(),
  role: z.coerce.number<number | string>().int().optional(),
  code: z.string().max(10).optional(),
  type: z.coerce.number<number | string>().int().optional(),
  /** `1`/`true`: the password is RSA-OAEP ciphertext under /auth/public-key. */
  encrypted: z
    .enum(['1', 'true', '0', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});
export type PasswordGrantForm = z.input<typeof passwordGrantForm>;

/** The form of `grant_type=refresh_token`. */
export const refreshGrantForm = z.object({
  refresh_token: z.string().min(1, '缺少 refresh_token').max(200),
});

/** A successful token reply (RFC 6749 §5.1). */
export const oauthToken = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  refresh_token: z.string(),
  /** Seconds. */
  expires_in: z.number(),
  scope: z.string(),
});
export type OAuthToken = z.infer<typeof oauthToken>;

/** A failed token request (RFC 6749 §5.2), with a Chinese description. */
export const oauthError = z.object({ error: z.string(), error_description: z.string() });
export type OAuthErrorReply = z.infer<typeof oauthError>;

/** A form field as the token endpoint receives it; it checks the form itself (see below). */
const formField = (description: string) => z.unknown().optional().describe(description);

/**
 * What the token endpoint's form may carry. The endpoint reads it itself with `passwordGrantForm` or
 * `refreshGrantForm` (by grant type), so that every failure answers as an OAuth error body rather than
 * the envelope; this schema only names the fields and never refuses a form.
 */
const tokenForm = z
  .looseObject({
    grant_type: formField('password 或 refresh_token（也可放在查询串）'),
    username: formField('password：账号、手机号或邮箱'),
    password: formField('password：密码（encrypted=1 时为 RSA-OAEP 密文）'),
    role: formField('password：1'),
    code: formField('password：短信验证码（type=7 或 8）'),
    type: formField('password：7 密码+短信，8 仅短信'),
    encrypted: formField('password：1 表示密码经 RSA-OAEP 加密'),
    refresh_token: formField('refresh_token：刷新令牌'),
  })
  .nullish();

// ---------------------------------------------------------------------------------------------------------
// SMS codes
// ---------------------------------------------------------------------------------------------------------

/** What a code sent through the public endpoint is for. */
export const SMS_PURPOSES = ['login', 'register', 'reset', 'bind'] as const;

export const publicKeyInfo = z.object({ publicKey: z.string(), algorithm: z.string() });
export type PublicKeyInfo = z.infer<typeof publicKeyInfo>;

export const authContracts = {
  token: endpoint({
    method: 'POST',
    path: '/auth/oauth/token',
    tag,
    summary:
      'OAuth 2.0 令牌（password / refresh_token）：Basic 客户端认证；表单 username, password, role=1, code, type (7 密码+短信, 8 仅短信), encrypted=1 表示密码经 RSA-OAEP 加密。成功时回答 RFC 6749 令牌体，失败时回答 {error, error_description}',
    access: 'public',
    query: z.object({ grant_type: z.string().optional() }),
    body: tokenForm,
    response: 'raw',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    tag,
    summary:
      '退出登录：吊销本次登录会话的刷新令牌（由 Bearer 访问令牌确定；也可在请求体中给出 refresh_token）。请求体可省略，任何内容类型均可',
    access: 'public',
    body: z.object({ refresh_token: z.string().max(200).optional() }).nullish(),
    response: okReply,
  }),
  publicKey: endpoint({
    method: 'GET',
    path: '/auth/public-key',
    tag,
    summary: '密码加密公钥 (RSA-OAEP SHA-256)',
    access: 'public',
    response: envelopeOf(publicKeyInfo),
  }),
  sendSmsCode: endpoint({
    method: 'POST',
    path: '/user/api/v1/user/send/sms/code',
    tag,
    summary: '发送短信验证码',
    access: 'public',
    query: z.object({
      phone: z.string().trim().regex(PHONE_PATTERN, '手机号格式不正确'),
      purpose: z.enum(SMS_PURPOSES).default('login'),
    }),
    response: okReply,
  }),
};
