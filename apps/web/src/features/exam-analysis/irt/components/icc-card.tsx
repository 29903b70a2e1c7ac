import { useMemo, type ReactNode } from 'react';
import { Card, Empty, Typography } from 'antd';
import type { CalibrationRow } from '../api';
import { fixed, iccSeries } from '../irt-rules';
import { IrtChart } from './irt-chart';
import type { EChartsCoreOption } from './echarts-setup';

function iccOption(row: CalibrationRow): EChartsCoreOption {
  const series = iccSeries(row.a, row.b);
  return {
    grid: { left: 48, right: 48, top: 40, bottom: 40 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number) => fixed(value, 3),
    },
    xAxis: { type: 'value', name: '能力 θ', nameLocation: 'middle', nameGap: 26, min: -4, max: 4 },
    yAxis: [
      { type: 'value', name: '答对概率', min: 0, max: 1 },
      { type: 'value', name: '信息量', splitLine: { show: false } },
    ],
    series: [
      {
        name: '答对概率 P(θ)',
        type: 'line',
        showSymbol: false,
        data: series.map((p) => [p.theta, p.p]),
      },
      {
        name: '题目信息量 I(θ)',
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        lineStyle: { type: 'dashed' },
        data: series.map((p) => [p.theta, p.information]),
      },
    ],
  };
}

/** The item characteristic curve (and item information) of the chosen question. */
export function IccCard({ row }: { row: CalibrationRow | null }): ReactNode {
  const option = useMemo(() => (row ? iccOption(row) : null), [row]);
  return (
    <Card title="题目特征曲线（ICC）" size="small">
      {row && option ? (
        <>
          <Typography.Paragraph type="secondary">
            {row.stem.slice(0, 60)}：能力为 {fixed(row.b)} 的考生答对概率为 50%；曲线越陡（a = {fixed(row.a)}
            ）越能区分该能力附近的考生。
          </Typography.Paragraph>
          <IrtChart
            option={option}
            testId="icc-chart"
            summary={`试题特征曲线：区分度 ${fixed(row.a)}，难度 ${fixed(row.b)}`}
          />
        </>
      ) : (
        <Empty description="在上表中点选一道题查看它的特征曲线" />
      )}
    </Card>
  );
}
