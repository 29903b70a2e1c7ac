import {
  accountContracts as account,
  type ProfileView,
  type ResetLinkState,
} from '@kaopei/shared/contracts/account';
import { orgContracts, type OrganizationView } from '@kaopei/shared/contracts/org';
import type { UserDetail } from '@kaopei/shared/contracts/user';
import { call, callReply, type BodyIn } from '../../lib/api';
import { isPasswordEncryptionAvailable, encryptPassword } from '../../lib/crypto';
import { fetchPublicKey, fetchUserDetail } from '../auth/api';

/**
 * The signed-in user's own account, the organisation card, and the forgotten-password flows
 * (contracts: packages/shared/src/contracts/account.ts, org.ts, user.ts).
 */

export type { ProfileView, ResetLinkState };
/** The signed-in user as the account pages show it. */
export type AccountDetail = UserDetail;
export type OrganizationInfo = OrganizationView;
export type ProfileForm = BodyIn<typeof account.profileModify>;
export type ChangePasswordForm = BodyIn<typeof account.passwordModify>;

export const accountKeys = {
  detail: ['account', 'detail'] as const,
  organization: ['account', 'organization'] as const,
};

export function fetchAccountDetail(): Promise<AccountDetail> {
  return fetchUserDetail();
}

export function updateProfile(form: ProfileForm): Promise<ProfileView> {
  return call(account.profileModify, { body: form });
}

/** Sends the code for a phone change to the new number. */
export async function sendBindCode(phone: string): Promise<void> {
  await call(account.phoneCode, { query: { phone } });
}

export function changePhone(phone: string, code: string): Promise<ProfileView> {
  return call(account.phoneModify, { body: { phone, code } });
}

/** Sends a code to the caller's own phone; answers with the masked number. */
export async function sendPasswordCode(): Promise<string> {
  const data = await call(account.passwordCode);
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

export async function changePassword(form: ChangePasswordForm): Promise<void> {
  await call(account.passwordModify, { body: form });
}

/** An empty body reads the organisation. */
export function fetchOrganization(): Promise<OrganizationInfo> {
  return call(orgContracts.show);
}

export function updateOrganization(form: BodyIn<typeof orgContracts.show>): Promise<OrganizationInfo> {
  return call(orgContracts.show, { body: form });
}

// Forgotten password (public).

/** Step one: the server answers the same whether or not the account exists; returns its message. */
export async function requestPasswordReset(accountName: string): Promise<string> {
  const { message } = await callReply(account.resetRequest, { query: { account: accountName } });
  return message;
}

export async function resetPasswordBySms(form: BodyIn<typeof account.resetBySms>): Promise<void> {
  await call(account.resetBySms, { body: form });
}

export function checkResetToken(token: string): Promise<ResetLinkState> {
  return call(account.resetCheck, { body: { token } });
}

export async function resetPasswordByMail(form: BodyIn<typeof account.resetByMail>): Promise<void> {
  await call(account.resetByMail, { body: form });
}
