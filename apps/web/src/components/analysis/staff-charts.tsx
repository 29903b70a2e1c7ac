import { useMemo, type ReactNode } from 'react';
import { Card } from 'antd';
import { funnelSteps, type FunnelStage } from '@kaopei/shared';
import { LazyChart } from '../lazy-chart';
import type {
  CourseAnalysis,
  SectionDropRow,
  StaffGroupRow,
  TrendPoint,
} from '@kaopei/shared/contracts/analysis-staff';
import { oneDecimalText, rateText } from './analysis-format';

const loadSetup = () => import('./staff-chart-setup');

/** Monthly exams (bars), pass rate and score rate (lines, right axis) and 学时 (bars). */
function trendOption(points: readonly TrendPoint[]) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 48, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: points.map((p) => p.month) },
    yAxis: [
      { type: 'value', name: '次数 / 小时', minInterval: 1 },
      { type: 'value', name: '%', max: 100, axisLabel: { formatter: '{value}%' } },
    ],
    series: [
      { name: '考试次数', type: 'bar', data: points.map((p) => p.graded), itemStyle: { color: '#1677ff' } },
      { name: '学时', type: 'bar', data: points.map((p) => p.hours), itemStyle: { color: '#08979c' } },
      {
        name: '通过率',
        type: 'line',
        yAxisIndex: 1,
        data: points.map((p) => p.passRate),
        itemStyle: { color: '#389e0d' },
      },
      {
        name: '平均得分率',
        type: 'line',
        yAxisIndex: 1,
        data: points.map((p) => p.scoreRate),
        itemStyle: { color: '#d46b08' },
      },
    ],
  };
}

export function trendSummary(points: readonly TrendPoint[]): string {
  const active = points.filter((p) => p.graded > 0 || p.hours > 0);
  if (active.length === 0) return '统计期内没有考试或完成的课程。';
  return `按月趋势：${active
    .map(
      (p) =>
        `${p.month} 考试 ${p.graded} 次，通过率 ${rateText(p.passRate)}，得分率 ${rateText(p.scoreRate)}，学时 ${oneDecimalText(p.hours)} 小时`,
    )
    .join('；')}。`;
}

export function TrendChart({
  points,
  title = '按月趋势',
}: {
  points: readonly TrendPoint[];
  title?: string;
}) {
  const option = useMemo(() => trendOption(points), [points]);
  return (
    <Card size="small" title={title}>
      <LazyChart
        load={loadSetup}
        option={option}
        summary={trendSummary(points)}
        height={280}
        testId="analysis-trend"
      />
    </Card>
  );
}

function groupOption(rows: readonly StaffGroupRow[]) {
  const shown = rows.slice(0, 20);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 36, bottom: 64 },
    xAxis: { type: 'category', data: shown.map((r) => r.name), axisLabel: { rotate: 30, interval: 0 } },
    yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        name: '参考率',
        type: 'bar',
        data: shown.map((r) => r.participationRate),
        itemStyle: { color: '#1677ff' },
      },
      { name: '通过率', type: 'bar', data: shown.map((r) => r.passRate), itemStyle: { color: '#389e0d' } },
      {
        name: '平均得分率',
        type: 'bar',
        data: shown.map((r) => r.scoreRate),
        itemStyle: { color: '#d46b08' },
      },
    ],
  };
}

export function GroupChart({ rows, label }: { rows: readonly StaffGroupRow[]; label: string }): ReactNode {
  const option = useMemo(() => groupOption(rows), [rows]);
  const summary =
    rows.length === 0
      ? '没有数据。'
      : `按${label}：${rows
          .slice(0, 20)
          .map((r) => `${r.name} 参考率 ${rateText(r.participationRate)}，通过率 ${rateText(r.passRate)}`)
          .join('；')}。`;
  return (
    <Card size="small" title={`各${label}考试参与与通过`}>
      <LazyChart
        load={loadSetup}
        option={option}
        summary={summary}
        height={300}
        testId="analysis-groups-chart"
      />
    </Card>
  );
}

