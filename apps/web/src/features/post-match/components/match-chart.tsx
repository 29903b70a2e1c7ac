import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Spin, Typography } from 'antd';
import type { ECElementEvent, EChartsCoreOption } from './echarts-setup';

/**
 * One ECharts chart, loaded on first use. `summary` is the chart in words: the canvas's accessible name
 * and what is shown when the chart cannot load. `onItemClick` receives the clicked item's data.
 */
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
  const containerRef = useRef<HTMLDivElement>(null);
  const clickRef = useRef(onItemClick);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    clickRef.current = onItemClick;
  }, [onItemClick]);

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
        chart.on('click', (event) => clickRef.current?.((event as ECElementEvent).data));
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
    <div className="kp-chart" style={{ position: 'relative' }} data-testid={testId}>
      <div ref={containerRef} style={{ width: '100%', height }} role="img" aria-label={summary} />
      {status === 'loading' ? (
        <div className="kp-chart__overlay">
          <Spin />
        </div>
      ) : null}
      {status === 'error' ? (
        <div className="kp-chart__overlay">
          <Typography.Text type="secondary">图表加载失败：{summary}</Typography.Text>
        </div>
      ) : null}
    </div>
  );
}
