import { describe, expect, it } from 'vitest';
import type { DepartmentNode } from './api';
import { allIds, departmentDrop, filterTree, idsToDepth } from './department-tree-rules';

const node = (
  departmentId: number,
  name: string,
  parentId: number | null,
  children: DepartmentNode[] = [],
): DepartmentNode => ({
  departmentId,
  name,
  parentId,
  sort: 0,
  staffCount: 0,
  ownStaffCount: 0,
  children,
});

const tree: DepartmentNode[] = [
  node(1, '技术部', null, [node(2, '研发组', 1, [node(4, '前端', 2)]), node(3, '测试组', 1)]),
  node(5, '市场部', null),
];
const [tech, market] = tree as [DepartmentNode, DepartmentNode];
const [dev, qa] = tech.children as [DepartmentNode, DepartmentNode];

describe('department tree rules', () => {
  it('keeps matching departments with their ancestors and whole subtrees', () => {
    expect(filterTree(tree, '研发').map((d) => [d.name, d.children.map((c) => c.name)])).toEqual([
      ['技术部', ['研发组']],
    ]);
    expect(filterTree(tree, '技术')[0]?.children).toHaveLength(2);
    expect(filterTree(tree, '')).toHaveLength(2);
  });

  it('lists all ids, and the ids to expand down to a depth', () => {
    expect(allIds(tree)).toEqual([1, 2, 4, 3, 5]);
    expect(idsToDepth(tree, 1)).toEqual([1]);
    expect(idsToDepth(tree, 2)).toEqual([1, 2]);
  });

  it('puts a department dropped into another last under it', () => {
    expect(departmentDrop(tree, market, qa, true, false)).toEqual({
      departmentId: 5,
      parentId: 3,
      sort: undefined,
    });
  });

  it('places a department dropped between others among those siblings', () => {
    expect(departmentDrop(tree, market, qa, false, true)).toEqual({ departmentId: 5, parentId: 1, sort: 1 });
    expect(departmentDrop(tree, market, qa, false, false)).toEqual({ departmentId: 5, parentId: 1, sort: 2 });
    // Moving within its own siblings does not count itself.
    expect(departmentDrop(tree, dev, qa, false, false)).toEqual({ departmentId: 2, parentId: 1, sort: 1 });
  });
});
