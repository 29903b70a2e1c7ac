import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Spin, Typography } from 'antd';
import type { EChartsCoreOption, init } from 'echarts/core';
import { usePrefersReducedMotion } from '../lib/reduced-motion';

/** A feature's ECharts setup module (the chart types it registers), imported on first use as its own chunk. */
export type EchartsSetupLoader = () => Promise<{ init: typeof init }>;

/** True on print pages (a report Chromium prints to PDF): charts draw at once, without animation. */
export const ChartPrintContext = createContext(false);

/**
 * One ECharts chart, loaded on first use through `load`. `summary` is the chart in words: the canvas's
 * accessible name and what is shown when the chart cannot load. `onItemClick` receives the clicked item's data.
 */
export function LazyChart({
  load,
  option,
  summary,
  height,
  onItemClick,
  testId,
}: {
  load: EchartsSetupLoader;
  option: EChartsCoreOption;
  summary: string;
  height: number;
  onItemClick?: ((data: unknown) => void) | undefined;
  testId?: string | undefined;
}): ReactNode {
  const containerRef = useRef<HTMLDivElement>(null);
  const clickRef = useRef(onItemClick);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const printing = useContext(ChartPrintContext);
  const reducedMotion = usePrefersReducedMotion();
  // Printed, or for someone who asked to reduce motion: drawn at once, without animation.
  const still = printing || reducedMotion;

  useEffect(() => {
    clickRef.current = onItemClick;
  }, [onItemClick]);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return undefined;
    let disposed = false;
    let dispose: (() => void) | null = null;
    load()
      .then(({ init: initChart }) => {
        if (disposed) return;
        const chart = initChart(el, undefined, { renderer: 'canvas' });
        chart.setOption(still ? { ...option, animation: false } : option);
        chart.on('click', (event) => clickRef.current?.((event as { data?: unknown }).data));
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
  }, [load, option, still]);

  return (
    <div className="kp-chart" data-testid={testId} data-chart-status={status}>
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
