import { describe, expect, it } from 'vitest';
import type { GrantMenuNode } from './api';
import { collectIds, conduct, expandGrant, mergeTreeCheck, sameIds, uniqueRoots } from './grant-tree';

const node = (
  id: number,
  children: GrantMenuNode[] = [],
  permissionIndex: number | null = null,
): GrantMenuNode => ({
  id,
  parentId: null,
  name: `菜单${id}`,
  icon: null,
  url: children.length === 0 ? `/manage/m${id}` : null,
  modes: [],
  permissionIndex,
  children,
});

// 100 (leaf); 1100 → 1101, 1102, 1103; 900 → 910 → 911, 912
const system = node(1100, [node(1101), node(1102), node(1103)], 3);
const analysis = node(900, [node(910, [node(911), node(912)])]);
const roots = [node(100), system, analysis];

describe('grant tree rules', () => {
  it('collects every id', () => {
    expect([...collectIds(roots)].sort((a, b) => a - b)).toEqual([
      100, 900, 910, 911, 912, 1100, 1101, 1102, 1103,
    ]);
  });

  it('expands a granted node to its subtree', () => {
    expect([...expandGrant(roots, [1100, 911])].sort((a, b) => a - b)).toEqual([911, 1100, 1101, 1102, 1103]);
    expect(expandGrant(roots, [])).toEqual(new Set());
  });

  it('checks a parent exactly when all its children are checked', () => {
    expect(conduct(roots, new Set([911, 912]))).toEqual(new Set([911, 912, 910, 900]));
    expect(conduct(roots, new Set([1100, 1101]))).toEqual(new Set([1101]));
    expect(conduct(roots, new Set([100]))).toEqual(new Set([100]));
  });

  it('merges what one tree reports into the shared set', () => {
    const current = new Set([100, 1101, 911]);
    const evaluationTree = collectIds([node(100), system]);
    expect(mergeTreeCheck(current, evaluationTree, [1102, 1103])).toEqual(new Set([911, 1102, 1103]));
  });

  it('compares sets and removes groups shared by modes', () => {
    expect(sameIds(new Set([1, 2]), new Set([2, 1]))).toBe(true);
    expect(sameIds(new Set([1]), new Set([1, 2]))).toBe(false);
    expect(uniqueRoots([{ children: [system, node(100)] }, { children: [system] }]).map((n) => n.id)).toEqual(
      [1100, 100],
    );
  });
});
