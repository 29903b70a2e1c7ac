import type { ReactNode } from 'react';
import { LazyChart } from '../../../components/lazy-chart';
import type { EChartsCoreOption } from './echarts-setup';

const loadSetup = () => import('./echarts-setup');

/** One chart of the exam pages (bar and pie charts, components/lazy-chart.tsx loads them on first use). */
export function ExamChart({
  option,
  summary,
  height = 280,
}: {
  option: EChartsCoreOption;
  summary: string;
  height?: number;
}): ReactNode {
  return <LazyChart load={loadSetup} option={option} summary={summary} height={height} />;
}
