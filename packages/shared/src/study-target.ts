/**
 * Learning targets and gradation (issue 18, spec §2 study/target): what a person achieves in a target's
 * period, how that compares with the target, and which gradation level it reaches. The server computes the
 * sums from stored course completions and graded exam attempts; these rules turn them into figures.
 * Dates are those of Asia/Shanghai (as in recurrence.ts).
 */

export const TARGET_METRICS = ['hours', 'credits', 'courses', 'pass_rate'] as const;
export type TargetMetric = (typeof TARGET_METRICS)[number];

export const TARGET_METRIC_LABELS: Record<TargetMetric, string> = {
  hours: '学时',
  credits: '学分',
  courses: '完成课程数',
  pass_rate: '考试通过率',
};

/** The unit shown after a value or a target. */
export const TARGET_METRIC_UNITS: Record<TargetMetric, string> = {
  hours: '小时',
  credits: '分',
  courses: '门',
  pass_rate: '%',
};

/** Who a target applies to: departments (with their sub-departments), posts, or named people. */
export const TARGET_SCOPE_KINDS = ['department', 'post', 'user'] as const;
export type TargetScopeKind = (typeof TARGET_SCOPE_KINDS)[number];

/** One gradation level: reached when achievement (value ÷ target, percent) is at least `threshold`. */
export interface GradationLevel {
  name: string;
  /** Percent of the target, one decimal; the first level's is 0. */
  threshold: number;
}

export const GRADATION_MIN_LEVELS = 2;
export const GRADATION_MAX_LEVELS = 5;
export const GRADATION_THRESHOLD_MAX = 1000;
/** Achievement at or above this percent is "reaching the target" (达标率 in the charts). */
export const TARGET_REACHED_PERCENT = 100;

export const DEFAULT_GRADATION: readonly GradationLevel[] = [
  { name: '未达标', threshold: 0 },
  { name: '达标', threshold: 100 },
  { name: '优秀', threshold: 120 },
];

export const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The sums one person has in a period (or up to a day of it). */
export interface TargetSums {
  /** Planned minutes (courses.minutes) of the courses completed. */
  minutes: number;
  credits: number;
  /** Courses completed. */
  courses: number;
  /** Graded exam attempts submitted, and of them the passed ones. */
  graded: number;
  passed: number;
}

export const EMPTY_SUMS: TargetSums = { minutes: 0, credits: 0, courses: 0, graded: 0, passed: 0 };

export function addSums(a: TargetSums, b: TargetSums): TargetSums {
  return {
    minutes: a.minutes + b.minutes,
    credits: a.credits + b.credits,
    courses: a.courses + b.courses,
    graded: a.graded + b.graded,
    passed: a.passed + b.passed,
  };
}

/**
 * The person's value for a metric, one decimal: hours = planned 学时 of the courses completed in the
 * period; credits and courses likewise; pass_rate = passed ÷ graded attempts (every graded attempt
 * submitted in the period counts), percent — null when nothing was graded.
 */
export function metricValue(metric: TargetMetric, sums: TargetSums): number | null {
  switch (metric) {
    case 'hours':
      return oneDecimal(sums.minutes / 60);
    case 'credits':
      return oneDecimal(sums.credits);
    case 'courses':
      return sums.courses;
    case 'pass_rate':
      return sums.graded === 0 ? null : oneDecimal((sums.passed * 100) / sums.graded);
  }
}

/** Value ÷ target as a percent, one decimal, from the value as shown (no value: 0). */
export function achievementPercent(value: number | null, target: number): number {
  if (value === null || target <= 0) return 0;
  return oneDecimal((value * 100) / target);
}

/** The index of the highest level whose threshold the percent reaches (exactly at it counts). */
export function levelIndex(percent: number, levels: readonly GradationLevel[]): number {
  let reached = 0;
  levels.forEach((level, index) => {
    if (percent >= level.threshold) reached = index;
  });
  return reached;
}

/** Why a gradation cannot be saved, in Chinese; null when it is valid. */
export function gradationProblem(levels: readonly GradationLevel[]): string | null {
  if (levels.length < GRADATION_MIN_LEVELS || levels.length > GRADATION_MAX_LEVELS)
    return `分级须有 ${GRADATION_MIN_LEVELS} 到 ${GRADATION_MAX_LEVELS} 个等级`;
  if (levels[0]?.threshold !== 0) return '第 1 个等级的门槛必须是 0%';
  for (let i = 1; i < levels.length; i += 1) {
    const previous = levels[i - 1] as GradationLevel;
    const current = levels[i] as GradationLevel;
    if (current.threshold <= previous.threshold) return '分级门槛必须从低到高递增';
  }
  const names = levels.map((level) => level.name.trim());
  if (new Set(names).size !== names.length) return '分级名称不能重复';
  return null;
}

/** The calendar date (YYYY-MM-DD) of an instant in Asia/Shanghai. */
export function shanghaiDate(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** Days from `from` to `to` (YYYY-MM-DD), positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The over-time chart steps by day for periods up to this many days, by week beyond. */
export const DAILY_CHART_MAX_DAYS = 62;

/** The step (days) of the over-time chart of a period. */
export function chartStepDays(startDate: string, endDate: string): number {
  return daysBetween(startDate, endDate) + 1 <= DAILY_CHART_MAX_DAYS ? 1 : 7;
}

/**
 * The points of the over-time chart: the last day of each step from the start, the period's end last,
 * stopping at `today` (later days have no data yet).
 */
export function chartPoints(startDate: string, endDate: string, today: string): string[] {
  const step = chartStepDays(startDate, endDate);
  const last = today < endDate ? today : endDate;
  const points: string[] = [];
  for (let day = addDays(startDate, step - 1); day < last; day = addDays(day, step)) points.push(day);
  if (last >= startDate) points.push(last);
  return points;
}
