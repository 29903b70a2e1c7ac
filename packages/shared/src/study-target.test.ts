import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GRADATION,
  achievementPercent,
  addSums,
  chartPoints,
  chartStepDays,
  gradationProblem,
  levelIndex,
  metricValue,
  shanghaiDate,
  type TargetSums,
} from './study-target';

const sums = (values: Partial<TargetSums>): TargetSums => ({
  minutes: 0,
  credits: 0,
  courses: 0,
  graded: 0,
  passed: 0,
  ...values,
});

describe('metric values', () => {
  it('turns planned minutes into hours with one decimal', () => {
    expect(metricValue('hours', sums({ minutes: 90 }))).toBe(1.5);
    expect(metricValue('hours', sums({ minutes: 100 }))).toBe(1.7);
  });
  it('sums credits and counts courses', () => {
    expect(metricValue('credits', sums({ credits: 0.1 + 0.2 }))).toBe(0.3);
    expect(metricValue('courses', addSums(sums({ courses: 2 }), sums({ courses: 1 })))).toBe(3);
  });
  it('gives the pass rate over graded attempts, null when none was graded', () => {
    expect(metricValue('pass_rate', sums({ graded: 3, passed: 2 }))).toBe(66.7);
    expect(metricValue('pass_rate', sums({}))).toBeNull();
  });
});

describe('achievement and level', () => {
  it('computes the percent of the target from the shown value', () => {
    expect(achievementPercent(8, 10)).toBe(80);
    expect(achievementPercent(1, 3)).toBe(33.3);
    expect(achievementPercent(null, 10)).toBe(0);
  });
  it('reaches a level exactly at its threshold, not just below', () => {
    expect(levelIndex(100, DEFAULT_GRADATION)).toBe(1);
    expect(levelIndex(99.9, DEFAULT_GRADATION)).toBe(0);
    expect(levelIndex(120, DEFAULT_GRADATION)).toBe(2);
    expect(levelIndex(119.9, DEFAULT_GRADATION)).toBe(1);
    expect(levelIndex(0, DEFAULT_GRADATION)).toBe(0);
  });
});

describe('gradation rules', () => {
  it('accepts the default gradation', () => {
    expect(gradationProblem(DEFAULT_GRADATION)).toBeNull();
  });
  it('rejects too few or too many levels', () => {
    expect(gradationProblem([{ name: '未达标', threshold: 0 }])).toMatch(/2 到 5/);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `L${i}`, threshold: i * 10 }));
    expect(gradationProblem(six)).toMatch(/2 到 5/);
  });
  it('rejects thresholds that do not ascend, a first one above 0 and duplicate names', () => {
    expect(
      gradationProblem([
        { name: 'a', threshold: 0 },
        { name: 'b', threshold: 100 },
        { name: 'c', threshold: 100 },
      ]),
    ).toMatch(/递增/);
    expect(
      gradationProblem([
        { name: 'a', threshold: 10 },
        { name: 'b', threshold: 100 },
      ]),
    ).toMatch(/0%/);
    expect(
      gradationProblem([
        { name: '达标', threshold: 0 },
        { name: '达标 ', threshold: 100 },
      ]),
    ).toMatch(/重复/);
  });
});

describe('chart points', () => {
  it('steps by day for short periods and by week for a quarter', () => {
    expect(chartStepDays('2026-01-01', '2026-01-31')).toBe(1);
    expect(chartStepDays('2026-01-01', '2026-03-31')).toBe(7);
  });
  it('stops at today and ends at the period end', () => {
    expect(chartPoints('2026-01-01', '2026-01-05', '2026-01-03')).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
    ]);
    const quarter = chartPoints('2026-01-01', '2026-03-31', '2026-12-31');
    expect(quarter[0]).toBe('2026-01-07');
    expect(quarter.at(-1)).toBe('2026-03-31');
    expect(chartPoints('2026-02-01', '2026-02-05', '2026-01-01')).toEqual([]);
  });
  it('dates instants in Asia/Shanghai', () => {
    expect(shanghaiDate(new Date('2026-01-01T16:30:00Z'))).toBe('2026-01-02');
  });
});
