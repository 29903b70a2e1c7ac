/** Tree mapping for tree selects (spec §3): name → label, id → value, children or categoryTreeVOS → children. */

export interface TreeOption {
  label: string;
  value: number | string;
  children?: TreeOption[];
}

/** Any server tree node; extra fields are ignored. */
export interface TreeSourceNode {
  name: string;
  id: number | string;
  children?: readonly TreeSourceNode[] | null;
  categoryTreeVOS?: readonly TreeSourceNode[] | null;
}

/** Converts a server tree; `children` wins when non-empty, else `categoryTreeVOS`; empty children are omitted. */
export function toTreeOptions<T extends TreeSourceNode>(nodes: readonly T[]): TreeOption[] {
  return nodes.map((node) => {
    const sourceChildren = node.children?.length ? node.children : node.categoryTreeVOS;
    const option: TreeOption = { label: node.name, value: node.id };
    if (sourceChildren?.length) {
      option.children = toTreeOptions(sourceChildren);
    }
    return option;
  });
}

function withRoot(label: string, options: readonly TreeOption[]): TreeOption[] {
  const root: TreeOption = { label, value: 0 };
  if (options.length > 0) {
    root.children = [...options];
  }
  return [root];
}

/** Wraps paper-category options under a single root '全部分类' with value 0. */
export function withAllCategoriesRoot(options: readonly TreeOption[]): TreeOption[] {
  return withRoot('全部分类', options);
}

/** Wraps course options under a single root '全部课程' with value 0. */
export function withAllCoursesRoot(options: readonly TreeOption[]): TreeOption[] {
  return withRoot('全部课程', options);
}
