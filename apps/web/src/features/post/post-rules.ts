import type { FamilyNode } from '@kaopei/shared/contracts/post';

/** Pure helpers of the post pages (unit-tested in post-rules.test.ts). */

export interface FamilyOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: FamilyOption[];
}

/** The family and every family below it. */
export function familySubtreeIds(node: FamilyNode): number[] {
  return [node.id, ...node.children.flatMap(familySubtreeIds)];
}

/** Every family id of the tree (to expand it fully). */
export function allFamilyIds(nodes: readonly FamilyNode[]): number[] {
  return nodes.flatMap(familySubtreeIds);
}

/** Tree-select options of the families; `disabledIds` (a moved family's subtree) cannot be picked. */
export function familyOptions(
  nodes: readonly FamilyNode[],
  disabledIds: readonly number[] = [],
): FamilyOption[] {
  return nodes.map((node) => ({
    value: node.id,
    title: node.name,
    ...(disabledIds.includes(node.id) ? { disabled: true } : {}),
    ...(node.children.length > 0 ? { children: familyOptions(node.children, disabledIds) } : {}),
  }));
}

/** Move targets: 顶层 (0) first, then the tree without the family's own subtree. */
export function moveTargets(nodes: readonly FamilyNode[], moving: FamilyNode): FamilyOption[] {
  return [{ value: 0, title: '顶层（无上级序列）' }, ...familyOptions(nodes, familySubtreeIds(moving))];
}

/** Finds a family by id anywhere in the tree. */
export function findFamily(nodes: readonly FamilyNode[], id: number): FamilyNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findFamily(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** 已在岗 / 编制 as the list shows it: "3 / 5", or just the count when no headcount is planned. */
export function staffingText(staffCount: number, headcount: number | null): string {
  return headcount === null ? String(staffCount) : `${staffCount} / ${headcount}`;
}
