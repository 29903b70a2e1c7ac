import { describe, expect, it } from 'vitest';
import {
  isCalendarDate,
  isScheduleDue,
  monthsBetween,
  nextScheduleDate,
  previousMonthPeriod,
  reportPeriod,
} from './report-period';

/** An instant given as Shanghai wall time. */
const shanghai = (text: string) => new Date(`${text}+08:00`);

describe('report period', () => {
  it('runs from the start of the first Shanghai day to the start of the day after the last', () => {
    const period = reportPeriod('2026-10-01', '2026-10-31');
    expect(period.from.toISOString()).toBe('2026-09-30T16:00:00.000Z');
    expect(period.to.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(period.months).toEqual(['2026-10']);
  });

  it('lists every month it touches, across a year end', () => {
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03-01', '2026-02-01')).toEqual([]);
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });

  it('takes the previous Shanghai month, also just after midnight on the 1st', () => {
    expect(previousMonthPeriod(shanghai('2026-11-01T00:30:00'))).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      month: '2026-10',
    });
    expect(previousMonthPeriod(shanghai('2026-03-15T12:00:00'))).toMatchObject({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    expect(previousMonthPeriod(shanghai('2026-01-05T12:00:00')).month).toBe('2025-12');
  });
});

describe('monthly schedule', () => {
  it('is due from its day on, once a month', () => {
    const now = shanghai('2026-11-03T09:00:00');
    expect(isScheduleDue(3, null, now)).toBe(true);
    expect(isScheduleDue(1, '2026-10', now)).toBe(true);
    expect(isScheduleDue(1, '2026-11', now)).toBe(false);
    expect(isScheduleDue(5, null, now)).toBe(false);
  });

  it('names the day it next sends', () => {
    const now = shanghai('2026-11-03T09:00:00');
    expect(nextScheduleDate(5, null, now)).toBe('2026-11-05');
    expect(nextScheduleDate(1, '2026-11', now)).toBe('2026-12-01');
    expect(nextScheduleDate(1, '2026-10', now)).toBe('2026-11-03');
    expect(nextScheduleDate(28, '2026-12', shanghai('2026-12-30T09:00:00'))).toBe('2027-01-28');
  });
});
