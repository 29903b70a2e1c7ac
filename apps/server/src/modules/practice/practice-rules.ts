import { PRACTICE_STATUSES, type PracticeStatus } from '@kaopei/shared/contracts/practice';

/** The status name of a stored status number. */
export const statusOf = (code: number): PracticeStatus => PRACTICE_STATUSES[code] ?? 'draft';

/** Percent right with one decimal, null before the first answer. */
export const percent = (right: number, total: number): number | null =>
  total === 0 ? null : Math.round((right / total) * 1000) / 10;
