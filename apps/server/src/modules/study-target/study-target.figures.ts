import {
  EMPTY_SUMS,
  TARGET_REACHED_PERCENT,
  achievementPercent,
  addSums,
  chartPoints,
  chartStepDays,
  daysBetween,
  levelIndex,
  metricValue,
  oneDecimal,
  shanghaiDate,
  type TargetSums,
} from '@kaopei/shared';
import type { TargetByDepartment, TargetPerson, TargetTrend } from '@kaopei/shared/contracts/study-target';
import type { DayRecord, PersonRecord, TargetRecord } from './study-target.repo';

/**
 * The target's figures from its people and their sums (study-target.repo.ts): each person's value,
 * percent and level, the cumulative trend, and the department figures. Everything here is in memory over
 * one pass of the rows; a target over 20,000 people is a few hundred thousand additions.
 */

export interface PersonFigure extends PersonRecord {
  value: number | null;
  percent: number;
  level: number;
}

export function personFigures(target: TargetRecord, rows: (PersonRecord & TargetSums)[]): PersonFigure[] {
  // Fields named one by one: object rest and spread cost more than all the rules over 20,000 rows.
  return rows.map((row) => {
    const value = metricValue(target.metric, row);
    const percent = achievementPercent(value, target.targetValue);
    return {
      userId: row.userId,
      realName: row.realName,
      jobNumber: row.jobNumber,
      departmentId: row.departmentId,
      departmentName: row.departmentName,
      value,
      percent,
      level: levelIndex(percent, target.levels),
    };
  });
}

export function toPersonRow(target: TargetRecord, figure: PersonFigure): TargetPerson {
  return {
    userId: figure.userId,
    realName: figure.realName,
    jobNumber: figure.jobNumber,
    departmentName: figure.departmentName,
    value: figure.value,
    percent: figure.percent,
    level: figure.level,
    levelName: target.levels[figure.level]?.name ?? '',
  };
}

/**
 * Average achievement and the share at or above 100 % at the end of each step of the period (up to
 * today), everyone in scope counted (nothing done: 0 %).
 */
export function trendOf(
  target: TargetRecord,
  peopleCount: number,
  days: DayRecord[],
  now = new Date(),
): TargetTrend {
  const points = chartPoints(target.startDate, target.endDate, shanghaiDate(now));
  const cutoffs = points.map((date) => daysBetween(target.startDate, date));
  // The records of each point's step (a record's day is its step's first day), then running sums.
  const byPoint = points.map((): DayRecord[] => []);
  for (const day of days) {
    const index = cutoffs.findIndex((cutoff) => day.day <= cutoff);
    if (index >= 0) byPoint[index]?.push(day);
  }
  // Each person's running sums and achievement; the totals move by the change of one person at a time
  // (people without a record stay at 0 %), so a point costs its records, not the whole scope.
  const totals = new Map<number, { sums: TargetSums; percent: number }>();
  let percentSum = 0;
  let reached = 0;
  const running = byPoint.map((records) => {
    for (const day of records) {
      const before = totals.get(day.userId);
      const sums = addSums(before?.sums ?? EMPTY_SUMS, day);
      const percent = achievementPercent(metricValue(target.metric, sums), target.targetValue);
      const old = before?.percent ?? 0;
      percentSum += percent - old;
      reached += Number(percent >= TARGET_REACHED_PERCENT) - Number(old >= TARGET_REACHED_PERCENT);
      totals.set(day.userId, { sums, percent });
    }
    return { percentSum, reached };
  });
  const count = peopleCount;
  return {
    stepDays: chartStepDays(target.startDate, target.endDate),
    peopleCount: count,
    points: points.map((date, index) => {
      const { percentSum, reached } = running[index] as { percentSum: number; reached: number };
      return {
        date,
        averagePercent: count === 0 ? 0 : oneDecimal(percentSum / count),
        reachedRate: count === 0 ? 0 : oneDecimal((reached * 100) / count),
      };
    }),
  };
}

/** Chinese name order (one collator: `localeCompare` with a locale builds one per comparison). */
const byName = new Intl.Collator('zh-CN').compare;

/** Per department the person is directly in: head count, average value and percent, people per level. */
export function byDepartmentOf(target: TargetRecord, figures: PersonFigure[]): TargetByDepartment {
  const groups = new Map<number | null, PersonFigure[]>();
  for (const figure of figures) {
    const group = groups.get(figure.departmentId) ?? [];
    group.push(figure);
    groups.set(figure.departmentId, group);
  }
  const departments = [...groups.entries()].map(([departmentId, group]) => {
    const valued = group.filter((figure) => figure.value !== null);
    const levelCounts = target.levels.map(() => 0);
    for (const figure of group) levelCounts[figure.level] = (levelCounts[figure.level] ?? 0) + 1;
    return {
      departmentId,
      name: group[0]?.departmentName ?? '未分配部门',
      peopleCount: group.length,
      averageValue:
        valued.length === 0
          ? null
          : oneDecimal(valued.reduce((sum, figure) => sum + (figure.value ?? 0), 0) / valued.length),
      averagePercent: oneDecimal(group.reduce((sum, figure) => sum + figure.percent, 0) / group.length),
      levelCounts,
    };
  });
  departments.sort((a, b) => b.averagePercent - a.averagePercent || byName(a.name, b.name));
  return { levels: target.levels, departments };
}
