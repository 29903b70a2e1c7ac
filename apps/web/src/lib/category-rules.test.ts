import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '@kaopei/shared/contracts/paper-category';
import { categoryOptions, categoryPath, findCategory, subtreeIds } from './category-rules';

const node = (id: number, name: string, parentId: number, below: CategoryNode[] = []): CategoryNode => ({
  id,
  categoryId: id,
  name,
  parentId,
  sort: 0,
  published: true,
  categoryTreeVOS: below,
});

// 全部分类 (0) → 安全 (1) → 消防 (2), 用电 (3); 全部分类 → 管理 (4)
const tree = [
  node(0, '全部分类', 0, [node(1, '安全', 0, [node(2, '消防', 1), node(3, '用电', 1)]), node(4, '管理', 0)]),
];

describe('paper category rules', () => {
  it('finds a category at any depth, the root by 0, and nothing for an unknown id', () => {
    expect(findCategory(tree, 0)?.name).toBe('全部分类');
    expect(findCategory(tree, 3)?.name).toBe('用电');
    expect(findCategory(tree, 4)?.name).toBe('管理');
    expect(findCategory(tree, 99)).toBeUndefined();
  });

  it('collects a category and everything below it', () => {
    const safety = findCategory(tree, 1);
    if (!safety) throw new Error('missing');
    expect(subtreeIds(safety)).toEqual([1, 2, 3]);
    expect(subtreeIds(node(5, '空', 0))).toEqual([5]);
  });

  it('offers every category as a tree, without a category and its descendants when it is moving', () => {
    expect(categoryOptions(tree)).toEqual([
      {
        label: '全部分类',
        value: 0,
        children: [
          {
            label: '安全',
            value: 1,
            children: [
              { label: '消防', value: 2 },
              { label: '用电', value: 3 },
            ],
          },
          { label: '管理', value: 4 },
        ],
      },
    ]);
    // Moving 安全: neither it nor 消防/用电 can be its new parent; the root always can.
    expect(categoryOptions(tree, [0, 1, 2, 3])).toEqual([
      { label: '全部分类', value: 0, children: [{ label: '管理', value: 4 }] },
    ]);
  });

  it('names the path from the root down to a category', () => {
    expect(categoryPath(tree, 2)).toEqual(['全部分类', '安全', '消防']);
    expect(categoryPath(tree, 4)).toEqual(['全部分类', '管理']);
    expect(categoryPath(tree, 0)).toEqual(['全部分类']);
    expect(categoryPath(tree, 99)).toEqual([]);
  });
});
