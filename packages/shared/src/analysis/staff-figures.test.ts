import { describe, expect, it } from 'vitest';
import {
  fillMonths,
  funnelCounts,
  funnelStageOf,
  funnelSteps,
  minutesToHours,
  monthWindow,
  percentRank,
  ratePercent,
  shanghaiMonth,
} from './staff-figures';
import { oneDecimal } from '../study-target';

describe('funnel stages', () => {
  it('takes the furthest stage reached', () => {
    expect(funnelStageOf({ startedAt: null, progressPercent: 0, completedAt: null })).toBe('enrolled');
    expect(funnelStageOf({ startedAt: '2026-01-01', progressPercent: 0, completedAt: null })).toBe('started');
    expect(funnelStageOf({ startedAt: null, progressPercent: 10, completedAt: null })).toBe('started');
    expect(funnelStageOf({ startedAt: '2026-01-01', progressPercent: 49, completedAt: null })).toBe(
      'started',
    );
    expect(funnelStageOf({ startedAt: '2026-01-01', progressPercent: 50, completedAt: null })).toBe('half');
    expect(funnelStageOf({ startedAt: '2026-01-01', progressPercent: 40, completedAt: '2026-02-01' })).toBe(
      'completed',
    );
  });

  it('counts each learner in every stage up to theirs, with conversion rates', () => {
    const counts = funnelCounts([
      { startedAt: null, progressPercent: 0, completedAt: null },
      { startedAt: 'x', progressPercent: 20, completedAt: null },
      { startedAt: 'x', progressPercent: 60, completedAt: null },
      { startedAt: 'x', progressPercent: 100, completedAt: 'y' },
    ]);
    expect(counts).toEqual({ enrolled: 4, started: 3, half: 2, completed: 1 });
    const steps = funnelSteps(counts);
    expect(steps.map((s) => [s.count, s.ofEnrolled, s.ofPrevious, s.lost])).toEqual([
      [4, 100, null, 0],
      [3, 75, 75, 1],
      [2, 50, 66.7, 1],
      [1, 25, 50, 1],
    ]);
  });

  it('has no rates when nobody enrolled', () => {
    const steps = funnelSteps({ enrolled: 0, started: 0, half: 0, completed: 0 });
    expect(steps.every((s) => s.ofEnrolled === null)).toBe(true);
    expect(steps[1]?.ofPrevious).toBeNull();
  });
});

describe('percent rank (as PostgreSQL percent_rank ascending)', () => {
  it('is the share of the other attempts scoring strictly lower', () => {
    const scores = [50, 60, 60, 90, 100];
    expect(percentRank(50, scores)).toBe(0);
    expect(percentRank(60, scores)).toBe(25); // 1 lower of 4 others
    expect(percentRank(90, scores)).toBe(75);
    expect(percentRank(100, scores)).toBe(100);
  });
  it('is 0 for a lone attempt and rounds to one decimal', () => {
    expect(percentRank(80, [80])).toBe(0);
    expect(percentRank(70, [10, 20, 70, 90])).toBe(66.7);
  });
});

describe('numbers', () => {
  it('rounds to one decimal', () => {
    expect(oneDecimal(2.25)).toBe(2.3);
    expect(ratePercent(1, 3)).toBe(33.3);
    expect(ratePercent(2, 0)).toBeNull();
    expect(minutesToHours(90)).toBe(1.5);
    expect(minutesToHours(50)).toBe(0.8);
  });
});

describe('monthly trend buckets', () => {
  it('dates an instant in Shanghai', () => {
    expect(shanghaiMonth(new Date('2026-01-31T16:30:00Z'))).toBe('2026-02');
    expect(shanghaiMonth(new Date('2026-01-31T15:59:59Z'))).toBe('2026-01');
  });
  it('spans the last months up to now, across a year, from Shanghai midnight', () => {
    const w = monthWindow(new Date('2026-02-10T00:00:00Z'), 4);
    expect(w.months).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(w.from.toISOString()).toBe('2025-10-31T16:00:00.000Z');
    // 1 March 01:00 in Shanghai is still February in UTC.
    expect(monthWindow(new Date('2026-02-28T17:00:00Z'), 1).months).toEqual(['2026-03']);
  });
  it('fills months without data', () => {
    const rows = fillMonths(['2026-01', '2026-02', '2026-03'], [{ month: '2026-02', n: 5 }], (month) => ({
      month,
      n: 0,
    }));
    expect(rows).toEqual([
      { month: '2026-01', n: 0 },
      { month: '2026-02', n: 5 },
      { month: '2026-03', n: 0 },
    ]);
  });
});
