import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Spin, Typography } from 'antd';
import type { ResultAbility } from '../api';

/** Average level per ability beside the post's required level (bars), loaded on first use. */
export function AbilityChart({ abilities }: { abilities: ResultAbility[] }): ReactNode {
  const containerRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
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

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return undefined;
    let disposed = false;
    let dispose: (() => void) | null = null;
    import('./echarts-setup')
      .then(({ init }) => {
        if (disposed) return;
        const chart = init(el, undefined, { renderer: 'canvas' });
        chart.setOption(option);
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
  }, [option]);

  return (
    <div style={{ position: 'relative' }}>
      <div ref={containerRef} style={{ width: '100%', height: 260 }} role="img" aria-label={summary} />
      {status === 'loading' ? (
        <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      ) : null}
      {status === 'error' ? (
        <Typography.Text type="secondary">图表加载失败：{summary}</Typography.Text>
      ) : null}
    </div>
  );
}
