import type { ReactNode } from 'react';
import { LazyChart } from '../../../components/lazy-chart';
import type { EChartsCoreOption } from './echarts-setup';

const loadSetup = () => import('./echarts-setup');

/** One chart of the matching pages (radar, heat map); `onItemClick` receives the clicked item's data. */
export function MatchChart({
  option,
  summary,
  height = 320,
  onItemClick,
  testId,
}: {
  option: EChartsCoreOption;
  summary: string;
  height?: number;
  onItemClick?: (data: unknown) => void;
  testId?: string;
}): ReactNode {
  return (
    <LazyChart
      load={loadSetup}
      option={option}
      summary={summary}
      height={height}
      onItemClick={onItemClick}
      testId={testId}
    />
  );
}
