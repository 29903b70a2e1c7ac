import { describe, expect, it } from 'vitest';
import {
  blankAnchors,
  evenWeights,
  formatMinutes,
  knowledgeNames,
  knowledgeTreeOptions,
  weightState,
} from './ability-rules';

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

describe('ability rules at their edges', () => {
  it('starts every anchor without a behaviour', () => {
    expect(blankAnchors().every((anchor) => anchor.behaviour === '')).toBe(true);
  });

  it('counts a weight not yet typed, or not a number, as 0', () => {
    expect(weightState([60, null, undefined, Number.NaN, 40]).total).toBe(100);
    expect(weightState([60, '40' as never]).total).toBe(60);
  });

  it('splits nothing over no abilities, and writes an hour as hours', () => {
    expect(evenWeights(0)).toEqual([]);
    expect(evenWeights(1)).toEqual([100]);
    expect(formatMinutes(59)).toBe('59 分钟');
    expect(formatMinutes(60)).toBe('1 小时');
  });

  it('offers the knowledge tree as tree-select options', () => {
    expect(
      knowledgeTreeOptions([{ id: 1, name: '安全', children: [{ id: 2, name: '消防', children: [] }] }]),
    ).toEqual([
      {
        title: '安全',
        value: 1,
        key: 1,
        children: [{ title: '消防', value: 2, key: 2, children: [] }],
      },
    ]);
  });
});
