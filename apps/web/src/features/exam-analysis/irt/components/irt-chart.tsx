import type { ReactNode } from 'react';
import { LazyChart } from '../../../../components/lazy-chart';
import type { EChartsCoreOption } from './echarts-setup';

const loadSetup = () => import('./echarts-setup');

/** One chart of the IRT tab (line charts, loaded on first use). */
export function IrtChart({
  option,
  summary,
  testId,
  height = 280,
}: {
  option: EChartsCoreOption;
  summary: string;
  testId?: string;
  height?: number;
}): ReactNode {
  return <LazyChart load={loadSetup} option={option} summary={summary} height={height} testId={testId} />;
}
