import { describe, expect, it } from 'vitest';
import { toTreeOptions, withAllCategoriesRoot, withAllCoursesRoot } from './tree';

interface Category {
  name: string;
  id: number;
  categoryTreeVOS?: Category[];
}

interface MenuNode {
  name: string;
  id: string;
  children?: MenuNode[];
}

describe('toTreeOptions', () => {
  it('maps name, id and categoryTreeVOS recursively and omits empty children', () => {
    const categories: Category[] = [
      {
        name: '编程',
        id: 1,
        categoryTreeVOS: [
          { name: 'Java', id: 2, categoryTreeVOS: [] },
          { name: 'Python', id: 3, categoryTreeVOS: [{ name: '数据分析', id: 4 }] },
        ],
      },
      { name: '管理', id: 5 },
    ];
    expect(toTreeOptions(categories)).toEqual([
      {
        label: '编程',
        value: 1,
        children: [
          { label: 'Java', value: 2 },
          { label: 'Python', value: 3, children: [{ label: '数据分析', value: 4 }] },
        ],
      },
      { label: '管理', value: 5 },
    ]);
  });

  it('uses children when present', () => {
    const nodes: MenuNode[] = [{ name: '根', id: 'a', children: [{ name: '叶', id: 'b', children: [] }] }];
    const options = toTreeOptions(nodes);
    expect(options).toEqual([{ label: '根', value: 'a', children: [{ label: '叶', value: 'b' }] }]);
    expect(Object.hasOwn(options[0]?.children?.[0] ?? {}, 'children')).toBe(false);
  });

  it('falls back to categoryTreeVOS when children is empty', () => {
    const nodes = [{ name: 'x', id: 1, children: [], categoryTreeVOS: [{ name: 'y', id: 2 }] }];
    expect(toTreeOptions(nodes)).toEqual([{ label: 'x', value: 1, children: [{ label: 'y', value: 2 }] }]);
  });

  it('maps an empty list to an empty list', () => {
    expect(toTreeOptions([])).toEqual([]);
  });
});

describe('roots', () => {
  const options = [{ label: 'Java', value: 2 }];

  it('wraps categories under 全部分类', () => {
    expect(withAllCategoriesRoot(options)).toEqual([{ label: '全部分类', value: 0, children: options }]);
  });

  it('wraps courses under 全部课程', () => {
    expect(withAllCoursesRoot(options)).toEqual([{ label: '全部课程', value: 0, children: options }]);
  });

  it('gives a childless root for an empty tree', () => {
    expect(withAllCategoriesRoot([])).toEqual([{ label: '全部分类', value: 0 }]);
  });

  it('does not share the caller array', () => {
    const [root] = withAllCoursesRoot(options);
    expect(root?.children).not.toBe(options);
  });
});
