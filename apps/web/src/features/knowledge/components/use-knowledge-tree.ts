import { useEffect, useMemo, useRef, useState, type Key } from 'react';
import type { TreeDataNode } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchKnowledgeTree, knowledgeKeys, type KnowledgeNode, type KnowledgeScope } from '../api';
import { allIds, filterTree, idsToDepth } from '../knowledge-rules';

export interface KnowledgeTreeNode extends TreeDataNode {
  key: number;
  node: KnowledgeNode;
  children: KnowledgeTreeNode[];
}

function toTreeData(nodes: readonly KnowledgeNode[]): KnowledgeTreeNode[] {
  return nodes.map((node) => ({ key: node.id, node, children: toTreeData(node.children) }));
}

/**
 * The knowledge tree of a scope, filtered by the keyword; opened two levels deep when a scope first
 * loads, and wholly while a keyword is typed.
 */
export function useKnowledgeTree(scope: KnowledgeScope, keyword: string) {
  const queryClient = useQueryClient();
  const [expandedKeys, setExpandedKeys] = useState<Key[]>([]);
  const expandedFor = useRef<KnowledgeScope | null>(null);

  const query = useQuery({ queryKey: knowledgeKeys.tree(scope), queryFn: () => fetchKnowledgeTree(scope) });
  const nodes = useMemo(() => query.data ?? [], [query.data]);

  useEffect(() => {
    if (!query.data || expandedFor.current === scope) return;
    expandedFor.current = scope;
    setExpandedKeys(idsToDepth(query.data, 2));
  }, [query.data, scope]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });

  const visible = useMemo(() => filterTree(nodes, keyword.trim()), [nodes, keyword]);
  const treeData = useMemo(() => toTreeData(visible), [visible]);
  const shownExpanded = keyword.trim() ? allIds(visible) : expandedKeys;

  return { query, nodes, treeData, shownExpanded, setExpandedKeys, refresh };
}
