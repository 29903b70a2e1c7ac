import { useEffect, useMemo, useRef, useState, type Key } from 'react';
import type { DepartmentNode } from '../api';
import { allIds, filterTree, idsToDepth, toTreeData } from '../department-tree-rules';

/** The shown tree, filtered by the keyword; opened two levels deep on first load, wholly while searching. */
export function useDepartmentTree(tree: readonly DepartmentNode[] | undefined, keyword: string) {
  const [expandedKeys, setExpandedKeys] = useState<Key[]>([]);
  const expandedOnce = useRef(false);
  const nodes = useMemo(() => tree ?? [], [tree]);

  useEffect(() => {
    if (!tree || expandedOnce.current) return;
    expandedOnce.current = true;
    setExpandedKeys(idsToDepth(tree, 2));
  }, [tree]);

  const visible = useMemo(() => filterTree(nodes, keyword.trim()), [nodes, keyword]);
  const treeData = useMemo(() => toTreeData(visible), [visible]);
  const shownExpanded = keyword.trim() ? allIds(visible) : expandedKeys;
  return { nodes, treeData, shownExpanded, setExpandedKeys };
}
