import { useMemo, type ReactNode } from 'react';
import { Card } from 'antd';
import { LazyChart } from '../../../components/lazy-chart';
import type { TargetByDepartment, TargetTrend } from '../api';
import { percentText } from '../target-format';

const loadSetup = () => import('./target-chart-setup');

/** Series colours (WCAG AA contrast against white for the legend's text is the legend's own). */
const LEVEL_PALETTE = ['#cf1322', '#d46b08', '#1677ff', '#08979c', '#389e0d'];

function trendOption(trend: TargetTrend) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: trend.points.map((p) => p.date.slice(5)) },
    yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
    series: [
      { name: '平均达成率', type: 'line', data: trend.points.map((p) => p.averagePercent), smooth: true },
      { name: '达标人数占比', type: 'line', data: trend.points.map((p) => p.reachedRate), smooth: true },
    ],
  };
}

/** The trend in words for screen readers (and when the chart cannot load). */
export function trendSummary(trend: TargetTrend): string {
  const last = trend.points.at(-1);
  if (!last) return '目标周期尚未开始，暂无达成数据。';
  const step = trend.stepDays === 1 ? '按日' : '按周';
  return `${step}累计，共 ${trend.peopleCount} 人。截至 ${last.date}，平均达成率 ${percentText(
    last.averagePercent,
  )}，达标人数占比 ${percentText(last.reachedRate)}。`;
}

function departmentOption(data: TargetByDepartment) {
  const rows = data.departments.slice(0, 30);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 36, bottom: 64 },
    xAxis: { type: 'category', data: rows.map((d) => d.name), axisLabel: { rotate: 30, interval: 0 } },
    yAxis: { type: 'value', name: '人数', minInterval: 1 },
    series: data.levels.map((level, index) => ({
      name: level.name,
      type: 'bar',
      stack: 'levels',
      itemStyle: { color: LEVEL_PALETTE[index === data.levels.length - 1 ? 4 : index] },
      data: rows.map((d) => d.levelCounts[index] ?? 0),
    })),
  };
}

export function departmentSummary(data: TargetByDepartment): string {
  if (data.departments.length === 0) return '目标范围内没有人员。';
  const parts = data.departments.slice(0, 10).map((d) => {
    const levels = data.levels.map((l, i) => `${l.name} ${d.levelCounts[i] ?? 0} 人`).join('、');
    return `${d.name}：${d.peopleCount} 人，平均达成率 ${percentText(d.averagePercent)}，${levels}`;
  });
  const more = data.departments.length > 10 ? `；另有 ${data.departments.length - 10} 个部门` : '';
  return `各部门等级人数。${parts.join('；')}${more}。`;
}

export function TrendChart({ trend }: { trend: TargetTrend }): ReactNode {
  const option = useMemo(() => trendOption(trend), [trend]);
  return (
    <Card size="small" title="达成趋势">
      <LazyChart
        load={loadSetup}
        option={option}
        summary={trendSummary(trend)}
        height={280}
        testId="target-trend-chart"
      />
    </Card>
  );
}

export function DepartmentChart({ data }: { data: TargetByDepartment }): ReactNode {
  const option = useMemo(() => departmentOption(data), [data]);
  return (
    <Card size="small" title="各部门等级分布">
      <LazyChart
        load={loadSetup}
        option={option}
        summary={departmentSummary(data)}
        height={280}
        testId="target-department-chart"
      />
    </Card>
  );
}
