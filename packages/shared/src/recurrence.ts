/**
 * Recurring automatic exams (exam/auto): when the next exam of a rule opens, and the period label its
 * name carries. Dates are those of Asia/Shanghai (UTC+8 all year, no daylight saving), whatever the
 * server's time zone.
 */

export const RECURRENCES = ['once', 'weekly', 'monthly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

export const RECURRENCE_LABELS: Record<Recurrence, string> = {
  once: '一次',
  weekly: '每周',
  monthly: '每月',
};

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const WEEK_MS = 7 * 24 * 3600_000;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The `index`-th occurrence (0 = the first) of a schedule that starts at `first` (ms). Monthly keeps the
 * first occurrence's day of month and time of day, clamped to shorter months (Jan 31 → Feb 28/29 →
 * Mar 31); it never drifts to the clamped day. 'once' has only index 0.
 */
export function occurrenceAt(first: number, recurrence: Recurrence, index: number): number | null {
  if (index < 0 || !Number.isInteger(index)) return null;
  if (index === 0) return first;
  if (recurrence === 'once') return null;
  if (recurrence === 'weekly') return first + index * WEEK_MS;
  const local = new Date(first + SHANGHAI_OFFSET_MS);
  const monthCount = local.getUTCMonth() + index;
  const year = local.getUTCFullYear() + Math.floor(monthCount / 12);
  const month = ((monthCount % 12) + 12) % 12;
  const day = Math.min(local.getUTCDate(), daysInMonth(year, month));
  const localMs = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return localMs - SHANGHAI_OFFSET_MS;
}

/** The first occurrence strictly after `after` (ms), or null when the schedule has none left. */
export function nextOccurrence(first: number, recurrence: Recurrence, after: number): number | null {
  if (first > after) return first;
  if (recurrence === 'once') return null;
  // Start from an index whose occurrence is surely not after `after` (a month is at most 31 days) and
  // walk forward: a few steps at most.
  const longest = recurrence === 'weekly' ? WEEK_MS : 31 * 24 * 3600_000;
  let index = Math.max(1, Math.floor((after - first) / longest));
  for (;;) {
    const at = occurrenceAt(first, recurrence, index);
    if (at === null) return null;
    if (at > after) return at;
    index += 1;
  }
}

/** The period an exam opening at `startAt` belongs to: '2026-12' monthly, '2026-12-07' otherwise (Beijing). */
export function periodLabel(startAt: number, recurrence: Recurrence): string {
  const iso = new Date(startAt + SHANGHAI_OFFSET_MS).toISOString();
  return recurrence === 'monthly' ? iso.slice(0, 7) : iso.slice(0, 10);
}

/** The name of a rule's exam: the base name and the period ('月度安全考试 2026-12'); a one-off keeps its name. */
export function autoExamName(base: string, startAt: number, recurrence: Recurrence): string {
  if (recurrence === 'once') return base;
  return `${base} ${periodLabel(startAt, recurrence)}`;
}
