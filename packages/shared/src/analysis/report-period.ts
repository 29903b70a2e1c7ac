/**
 * Pure rules of 分析报告 (analysis/report, issue 19; docs/decisions.md "Analysis reports"): the period a
 * department report covers and when a monthly schedule is due. Dates are those of Asia/Shanghai (UTC+8
 * all year, no daylight saving), whatever the server's time zone.
 */

import { shanghaiDate } from '../study-target';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** The longest period a report covers, in calendar months (as the staff analysis window). */
export const REPORT_MAX_MONTHS = 24;

/** The last day of month a schedule may name (every month has it). */
export const REPORT_MAX_DAY_OF_MONTH = 28;

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? 0, (m ?? 1) - 1, d ?? 1];
}

/** Whether `YYYY-MM-DD` is a real calendar date. */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date);
}

/** The Shanghai calendar months (YYYY-MM) from `startDate`'s month to `endDate`'s, in order. */
export function monthsBetween(startDate: string, endDate: string): string[] {
  const [y0, m0] = parts(startDate);
  const [y1, m1] = parts(endDate);
  const months: string[] = [];
  for (let i = 0; y0 * 12 + m0 + i <= y1 * 12 + m1 && i <= 1200; i++)
    months.push(new Date(Date.UTC(y0, m0 + i, 1)).toISOString().slice(0, 7));
  return months;
}

/**
 * A department report's period: from the start of `startDate` (inclusive) to the end of `endDate`
 * (exclusive bound: the start of the next day), both Shanghai days, and the months it touches.
 */
export function reportPeriod(startDate: string, endDate: string): { from: Date; to: Date; months: string[] } {
  const [y0, m0, d0] = parts(startDate);
  const [y1, m1, d1] = parts(endDate);
  return {
    from: new Date(Date.UTC(y0, m0, d0) - SHANGHAI_OFFSET_MS),
    to: new Date(Date.UTC(y1, m1, d1 + 1) - SHANGHAI_OFFSET_MS),
    months: monthsBetween(startDate, endDate),
  };
}

/** The calendar month before `now`'s (Shanghai), as a report period. */
export function previousMonthPeriod(now: Date): { startDate: string; endDate: string; month: string } {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const first = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 0));
  return {
    startDate: first.toISOString().slice(0, 10),
    endDate: last.toISOString().slice(0, 10),
    month: first.toISOString().slice(0, 7),
  };
}

/**
 * Whether a monthly schedule is due at `now`: its day of month has come in `now`'s Shanghai month and it
 * has not run for that month yet (`lastRunMonth`, YYYY-MM). A schedule added after its day this month
 * first sends next month; a server that was down on the day sends on the next run of the same month.
 */
export function isScheduleDue(dayOfMonth: number, lastRunMonth: string | null, now: Date): boolean {
  const today = shanghaiDate(now);
  return Number(today.slice(8, 10)) >= dayOfMonth && lastRunMonth !== today.slice(0, 7);
}

/** The day a monthly schedule next sends (YYYY-MM-DD, Shanghai): today when it is due now. */
export function nextScheduleDate(dayOfMonth: number, lastRunMonth: string | null, now: Date): string {
  const today = shanghaiDate(now);
  if (isScheduleDue(dayOfMonth, lastRunMonth, now)) return today;
  const [y, m, d] = parts(today);
  const nextMonth = d >= dayOfMonth || lastRunMonth === today.slice(0, 7);
  return new Date(Date.UTC(y, m + (nextMonth ? 1 : 0), dayOfMonth)).toISOString().slice(0, 10);
}
