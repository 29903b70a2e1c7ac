import type { Key, ReactNode } from 'react';
import { Button, Dropdown, Empty, Skeleton, Tag, Tooltip, Tree } from 'antd';
import type { MenuProps, TreeProps } from 'antd';
import { DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageError } from '../../../app/page-states';
import type { KnowledgeNode } from '../api';
import { typeCountText } from '../knowledge-rules';
import type { KnowledgeTreeNode } from './use-knowledge-tree';

const ACTIONS: MenuProps['items'] = [
  { key: 'add', icon: <PlusOutlined />, label: '新增子知识点' },
  { key: 'rename', icon: <EditOutlined />, label: '编辑' },
  { type: 'divider' },
  { key: 'delete', icon: <DeleteOutlined />, label: '删除', danger: true },
];

interface NodeTitleProps {
  node: KnowledgeNode;
  editable: boolean;
  onAction: (node: KnowledgeNode, key: string) => void;
}

/** One node: name (description on hover), question count (per type on hover), actions menu when editable. */
function KnowledgeNodeTitle({ node, editable, onAction }: NodeTitleProps): ReactNode {
  return (
    <span className="kp-knowledge__node" data-testid={`knowledge-node-${node.name}`}>
      <Tooltip title={node.description || undefined} placement="topLeft">
        <span className="kp-knowledge__name">{node.name}</span>
      </Tooltip>
      <Tooltip title={typeCountText(node.typeCounts)}>
        <Tag className="kp-knowledge__count" bordered={false}>
          {node.questionCount} 题
        </Tag>
      </Tooltip>
      {editable ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: ACTIONS,
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              onAction(node, key);
            },
          }}
        >
          <Button
            type="text"
            size="small"
            icon={<MoreOutlined />}
            aria-label={`知识点「${node.name}」操作`}
            onClick={(event) => event.stopPropagation()}
          />
        </Dropdown>
      ) : null}
    </span>
  );
}

interface KnowledgeTreeViewProps {
  query: UseQueryResult<KnowledgeNode[]>;
  treeData: KnowledgeTreeNode[];
  keyword: string;
  editable: boolean;
  expandedKeys: Key[];
  onExpand: (keys: Key[]) => void;
  onDrop: TreeProps<KnowledgeTreeNode>['onDrop'];
  onAction: (node: KnowledgeNode, key: string) => void;
}

/** The tree, or its error, loading or empty state. */
export function KnowledgeTreeView(props: KnowledgeTreeViewProps): ReactNode {
  const { query, treeData, keyword, editable } = props;
  if (query.isError && !query.data) {
    return <PageError description="知识点加载失败" onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} title={false} />;
  if (treeData.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          keyword.trim()
            ? '没有匹配的知识点'
            : editable
              ? '还没有知识点，点击“新增一级知识点”或导入 Excel 开始搭建'
              : '平台暂无公开知识点'
        }
      />
    );
  }
  return (
    <Tree<KnowledgeTreeNode>
      className="kp-knowledge__tree"
      blockNode
      draggable={editable ? { icon: false } : false}
      treeData={treeData}
      titleRender={(item) => (
        <KnowledgeNodeTitle node={item.node} editable={editable} onAction={props.onAction} />
      )}
      expandedKeys={props.expandedKeys}
      onExpand={(keys) => props.onExpand(keys)}
      onDrop={props.onDrop}
      selectable={false}
    />
  );
}
