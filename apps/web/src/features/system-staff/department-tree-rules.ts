import type { TreeDataNode } from 'antd';
import type { DepartmentNode } from './api';
import { siblingsOf } from './staff-rules';

export interface DeptTreeNode extends TreeDataNode {
  key: number;
  department: DepartmentNode;
  children: DeptTreeNode[];
}

export function toTreeData(nodes: readonly DepartmentNode[]): DeptTreeNode[] {
  return nodes.map((node) => ({
    key: node.departmentId,
    department: node,
    children: toTreeData(node.children),
  }));
}

/** Departments whose name contains the keyword, with their ancestors and whole subtrees. */
export function filterTree(nodes: readonly DepartmentNode[], keyword: string): DepartmentNode[] {
  if (!keyword) return [...nodes];
  const needle = keyword.toLowerCase();
  return nodes.flatMap((node) => {
    if (node.name.toLowerCase().includes(needle)) return [node];
    const children = filterTree(node.children, keyword);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

export function allIds(nodes: readonly DepartmentNode[]): number[] {
  return nodes.flatMap((node) => [node.departmentId, ...allIds(node.children)]);
}

/** Ids of departments at most `depth` levels deep that have children (expanded by default). */
export function idsToDepth(nodes: readonly DepartmentNode[], depth: number): number[] {
  if (depth <= 0) return [];
  return nodes.flatMap((node) =>
    node.children.length > 0 ? [node.departmentId, ...idsToDepth(node.children, depth - 1)] : [],
  );
}

export interface DepartmentMove {
  departmentId: number;
  parentId: number | null;
  /** Position among the new siblings; absent when dropped into a department (it goes last). */
  sort: number | undefined;
}

/**
 * Where a drop puts a department: into the target makes the target its parent; into the gap before
 * (`before`) or after the target places it among the target's siblings.
 */
export function departmentDrop(
  nodes: readonly DepartmentNode[],
  dragged: DepartmentNode,
  target: DepartmentNode,
  intoTarget: boolean,
  before: boolean,
): DepartmentMove {
  if (intoTarget)
    return { departmentId: dragged.departmentId, parentId: target.departmentId, sort: undefined };
  const parentId = target.parentId;
  const siblings = siblingsOf(nodes, parentId).filter((s) => s.departmentId !== dragged.departmentId);
  const index = siblings.findIndex((s) => s.departmentId === target.departmentId);
  return { departmentId: dragged.departmentId, parentId, sort: before ? index : index + 1 };
}
