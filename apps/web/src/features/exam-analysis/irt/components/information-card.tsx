import { useMemo, useState, type ReactNode } from 'react';
import { Card, Empty, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PageError } from '../../../../app/page-states';
import { fetchPaperInformation, irtKeys, type AnalysisOptions, type PaperInformation } from '../api';
import { fixed, informationPeak } from '../irt-rules';
import { IrtChart } from './irt-chart';
import type { EChartsCoreOption } from './echarts-setup';

function informationOption(info: PaperInformation): EChartsCoreOption {
  return {
    grid: { left: 48, right: 24, top: 24, bottom: 40 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: { data: [number, number] }[]) => {
        const [theta, information] = params[0]?.data ?? [0, 0];
        const se = information > 0 ? fixed(1 / Math.sqrt(information)) : '—';
        return `能力 θ = ${fixed(theta, 1)}<br/>测验信息量 ${fixed(information)}<br/>能力估计标准误约 ${se}`;
      },
    },
    xAxis: { type: 'value', name: '能力 θ', nameLocation: 'middle', nameGap: 26, min: -4, max: 4 },
    yAxis: { type: 'value', name: '信息量' },
    series: [
      {
        name: '测验信息量',
        type: 'line',
        showSymbol: false,
        areaStyle: { opacity: 0.15 },
        data: info.points.map((p) => [p.theta, p.information]),
      },
    ],
  };
}

/** The test information curve of a chosen paper (its calibrated questions). */
export function InformationCard({ papers }: { papers: AnalysisOptions['papers'] }): ReactNode {
  const [paperId, setPaperId] = useState<number | null>(null);
  const info = useQuery({
    queryKey: irtKeys.information(paperId ?? 0),
    queryFn: () => fetchPaperInformation(paperId ?? 0),
    enabled: paperId !== null,
  });
  const option = useMemo(() => (info.data ? informationOption(info.data) : null), [info.data]);
  const peak = info.data ? informationPeak(info.data.points) : null;
  return (
    <Card
      title="试卷测验信息曲线"
      size="small"
      extra={
        <Select
          aria-label="试卷"
          placeholder="选择试卷"
          showSearch
          optionFilterProp="label"
          style={{ width: 220, maxWidth: '60vw' }}
          value={paperId ?? undefined}
          onChange={setPaperId}
          options={papers.map((p) => ({ value: p.id, label: p.name }))}
        />
      }
    >
      {info.isError ? <PageError onRetry={() => void info.refetch()} /> : null}
      {info.data && option && peak ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            共 {info.data.questionCount} 题，其中 {info.data.calibratedCount} 题已校准（只有它们计入曲线）。
            {peak.information > 0
              ? ` 在能力 ${fixed(peak.theta, 1)} 附近测得最准：信息量 ${fixed(peak.information)}，标准误约 ${fixed(peak.se ?? 0)}。`
              : ''}
          </Typography.Text>
          <IrtChart option={option} testId="information-chart" summary="试卷测验信息曲线：信息量随能力变化" />
        </Space>
      ) : paperId === null ? (
        <Empty description="选择一份试卷，查看它在各能力水平上的测量精度" />
      ) : null}
    </Card>
  );
}
