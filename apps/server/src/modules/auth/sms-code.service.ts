import crypto from 'node:crypto';
import type { Deps } from '../../core/deps';
import { sha256 } from '../../core/crypto';
import { tooManyRequests } from '../../core/http';
import { ipIsLimited } from '../../core/rate-limiter';
import {
  addSmsCodeAttempt,
  findActiveUserByPhoneInAnyOrg,
  findLatestSmsCodeTime,
  findLiveSmsCode,
  insertSmsCode,
  markSmsCodeConsumed,
} from './sms-code.repo';

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_ATTEMPTS = 5;

/** `exam`: proving a phone when registering for an exam through its open link. */
export type SmsPurpose = 'login' | 'register' | 'reset' | 'bind' | 'exam';

export { PHONE_PATTERN } from '@kaopei/shared';

function codeHash(deps: Pick<Deps, 'config'>, phone: string, purpose: SmsPurpose, code: string): string {
  return sha256(`${phone}:${purpose}:${code}:${deps.config.jwtSecret}`);
}

/**
 * Sends a 6-digit code. One send per phone and purpose per 60 s, hourly caps per phone and per IP
 * (SMS_PHONE_MAX_PER_HOUR, SMS_IP_MAX_PER_HOUR, RATE_LIMIT_ALLOW_IPS), 5-minute expiry,
 * stored hashed. For sign-in, a phone that belongs to no active user gets no message but the same
 * answer, so the call cannot be used to find out who is registered.
 */
export async function sendSmsCode(deps: Deps, phone: string, purpose: SmsPurpose, ip: string): Promise<void> {
  const { db } = deps;
  const latest = await findLatestSmsCodeTime(db, phone, purpose);
  if (latest) {
    const waited = (Date.now() - latest.createdAt.getTime()) / 1000;
    if (waited < SMS_RESEND_SECONDS) {
      throw tooManyRequests(`验证码发送过于频繁，请 ${Math.ceil(SMS_RESEND_SECONDS - waited)} 秒后再试`);
    }
  }
  // The phone's own limit first; the address's (a whole exam hall behind NAT) is higher and skipped for
  // allow-listed addresses.
  const phoneCount = await deps.rateLimiter.hit(`sms:phone:${phone}`, 3600);
  if (phoneCount > deps.config.smsPhoneMaxPerHour)
    throw tooManyRequests('该手机号获取验证码次数过多，请 1 小时后再试');
  if (ipIsLimited(deps.config.rateLimitAllowIps, ip)) {
    const ipCount = await deps.rateLimiter.hit(`sms:ip:${ip}`, 3600);
    if (ipCount > deps.config.smsIpMaxPerHour) throw tooManyRequests('验证码发送次数过多，请稍后再试');
  }

  if (purpose === 'login') {
    const user = await findActiveUserByPhoneInAnyOrg(db, phone);
    if (!user) {
      // Keep the resend window so that both cases behave the same.
      await insertSmsCode(db, {
        phone,
        purpose,
        codeHash: sha256(crypto.randomBytes(16).toString('hex')),
        expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
      });
      return;
    }
  }
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await insertSmsCode(db, {
    phone,
    purpose,
    codeHash: codeHash(deps, phone, purpose, code),
    expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
  });
  await deps.sms.send({
    phone,
    content: `【考培】您的验证码为 ${code}，${SMS_CODE_TTL_SECONDS / 60} 分钟内有效，请勿泄露给他人。`,
  });
}

/** Checks and consumes the newest live code; wrong guesses count against it. Returns an error message or null. */
export async function consumeSmsCode(
  deps: Deps,
  phone: string,
  purpose: SmsPurpose,
  code: string,
): Promise<string | null> {
  const { db } = deps;
  const row = await findLiveSmsCode(db, phone, purpose);
  if (!row) return '验证码已失效，请重新获取';
  if (row.attempts >= SMS_MAX_ATTEMPTS) return '验证码错误次数过多，请重新获取';
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(codeHash(deps, phone, purpose, code.trim()));
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    await addSmsCodeAttempt(db, row.id);
    return '验证码错误';
  }
  // Consume atomically: a code works once even under concurrent use.
  const consumed = await markSmsCodeConsumed(db, row.id);
  return consumed ? null : '验证码已失效，请重新获取';
}
