import { useMemo, type ReactNode } from 'react';
import { LazyChart } from '../../../components/lazy-chart';
import type { ResultAbility } from '../api';

const loadSetup = () => import('./echarts-setup');

/** Average level per ability beside the post's required level (bars), loaded on first use. */
export function AbilityChart({ abilities }: { abilities: ResultAbility[] }): ReactNode {
  const withRequirement = abilities.some((a) => a.requiredLevel !== null);
  const summary = abilities
    .map(
      (a) =>
        `${a.name} 平均 ${a.averageLevel ?? '-'} 级${a.requiredLevel !== null ? `，要求 ${a.requiredLevel} 级` : ''}`,
    )
    .join('；');
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 48 },
      xAxis: {
        type: 'category',
        data: abilities.map((a) => a.name),
        axisLabel: { interval: 0, rotate: abilities.length > 5 ? 30 : 0 },
      },
      yAxis: { type: 'value', min: 0, max: 5, interval: 1, name: '等级' },
      series: [
        {
          name: '平均等级',
          type: 'bar',
          data: abilities.map((a) => a.averageLevel ?? 0),
          itemStyle: { color: '#1677ff' },
        },
        ...(withRequirement
          ? [
              {
                name: '要求等级',
                type: 'bar',
                data: abilities.map((a) => a.requiredLevel ?? 0),
                itemStyle: { color: '#fa8c16' },
              },
            ]
          : []),
      ],
    }),
    [abilities, withRequirement],
  );

  return <LazyChart load={loadSetup} option={option} summary={summary} height={260} />;
}
