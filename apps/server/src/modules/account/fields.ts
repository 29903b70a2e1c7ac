import { z } from 'zod';
import { PHONE_PATTERN } from '../auth/sms-code.service';
import { ACCOUNT_PATTERN, ACCOUNT_RULE_TEXT } from './credentials';

/** Zod fields shared by the account, sign-up and organisation routes (messages in Chinese). */

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

export const encryptedFlag = z.boolean().optional();

/** Optional e-mail: '' or null clears it. */
export const optionalEmailField = z
  .union([z.literal(''), z.email('邮箱格式不正确').max(200, '邮箱不能超过 200 个字符')])
  .nullable()
  .optional()
  .transform((value) => (value ? value.toLowerCase() : value === undefined ? undefined : null));

/** Uploaded files (`/api/files/…`, from the upload endpoint) or an absolute http(s) URL. */
export const IMAGE_URL_PATTERN = /^(\/api\/files\/[A-Za-z0-9/_.-]+|https?:\/\/[^\s"'<>]+)$/;

export const imageUrlField = (label: string) =>
  z
    .union([
      z.literal(''),
      z.string().trim().max(500, `${label}地址过长`).regex(IMAGE_URL_PATTERN, `${label}地址不正确`),
    ])
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

export const accountField = z.string().trim().regex(ACCOUNT_PATTERN, ACCOUNT_RULE_TEXT);
