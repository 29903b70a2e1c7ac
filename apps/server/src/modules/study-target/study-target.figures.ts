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
import type { PersonRecord, TargetRecord, TrendStep } from './study-target.repo';

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
