import { passwordProblem } from '@kaopei/shared';
import type { Deps } from './deps';
import { badRequest } from './http';

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
  label = '新密码',
): string {
  const password = decodePassword(deps, value, encrypted);
  const problem = passwordProblem(password);
  if (problem) throw badRequest(`${label}${problem.replace(/^密码/, '')}`);
  return password;
}
