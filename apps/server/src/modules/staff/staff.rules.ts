import crypto from 'node:crypto';

/** Staff status values: 0 在职 and 1 离职 are the spec's; 2 marks a deleted account kept for history. */
export const STAFF_ACTIVE = 0;
export const STAFF_LEFT = 1;
export const STAFF_DELETED = 2;

export { ACCOUNT_PATTERN, accountProblem, EMAIL_PATTERN, PHONE_PATTERN } from '@kaopei/shared';
export {
  EMAIL_MAX,
  JOB_NUMBER_MAX,
  PASSWORD_PATTERN,
  REAL_NAME_MAX,
  STAFF_MESSAGES as MESSAGES,
} from '@kaopei/shared/contracts/staff';

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
