import type { ReactNode } from 'react';
import { LazyChart } from '../lazy-chart';
import type { EChartsCoreOption } from './echarts-setup';

const loadSetup = () => import('./echarts-setup');

/** One chart of the analysis pages, loaded on first use; `summary` is the chart in words. */
export function AnalysisChart({
  option,
  summary,
  height = 260,
  testId,
}: {
  option: EChartsCoreOption;
  summary: string;
  height?: number;
  testId?: string;
}): ReactNode {
  return <LazyChart load={loadSetup} option={option} summary={summary} height={height} testId={testId} />;
}

export function barOption(labels: string[], values: number[], name: string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 24, bottom: 56 },
    xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, rotate: labels.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name, data: values, barMaxWidth: 40, label: { show: true, position: 'top' } }],
  };
}

export function trendOption(
  labels: string[],
  series: { name: string; values: (number | null)[] }[],
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 32, bottom: 56 },
    xAxis: { type: 'category', data: labels, axisLabel: { rotate: labels.length > 4 ? 30 : 0 } },
    yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    series: series.map((s) => ({ type: 'line', name: s.name, data: s.values, connectNulls: true })),
  };
}
