import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Empty, Spin, Typography } from 'antd';
import type { StaffSum } from '../api';

/** Active vs left staff as a doughnut. ECharts is loaded on first use. */
export function StaffChart({ sum, color }: { sum: StaffSum; color: string }): ReactNode {
  const containerRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return undefined;
    let disposed = false;
    let dispose: (() => void) | null = null;
    import('./echarts-setup')
      .then(({ init }) => {
        if (disposed) return;
        const chart = init(el, undefined, { renderer: 'canvas' });
        chart.setOption({
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
        });
        const observer = new ResizeObserver(() => chart.resize());
        observer.observe(el);
        dispose = () => {
          observer.disconnect();
          chart.dispose();
        };
        setStatus('ready');
      })
      .catch(() => {
        if (!disposed) setStatus('error');
      });
    return () => {
      disposed = true;
      dispose?.();
    };
  }, [sum, color]);

  if (sum.total === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无员工数据" />;
  }
  return (
    <div className="kp-chart">
      <div
        ref={containerRef}
        className="kp-chart__canvas"
        role="img"
        aria-label={`在职 ${sum.active} 人，离职 ${sum.left} 人`}
      />
      {status === 'loading' ? (
        <div className="kp-chart__overlay">
          <Spin />
        </div>
      ) : null}
      {status === 'error' ? (
        <div className="kp-chart__overlay">
          <Typography.Text type="secondary">
            图表加载失败：在职 {sum.active} 人，离职 {sum.left} 人
          </Typography.Text>
        </div>
      ) : null}
    </div>
  );
}
