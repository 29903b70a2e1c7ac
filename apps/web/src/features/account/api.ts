import { get, http, post, type ApiEnvelope } from '../../lib/http';
import type { UserInfo } from '../../lib/storage';
import { isPasswordEncryptionAvailable, encryptPassword } from '../../lib/crypto';
import { fetchPublicKey } from '../auth/api';

/** `GET /user/api/v1/user/detail`, with the fields the account pages use beyond the stored UserInfo. */
export interface AccountDetail extends UserInfo {
  /** 'platform', 'enterprise' or 'college'. */
  organizationKind?: string;
}

export const accountKeys = {
  detail: ['account', 'detail'] as const,
  organization: ['account', 'organization'] as const,
};

export async function fetchAccountDetail(): Promise<AccountDetail> {
  return get<AccountDetail>('/user/api/v1/user/detail');
}

export interface ProfileForm {
  realName?: string;
  avatarUrl?: string | null;
  email?: string | null;
  gender?: boolean | null;
}

export async function updateProfile(form: ProfileForm): Promise<void> {
  await post<unknown>('/user/api/v1/user/profile/modify', form);
}

/** Sends the code for a phone change to the new number. */
export async function sendBindCode(phone: string): Promise<void> {
  await post<unknown>('/user/api/v1/user/phone/code', null, { params: { phone } });
}

export async function changePhone(phone: string, code: string): Promise<void> {
  await post<unknown>('/user/api/v1/user/phone/modify', { phone, code });
}

/** Sends a code to the caller's own phone; answers with the masked number. */
export async function sendPasswordCode(): Promise<string> {
  const data = await post<{ phone: string }>('/user/api/v1/user/password/code');
  return data.phone;
}

/** Passwords could not be encrypted although the server requires it. */
export class PasswordEncryptionError extends Error {
  constructor() {
    super('当前浏览器环境不支持密码加密，请通过 HTTPS 访问后再试');
    this.name = 'PasswordEncryptionError';
  }
}

/**
 * Password fields as the server wants them: all RSA-OAEP encrypted under /auth/public-key, or (where Web
 * Crypto is missing, unless the server requires encryption) all plain. Never a mix.
 */
export async function preparePasswords<K extends string>(
  values: Record<K, string>,
  requireEncrypted: boolean,
): Promise<{ values: Record<K, string>; encrypted: boolean }> {
  if (isPasswordEncryptionAvailable()) {
    try {
      const { publicKey } = await fetchPublicKey();
      const entries = await Promise.all(
        (Object.entries(values) as [K, string][]).map(
          async ([key, value]) => [key, await encryptPassword(publicKey, value)] as const,
        ),
      );
      return { values: Object.fromEntries(entries) as Record<K, string>, encrypted: true };
    } catch {
      if (requireEncrypted) throw new PasswordEncryptionError();
    }
  } else if (requireEncrypted) {
    throw new PasswordEncryptionError();
  }
  return { values, encrypted: false };
}

export interface ChangePasswordForm {
  oldPassword?: string;
  code?: string;
  password: string;
  encrypted: boolean;
}

export async function changePassword(form: ChangePasswordForm): Promise<void> {
  await post<unknown>('/user/api/v1/user/password/modify', form);
}

export interface OrganizationInfo {
  organizationId: number;
  organizationName: string;
  organizationLogoUrl: string | null;
  kind: string;
  kindName: string;
  createdAt: number;
  staffCount: number;
  departmentCount: number;
  editable: boolean;
}

export async function fetchOrganization(): Promise<OrganizationInfo> {
  return post<OrganizationInfo>('/user/api/v1/org/show');
}

export async function updateOrganization(form: {
  organizationName?: string;
  organizationLogoUrl?: string | null;
}): Promise<OrganizationInfo> {
  return post<OrganizationInfo>('/user/api/v1/org/show', form);
}

export interface UploadedFile {
  id: number;
  name: string;
  size: number;
  url: string;
}

/** Uploads a public image (avatar, logo) and returns its URL. */
export async function uploadPublicImage(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  const response = await http.post<ApiEnvelope<UploadedFile>>('/user/api/v1/files/upload', body, {
    params: { public: 1 },
  });
  const data = response.data.res?.data;
  if (!data) throw new Error('上传失败');
  return data;
}

// Forgotten password (public).

/** Step one: the server answers the same whether or not the account exists; returns its message. */
export async function requestPasswordReset(account: string): Promise<string> {
  const response = await http.post<ApiEnvelope<null>>('/user/api/v1/user/send/pwd/code/auth', null, {
    params: { account },
  });
  return response.data.message ?? '';
}

export async function resetPasswordBySms(form: {
  account: string;
  code: string;
  password: string;
  encrypted: boolean;
}): Promise<void> {
  await post<unknown>('/user/api/v1/user/change/pwd/auth', form);
}

export async function checkResetToken(token: string): Promise<{ valid: boolean; expiresAt: number | null }> {
  return post<{ valid: boolean; expiresAt: number | null }>('/user/api/v1/mail/password/check', { token });
}

export async function resetPasswordByMail(form: {
  token: string;
  password: string;
  encrypted: boolean;
}): Promise<void> {
  await post<unknown>('/user/api/v1/mail/password/update', form);
}
