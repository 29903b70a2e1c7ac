import {
  achievementPercent,
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
import type { DepartmentLevelRow, PersonRecord, TargetRecord, TrendStep } from './study-target.repo';

/**
 * The target's figures from what study-target.repo.ts reads: each listed person's value, percent and level,
 * the cumulative trend from its per-step sums, and the department figures from their per-level sums.
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
  steps: TrendStep[],
  now = new Date(),
): TargetTrend {
  const points = chartPoints(target.startDate, target.endDate, shanghaiDate(now));
  // Running totals at each point: the steps (ordered by day) up to the point's last day.
  let next = 0;
  let tenths = 0;
  let reached = 0;
  const running = points.map((date) => {
    const cutoff = daysBetween(target.startDate, date);
    for (; next < steps.length && (steps[next] as TrendStep).day <= cutoff; next += 1) {
      tenths += (steps[next] as TrendStep).percentTenths;
      reached += (steps[next] as TrendStep).reached;
    }
    return { percentSum: tenths / 10, reached };
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

/**
 * Per department the person is directly in (rows per department and level, study-target.repo.ts): head
 * count, average value and percent (from sums in tenths), people per level.
 */
export function byDepartmentOf(target: TargetRecord, rows: DepartmentLevelRow[]): TargetByDepartment {
  const groups = new Map<number | null, DepartmentLevelRow[]>();
  for (const row of rows) {
    const group = groups.get(row.departmentId);
    if (group) group.push(row);
    else groups.set(row.departmentId, [row]);
  }
  const departments = [...groups.entries()].map(([departmentId, group]) => {
    const total = (key: 'people' | 'valued' | 'valueTenths' | 'percentTenths') =>
      group.reduce((sum, row) => sum + row[key], 0);
    const levelCounts = target.levels.map(() => 0);
    for (const row of group) levelCounts[row.level] = (levelCounts[row.level] ?? 0) + row.people;
    const people = total('people');
    const valued = total('valued');
    return {
      departmentId,
      name: group[0]?.departmentName ?? '未分配部门',
      peopleCount: people,
      averageValue: valued === 0 ? null : oneDecimal(total('valueTenths') / 10 / valued),
      averagePercent: oneDecimal(total('percentTenths') / 10 / people),
      levelCounts,
    };
  });
  departments.sort((a, b) => b.averagePercent - a.averagePercent || byName(a.name, b.name));
  return { levels: target.levels, departments };
}
