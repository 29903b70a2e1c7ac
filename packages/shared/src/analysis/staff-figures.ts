/**
 * Pure rules of the staff, course and employee analysis (issue 19, docs/decisions.md "Staff, course and
 * employee analysis"). The server computes the figures in SQL with the same thresholds; these functions
 * state the rules once, are unit-tested, and shape the replies for the charts.
 * Months are those of Asia/Shanghai (UTC+8 all year, no daylight saving).
 */

import { oneDecimal } from '../study-target';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** The stages of a course's completion funnel, in order. */
export const FUNNEL_STAGES = ['enrolled', 'started', 'half', 'completed'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export const FUNNEL_STAGE_LABELS: Record<FunnelStage, string> = {
  enrolled: '已报名',
  started: '已开始',
  half: '过半',
  completed: '已完成',
};
/** A learner is past half way at this progress (percent of sections completed). */
export const HALF_WAY_PERCENT = 50;

/** One learner's enrolment as the funnel reads it. */
export interface FunnelMember {
  startedAt: Date | string | null;
  progressPercent: number;
  completedAt: Date | string | null;
}

/**
 * The furthest stage a learner reached: completed once the course is; half once half the sections are
 * (or more); started once they opened it (started_at) or have any progress; else only enrolled.
 */
export function funnelStageOf(member: FunnelMember): FunnelStage {
  if (member.completedAt) return 'completed';
  if (member.progressPercent >= HALF_WAY_PERCENT) return 'half';
  if (member.startedAt || member.progressPercent > 0) return 'started';
  return 'enrolled';
}

/** Counts per stage: each learner counts in every stage up to the furthest one reached (a funnel). */
export function funnelCounts(members: readonly FunnelMember[]): Record<FunnelStage, number> {
  const counts: Record<FunnelStage, number> = { enrolled: 0, started: 0, half: 0, completed: 0 };
  for (const member of members) {
    const reached = FUNNEL_STAGES.indexOf(funnelStageOf(member));
    for (let i = 0; i <= reached; i++) counts[FUNNEL_STAGES[i] as FunnelStage] += 1;
  }
  return counts;
}

export interface FunnelStep {
  stage: FunnelStage;
  label: string;
  count: number;
  /** Percent of the enrolled, one decimal; null when nobody enrolled. */
  ofEnrolled: number | null;
  /** Percent of the stage before (the first stage: null); null when the stage before is empty. */
  ofPrevious: number | null;
  /** People lost since the stage before. */
  lost: number;
}

/** The funnel's steps with conversion rates, for the chart and its table. */
export function funnelSteps(counts: Record<FunnelStage, number>): FunnelStep[] {
  return FUNNEL_STAGES.map((stage, index) => {
    const previous = index === 0 ? null : counts[FUNNEL_STAGES[index - 1] as FunnelStage];
    return {
      stage,
      label: FUNNEL_STAGE_LABELS[stage],
      count: counts[stage],
      ofEnrolled: ratePercent(counts[stage], counts.enrolled),
      ofPrevious: previous === null ? null : ratePercent(counts[stage], previous),
      lost: previous === null ? 0 : previous - counts[stage],
    };
  });
}

/** part ÷ whole as a percent with one decimal; null when whole is 0. */
export function ratePercent(part: number, whole: number): number | null {
  return whole > 0 ? oneDecimal((part / whole) * 100) : null;
}

/** Minutes as hours with one decimal (学时). */
export function minutesToHours(minutes: number): number {
  return oneDecimal(minutes / 60);
}

/**
 * The percentile of a score among an exam's graded attempts, as PostgreSQL's percent_rank() ordered by
 * score ascending: (rank − 1) ÷ (n − 1) where rank is 1 + the number of strictly lower scores; 0 when
 * the attempt is the only one. Returned as a percent with one decimal: "scored above x% of the others".
 */
export function percentRank(score: number, scores: readonly number[]): number {
  if (scores.length <= 1) return 0;
  const lower = scores.filter((s) => s < score).length;
  return oneDecimal((lower / (scores.length - 1)) * 100);
}

/** The Asia/Shanghai month (YYYY-MM) of an instant. */
export function shanghaiMonth(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 7);
}

/** The trend window: the last `months` Shanghai months up to and including `now`'s month. */
export function monthWindow(now: Date, months: number): { from: Date; months: string[] } {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const list: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(year, month - i, 1));
    list.push(d.toISOString().slice(0, 7));
  }
  const from = new Date(Date.UTC(year, month - (months - 1), 1) - SHANGHAI_OFFSET_MS);
  return { from, months: list };
}

/** Every month of the window in order, a month without a row filled by `empty(month)`. */
export function fillMonths<T extends { month: string }>(
  months: readonly string[],
  rows: readonly T[],
  empty: (month: string) => T,
): T[] {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return months.map((month) => byMonth.get(month) ?? empty(month));
}

/** The groups staff analysis compares people by. */
export const STAFF_GROUP_BYS = ['department', 'post', 'tag'] as const;
export type StaffGroupBy = (typeof STAFF_GROUP_BYS)[number];
export const STAFF_GROUP_BY_LABELS: Record<StaffGroupBy, string> = {
  department: '部门',
  post: '岗位',
  tag: '标签',
};
