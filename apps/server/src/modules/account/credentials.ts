import { passwordProblem } from '@kaopei/shared';
import type { Deps } from '../../core/deps';
import { badRequest } from '../../core/http';

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
