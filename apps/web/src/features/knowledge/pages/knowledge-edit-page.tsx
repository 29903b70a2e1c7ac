import { useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import {
  App,
  Button,
  Card,
  Dropdown,
  Empty,
  Input,
  Segmented,
  Skeleton,
  Space,
  Tag,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import type { MenuProps, TreeDataNode, TreeProps } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageError } from '../../../app/page-states';
import {
  deleteKnowledge,
  exportKnowledge,
  fetchKnowledgeTree,
  knowledgeKeys,
  moveKnowledge,
  type KnowledgeNode,
  type KnowledgeScope,
} from '../api';
import { KnowledgeNodeModal, type KnowledgeDialog } from '../components/knowledge-node-modal';
import { KnowledgeUploadModal } from '../components/knowledge-upload-modal';
import {
  allIds,
  dropPlacement,
  filterTree,
  findNode,
  idsToDepth,
  nodePath,
  typeCountText,
} from '../knowledge-rules';
import '../knowledge.css';

interface KnowledgeTreeNode extends TreeDataNode {
  key: number;
  node: KnowledgeNode;
  children: KnowledgeTreeNode[];
}

function toTreeData(nodes: readonly KnowledgeNode[]): KnowledgeTreeNode[] {
  return nodes.map((node) => ({ key: node.id, node, children: toTreeData(node.children) }));
}

const HAS_CHILDREN_MESSAGE = '该知识点下还有子知识点，无法删除';

/** 知识点管理: the organisation's knowledge tree (editable) and the platform's (read-only). */
export default function KnowledgeEditPage(): ReactNode {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<KnowledgeScope>('org');
  const [keyword, setKeyword] = useState('');
  const [expandedKeys, setExpandedKeys] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<KnowledgeDialog | null>(null);
  const [uploading, setUploading] = useState(false);
  const expandedFor = useRef<KnowledgeScope | null>(null);
  const editable = scope === 'org';

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

  const remove = useMutation({
    mutationFn: (node: KnowledgeNode) => deleteKnowledge(node.id),
    onSuccess: (_result, node) => {
      message.success(`已删除知识点「${node.name}」`);
      void refresh();
    },
  });

  const move = useMutation({
    mutationFn: moveKnowledge,
    onSuccess: () => {
      message.success('知识点已移动');
      void refresh();
    },
  });

  const exportTree = useMutation({
    mutationFn: () => exportKnowledge(scope),
    onSuccess: (fileName) => message.success(`已导出 ${fileName}`),
  });

  const confirmDelete = (node: KnowledgeNode) => {
    if (node.children.length > 0) {
      modal.warning({ title: '无法删除', content: HAS_CHILDREN_MESSAGE, okText: '知道了' });
      return;
    }
    modal.confirm({
      title: `删除知识点「${node.name}」？`,
      content:
        node.questionCount > 0
          ? `该知识点关联了 ${node.questionCount} 道题目，删除后题目与它的关联将解除。此操作不可撤销。`
          : '此操作不可撤销。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove.mutateAsync(node).catch(() => undefined),
    });
  };

  const actions: MenuProps['items'] = [
    { key: 'add', icon: <PlusOutlined />, label: '新增子知识点' },
    { key: 'rename', icon: <EditOutlined />, label: '编辑' },
    { type: 'divider' },
    { key: 'delete', icon: <DeleteOutlined />, label: '删除', danger: true },
  ];

  const onAction = (node: KnowledgeNode, key: string) => {
    if (key === 'add') {
      setDialog({ kind: 'add', parent: node });
      setExpandedKeys((keys) => [...new Set([...keys, node.id])]);
    } else if (key === 'rename') setDialog({ kind: 'rename', node });
    else if (key === 'delete') confirmDelete(node);
  };

  // Into a node makes it the parent; between nodes places it among those siblings.
  const onDrop: TreeProps<KnowledgeTreeNode>['onDrop'] = (info) => {
    const dragged = findNode(nodes, Number(info.dragNode.key));
    const target = findNode(nodes, Number(info.node.key));
    if (!dragged || !target || dragged.id === target.id) return;
    const targetPos = Number(String(info.node.pos).split('-').pop());
    const after = info.dropPosition - targetPos > 0;
    const request = dropPlacement(nodes, dragged.id, target, !info.dropToGap, after);
    if (request.parentId === dragged.parentId) {
      move.mutate(request);
      return;
    }
    const where = request.parentId === null ? '一级知识点' : `「${nodePath(nodes, request.parentId)}」之下`;
    modal.confirm({
      title: '移动知识点',
      content: `将「${nodePath(nodes, dragged.id)}」连同其下级移动到${where}？`,
      okText: '移动',
      cancelText: '取消',
      onOk: () => move.mutateAsync(request).catch(() => undefined),
    });
  };

  const renderTitle = (item: KnowledgeTreeNode): ReactNode => {
    const node = item.node;
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
              items: actions,
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
  };

  let body: ReactNode;
  if (query.isError && !query.data) {
    body = <PageError description="知识点加载失败" onRetry={() => void query.refetch()} />;
  } else if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} title={false} />;
  } else if (treeData.length === 0) {
    body = (
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
  } else {
    body = (
      <Tree<KnowledgeTreeNode>
        className="kp-knowledge__tree"
        blockNode
        draggable={editable ? { icon: false } : false}
        treeData={treeData}
        titleRender={renderTitle}
        expandedKeys={shownExpanded}
        onExpand={(keys) => setExpandedKeys(keys)}
        onDrop={onDrop}
        selectable={false}
      />
    );
  }

  return (
    <Card
      className="kp-knowledge"
      title="知识点管理"
      extra={
        <Segmented<KnowledgeScope>
          value={scope}
          onChange={(value) => {
            setScope(value);
            setKeyword('');
          }}
          options={[
            { label: '本组织知识点', value: 'org' },
            { label: '平台知识点（只读）', value: 'platform' },
          ]}
        />
      }
    >
      <div className="kp-knowledge__toolbar">
        <Input.Search
          placeholder="搜索知识点"
          allowClear
          aria-label="搜索知识点"
          className="kp-knowledge__search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
        />
        <Space wrap>
          {editable ? (
            <>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ kind: 'add', parent: null })}
              >
                新增一级知识点
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
                导入
              </Button>
            </>
          ) : null}
          <Button
            icon={<DownloadOutlined />}
            loading={exportTree.isPending}
            onClick={() => exportTree.mutate()}
          >
            导出
          </Button>
        </Space>
      </div>
      {editable ? (
        <Typography.Paragraph type="secondary" className="kp-knowledge__hint">
          拖动知识点可调整顺序或移动到其他知识点之下；数字为含下级知识点的题目数。
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary" className="kp-knowledge__hint">
          平台知识点由平台维护，所有组织可查看和引用，不能修改。
        </Typography.Paragraph>
      )}
      {body}
      <KnowledgeNodeModal
        dialog={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          void refresh();
        }}
      />
      <KnowledgeUploadModal
        open={uploading}
        onClose={() => setUploading(false)}
        onImported={() => void refresh()}
      />
    </Card>
  );
}
