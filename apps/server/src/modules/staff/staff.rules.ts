import crypto from 'node:crypto';

/** Staff status values: 0 在职 and 1 离职 are the spec's; 2 marks a deleted account kept for history. */
export const STAFF_ACTIVE = 0;
export const STAFF_LEFT = 1;
export const STAFF_DELETED = 2;

export { ACCOUNT_PATTERN, accountProblem, EMAIL_PATTERN, PHONE_PATTERN } from '@kaopei/shared';
/** 8–32 characters, at least one letter and one digit, no spaces (the policy of modules/account). */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)\S{8,32}$/;

export const REAL_NAME_MAX = 50;
export const JOB_NUMBER_MAX = 50;
export const EMAIL_MAX = 200;

export const MESSAGES = {
  realNameRequired: '姓名不能为空',
  realNameTooLong: `姓名不能超过 ${REAL_NAME_MAX} 个字符`,
  accountRequired: '账号不能为空',
  accountFormat: '账号需为 4–32 位字母、数字或下划线',
  accountLooksLikePhone: '账号不能使用手机号格式（手机号可直接用于登录）',
  phoneFormat: '手机号格式不正确，应为 11 位中国大陆手机号',
  emailFormat: '邮箱格式不正确',
  emailTooLong: `邮箱不能超过 ${EMAIL_MAX} 个字符`,
  jobNumberTooLong: `工号不能超过 ${JOB_NUMBER_MAX} 个字符`,
  passwordFormat: '密码需为 8–32 位，同时包含字母和数字，且不含空格',
  genderFormat: '性别只能填写“男”或“女”',
} as const;

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '@#$%&*+=?';

/**
 * A strong random password (12 characters, upper and lower case, digits and a symbol; look-alike
 * characters such as 0/O and 1/l/I are left out because people read it off the screen).
 */
export function generatePassword(length = 12): string {
  const all = UPPER + LOWER + DIGITS + SYMBOLS;
  const pick = (alphabet: string) => alphabet[crypto.randomInt(alphabet.length)] as string;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  // Fisher–Yates so the guaranteed classes do not sit at fixed positions.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/** The unique index a database error violated (SQLSTATE 23505), or null for other errors. */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return null;
    const { code, constraint, message } = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
    };
    if (code === '23505') {
      if (typeof constraint === 'string') return constraint;
      const match = typeof message === 'string' ? /"([a-z_]+)"/.exec(message) : null;
      return match?.[1] ?? 'unknown';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Chinese message for a unique index of the users table. */
export function uniqueIndexMessage(index: string | null): string {
  switch (index) {
    case 'users_account_uq':
      return '账号已被使用';
    case 'users_phone_uq':
      return '手机号已被使用';
    case 'users_email_uq':
      return '邮箱已被使用';
    case 'users_org_job_number_uq':
      return '工号已被使用';
    case 'departments_org_parent_name_uq':
      return '同级部门中已存在同名部门';
    default:
      return '数据已存在，请检查后重试';
  }
}

/** Escapes LIKE wildcards so a keyword matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `attachment` Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** yyyyMMdd in China time, for file names. */
export function dateStamp(date = new Date()): string {
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return shifted.toISOString().slice(0, 10).replace(/-/g, '');
}
