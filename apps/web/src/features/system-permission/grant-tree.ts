import type { GrantMenuNode } from './api';

/**
 * Pure rules of the menu-grant panel. The panel shows one checkbox tree per function mode; a group
 * shared by several modes (系统管理, 岗位管理 …) appears in each, so the checked ids live in one set and
 * every tree shows its share of it.
 */

/** Every id in the trees. */
export function collectIds(nodes: readonly GrantMenuNode[], into: Set<number> = new Set()): Set<number> {
  for (const node of nodes) {
    into.add(node.id);
    collectIds(node.children, into);
  }
  return into;
}

/**
 * The set after one tree reported its checked ids: ids of that tree are replaced by what it reports,
 * the others are kept.
 */
export function mergeTreeCheck(
  current: ReadonlySet<number>,
  treeIds: ReadonlySet<number>,
  checkedInTree: readonly number[],
): Set<number> {
  const next = new Set([...current].filter((id) => !treeIds.has(id)));
  for (const id of checkedInTree) next.add(id);
  return next;
}

/**
 * Ids to show checked, expanded from stored grants: a granted node grants its subtree, so its
 * descendants are checked too (the tree then shows fully checked parents as checked).
 */
export function expandGrant(roots: readonly GrantMenuNode[], granted: readonly number[]): Set<number> {
  const wanted = new Set(granted);
  const result = new Set<number>();
  const visit = (nodes: readonly GrantMenuNode[], inherited: boolean) => {
    for (const node of nodes) {
      const on = inherited || wanted.has(node.id);
      if (on) result.add(node.id);
      visit(node.children, on);
    }
  };
  visit(roots, false);
  return result;
}

/**
 * Normalises a checked set to what a tree with conduction reports: a parent is checked exactly when
 * all its children are. Used so that a freshly loaded grant compares equal to the same grant after
 * the user ticked and unticked something.
 */
export function conduct(roots: readonly GrantMenuNode[], checked: ReadonlySet<number>): Set<number> {
  const result = new Set<number>();
  const visit = (node: GrantMenuNode): boolean => {
    if (node.children.length === 0) {
      if (checked.has(node.id)) result.add(node.id);
      return checked.has(node.id);
    }
    const all = node.children.map(visit).every(Boolean);
    if (all) result.add(node.id);
    return all;
  };
  roots.forEach(visit);
  return result;
}

export function sameIds(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}

/** The distinct top-level groups of all modes (a group shared by modes once). */
export function uniqueRoots(groups: readonly { children: readonly GrantMenuNode[] }[]): GrantMenuNode[] {
  const seen = new Map<number, GrantMenuNode>();
  for (const group of groups) for (const node of group.children) seen.set(node.id, node);
  return [...seen.values()];
}
