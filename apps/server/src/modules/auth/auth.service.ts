import crypto from 'node:crypto';
import { LOGIN_TYPE_PASSWORD_SMS, LOGIN_TYPE_SMS } from '@kaopei/shared';
import type { OAuthToken } from '@kaopei/shared/contracts/auth';
import type { Deps } from '../../core/deps';
import { randomToken, sha256, verifyPassword } from '../../core/crypto';
import { recordActivity } from '../../core/activity';
import { ipIsLimited } from '../../core/rate-limiter';
import { consumeSmsCode } from './sms-code.service';
import { revokeSessions } from './session-revocation';
import {
  claimRefreshToken,
  findRefreshToken,
  findRefreshTokenFamily,
  findUserForRefreshInAnyOrg,
  findUserForSignInInAnyOrg,
  insertRefreshToken,
  revokeRefreshFamily,
  setLastLoginInAnyOrg,
} from './auth.repo';

/** An OAuth 2.0 error (RFC 6749 §5.2), sent as `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** The RFC 6749 token body (contracts/auth.ts). */
export type TokenBody = OAuthToken;

export interface PasswordGrantInput {
  username: string;
  password?: string;
  code?: string;
  type?: number;
  encrypted?: boolean;
}

const WRONG_CREDENTIALS = '用户名或密码错误';

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(sha256(a));
  const y = Buffer.from(sha256(b));
  return crypto.timingSafeEqual(x, y);
}

/** Checks the Basic client header against the configured client. */
export function checkClient(deps: Deps, authorization: string | undefined): void {
  const [scheme, encoded] = (authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !encoded) {
    throw new OAuthError(401, 'invalid_client', '缺少客户端认证信息');
  }
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const sep = decoded.indexOf(':');
  const id = sep >= 0 ? decoded.slice(0, sep) : decoded;
  const secret = sep >= 0 ? decoded.slice(sep + 1) : '';
  const okId = safeEqual(id, deps.config.oauthClientId);
  const okSecret = safeEqual(secret, deps.config.oauthClientSecret);
  if (!okId || !okSecret) throw new OAuthError(401, 'invalid_client', '客户端认证失败');
}

/**
 * Tokens for a user who has just proven who they are (sign-in, or an open-exam registration). The
 * refresh token's family is the session: access tokens carry it as `sid`, across rotations.
 */
export async function issueTokens(
  deps: Deps,
  user: { id: number; organizationId: number },
  familyId: string = crypto.randomUUID(),
): Promise<TokenBody> {
  const refresh = randomToken();
  await insertRefreshToken(deps.db, {
    userId: user.id,
    familyId,
    tokenHash: sha256(refresh),
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtl * 1000),
  });
  return {
    access_token: await deps.tokens.signAccess({
      userId: user.id,
      organizationId: user.organizationId,
      sessionId: familyId,
    }),
    token_type: 'bearer',
    refresh_token: refresh,
    expires_in: deps.config.accessTokenTtl,
    scope: 'all',
  };
}

function decryptPassword(deps: Deps, input: PasswordGrantInput): string {
  const password = input.password ?? '';
  if (input.encrypted) {
    try {
      return deps.rsa.decrypt(password);
    } catch {
      throw new OAuthError(400, 'invalid_request', '密码解密失败，请刷新页面后重试');
    }
  }
  if (deps.config.requireEncryptedPassword) {
    throw new OAuthError(400, 'invalid_request', '密码必须加密传输');
  }
  return password;
}

