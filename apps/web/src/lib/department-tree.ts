import type { DepartmentNode } from '@kaopei/shared/contracts/department';

/** A department as a tree-select option. */
export interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

/** The department tree as tree-select options (the recipient and examinee pickers). */
export function toTreeData(nodes: readonly DepartmentNode[]): TreeOption[] {
  return nodes.map((node) => ({
    value: node.departmentId,
    title: node.name,
    children: node.children?.length ? toTreeData(node.children) : undefined,
  }));
}
