import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import { MAX_ABILITY_LEVEL } from '@kaopei/shared';
import type { PortrayalAbility } from '../api';

/** Effective levels against the post's required levels. ECharts is loaded on first use. */
export function AbilityRadar({ abilities }: { abilities: PortrayalAbility[] }): ReactNode {
  const containerRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return undefined;
    let disposed = false;
    let dispose: (() => void) | null = null;
    import('./echarts-radar-setup')
      .then(({ init }) => {
        if (disposed) return;
        const chart = init(el, undefined, { renderer: 'canvas' });
        chart.setOption({
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
  }, [abilities]);

  const summary = abilities
    .map((a) => `${a.name}：当前 ${a.level ?? '未测评'}，要求 ${a.requiredLevel} 级`)
    .join('；');
  return (
    <div className="kp-portrait__radar">
      <div
        ref={containerRef}
        className="kp-portrait__canvas"
        role="img"
        aria-label={`能力雷达图。${summary}`}
      />
      {status === 'loading' ? (
        <div className="kp-portrait__overlay">
          <Spin />
        </div>
      ) : null}
      {status === 'error' ? <p className="kp-portrait__overlay">图表加载失败：{summary}</p> : null}
    </div>
  );
}
