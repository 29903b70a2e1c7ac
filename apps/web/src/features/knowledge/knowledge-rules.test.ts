import { describe, expect, it } from 'vitest';
import type { KnowledgeNode } from './api';
import { dropPlacement, filterTree, findNode, nodePath, typeCountText } from './knowledge-rules';

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
});
