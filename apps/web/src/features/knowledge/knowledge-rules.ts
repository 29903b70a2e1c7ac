import { questionTypeLabel } from '@kaopei/shared';
import type { KnowledgeNode, TypeCounts } from './api';

/** Pure helpers of the knowledge pages. */

export function findNode(nodes: readonly KnowledgeNode[], id: number): KnowledgeNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

export function siblingsOf(nodes: readonly KnowledgeNode[], parentId: number | null): KnowledgeNode[] {
  if (parentId === null) return [...nodes];
  return findNode(nodes, parentId)?.children ?? [];
}

/** Names from the root down to the node, joined by '/'. */
export function nodePath(nodes: readonly KnowledgeNode[], id: number): string {
  const walk = (list: readonly KnowledgeNode[], trail: string[]): string[] | undefined => {
    for (const node of list) {
      const next = [...trail, node.name];
      if (node.id === id) return next;
      const found = walk(node.children, next);
      if (found) return found;
    }
    return undefined;
  };
  return (walk(nodes, []) ?? []).join('/');
}

/** Nodes whose name contains the keyword, with their ancestors and whole subtrees. */
export function filterTree(nodes: readonly KnowledgeNode[], keyword: string): KnowledgeNode[] {
  if (!keyword) return [...nodes];
  const needle = keyword.toLowerCase();
  return nodes.flatMap((node) => {
    if (node.name.toLowerCase().includes(needle)) return [node];
    const children = filterTree(node.children, keyword);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

export function allIds(nodes: readonly KnowledgeNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...allIds(node.children)]);
}

/** Ids of nodes at most `depth` levels deep that have children (expanded at first). */
export function idsToDepth(nodes: readonly KnowledgeNode[], depth: number): number[] {
  if (depth <= 0) return [];
  return nodes.flatMap((node) =>
    node.children.length > 0 ? [node.id, ...idsToDepth(node.children, depth - 1)] : [],
  );
}

/**
 * Where a drop puts the dragged node: into the target (as its last child) or next to it among the
 * target's siblings. `after` is true when dropped below the target.
 */
export function dropPlacement(
  nodes: readonly KnowledgeNode[],
  draggedId: number,
  target: KnowledgeNode,
  intoTarget: boolean,
  after: boolean,
): { id: number; parentId: number | null; sort: number } {
  if (intoTarget) {
    const children = target.children.filter((child) => child.id !== draggedId);
    return { id: draggedId, parentId: target.id, sort: children.length };
  }
  const siblings = siblingsOf(nodes, target.parentId).filter((s) => s.id !== draggedId);
  const index = siblings.findIndex((s) => s.id === target.id);
  return { id: draggedId, parentId: target.parentId, sort: after ? index + 1 : index };
}

/** “单选题 2 道，判断题 1 道” from counts by type, ordered by type number. */
export function typeCountText(counts: TypeCounts): string {
  const parts = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([type, count]) => `${questionTypeLabel(Number(type))} ${count} 道`);
  return parts.length > 0 ? parts.join('，') : '暂无题目';
}
