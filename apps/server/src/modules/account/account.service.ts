import type { FastifyBaseLogger } from 'fastify';
import type { BodyOut } from '@kaopei/shared/contracts/common';
import type { accountContracts, ProfileView, ResetLinkState } from '@kaopei/shared/contracts/account';
import type { Deps } from '../../core/deps';
import type { RequestContext } from '../../core/context';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../core/crypto';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../core/http';
import { recordActivity } from '../../core/activity';
import { consumeSmsCode, sendSmsCode } from '../auth/sms-code.service';
import { revokeSessionsOfUser } from '../auth/session-revocation';
import { isUniqueViolation } from '../../core/db-errors';
import { decodePassword, readNewPassword } from '../../core/password-input';
import { maskPhone } from './credentials';
import {
  claimResetToken,
  findActiveUserByLoginInAnyOrg,
  findLiveResetToken,
  findOtherUserByEmailInAnyOrg,
  findOwnCredentials,
  findOwnProfile,
  findPhoneOwnerInAnyOrg,
  findUserForResetInAnyOrg,
  insertPasswordResetToken,
  revokeCredentials,
  setPasswordHashInAnyOrg,
  updateOwnAccount,
  type AccountChanges,
} from './account.repo';

/** E-mailed reset links work once, for 30 minutes. */
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;
/** One reset request per account per minute, and a per-address cap. */
const RESET_REQUEST_INTERVAL_SECONDS = 60;
const RESET_REQUESTS_PER_IP_PER_HOUR = 20;
/** Attempts at the public reset endpoints per address per 15 minutes. */
const RESET_ATTEMPTS_PER_IP = 30;
/** Wrong old passwords per user per 15 minutes before the change-password form locks. */
const OLD_PASSWORD_ATTEMPTS = 10;
const WINDOW_15_MIN = 15 * 60;

/** The same answer, whether or not the account exists. */
export const RESET_REQUEST_MESSAGE =
  '如果该账号存在，验证码已发送至其绑定的手机，重置密码链接已发送至其绑定的邮箱';

export type ProfileInput = BodyOut<typeof accountContracts.profileModify>;

async function loadProfile(deps: Deps, userId: number): Promise<ProfileView> {
  const row = await findOwnProfile(deps.db, { userId });
  if (!row) throw notFound('用户不存在');
  return row;
}

/** Updates the caller's own name, avatar, e-mail and gender. */
export async function updateProfile(
  deps: Deps,
  ctx: RequestContext,
  input: ProfileInput,
): Promise<ProfileView> {
  const { db } = deps;
  const changes: AccountChanges = {};
  if (input.realName !== undefined) changes.realName = input.realName;
  if (input.avatarUrl !== undefined) changes.avatarUrl = input.avatarUrl || null;
  if (input.gender !== undefined) changes.gender = input.gender;
  if (input.email !== undefined) {
    const email = input.email ? input.email.toLowerCase() : null;
    if (email) {
      const taken = await findOtherUserByEmailInAnyOrg(db, email, ctx.userId);
      if (taken) throw conflict('该邮箱已被其他账号使用');
    }
    changes.email = email;
  }
  if (Object.keys(changes).length > 0) {
    try {
      await updateOwnAccount(db, ctx, changes);
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_uq')) throw conflict('该邮箱已被其他账号使用');
      throw error;
    }
  }
  return loadProfile(deps, ctx.userId);
}

async function phoneOwner(deps: Deps, phone: string): Promise<number | undefined> {
  const row = await findPhoneOwnerInAnyOrg(deps.db, phone);
  return row?.id;
}

/** Sends a 'bind' code to the phone the caller wants to switch to. */
export async function sendBindCode(
  deps: Deps,
  ctx: RequestContext,
  phone: string,
  ip: string,
): Promise<void> {
  const owner = await phoneOwner(deps, phone);
  if (owner === ctx.userId) throw badRequest('新手机号不能与当前手机号相同');
  if (owner !== undefined) throw conflict('该手机号已被其他账号使用');
  await sendSmsCode(deps, phone, 'bind', ip);
}

