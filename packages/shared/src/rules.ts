/** Pure business rules of spec §3, §5 and §9. */
import { DIFFICULTY_THRESHOLDS, NOTICE_PAGE_SIZE } from './constants';

const [SIMPLE_MAX, MEDIUM_MAX, HARD_MAX] = DIFFICULTY_THRESHOLDS;

/** Question difficulty label: ≤3 简单, 4–5 中等, 6–7 困难, above 7 (or not a number) ''. */
export function difficultyLabel(d: number): string {
  if (Number.isNaN(d)) return '';
  if (d <= SIMPLE_MAX) return '简单';
  if (d <= MEDIUM_MAX) return '中等';
  if (d <= HARD_MAX) return '困难';
  return '';
}

/** null, undefined, or a string without a single non-whitespace character. Other types are never blank. */
// Deliberately not a type guard: narrowing `string` away in the false branch would be wrong.
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return typeof value === 'string' && !/\S/.test(value);
}

const TRUE_ANSWER_STRINGS: ReadonlySet<string> = new Set(['正确', '对', 'true', 'True', 'TRUE']);

/** Whether a true/false answer counts as true; matching is exact (no trimming, no numbers). */
export function isTrueAnswer(value: unknown): boolean {
  return value === true || (typeof value === 'string' && TRUE_ANSWER_STRINGS.has(value));
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
const MONTH_MS = 30 * DAY_MS;
const YEAR_MS = 365 * DAY_MS;

/**
 * Relative time for read messages: '刚刚' under a minute, then minutes, hours, days, months of 30 days and
 * years of 365 days, always rounded down. Timestamps in the future count as '刚刚'.
 */
export function relativeTime(timestampMs: number, nowMs: number = Date.now()): string {
  const elapsed = nowMs - timestampMs;
  if (!(elapsed >= MINUTE_MS)) return '刚刚';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}分钟前`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}小时前`;
  if (elapsed < MONTH_MS) return `${Math.floor(elapsed / DAY_MS)}天前`;
  if (elapsed < YEAR_MS) return `${Math.floor(elapsed / MONTH_MS)}个月前`;
  return `${Math.floor(elapsed / YEAR_MS)}年前`;
}

const BELL_UNITS: readonly (readonly [number, string])[] = [
  [YEAR_MS, '年'],
  [MONTH_MS, '个月'],
  [WEEK_MS, '周'],
  [DAY_MS, '天'],
  [HOUR_MS, '小时'],
  [MINUTE_MS, '分钟'],
  [SECOND_MS, '秒'],
];

/**
 * The message bell's variant: the largest whole unit among year, month (30 days), week, day, hour, minute
 * and second; less than one second (or a future timestamp) is '刚刚'.
 */
export function bellTime(timestampMs: number, nowMs: number = Date.now()): string {
  const elapsed = nowMs - timestampMs;
  for (const [unitMs, unit] of BELL_UNITS) {
    const count = Math.floor(elapsed / unitMs);
    if (count >= 1) return `${count}${unit}前`;
  }
  return '刚刚';
}

/**
 * Exam duration given in minutes, as days, hours, minutes and seconds with zero parts left out:
 * 90 → '1小时30分钟', 1.5 → '1分钟30秒', 1500 → '1天1小时'. Zero, negative or invalid input gives '0分钟'.
 */
export function formatExamTime(minutes: number): string {
  const totalSeconds = Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes * 60) : 0;
  const parts: [number, string][] = [
    [Math.floor(totalSeconds / 86_400), '天'],
    [Math.floor((totalSeconds % 86_400) / 3600), '小时'],
    [Math.floor((totalSeconds % 3600) / 60), '分钟'],
    [totalSeconds % 60, '秒'],
  ];
  const text = parts
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${value}${unit}`)
    .join('');
  return text === '' ? '0分钟' : text;
}

/** Score with one decimal ('85.0'); '-' when there is no score. */
export function formatScore(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '-';
  return n.toFixed(1);
}

/** Number of notice pages: total / pageSize rounded up, 0 when there is nothing. */
export function noticePageCount(total: number, pageSize: number = NOTICE_PAGE_SIZE): number {
  if (!(pageSize > 0)) {
    throw new RangeError(`pageSize must be positive, got ${String(pageSize)}`);
  }
  if (!(total > 0)) return 0;
  return Math.ceil(total / pageSize);
}

/** Option letter from a zero-based index: 0 → 'A', 25 → 'Z', 26 → 'AA', 27 → 'AB', 702 → 'AAA'. */
export function optionLetter(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new RangeError(`option index must be a non-negative integer, got ${String(index)}`);
  }
  let letters = '';
  let rest = index + 1;
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    letters = String.fromCharCode(65 + digit) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
}

/** Staff gender: true is shown as 男, anything else as 女 (spec §3 "Staff row"). */
export function genderLabel(gender: unknown): string {
  return gender === true ? '男' : '女';
}
