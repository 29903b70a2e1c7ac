import { TARGET_METRIC_UNITS, type TargetMetric } from '@kaopei/shared';

/** Figures as the pages show them: one decimal (spec §9), with the metric's unit. */

export const oneDecimalText = (value: number) => value.toFixed(1);

export function valueText(metric: TargetMetric, value: number | null): string {
  if (value === null) return '—';
  const unit = TARGET_METRIC_UNITS[metric];
  if (metric === 'courses') return `${value} ${unit}`;
  return metric === 'pass_rate' ? `${oneDecimalText(value)}%` : `${oneDecimalText(value)} ${unit}`;
}

export const percentText = (percent: number) => `${oneDecimalText(percent)}%`;

/** The period as "2026-01-01 至 2026-03-31". */
export const periodText = (startDate: string, endDate: string) => `${startDate} 至 ${endDate}`;

/** Level colours from the lowest (red) to the highest (green); AA on white for the text tags. */
const LEVEL_COLORS = ['red', 'orange', 'blue', 'cyan', 'green'] as const;

export function levelColor(level: number, count: number): string {
  if (count <= 1) return 'blue';
  if (level === 0) return 'red';
  if (level === count - 1) return 'green';
  return LEVEL_COLORS[Math.min(level, LEVEL_COLORS.length - 2)] ?? 'blue';
}

/** Progress bar percent (capped at 100). */
export const progressOf = (percent: number) => Math.max(0, Math.min(100, percent));
