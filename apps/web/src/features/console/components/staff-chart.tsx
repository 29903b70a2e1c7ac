import { useMemo, type ReactNode } from 'react';
import { Empty } from 'antd';
import { LazyChart } from '../../../components/lazy-chart';
import type { StaffSum } from '../api';

const loadSetup = () => import('./echarts-setup');

/** Active vs left staff as a doughnut. ECharts is loaded on first use. */
export function StaffChart({ sum, color }: { sum: StaffSum; color: string }): ReactNode {
  const option = useMemo(
    () => ({
      color: [color, '#d9d9d9'],
      tooltip: { trigger: 'item', formatter: '{b}：{c} 人（{d}%）' },
      legend: { bottom: 0, icon: 'circle' },
      series: [
        {
          type: 'pie',
          radius: ['55%', '78%'],
          center: ['50%', '44%'],
          avoidLabelOverlap: true,
          label: {
            show: true,
            position: 'center',
            formatter: () => `${sum.total}\n员工总数`,
            fontSize: 14,
          },
          labelLine: { show: false },
          data: [
            { name: '在职', value: sum.active },
            { name: '离职', value: sum.left },
          ],
        },
      ],
    }),
    [sum, color],
  );
  if (sum.total === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无员工数据" />;
  }
  return (
    <LazyChart
      load={loadSetup}
      option={option}
      summary={`在职 ${sum.active} 人，离职 ${sum.left} 人`}
      height={260}
    />
  );
}
