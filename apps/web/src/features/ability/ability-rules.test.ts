import { describe, expect, it } from 'vitest';
import { blankAnchors, evenWeights, formatMinutes, knowledgeNames, weightState } from './ability-rules';

describe('ability rules', () => {
  it('starts five anchors in order with the default names', () => {
    expect(blankAnchors().map((a) => [a.level, a.name])).toEqual([
      [1, '入门'],
      [2, '初级'],
      [3, '中级'],
      [4, '高级'],
      [5, '专家'],
    ]);
  });

  it('totals weights and names the problem until they sum to 100', () => {
    expect(weightState([60, 30])).toEqual({ total: 90, problem: '能力权重合计必须为 100%，当前为 90%' });
    expect(weightState([60, null])).toMatchObject({ total: 60 });
    expect(weightState([60, 40])).toEqual({ total: 100, problem: null });
    expect(weightState([])).toEqual({ total: 0, problem: null });
  });

  it('splits 100 evenly in whole percents', () => {
    expect(evenWeights(3)).toEqual([34, 33, 33]);
    expect(evenWeights(4)).toEqual([25, 25, 25, 25]);
    expect(evenWeights(0)).toEqual([]);
  });

  it('formats minutes and collects knowledge names', () => {
    expect(formatMinutes(45)).toBe('45 分钟');
    expect(formatMinutes(120)).toBe('2 小时');
    expect(formatMinutes(95)).toBe('1 小时 35 分钟');
    const names = knowledgeNames([
      { id: 1, name: 'Java', children: [{ id: 2, name: '集合', children: [] }] },
    ]);
    expect(names.get(2)).toBe('集合');
  });
});
