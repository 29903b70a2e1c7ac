/**
 * Account, phone, e-mail and password rules, used by the server's validation and by the web forms
 * (so mistakes show before submitting; the server has the last word).
 */

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
/** A practical e-mail shape: one @, no spaces, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Account names: 4–32 letters, digits or underscores. */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_]{4,32}$/;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;
export const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} 位，同时包含字母和数字`;

export const ACCOUNT_MESSAGES = {
  accountFormat: '账号需为 4–32 位字母、数字或下划线',
  accountLooksLikePhone: '账号不能使用手机号格式（手机号可直接用于登录）',
  phoneFormat: '手机号格式不正确，应为 11 位中国大陆手机号',
  emailFormat: '邮箱格式不正确',
  smsCodeFormat: '验证码为 6 位数字',
} as const;

/** Why an account name is not acceptable, or null when it is. */
export function accountProblem(account: string): string | null {
  if (!ACCOUNT_PATTERN.test(account)) return ACCOUNT_MESSAGES.accountFormat;
  // Sign-in takes account, phone or e-mail in one field: a phone-shaped account could shadow a phone.
  if (PHONE_PATTERN.test(account)) return ACCOUNT_MESSAGES.accountLooksLikePhone;
  return null;
}

/** Why a new password breaks the policy (8–32 characters, a letter and a digit, no spaces), or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return `密码长度需为 ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} 位`;
  }
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码需同时包含字母和数字';
  if (/\s/.test(password)) return '密码不能包含空格';
  return null;
}
