import { passwordProblem } from '@kaopei/shared';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Deps } from '../../core/deps';
import { badRequest } from '../../core/http';
import type { DbOrTx } from '../../db/client';
import { organizations, passwordResetTokens, refreshTokens, users } from '../../db/schema';

/** New-password policy: 8–32 characters with at least one letter and one digit. */

/**
 * A password field as the client sent it: RSA-OAEP ciphertext under /auth/public-key when `encrypted`,
 * else plain text (refused when REQUIRE_ENCRYPTED_PASSWORD is on), as at sign-in.
 */
export function decodePassword(
  deps: Pick<Deps, 'rsa' | 'config'>,
  value: string,
  encrypted?: boolean,
): string {
  if (encrypted) {
    try {
      return deps.rsa.decrypt(value);
    } catch {
      throw badRequest('密码解密失败，请刷新页面后重试');
    }
  }
  if (deps.config.requireEncryptedPassword) throw badRequest('密码必须加密传输');
  return value;
}

/** Decodes a new password and checks it against the policy; the message names the field. */
export function readNewPassword(
  deps: Pick<Deps, 'rsa' | 'config'>,
  value: string,
  encrypted: boolean | undefined,
  field = 'password',
  label = '新密码',
): string {
  const password = decodePassword(deps, value, encrypted);
  const problem = passwordProblem(password);
  if (problem) throw badRequest(`参数 ${field} 不正确：${label}${problem.replace(/^密码/, '')}`);
  return password;
}

/**
 * Signs the user out everywhere that matters after a credential change: every refresh token is revoked
 * (access tokens lapse within their short lifetime) and open e-mail reset links stop working.
 */
export async function revokeCredentials(db: DbOrTx, userId: number): Promise<void> {
  const now = new Date();
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export interface LoginUser {
  id: number;
  organizationId: number;
  account: string;
  realName: string;
  phone: string | null;
  email: string | null;
  passwordHash: string | null;
}

/** The active user of an active organisation whose account name, phone or e-mail is `login`. */
export async function findActiveUserByLogin(db: DbOrTx, login: string): Promise<LoginUser | undefined> {
  const value = login.trim();
  const lower = value.toLowerCase();
  const [user] = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      account: users.account,
      realName: users.realName,
      phone: users.phone,
      email: users.email,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        or(
          sql`lower(${users.account}) = ${lower}`,
          eq(users.phone, value),
          sql`lower(${users.email}) = ${lower}`,
        ),
        eq(users.status, 0),
        eq(organizations.status, 0),
      ),
    )
    .limit(1);
  return user;
}

export { isUniqueViolation } from '../../core/db-errors';

/** 138****0000 */
export function maskPhone(phone: string): string {
  return phone.replace(/^(\d{3})\d+(\d{4})$/, '$1****$2');
}

/** z***@example.com */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}
