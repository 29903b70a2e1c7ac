import {
  basicAuthHeader,
  get,
  http,
  LOGOUT_PATH,
  post,
  TOKEN_PATH,
  type OAuthTokenBody,
} from '../../lib/http';
import type { MenuNode, UserInfo } from '../../lib/storage';
import { LOGIN_ROLE } from '@kaopei/shared';
import { menuContracts } from '@kaopei/shared/contracts/menu';
import { call } from '../../lib/api';

/** Form of the password grant (docs/api.md). */
export interface PasswordGrantForm {
  username: string;
  password?: string;
  code?: string;
  /** 7: password + SMS code, 8: SMS code only. */
  type?: number;
  /** The password is RSA-OAEP ciphertext. */
  encrypted?: boolean;
}

export interface PublicKeyInfo {
  publicKey: string;
  algorithm?: string;
}

export async function fetchPublicKey(): Promise<PublicKeyInfo> {
  return get<PublicKeyInfo>('/auth/public-key');
}

/** `POST /auth/oauth/token?grant_type=password`; an OAuth error body is rejected as is. */
export async function requestPasswordToken(form: PasswordGrantForm): Promise<OAuthTokenBody> {
  const body = new URLSearchParams({ username: form.username, role: String(LOGIN_ROLE) });
  if (form.password !== undefined) body.set('password', form.password);
  if (form.code) body.set('code', form.code);
  if (form.type !== undefined) body.set('type', String(form.type));
  if (form.encrypted) body.set('encrypted', '1');
  const response = await http.post<OAuthTokenBody>(`${TOKEN_PATH}?grant_type=password`, body, {
    headers: { Authorization: basicAuthHeader(), 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  return response.data;
}

export async function sendSmsCode(phone: string): Promise<unknown> {
  return post<unknown>('/user/api/v1/user/send/sms/code', null, { params: { phone } });
}

export async function fetchUserDetail(): Promise<UserInfo> {
  return get<UserInfo>('/user/api/v1/user/detail');
}

/** The menu tree the signed-in user may see (contract: packages/shared/src/contracts/menu.ts). */
export async function fetchMenuTree(): Promise<MenuNode[]> {
  const menu = await call(menuContracts.mine, { query: { endpoint: 1 } });
  return Array.isArray(menu) ? menu : [];
}

/** Revokes the refresh token on the server. */
export async function logout(refreshToken: string | undefined): Promise<void> {
  const body = new URLSearchParams();
  if (refreshToken) body.set('refresh_token', refreshToken);
  await http.post(LOGOUT_PATH, body, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
}
