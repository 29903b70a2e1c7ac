import { describe, expect, it } from 'vitest';
import type { KnowledgeNode } from './api';
import {
  allIds,
  dropPlacement,
  filterTree,
  findNode,
  idsToDepth,
  nodePath,
  siblingsOf,
  typeCountText,
} from './knowledge-rules';

const node = (
  id: number,
  name: string,
  parentId: number | null,
  children: KnowledgeNode[] = [],
): KnowledgeNode => ({
  id,
  name,
  parentId,
  description: null,
  sort: 0,
  questionCount: 0,
  ownQuestionCount: 0,
  typeCounts: {},
  children,
});

const tree = [
  node(1, '数学', null, [node(2, '代数', 1, [node(3, '方程', 2)]), node(4, '几何', 1)]),
  node(5, '语文', null),
];

describe('knowledge rules', () => {
  it('finds nodes and their paths', () => {
    expect(findNode(tree, 3)?.name).toBe('方程');
    expect(nodePath(tree, 3)).toBe('数学/代数/方程');
    expect(nodePath(tree, 99)).toBe('');
  });

  it('filters to matches with their ancestors', () => {
    const filtered = filterTree(tree, '方程');
    expect(filtered.map((n) => n.name)).toEqual(['数学']);
    expect(filtered[0]?.children.map((n) => n.name)).toEqual(['代数']);
    expect(filterTree(tree, '')).toHaveLength(2);
  });

  it('places a drop into a node or next to it', () => {
    const target = findNode(tree, 2);
    if (!target) throw new Error('missing');
    expect(dropPlacement(tree, 5, target, true, false)).toEqual({ id: 5, parentId: 2, sort: 1 });
    expect(dropPlacement(tree, 5, target, false, false)).toEqual({ id: 5, parentId: 1, sort: 0 });
    expect(dropPlacement(tree, 4, target, false, true)).toEqual({ id: 4, parentId: 1, sort: 1 });
  });

  it('describes counts by question type', () => {
    expect(typeCountText({ '1': 2, '0': 1 })).toBe('判断题 1 道，单选题 2 道');
    expect(typeCountText({})).toBe('暂无题目');
  });

  it('finds a node past the first branch, at the root and nowhere', () => {
    expect(findNode(tree, 4)?.name).toBe('几何');
    expect(findNode(tree, 5)?.name).toBe('语文');
    expect(findNode(tree, 99)).toBeUndefined();
    expect(nodePath(tree, 4)).toBe('数学/几何');
  });

  it('lists the siblings under a parent, at the root, and none under an unknown parent', () => {
    expect(siblingsOf(tree, null).map((n) => n.id)).toEqual([1, 5]);
    expect(siblingsOf(tree, 1).map((n) => n.id)).toEqual([2, 4]);
    expect(siblingsOf(tree, 99)).toEqual([]);
  });

  it('filters without regard to case and keeps a matching node whole', () => {
    const mixed = [node(7, 'SQL 基础', null, [node(8, '连接', 7)]), node(9, '网络', null)];
    const filtered = filterTree(mixed, 'sql');
    expect(filtered.map((n) => n.id)).toEqual([7]);
    expect(filtered[0]?.children.map((n) => n.id)).toEqual([8]);
    expect(filterTree(mixed, '不存在')).toEqual([]);
  });

  it('collects every id, and the ids to expand down to a depth', () => {
    expect(allIds(tree)).toEqual([1, 2, 3, 4, 5]);
    expect(allIds([])).toEqual([]);
    // Only nodes with children expand: 数学 at depth 1, 代数 too at depth 2.
    expect(idsToDepth(tree, 1)).toEqual([1]);
    expect(idsToDepth(tree, 2)).toEqual([1, 2]);
    expect(idsToDepth(tree, 0)).toEqual([]);
  });

  it('does not count the dragged node among the places it leaves', () => {
    const parent = findNode(tree, 1);
    const geometry = findNode(tree, 4);
    if (!parent || !geometry) throw new Error('missing');
    // 几何 is already the last child of 数学: dropped into it again, it stays last.
    expect(dropPlacement(tree, 4, parent, true, false)).toEqual({ id: 4, parentId: 1, sort: 1 });
    // 代数 dropped below its sibling 几何: 几何 moves up to 0, 代数 goes after it.
    expect(dropPlacement(tree, 2, geometry, false, true)).toEqual({ id: 2, parentId: 1, sort: 1 });
  });

  it('leaves out the types without questions', () => {
    expect(typeCountText({ '1': 0, '0': 1 })).toBe('判断题 1 道');
    expect(typeCountText({ '1': 0 })).toBe('暂无题目');
  });
});
