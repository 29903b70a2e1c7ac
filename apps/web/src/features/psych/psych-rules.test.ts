import { describe, expect, it } from 'vitest';
import { scaleDefinitionSchema, type GroupView, type ScaleDetail } from '@kaopei/shared/contracts/psych';
import {
  EMPTY_SCALE,
  groupChartOption,
  groupChartSummary,
  progressOf,
  scaleEditPath,
  scorePercent,
  scoreText,
  splitOptions,
  toFormValues,
  toScaleBody,
  type ScaleFormValues,
} from './psych-rules';

const form: ScaleFormValues = {
  name: '外向性简表',
  optionText: '很不符合, 不符合，一般/符合  很符合',
  dimensions: [
    {
      key: 'E',
      name: '外向性',
      method: 'mean',
      normMean: 3,
      normSd: 0.5,
      levels: [
        { min: 1, max: 2.5, label: '偏低' },
        { min: 2.6, max: 5, label: '偏高', interpretation: '乐于交往' },
      ],
    },
  ],
  items: [
    { stem: '我是聚会的中心', dimension: 'E' },
    { stem: '我话不多', dimension: 'E', reverse: true },
  ],
};

const score = {
  key: 'E',
  name: '外向性',
  method: 'sum' as const,
  score: 32,
  min: 10,
  max: 50,
  itemCount: 10,
  tScore: null,
  percentile: null,
  level: '中等',
  interpretation: null,
};

describe('psych rules: the scale form', () => {
  it('splits option labels typed on one line at every separator people use', () => {
    expect(splitOptions('很不符合, 不符合，一般/符合  很符合')).toEqual([
      '很不符合',
      '不符合',
      '一般',
      '符合',
      '很符合',
    ]);
    expect(splitOptions('')).toEqual([]);
    expect(splitOptions(' 、 ')).toEqual([]);
  });

  it('turns the form into a definition the shared contract accepts, numbering items and keeping reverse keys', () => {
    const body = toScaleBody(form);
    expect(body.definition.points).toBe(5);
    expect(body.definition.items).toEqual([
      { no: 1, stem: '我是聚会的中心', dimension: 'E', reverse: false },
      { no: 2, stem: '我话不多', dimension: 'E', reverse: true },
    ]);
    expect(body.definition.dimensions[0]!.norm).toEqual({ mean: 3, sd: 0.5 });
    expect(body.definition.dimensions[0]!.levels[0]!.interpretation).toBe('');
    expect(scaleDefinitionSchema.safeParse(body.definition).success).toBe(true);
  });

  it('sends no norm unless both mean and standard deviation are given', () => {
    const half = { ...form, dimensions: [{ ...form.dimensions[0]!, normSd: null }] };
    expect(toScaleBody(half).definition.dimensions[0]!.norm).toBeNull();
  });

  it('round-trips a stored scale through the form unchanged', () => {
    const body = toScaleBody(form);
    const stored = {
      scaleId: 7,
      name: body.name,
      description: null,
      instructions: null,
      source: null,
      definition: body.definition,
    } as unknown as ScaleDetail;
    const again = toScaleBody(toFormValues(stored));
    expect(again.definition).toEqual(body.definition);
    expect(toFormValues(stored).optionText).toBe('很不符合、不符合、一般、符合、很符合');
  });

  it('starts a new scale with five Likert labels and one dimension', () => {
    expect(splitOptions(EMPTY_SCALE.optionText)).toHaveLength(5);
    expect(EMPTY_SCALE.dimensions).toHaveLength(1);
    expect(scaleEditPath()).toBe('/manage/pmt/edit');
    expect(scaleEditPath(12)).toBe('/manage/pmt/edit?scaleId=12');
  });
});

describe('psych rules: scores and progress', () => {
  it('says a score with its level, and its T score when there is a norm', () => {
    expect(scoreText(score)).toBe('32（中等）');
    expect(scoreText({ ...score, tScore: 62, level: null })).toBe('32 · T 62');
  });

  it('places the score in its range, at both ends and for a degenerate range', () => {
    expect(scorePercent(score)).toBe(55);
    expect(scorePercent({ ...score, score: 10 })).toBe(0);
    expect(scorePercent({ ...score, score: 50 })).toBe(100);
    expect(scorePercent({ score: 3, min: 3, max: 3 })).toBe(0);
  });

  it('counts answered items and points at the first one missing', () => {
    const answers = new Map([
      [1, 4],
      [3, 2],
    ]);
    expect(progressOf([1, 2, 3, 4], answers)).toEqual({ done: 2, total: 4, percent: 50, firstMissing: 2 });
    expect(progressOf([1, 3], answers)).toEqual({ done: 2, total: 2, percent: 100, firstMissing: null });
    expect(progressOf([], answers)).toEqual({ done: 0, total: 0, percent: 0, firstMissing: null });
  });
});

describe('psych rules: the group view', () => {
  const dept = (name: string, count: number, mean: number) => ({
    name,
    count,
    dimensions: [{ key: 'E', mean, levels: [] }],
  });
  const view = {
    dimensions: [
      { key: 'E', name: '外向性', min: 10, max: 50 },
      { key: 'A', name: '宜人性', min: 10, max: 50 },
    ],
    responseCount: 12,
    overall: dept('全体', 12, 31),
    departments: [dept('研发部', 7, 28)],
    hidden: 0,
  } as unknown as GroupView;

  it('draws one bar series per group, the overall first, with 0 for a dimension a group lacks', () => {
    const option = groupChartOption(view) as { series: { name: string; data: number[] }[] };
    expect(option.series.map((s) => s.name)).toEqual(['全体（12 人）', '研发部（7 人）']);
    expect(option.series[1]!.data).toEqual([28, 0]);
  });

  it('says the chart in words, or why there is none', () => {
    expect(groupChartSummary(view)).toBe('全体：外向性 31，宜人性 0；研发部：外向性 28，宜人性 0');
    expect(groupChartSummary({ ...view, overall: null, departments: [] })).toBe('人数不足，不显示群体结果');
  });
});

describe('psych rules: the texts of a scale', () => {
  it('keeps the description, instructions, source and a dimension’s description and norm both ways', () => {
    const described: ScaleFormValues = {
      ...form,
      description: '五点量表',
      instructions: '请按第一感觉作答',
      source: 'IPIP',
      dimensions: form.dimensions?.map((d) => ({ ...d, description: '与人交往的倾向' })),
      optionText: ' 否 、 是 ',
    };
    const body = toScaleBody(described);
    expect(body).toMatchObject({ description: '五点量表', instructions: '请按第一感觉作答', source: 'IPIP' });
    expect(body.definition.optionLabels).toEqual(['否', '是']);
    expect(body.definition.dimensions[0]).toMatchObject({
      description: '与人交往的倾向',
      norm: { mean: 3, sd: 0.5 },
    });
    const stored = { scaleId: 7, ...body } as unknown as ScaleDetail;
    expect(toFormValues(stored).dimensions?.[0]).toMatchObject({
      description: '与人交往的倾向',
      normMean: 3,
      normSd: 0.5,
    });
    // A form whose lists were never touched has them unset.
    expect(toScaleBody({ name: '空' } as ScaleFormValues).definition).toMatchObject({
      points: 0,
      dimensions: [],
      items: [],
    });
  });
});