/** Switches the caller's phone after checking the code sent to the new number. */
export async function changePhone(
  deps: Deps,
  ctx: RequestContext,
  phone: string,
  code: string,
): Promise<ProfileView> {
  const owner = await phoneOwner(deps, phone);
  if (owner === ctx.userId) throw badRequest('新手机号不能与当前手机号相同');
  if (owner !== undefined) throw conflict('该手机号已被其他账号使用');
  const problem = await consumeSmsCode(deps, phone, 'bind', code);
  if (problem) throw badRequest(problem);
  try {
    await updateOwnAccount(deps.db, ctx, { phone });
  } catch (error) {
    if (isUniqueViolation(error, 'users_phone_uq')) throw conflict('该手机号已被其他账号使用');
    throw error;
  }
  await recordActivity(deps.db, {
    organizationId: ctx.organizationId,
    actorId: ctx.userId,
    action: 'account',
    detail: `${ctx.realName} 更换了手机号`,
  });
  return loadProfile(deps, ctx.userId);
}

/** Sends a 'reset' code to the caller's own phone, for changing the password without the old one. */
export async function sendOwnPasswordCode(deps: Deps, ctx: RequestContext, ip: string): Promise<string> {
  const { phone } = await loadProfile(deps, ctx.userId);
  if (!phone) throw badRequest('当前账号未绑定手机号，请使用原密码修改');
  await sendSmsCode(deps, phone, 'reset', ip);
  return maskPhone(phone);
}

export type ChangePasswordInput = BodyOut<typeof accountContracts.passwordModify>;

/** Changes the caller's password, proven by the old password or an SMS code; signs out other sessions. */
export async function changePassword(
  deps: Deps,
  ctx: RequestContext,
  input: ChangePasswordInput,
): Promise<void> {
  const { db, rateLimiter } = deps;
  const password = readNewPassword(deps, input.password, input.encrypted);
  const user = await findOwnCredentials(db, ctx);
  if (!user) throw notFound('用户不存在');

  if (input.oldPassword) {
    const key = `pwd-change:user:${ctx.userId}`;
    if ((await rateLimiter.count(key)) >= OLD_PASSWORD_ATTEMPTS) {
      throw tooManyRequests('原密码错误次数过多，请 15 分钟后再试或使用短信验证码');
    }
    const old = decodePassword(deps, input.oldPassword, input.encrypted);
    if (!(await verifyPassword(user.passwordHash, old))) {
      await rateLimiter.hit(key, WINDOW_15_MIN);
      throw badRequest('原密码错误');
    }
    await rateLimiter.reset(key);
  } else if (input.code) {
    if (!user.phone) throw badRequest('当前账号未绑定手机号，请使用原密码修改');
    const problem = await consumeSmsCode(deps, user.phone, 'reset', input.code);
    if (problem) throw badRequest(problem);
  } else {
    throw badRequest('请输入原密码或短信验证码');
  }
  if (await verifyPassword(user.passwordHash, password)) throw badRequest('新密码不能与原密码相同');

  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await updateOwnAccount(tx, ctx, { passwordHash });
    await revokeCredentials(tx, ctx.userId);
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: 'account',
      detail: `${ctx.realName} 修改了登录密码`,
    });
  });
  // Access tokens of every session, this one included (the page asks to sign in again), stop at once.
  await revokeSessionsOfUser(deps, ctx.userId);
}

async function limitResetAttempts(deps: Deps, ip: string): Promise<void> {
  const count = await deps.rateLimiter.hit(`pwd-reset:attempt:${ip}`, WINDOW_15_MIN);
  if (count > RESET_ATTEMPTS_PER_IP) throw tooManyRequests('尝试次数过多，请 15 分钟后再试');
}

/**
 * Forgotten password, step one. Sends a 'reset' SMS code to the account's phone and an e-mail with a
 * single-use reset link to its e-mail address, whichever it has. The answer and the timing rules are the
 * same whether or not the account exists, so the call does not reveal who is registered.
 */
