import { describe, expect, it } from 'vitest';
import type { TagRow } from './api';
import { HEX_COLOR, tagChanges } from './tag-rules';

const tag: TagRow = {
  tagId: 1,
  type: 4,
  typeLabel: '用户',
  name: '骨干',
  color: '#1677ff',
  description: null,
  usageCount: 0,
  createdAt: 0,
  updatedAt: 0,
};

describe('tag rules', () => {
  it('reports only what an inline edit changed, trimmed', () => {
    expect(tagChanges(tag, { ...tag })).toEqual({});
    expect(tagChanges(tag, { ...tag, name: ' 骨干 ', color: '#1677FF', description: '  ' })).toEqual({});
    expect(tagChanges(tag, { ...tag, name: ' 核心 ', color: '#FA541C', description: ' 重点培养 ' })).toEqual({
      name: '核心',
      color: '#fa541c',
      description: '重点培养',
    });
    expect(tagChanges({ ...tag, description: '旧' }, { ...tag, description: '' })).toEqual({
      description: null,
    });
  });

  it('accepts hex colours only', () => {
    for (const ok of ['#abc', '#AABBCC', '#aabbccdd']) expect(HEX_COLOR.test(ok)).toBe(true);
    for (const bad of ['red', '#ab', '#abcd', 'aabbcc', '#gggggg']) expect(HEX_COLOR.test(bad)).toBe(false);
  });
});
