import { toTreeOptions, type TreeOption } from '@kaopei/shared';
import type { CategoryNode } from '@kaopei/shared/contracts/paper-category';

/** Pure helpers of the paper category tree. */

/** Finds a node (the root 全部分类 has id 0). */
export function findCategory(nodes: readonly CategoryNode[], id: number): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findCategory(node.categoryTreeVOS, id);
    if (found) return found;
  }
  return undefined;
}

/** Ids of a node and everything below it. */
export function subtreeIds(node: CategoryNode): number[] {
  return [node.id, ...node.categoryTreeVOS.flatMap(subtreeIds)];
}

/**
 * Tree-select options (spec §3 tree mapping, root 全部分类 = 0) without the nodes in `exclude`
 * (a category cannot move under itself or its descendants).
 */
export function categoryOptions(
  tree: readonly CategoryNode[],
  exclude: readonly number[] = [],
): TreeOption[] {
  const skip = new Set(exclude);
  const prune = (nodes: readonly CategoryNode[]): CategoryNode[] =>
    nodes
      .filter((node) => !skip.has(node.id) || node.id === 0)
      .map((node) => ({ ...node, categoryTreeVOS: prune(node.categoryTreeVOS) }));
  return toTreeOptions(prune(tree));
}

/** Names from the root to the node, e.g. 全部分类 / 安全 / 消防. */
export function categoryPath(tree: readonly CategoryNode[], id: number): string[] {
  for (const node of tree) {
    if (node.id === id) return [node.name];
    const below = categoryPath(node.categoryTreeVOS, id);
    if (below.length > 0) return [node.name, ...below];
  }
  return [];
}