export async function requestPasswordReset(
  deps: Deps,
  login: string,
  ip: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const { rateLimiter } = deps;
  const accountKey = `pwd-reset:request:${login.trim().toLowerCase()}`;
  if ((await rateLimiter.hit(accountKey, RESET_REQUEST_INTERVAL_SECONDS)) > 1) {
    const wait = Math.max(1, await rateLimiter.ttl(accountKey));
    throw tooManyRequests(`操作过于频繁，请 ${wait} 秒后再试`);
  }
  if ((await rateLimiter.hit(`pwd-reset:request-ip:${ip}`, 3600)) > RESET_REQUESTS_PER_IP_PER_HOUR) {
    throw tooManyRequests('找回密码次数过多，请稍后再试');
  }

  const user = await findActiveUserByLoginInAnyOrg(deps.db, login);
  if (!user) return;
  if (user.phone) {
    try {
      await sendSmsCode(deps, user.phone, 'reset', ip);
    } catch (error) {
      // A code sent moments ago (e.g. asked for under the phone number) is still valid: say nothing.
      if (!(error instanceof AppError && error.status === 429)) throw error;
    }
  }
  if (user.email) {
    const token = randomToken(32);
    await insertPasswordResetToken(deps.db, {
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000),
    });
    const link = `${deps.config.publicUrl}/mailPwdUpdate?token=${encodeURIComponent(token)}`;
    const minutes = RESET_TOKEN_TTL_SECONDS / 60;
    try {
      await deps.mailer.send({
        to: user.email,
        subject: '【考培】重置登录密码',
        text:
          `${user.realName}，您好：\n\n您正在找回考培账号 ${user.account} 的密码。请在 ${minutes} 分钟内打开下面的链接设置新密码（链接只能使用一次）：\n\n` +
          `${link}\n\n如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。`,
        html:
          `<p>${escapeHtml(user.realName)}，您好：</p>` +
          `<p>您正在找回考培账号 <b>${escapeHtml(user.account)}</b> 的密码。请在 ${minutes} 分钟内点击下面的链接设置新密码（链接只能使用一次）：</p>` +
          `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
          '<p>如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。</p>',
      });
    } catch (error) {
      // Answering differently would reveal that the account exists; the operator sees the failure.
      log.error({ err: error }, 'password reset e-mail could not be sent');
    }
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function setPassword(
  deps: Deps,
  user: { id: number; organizationId: number; realName: string },
  password: string,
  how: string,
) {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await setPasswordHashInAnyOrg(tx, user.id, passwordHash);
    await revokeCredentials(tx, user.id);
    await recordActivity(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: 'account',
      detail: `${user.realName} ${how}重置了登录密码`,
    });
  });
  await revokeSessionsOfUser(deps, user.id);
}

/** Forgotten password, step two by SMS: account + code + new password. */
export async function resetPasswordBySms(
  deps: Deps,
  input: { account: string; code: string; password: string; encrypted?: boolean },
  ip: string,
): Promise<void> {
  await limitResetAttempts(deps, ip);
  const password = readNewPassword(deps, input.password, input.encrypted);
  const user = await findActiveUserByLoginInAnyOrg(deps.db, input.account);
  // An unknown account answers like an account without a live code.
  if (!user?.phone) throw badRequest('验证码已失效，请重新获取');
  const problem = await consumeSmsCode(deps, user.phone, 'reset', input.code);
  if (problem) throw badRequest(problem);
  await setPassword(deps, user, password, '通过短信验证码');
}

async function liveResetToken(deps: Deps, token: string) {
  return findLiveResetToken(deps.db, sha256(token));
}

/** Whether an e-mailed reset link can still be used (the page checks before asking for a password). */
export async function checkResetToken(deps: Deps, token: string, ip: string): Promise<ResetLinkState> {
  await limitResetAttempts(deps, ip);
  const row = await liveResetToken(deps, token);
  return { valid: Boolean(row), expiresAt: row ? row.expiresAt.getTime() : null };
}

const INVALID_LINK = '重置链接无效或已过期，请重新找回密码';

/** Forgotten password, step two by e-mail link: token + new password. The token works once. */
export async function resetPasswordByMail(
  deps: Deps,
  input: { token: string; password: string; encrypted?: boolean },
  ip: string,
): Promise<void> {
  await limitResetAttempts(deps, ip);
  const password = readNewPassword(deps, input.password, input.encrypted);
  const row = await liveResetToken(deps, input.token);
  if (!row) throw badRequest(INVALID_LINK);
  // Claim the token atomically: two concurrent submissions cannot both use it.
  const claimed = await claimResetToken(deps.db, row.id);
  if (!claimed) throw badRequest(INVALID_LINK);
  const user = await findUserForResetInAnyOrg(deps.db, row.userId);
  if (!user || user.status !== 0) throw badRequest(INVALID_LINK);
  await setPassword(deps, user, password, '通过邮件链接');
}
