import { describe, expect, it } from 'vitest';
import { autoExamName, nextOccurrence, occurrenceAt, periodLabel } from './recurrence';

/** A Beijing wall-clock time as epoch ms. */
const bj = (text: string) => Date.parse(`${text}+08:00`);

describe('occurrenceAt', () => {
  it('monthly keeps the day of month, clamped to short months, without drifting', () => {
    const first = bj('2026-01-31T09:00:00');
    expect(occurrenceAt(first, 'monthly', 1)).toBe(bj('2026-02-28T09:00:00'));
    expect(occurrenceAt(first, 'monthly', 2)).toBe(bj('2026-03-31T09:00:00'));
    expect(occurrenceAt(first, 'monthly', 3)).toBe(bj('2026-04-30T09:00:00'));
    expect(occurrenceAt(first, 'monthly', 11)).toBe(bj('2026-12-31T09:00:00'));
    expect(occurrenceAt(first, 'monthly', 12)).toBe(bj('2027-01-31T09:00:00'));
  });

  it('monthly from Jan 31 of a leap year gives Feb 29', () => {
    expect(occurrenceAt(bj('2028-01-31T09:00:00'), 'monthly', 1)).toBe(bj('2028-02-29T09:00:00'));
  });

  it('uses the Beijing date even when it differs from the UTC date', () => {
    // 00:30 on Mar 31 in Beijing is still Mar 30 in UTC.
    const first = bj('2026-03-31T00:30:00');
    expect(occurrenceAt(first, 'monthly', 1)).toBe(bj('2026-04-30T00:30:00'));
    expect(occurrenceAt(first, 'monthly', 2)).toBe(bj('2026-05-31T00:30:00'));
  });

  it('weekly adds seven days; once has only the first', () => {
    const first = bj('2026-12-07T14:00:00');
    expect(occurrenceAt(first, 'weekly', 2)).toBe(bj('2026-12-21T14:00:00'));
    expect(occurrenceAt(first, 'once', 0)).toBe(first);
    expect(occurrenceAt(first, 'once', 1)).toBeNull();
    expect(occurrenceAt(first, 'monthly', -1)).toBeNull();
  });
});

describe('nextOccurrence', () => {
  const first = bj('2026-01-31T09:00:00');

  it('is the first occurrence while that is still ahead', () => {
    expect(nextOccurrence(first, 'monthly', first - 1)).toBe(first);
    expect(nextOccurrence(first, 'once', first - 1)).toBe(first);
  });

  it('is strictly after the given time', () => {
    expect(nextOccurrence(first, 'monthly', first)).toBe(bj('2026-02-28T09:00:00'));
    expect(nextOccurrence(first, 'monthly', bj('2026-02-28T09:00:00'))).toBe(bj('2026-03-31T09:00:00'));
    expect(nextOccurrence(first, 'monthly', bj('2026-03-01T00:00:00'))).toBe(bj('2026-03-31T09:00:00'));
    expect(nextOccurrence(first, 'weekly', first)).toBe(first + 7 * 24 * 3600_000);
    expect(nextOccurrence(first, 'once', first)).toBeNull();
  });

  it('skips far ahead without missing a period', () => {
    expect(nextOccurrence(first, 'monthly', bj('2030-06-15T00:00:00'))).toBe(bj('2030-06-30T09:00:00'));
    expect(nextOccurrence(first, 'monthly', bj('2030-06-30T09:00:00'))).toBe(bj('2030-07-31T09:00:00'));
    expect(nextOccurrence(first, 'weekly', first + 100 * 7 * 24 * 3600_000 - 1)).toBe(
      first + 100 * 7 * 24 * 3600_000,
    );
  });
});

describe('periods and names', () => {
  it('labels the month monthly and the Beijing date otherwise', () => {
    const start = bj('2026-12-01T00:30:00');
    expect(periodLabel(start, 'monthly')).toBe('2026-12');
    expect(periodLabel(start, 'weekly')).toBe('2026-12-01');
    expect(autoExamName('月度安全考试', start, 'monthly')).toBe('月度安全考试 2026-12');
    expect(autoExamName('周测', start, 'weekly')).toBe('周测 2026-12-01');
    expect(autoExamName('入职考试', start, 'once')).toBe('入职考试');
  });
});
