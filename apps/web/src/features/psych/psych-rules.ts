import type { EChartsCoreOption } from 'echarts/core';
import {
  PMT_MENU,
  type DimensionScoreView,
  type GroupView,
  type ScaleDetail,
} from '@kaopei/shared/contracts/psych';
import type { ScaleBody } from './api';

/** The scale editor: new (no id) or an existing scale. */
export function scaleEditPath(scaleId?: number): string {
  return scaleId ? `/manage/pmt/edit?scaleId=${scaleId}` : '/manage/pmt/edit';
}
export const scaleListPath = PMT_MENU;

/** What the scale editor's form holds: the definition with option labels as one line. */
export interface ScaleFormValues {
  name: string;
  description?: string | null;
  instructions?: string | null;
  source?: string | null;
  optionText: string;
  dimensions: {
    key: string;
    name: string;
    method: 'sum' | 'mean';
    description?: string | null;
    normMean?: number | null;
    normSd?: number | null;
    levels: { min: number; max: number; label: string; interpretation?: string }[];
  }[];
  items: { stem: string; dimension: string; reverse?: boolean }[];
}

/** Option labels typed on one line, split at 、 , ， / or spaces. */
export function splitOptions(text: string): string[] {
  return text
    .split(/[、,，/\s]+/)
    .map((label) => label.trim())
    .filter((label) => label !== '');
}

export function toScaleBody(values: ScaleFormValues): ScaleBody {
  const optionLabels = splitOptions(values.optionText ?? '');
  return {
    name: values.name,
    description: values.description ?? null,
    instructions: values.instructions ?? null,
    source: values.source ?? null,
    definition: {
      points: optionLabels.length,
      optionLabels,
      dimensions: (values.dimensions ?? []).map((d) => ({
        key: d.key,
        name: d.name,
        method: d.method,
        description: d.description ?? null,
        norm: d.normMean != null && d.normSd != null ? { mean: d.normMean, sd: d.normSd } : null,
        levels: (d.levels ?? []).map((l) => ({ ...l, interpretation: l.interpretation ?? '' })),
      })),
      items: (values.items ?? []).map((item, index) => ({
        no: index + 1,
        stem: item.stem,
        dimension: item.dimension,
        reverse: item.reverse ?? false,
      })),
    },
  };
}

export function toFormValues(scale: ScaleDetail): ScaleFormValues {
  const { definition } = scale;
  return {
    name: scale.name,
    description: scale.description,
    instructions: scale.instructions,
    source: scale.source,
    optionText: definition.optionLabels.join('、'),
    dimensions: definition.dimensions.map((d) => ({
      key: d.key,
      name: d.name,
      method: d.method,
      description: d.description ?? null,
      normMean: d.norm?.mean ?? null,
      normSd: d.norm?.sd ?? null,
      levels: d.levels,
    })),
    items: definition.items.map((item) => ({
      stem: item.stem,
      dimension: item.dimension,
      reverse: item.reverse,
    })),
  };
}

export const EMPTY_SCALE: ScaleFormValues = {
  name: '',
  optionText: '非常不符合、比较不符合、不确定、比较符合、非常符合',
  dimensions: [{ key: 'A', name: '', method: 'sum', levels: [] }],
  items: [],
};

/** A score in words: '32（中等）', '3.5 / T 62（偏高）'. */
export function scoreText(score: DimensionScoreView): string {
  const t = score.tScore === null ? '' : ` · T ${score.tScore}`;
  return `${score.score}${t}${score.level ? `（${score.level}）` : ''}`;
}

/** Where the score sits in its range, 0–100, for the bar. */
export function scorePercent(score: Pick<DimensionScoreView, 'score' | 'min' | 'max'>): number {
  if (score.max <= score.min) return 0;
  return Math.round(((score.score - score.min) / (score.max - score.min)) * 100);
}

/** '12 / 50 题', with the first unanswered item (1-based) or null when all are done. */
export function progressOf(itemNos: number[], answers: ReadonlyMap<number, number>) {
  const done = itemNos.filter((no) => answers.has(no)).length;
  const firstMissing = itemNos.find((no) => !answers.has(no)) ?? null;
  return {
    done,
    total: itemNos.length,
    percent: itemNos.length ? Math.round((done / itemNos.length) * 100) : 0,
    firstMissing,
  };
}

/** The group chart: per department, the mean of each dimension as a bar (ECharts option). */
export function groupChartOption(view: GroupView): EChartsCoreOption {
  const groups = [...(view.overall ? [view.overall] : []), ...view.departments];
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 36, bottom: 48 },
    xAxis: { type: 'category', data: view.dimensions.map((d) => d.name) },
    yAxis: { type: 'value', name: '平均分' },
    series: groups.map((group) => ({
      type: 'bar',
      name: `${group.name}（${group.count} 人）`,
      data: view.dimensions.map((d) => group.dimensions.find((x) => x.key === d.key)?.mean ?? 0),
    })),
  };
}

/** The chart in words, for its accessible name. */
export function groupChartSummary(view: GroupView): string {
  const groups = [...(view.overall ? [view.overall] : []), ...view.departments];
  if (groups.length === 0) return '人数不足，不显示群体结果';
  return groups
    .map(
      (group) =>
        `${group.name}：${view.dimensions
          .map((d) => `${d.name} ${group.dimensions.find((x) => x.key === d.key)?.mean ?? 0}`)
          .join('，')}`,
    )
    .join('；');
}
