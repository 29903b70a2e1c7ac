import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Button, Skeleton, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { PageError } from '../../app/page-states';
import { categoryKeys, fetchCategoryTree, type CategoryNode } from '../../lib/paper-categories';
import './category-tree-panel.css';
import { CategoryDialog, CategoryNodeTitle } from './category-tree-parts';
import { useCategoryActions } from './use-category-actions';

interface CategoryTreeNode extends TreeDataNode {
  key: number;
  category: CategoryNode;
  children: CategoryTreeNode[];
}

function toTreeData(nodes: readonly CategoryNode[]): CategoryTreeNode[] {
  return nodes.map((node) => ({
    key: node.id,
    category: node,
    children: toTreeData(node.categoryTreeVOS),
  }));
}

function allKeys(nodes: readonly CategoryNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...allKeys(node.categoryTreeVOS)]);
}

/** Loads the paper category tree (root 全部分类, id 0). */
export function useCategoryTree() {
  return useQuery({ queryKey: categoryKeys.tree, queryFn: fetchCategoryTree });
}

/**
 * The paper category tree under 全部分类 (value 0). Selecting a node filters the page; with `editable`
 * each node offers add, rename, move, publish and delete.
 */
export function CategoryTreePanel({
  selectedId,
  onSelect,
  editable = false,
}: {
  selectedId: number;
  onSelect: (categoryId: number) => void;
  editable?: boolean;
}): ReactNode {
  const tree = useCategoryTree();
  const [collapsed, setCollapsed] = useState<Key[]>([]);
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const treeData = useMemo(() => toTreeData(nodes), [nodes]);
  const expandedKeys = useMemo(
    () => allKeys(nodes).filter((key) => !collapsed.includes(key)),
    [nodes, collapsed],
  );

  const { dialog, closeDialog, form, save, open, onAction } = useCategoryActions({ selectedId, onSelect });

  return (
    <div className="kp-paper-tree">
      <div className="kp-paper-tree__header">
        <Typography.Text strong>试卷分类</Typography.Text>
        {editable ? (
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => {
              const root = nodes[0];
              if (root) open({ kind: 'add', parent: root });
            }}
          >
            新增分类
          </Button>
        ) : null}
      </div>
      {tree.isError ? (
        <PageError title="" description="分类加载失败" onRetry={() => void tree.refetch()} />
      ) : tree.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} title={false} />
      ) : (
        <Tree<CategoryTreeNode>
          className="kp-paper-tree__tree"
          blockNode
          treeData={treeData}
          titleRender={(node) => (
            <CategoryNodeTitle category={node.category} editable={editable} onAction={onAction} />
          )}
          selectedKeys={[selectedId]}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setCollapsed(allKeys(nodes).filter((key) => !keys.includes(key)) as Key[])}
          onSelect={(keys) => {
            if (keys.length > 0) onSelect(Number(keys[0]));
          }}
        />
      )}
      {nodes.length > 0 && (nodes[0]?.categoryTreeVOS.length ?? 0) === 0 && !tree.isPending ? (
        <Typography.Paragraph type="secondary" className="kp-paper-tree__hint">
          还没有分类{editable ? '，点击“新增分类”开始' : ''}
        </Typography.Paragraph>
      ) : null}
      <CategoryDialog
        dialog={dialog}
        form={form}
        nodes={nodes}
        saving={save.isPending}
        onSave={(values) => save.mutate(values)}
        onClose={closeDialog}
      />
    </div>
  );
}
