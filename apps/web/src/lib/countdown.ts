/**
 * The exam countdown, derived from the server's deadline (design.md §4): every server response carries
 * `serverNow`, from which the page keeps the offset between the server's clock and this browser's. The
 * time left is always `deadlineAt − (Date.now() + offset)`, never a count of client ticks, so a sleeping
 * tab, a throttled timer or a wrong device clock cannot make the countdown drift.
 */

/** Server clock minus this browser's clock, measured when a response arrives. */
export function clockOffset(serverNow: number, clientNow: number): number {
  return serverNow - clientNow;
}

/** Milliseconds left before `deadlineAt` (never negative). */
export function remainingMs(deadlineAt: number, offset: number, clientNow: number): number {
  return Math.max(0, deadlineAt - (clientNow + offset));
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'mm:ss' under an hour, 'h:mm:ss' above; seconds rounded up so 00:00 means time is up. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** Minutes before the end at which the candidate is warned. */
export const WARNING_MINUTES: readonly number[] = [5, 1];

/**
 * The warning due now, if any: the smallest threshold already reached that has not been shown. Every
 * threshold reached counts as shown afterwards, so a page opened with 3 minutes left warns once (5) and
 * again at 1 minute, and nothing is warned once time is up.
 */
export function dueWarning(
  remaining: number,
  shown: ReadonlySet<number>,
  thresholds: readonly number[] = WARNING_MINUTES,
): { minutes: number | null; shown: Set<number> } {
  const next = new Set(shown);
  if (remaining <= 0) return { minutes: null, shown: next };
  const reached = thresholds.filter((minutes) => remaining <= minutes * 60_000 && !shown.has(minutes));
  if (reached.length === 0) return { minutes: null, shown: next };
  for (const minutes of reached) next.add(minutes);
  return { minutes: Math.min(...reached), shown: next };
}

/** 'warning' in the last 5 minutes, 'danger' in the last one (the countdown's colour). */
export function countdownTone(remaining: number): 'normal' | 'warning' | 'danger' {
  if (remaining <= 60_000) return 'danger';
  if (remaining <= 5 * 60_000) return 'warning';
  return 'normal';
}

/**
 * The time left as a screen reader hears it (a polite live region): it changes only at moments worth
 * announcing — every 5 minutes, then every minute in the last 5, and once at the end — never each second.
 * Minutes are rounded up: '不超过 5 分钟' is heard when the clock reaches 05:00.
 */
export function spokenRemaining(remaining: number): string {
  if (remaining <= 0) return '考试时间已到';
  const minutes = Math.ceil(remaining / 60_000);
  return `剩余时间不超过 ${minutes <= 5 ? minutes : Math.ceil(minutes / 5) * 5} 分钟`;
}
