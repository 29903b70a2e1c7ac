import { LOGIN_ROLE } from '@kaopei/shared';
import {
  authContracts as auth,
  type OAuthToken,
  type PasswordGrantForm,
  type PublicKeyInfo,
} from '@kaopei/shared/contracts/auth';
import { menuContracts } from '@kaopei/shared/contracts/menu';
import { userContracts, type UserDetail } from '@kaopei/shared/contracts/user';
import { call } from '../../lib/api';
import { basicAuthHeader, http } from '../../lib/http';

/** Sign-in (contracts: packages/shared/src/contracts/auth.ts, user.ts, menu.ts). */

export type { PasswordGrantForm, PublicKeyInfo, UserDetail };

export function fetchPublicKey(): Promise<PublicKeyInfo> {
  return call(auth.publicKey);
}

/**
 * `POST /auth/oauth/token?grant_type=password` as a form with the client's Basic header; the reply is the
 * RFC 6749 body, not the envelope, and an OAuth error body is rejected as it is.
 */
export async function requestPasswordToken(form: PasswordGrantForm): Promise<OAuthToken> {
  const body = new URLSearchParams({ username: form.username, role: String(form.role ?? LOGIN_ROLE) });
  if (form.password !== undefined) body.set('password', form.password);
  if (form.code) body.set('code', form.code);
  if (form.type !== undefined) body.set('type', String(form.type));
  if (form.encrypted) body.set('encrypted', form.encrypted);
  const response = await http.post<OAuthToken>(auth.token.path, body, {
    params: { grant_type: 'password' },
    headers: { Authorization: basicAuthHeader(), 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  return response.data;
}

export async function sendSmsCode(phone: string): Promise<void> {
  await call(auth.sendSmsCode, { query: { phone } });
}

export function fetchUserDetail(): Promise<UserDetail> {
  return call(userContracts.detail);
}

/** The menu tree the signed-in user may see. */
export function fetchMenuTree() {
  return call(menuContracts.mine, { query: { endpoint: 1 } });
}

/**
 * Ends this sign-in session on the server: the bearer token names it; the refresh token, when still
 * known, is sent too.
 */
export async function logout(refreshToken: string | undefined): Promise<void> {
  await call(auth.logout, { body: refreshToken ? { refresh_token: refreshToken } : {} });
}
