import { completeSignIn } from '../../app/session';
import { type OAuthErrorBody, isOAuthErrorBody, ApiError } from '../../lib/http';
import { isPasswordEncryptionAvailable, encryptPassword } from '../../lib/crypto';
import { fetchPublicKey, requestPasswordToken, type PasswordGrantForm } from './api';

/** Texts for OAuth errors that arrive without a description. */
const OAUTH_ERROR_TEXTS: Readonly<Record<string, string>> = {
  invalid_grant: '用户名或密码错误',
  invalid_client: '客户端认证失败，请联系管理员',
  invalid_request: '登录信息不完整',
  unsupported_grant_type: '不支持的登录方式',
  too_many_requests: '尝试次数过多，请稍后再试',
};

/** The message the sign-in form shows for a failed attempt. */
export function signInErrorText(error: unknown): string {
  if (isOAuthErrorBody(error)) {
    const body: OAuthErrorBody = error;
    return body.error_description || OAUTH_ERROR_TEXTS[body.error] || '登录失败，请稍后重试';
  }
  if (error instanceof ApiError && error.status === 429) return '尝试次数过多，请稍后再试';
  if (error instanceof EncryptionUnavailableError) return error.message;
  return '登录失败，请稍后重试';
}

export class EncryptionUnavailableError extends Error {
  constructor() {
    super('当前浏览器环境不支持密码加密，请通过 HTTPS 访问后再登录');
    this.name = 'EncryptionUnavailableError';
  }
}

/**
 * Prepares the password field: RSA-OAEP ciphertext when Web Crypto and the key are available,
 * otherwise the plain password unless the server insists on encryption.
 */
export async function preparePassword(
  password: string,
  requireEncrypted: boolean,
): Promise<Pick<PasswordGrantForm, 'password' | 'encrypted'>> {
  if (!isPasswordEncryptionAvailable()) {
    if (requireEncrypted) throw new EncryptionUnavailableError();
    return { password };
  }
  try {
    const { publicKey } = await fetchPublicKey();
    return { password: await encryptPassword(publicKey, password), encrypted: '1' };
  } catch (error) {
    if (requireEncrypted) throw error;
    return { password };
  }
}

export async function signIn(form: PasswordGrantForm): Promise<string> {
  const token = await requestPasswordToken(form);
  return completeSignIn(token);
}
