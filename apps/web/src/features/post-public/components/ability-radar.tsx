import { useMemo, type ReactNode } from 'react';
import { MAX_ABILITY_LEVEL } from '@kaopei/shared';
import { LazyChart } from '../../../components/lazy-chart';
import type { PortrayalAbility } from '../api';

const loadSetup = () => import('./echarts-radar-setup');

/** Effective levels against the post's required levels. ECharts is loaded on first use. */
export function AbilityRadar({ abilities }: { abilities: PortrayalAbility[] }): ReactNode {
  const option = useMemo(
    () => ({
      color: ['#1677ff', '#fa8c16'],
      tooltip: {},
      legend: { bottom: 0, data: ['当前等级', '岗位要求'] },
      radar: {
        radius: '62%',
        center: ['50%', '48%'],
        indicator: abilities.map((a) => ({ name: a.name, max: MAX_ABILITY_LEVEL })),
        axisName: { color: '#333' },
      },
      series: [
        {
          type: 'radar',
          data: [
            { name: '当前等级', value: abilities.map((a) => a.level ?? 0), areaStyle: { opacity: 0.25 } },
            {
              name: '岗位要求',
              value: abilities.map((a) => a.requiredLevel),
              lineStyle: { type: 'dashed' },
            },
          ],
        },
      ],
    }),
    [abilities],
  );
  const summary = abilities
    .map((a) => `${a.name}：当前 ${a.level ?? '未测评'}，要求 ${a.requiredLevel} 级`)
    .join('；');
  return <LazyChart load={loadSetup} option={option} summary={`能力雷达图。${summary}`} height={320} />;
}
