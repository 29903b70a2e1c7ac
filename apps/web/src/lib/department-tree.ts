/** A department as a tree-select option. */
export interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

/** What a department tree's node needs to be an option (the full and the simple tree both have it). */
interface TreeSource {
  departmentId: number;
  name: string;
  children?: readonly TreeSource[];
}

/** The department tree as tree-select options (the recipient, examinee and report pickers). */
export function toTreeData(nodes: readonly TreeSource[]): TreeOption[] {
  return nodes.map((node) => ({
    value: node.departmentId,
    title: node.name,
    children: node.children?.length ? toTreeData(node.children) : undefined,
  }));
}