export async function passwordGrant(deps: Deps, input: PasswordGrantInput, ip: string): Promise<TokenBody> {
  const { db, config, rateLimiter } = deps;
  const username = input.username.trim();
  // The account's own limit first; the address's (shared by a whole exam hall behind NAT) is far higher
  // and skipped for allow-listed addresses.
  const accountKey = `login:acct:${username.toLowerCase()}`;
  const ipKey = ipIsLimited(config.rateLimitAllowIps, ip) ? `login:ip:${ip}` : undefined;
  const [accountFails, ipFails] = await Promise.all([
    rateLimiter.count(accountKey),
    ipKey ? rateLimiter.count(ipKey) : 0,
  ]);
  if (accountFails >= config.loginMaxAttempts || ipFails >= config.loginIpMaxAttempts) {
    const wait = Math.max(await rateLimiter.ttl(accountKey), ipKey ? await rateLimiter.ttl(ipKey) : 0);
    throw new OAuthError(
      429,
      'invalid_grant',
      `登录失败次数过多，请 ${Math.max(1, Math.ceil(wait / 60))} 分钟后再试`,
    );
  }
  const fail = async (message: string): Promise<never> => {
    await Promise.all([
      rateLimiter.hit(accountKey, config.loginWindowSeconds),
      ipKey ? rateLimiter.hit(ipKey, config.loginWindowSeconds) : undefined,
    ]);
    throw new OAuthError(400, 'invalid_grant', message);
  };

  const type = input.type;
  if (type !== undefined && type !== LOGIN_TYPE_PASSWORD_SMS && type !== LOGIN_TYPE_SMS) {
    throw new OAuthError(400, 'invalid_request', `不支持的登录方式 type=${type}`);
  }
  if (type === LOGIN_TYPE_SMS || type === LOGIN_TYPE_PASSWORD_SMS) {
    if (!input.code?.trim()) throw new OAuthError(400, 'invalid_request', '请输入短信验证码');
  }
  if (type !== LOGIN_TYPE_SMS && !input.password) throw new OAuthError(400, 'invalid_request', '请输入密码');

  const user = await findUserForSignInInAnyOrg(db, username, type === LOGIN_TYPE_SMS);

  if (type === LOGIN_TYPE_SMS) {
    if (!user) return fail('验证码错误');
    const problem = await consumeSmsCode(deps, username, 'login', input.code ?? '');
    if (problem) return fail(problem);
  } else {
    const password = decryptPassword(deps, input);
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid) return fail(WRONG_CREDENTIALS);
    if (type === LOGIN_TYPE_PASSWORD_SMS) {
      if (!user.phone) return fail('该账号未绑定手机号，无法使用短信验证');
      const problem = await consumeSmsCode(deps, user.phone, 'login', input.code ?? '');
      if (problem) return fail(problem);
    }
  }
  if (user.status !== 0) throw new OAuthError(400, 'invalid_grant', '账号已停用，请联系管理员');
  if (user.orgStatus !== 0) throw new OAuthError(400, 'invalid_grant', '所属组织已停用，请联系管理员');

  await rateLimiter.reset(accountKey);
  await setLastLoginInAnyOrg(db, user.id);
  await recordActivity(db, {
    organizationId: user.organizationId,
    actorId: user.id,
    action: 'login',
    detail: `${user.realName} 登录了系统`,
  });
  return issueTokens(deps, user);
}

/**
 * Rotates a refresh token. A token that was already rotated or revoked is a sign of theft: the whole
 * family is revoked and the caller must sign in again.
 */
export async function refreshGrant(deps: Deps, token: string): Promise<TokenBody> {
  const { db } = deps;
  const hash = sha256(token);
  const row = await findRefreshToken(db, hash);
  if (!row) throw new OAuthError(400, 'invalid_grant', '登录已失效，请重新登录');
  if (row.revokedAt || row.replacedAt) {
    await revokeRefreshFamily(db, row.familyId);
    throw new OAuthError(400, 'invalid_grant', '登录已失效，请重新登录');
  }
  if (row.expiresAt.getTime() <= Date.now())
    throw new OAuthError(400, 'invalid_grant', '登录已过期，请重新登录');
  const claimed = await claimRefreshToken(db, row.id);
  if (!claimed) throw new OAuthError(400, 'invalid_grant', '登录已失效，请重新登录');
  const user = await findUserForRefreshInAnyOrg(db, row.userId);
  if (!user || user.status !== 0) throw new OAuthError(400, 'invalid_grant', '账号已停用，请联系管理员');
  return issueTokens(deps, user, row.familyId);
}

/**
 * Ends a sign-in session: revokes the refresh-token family of the session the access token names
 * (`sid`) and that of the refresh token given, if any, and refuses their access tokens from now on
 * (session-revocation.ts). The user's other sessions keep working. Unknown tokens are ignored (logout
 * always succeeds).
 */
export async function logout(
  deps: Deps,
  input: { refreshToken?: string; session?: { userId: number; sessionId?: string } },
): Promise<void> {
  const { refreshToken, session } = input;
  const ended: string[] = [];
  if (session?.sessionId) {
    await revokeRefreshFamily(deps.db, session.sessionId, session.userId);
    ended.push(session.sessionId);
  }
  if (refreshToken) {
    const row = await findRefreshTokenFamily(deps.db, sha256(refreshToken));
    if (row && row.familyId !== session?.sessionId) {
      await revokeRefreshFamily(deps.db, row.familyId);
      ended.push(row.familyId);
    }
  }
  await revokeSessions(deps, ended);
}