export function FunnelChartCard({ funnel }: { funnel: CourseAnalysis['funnel'] }): ReactNode {
  const steps = useMemo(() => funnelSteps(funnel as Record<FunnelStage, number>), [funnel]);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}：{c} 人' },
      color: ['#1677ff', '#08979c', '#d46b08', '#389e0d'],
      series: [
        {
          name: '完成漏斗',
          type: 'funnel',
          sort: 'none',
          left: '10%',
          width: '80%',
          minSize: '10%',
          label: { show: true, position: 'inside', formatter: '{b} {c}', color: '#fff' },
          data: steps.map((s) => ({ name: s.label, value: s.count })),
        },
      ],
    }),
    [steps],
  );
  const summary = `完成漏斗：${steps
    .map((s) => `${s.label} ${s.count} 人（占报名 ${rateText(s.ofEnrolled)}）`)
    .join('，')}。`;
  return (
    <Card size="small" title="完成漏斗">
      <LazyChart load={loadSetup} option={option} summary={summary} height={260} testId="analysis-funnel" />
      <p className="kp-analysis-summary" data-testid="analysis-funnel-text">
        {summary}
      </p>
    </Card>
  );
}

export function SectionDropChart({ sections }: { sections: readonly SectionDropRow[] }): ReactNode {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 48, right: 24, top: 36, bottom: 64 },
      xAxis: {
        type: 'category',
        data: sections.map((s) => s.title),
        axisLabel: { rotate: 30, interval: 0 },
      },
      yAxis: { type: 'value', name: '人数', minInterval: 1 },
      series: [
        {
          name: '学到此节',
          type: 'bar',
          data: sections.map((s) => s.reached),
          itemStyle: { color: '#1677ff' },
        },
        {
          name: '完成此节',
          type: 'bar',
          data: sections.map((s) => s.completedCount),
          itemStyle: { color: '#389e0d' },
        },
        {
          name: '停在此节',
          type: 'line',
          data: sections.map((s) => s.stoppedHere),
          itemStyle: { color: '#cf1322' },
        },
      ],
    }),
    [sections],
  );
  const worst = [...sections].sort((a, b) => b.stoppedHere - a.stoppedHere)[0];
  const summary =
    sections.length === 0
      ? '课程还没有小节。'
      : `各小节学习人数与流失。停留最多的小节：${worst?.title ?? '—'}（${worst?.stoppedHere ?? 0} 人）。`;
  return (
    <Card size="small" title="各小节流失">
      <LazyChart
        load={loadSetup}
        option={option}
        summary={summary}
        height={280}
        testId="analysis-sections-chart"
      />
    </Card>
  );
}

export function RatingChart({ counts, months }: { counts: number[]; months: CourseAnalysis['months'] }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: [
        { left: 40, right: '55%', top: 36, bottom: 32 },
        { left: '55%', right: 16, top: 36, bottom: 32 },
      ],
      xAxis: [
        { type: 'category', gridIndex: 0, data: ['1 星', '2 星', '3 星', '4 星', '5 星'] },
        { type: 'category', gridIndex: 1, data: months.map((m) => m.month.slice(2)) },
      ],
      yAxis: [
        { type: 'value', gridIndex: 0, minInterval: 1 },
        { type: 'value', gridIndex: 1, minInterval: 1 },
      ],
      series: [
        { name: '评价数', type: 'bar', data: counts, itemStyle: { color: '#d46b08' } },
        {
          name: '报名',
          type: 'line',
          xAxisIndex: 1,
          yAxisIndex: 1,
          data: months.map((m) => m.enrolled),
          itemStyle: { color: '#1677ff' },
        },
        {
          name: '完成',
          type: 'line',
          xAxisIndex: 1,
          yAxisIndex: 1,
          data: months.map((m) => m.completed),
          itemStyle: { color: '#389e0d' },
        },
      ],
    }),
    [counts, months],
  );
  const summary = `评分分布：${counts.map((n, i) => `${i + 1} 星 ${n} 条`).join('，')}。近 12 个月报名 ${months.reduce(
    (n, m) => n + m.enrolled,
    0,
  )} 人，完成 ${months.reduce((n, m) => n + m.completed, 0)} 人。`;
  return (
    <Card size="small" title="评分分布与按月报名 / 完成">
      <LazyChart
        load={loadSetup}
        option={option}
        summary={summary}
        height={260}
        testId="analysis-ratings-chart"
      />
    </Card>
  );
}
