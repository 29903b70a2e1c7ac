import { describe, expect, it } from 'vitest';
import {
  keyedValue,
  levelDistribution,
  levelOf,
  scaleProblems,
  scoreScale,
  summariseGroups,
  unansweredItems,
  type ScaleDefinition,
} from './psych';
import { IPIP50_DEFINITION } from './psych-ipip50';

/** Two dimensions: A (sum of items 1, 2r, 3) and B (mean of items 4r, 5), 5 points, B normed 3 ± 0.5. */
const small: ScaleDefinition = {
  points: 5,
  optionLabels: ['1', '2', '3', '4', '5'],
  dimensions: [
    {
      key: 'A',
      name: '甲',
      method: 'sum',
      levels: [
        { min: 3, max: 7, label: '低', interpretation: '甲低' },
        { min: 8, max: 11, label: '中', interpretation: '甲中' },
        { min: 12, max: 15, label: '高', interpretation: '甲高' },
      ],
    },
    {
      key: 'B',
      name: '乙',
      method: 'mean',
      norm: { mean: 3, sd: 0.5 },
      levels: [
        { min: 1, max: 2.5, label: '低', interpretation: '乙低' },
        { min: 2.6, max: 5, label: '高', interpretation: '乙高' },
      ],
    },
  ],
  items: [
    { no: 1, stem: '一', dimension: 'A', reverse: false },
    { no: 2, stem: '二', dimension: 'A', reverse: true },
    { no: 3, stem: '三', dimension: 'A', reverse: false },
    { no: 4, stem: '四', dimension: 'B', reverse: true },
    { no: 5, stem: '五', dimension: 'B', reverse: false },
  ],
};

describe('keyed values', () => {
  it('reverse keys count points + 1 − answer', () => {
    expect(keyedValue(1, 5, true)).toBe(5);
    expect(keyedValue(2, 5, true)).toBe(4);
    expect(keyedValue(4, 7, true)).toBe(4);
    expect(keyedValue(2, 5, false)).toBe(2);
  });
});

describe('scoreScale on hand-computed cases', () => {
  it('sums with a reverse key and averages with a norm', () => {
    // A = 4 + (6 − 1) + 3 = 12 → 高; B = mean((6 − 2), 5) = 4.5 → 高, z = 3, T = 80, percentile 99.9.
    const [a, b] = scoreScale(small, { 1: 4, 2: 1, 3: 3, 4: 2, 5: 5 });
    expect(a).toMatchObject({
      score: 12,
      min: 3,
      max: 15,
      level: '高',
      interpretation: '甲高',
      tScore: null,
    });
    expect(b).toMatchObject({ score: 4.5, min: 1, max: 5, level: '高', tScore: 80, percentile: 99.9 });
  });
  it('reads the lowest and the middle band, and a mean in a gap takes the lower band', () => {
    // A = 1 + (6 − 5) + 1 = 3 → 低; B = mean((6 − 4), 3) = 2.5 → 低, z = −1, T = 40, percentile 15.9.
    const [a, b] = scoreScale(small, { 1: 1, 2: 5, 3: 1, 4: 4, 5: 3 });
    expect(a).toMatchObject({ score: 3, level: '低' });
    expect(b).toMatchObject({ score: 2.5, level: '低', tScore: 40, percentile: 15.9 });
    expect(levelOf(small.dimensions[1]?.levels ?? [], 2.55)?.label).toBe('低');
    expect(levelOf(small.dimensions[1]?.levels ?? [], 5.5)).toBeNull();
  });
  it('refuses unanswered items, naming them', () => {
    expect(unansweredItems(small, { 1: 1, 2: 6, 3: 0 })).toEqual([2, 3, 4, 5]);
    expect(() => scoreScale(small, { 1: 1 })).toThrow('第 2、3、4、5 题未作答');
  });
});

describe('IPIP 50 (Goldberg 1992) published keying', () => {
  it('has ten items per factor and the published reverse keys', () => {
    expect(scaleProblems(IPIP50_DEFINITION)).toEqual([]);
    const reversed = (key: string) =>
      IPIP50_DEFINITION.items.filter((i) => i.dimension === key && i.reverse).map((i) => i.no);
    expect(reversed('E')).toEqual([6, 16, 26, 36, 46]);
    expect(reversed('A')).toEqual([2, 12, 22, 32]);
    expect(reversed('C')).toEqual([8, 18, 28, 38]);
    expect(reversed('S')).toEqual([4, 14, 24, 29, 34, 39, 44, 49]);
    expect(reversed('O')).toEqual([10, 20, 30]);
  });
  it('scores an all-5 answer sheet by hand', () => {
    const all5 = Object.fromEntries(IPIP50_DEFINITION.items.map((i) => [i.no, 5]));
    const scores = Object.fromEntries(scoreScale(IPIP50_DEFINITION, all5).map((s) => [s.key, s.score]));
    // Each factor: 5 × (positive items) + 1 × (reversed items).
    expect(scores).toEqual({ E: 5 * 5 + 5, A: 6 * 5 + 4, C: 6 * 5 + 4, S: 2 * 5 + 8, O: 7 * 5 + 3 });
  });
});

describe('scale definition problems', () => {
  it('names overlapping bands, out-of-range bands, unknown dimensions and label counts', () => {
    const bad: ScaleDefinition = {
      ...small,
      optionLabels: ['1', '2'],
      items: [...small.items, { no: 7, stem: '七', dimension: 'Z', reverse: false }],
      dimensions: [
        {
          ...small.dimensions[0]!,
          levels: [
            { min: 3, max: 9, label: '低', interpretation: '' },
            { min: 8, max: 16, label: '高', interpretation: '' },
          ],
        },
        small.dimensions[1]!,
      ],
    };
    const problems = scaleProblems(bad);
    expect(problems).toContain('选项文字应有 5 个（每个分值一个），现有 2 个');
    expect(problems).toContain('第 6 题的题号应为 6');
    expect(problems).toContain('第 6 题的维度「Z」不存在');
    expect(problems).toContain('维度「甲」的等级「高」超出得分范围 3–15');
    expect(problems).toContain('维度「甲」的等级「低」与「高」重叠');
  });
});

describe('group views', () => {
  const levels = small.dimensions[0]!.levels;
  it('counts scores per level band', () => {
    expect(levelDistribution(levels, [3, 8, 12, 15, 11])).toEqual([
      { label: '低', count: 1 },
      { label: '中', count: 2 },
      { label: '高', count: 2 },
    ]);
  });
  it('pools departments under the minimum size and hides a pool still too small', () => {
    const s = (a: number) => ({ A: a, B: 3 });
    const { rows, hidden } = summariseGroups(
      small.dimensions,
      [
        { key: 1, name: '研发部', scores: [s(3), s(9), s(12)] },
        { key: 2, name: '财务部', scores: [s(15)] },
        { key: 3, name: '法务部', scores: [s(8)] },
      ],
      3,
    );
    expect(rows.map((r) => [r.name, r.count, r.dimensions[0]?.mean])).toEqual([['研发部', 3, 8]]);
    expect(hidden).toBe(2);
    const pooled = summariseGroups(
      small.dimensions,
      [
        { key: 2, name: '财务部', scores: [s(15), s(3)] },
        { key: 3, name: '法务部', scores: [s(9)] },
      ],
      3,
    );
    expect(pooled.rows.map((r) => [r.name, r.count, r.dimensions[0]?.mean])).toEqual([
      ['其他部门（合并）', 3, 9],
    ]);
    expect(pooled.hidden).toBe(0);
  });
});
