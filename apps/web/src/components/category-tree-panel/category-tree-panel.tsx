import { useMemo, useState, type Key, type ReactNode } from 'react';
import { App, Button, Dropdown, Form, Input, Modal, Skeleton, Tag, Tree, TreeSelect, Typography } from 'antd';
import type { MenuProps, TreeDataNode } from 'antd';
import {
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  FolderOutlined,
  MoreOutlined,
  PlusOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageError } from '../../app/page-states';
import {
  addCategory,
  categoryKeys,
  deleteCategory,
  fetchCategoryTree,
  moveCategory,
  publishCategory,
  renameCategory,
  type CategoryNode,
} from '../../lib/paper-categories';
import './category-tree-panel.css';
import { categoryOptions, subtreeIds } from '../../lib/category-rules';

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

type Dialog =
  | { kind: 'add'; parent: CategoryNode }
  | { kind: 'rename'; category: CategoryNode }
  | { kind: 'move'; category: CategoryNode };

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
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useCategoryTree();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [collapsed, setCollapsed] = useState<Key[]>([]);
  const [form] = Form.useForm<{ name: string; parentId: number }>();
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const treeData = useMemo(() => toTreeData(nodes), [nodes]);
  const expandedKeys = useMemo(
    () => allKeys(nodes).filter((key) => !collapsed.includes(key)),
    [nodes, collapsed],
  );

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['paper-banks'] });
  };

  const save = useMutation({
    mutationFn: async (values: { name: string; parentId: number }) => {
      if (!dialog) throw new Error('no dialog');
      if (dialog.kind === 'add') return addCategory(values.name.trim(), dialog.parent.id);
      if (dialog.kind === 'rename') return renameCategory(dialog.category.id, values.name.trim());
      return moveCategory(dialog.category.id, values.parentId);
    },
    onSuccess: (category) => {
      const verb = dialog?.kind === 'add' ? '已新增' : dialog?.kind === 'move' ? '已移动' : '已保存';
      message.success(`${verb}分类「${category.name}」`);
      setDialog(null);
      changed();
      if (dialog?.kind === 'add') onSelect(category.id);
    },
  });
  const remove = useMutation({
    mutationFn: (category: CategoryNode) => deleteCategory(category.id),
    onSuccess: (_result, category) => {
      message.success(`已删除分类「${category.name}」`);
      if (selectedId === category.id) onSelect(0);
      changed();
    },
  });
  const publish = useMutation({
    mutationFn: (category: CategoryNode) => publishCategory(category.id, !category.published),
    onSuccess: (category) => {
      message.success(
        category.published ? `已发布分类「${category.name}」` : `已取消发布「${category.name}」`,
      );
      changed();
    },
  });

  const open = (next: Dialog) => {
    setDialog(next);
    form.setFieldsValue({
      name: next.kind === 'rename' ? next.category.name : '',
      parentId: next.kind === 'move' ? next.category.parentId : 0,
    });
  };

  const actions = (category: CategoryNode): MenuProps['items'] => {
    if (category.id === 0) return [{ key: 'add', icon: <PlusOutlined />, label: '新增一级分类' }];
    return [
      { key: 'add', icon: <PlusOutlined />, label: '新增子分类' },
      { key: 'rename', icon: <EditOutlined />, label: '重命名' },
      { key: 'move', icon: <DragOutlined />, label: '移动到…' },
      { key: 'publish', icon: <SendOutlined />, label: category.published ? '取消发布' : '发布' },
      { type: 'divider' },
      {
        key: 'delete',
        icon: <DeleteOutlined />,
        label: '删除',
        danger: true,
        disabled: category.categoryTreeVOS.length > 0,
      },
    ];
  };

  const onAction = (category: CategoryNode, key: string) => {
    if (key === 'add') open({ kind: 'add', parent: category });
    else if (key === 'rename') open({ kind: 'rename', category });
    else if (key === 'move') open({ kind: 'move', category });
    else if (key === 'publish') publish.mutate(category);
    else if (key === 'delete')
      modal.confirm({
        title: `删除分类「${category.name}」？`,
        content: '只能删除没有子分类、试卷库和试卷的分类。',
        okText: '删除',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: () => remove.mutateAsync(category).catch(() => undefined),
      });
  };

  const renderTitle = (node: CategoryTreeNode): ReactNode => {
    const category = node.category;
    return (
      <span className="kp-paper-tree__node" data-testid={`category-node-${category.name}`}>
        <FolderOutlined />
        <span className="kp-paper-tree__name" title={category.name}>
          {category.name}
        </span>
        {category.id !== 0 && category.published ? (
          <Tag color="green" className="kp-paper-tree__tag">
            已发布
          </Tag>
        ) : null}
        {editable ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: actions(category),
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                onAction(category, key);
              },
            }}
          >
            <Button
              type="text"
              size="small"
              className="kp-paper-tree__more"
              icon={<MoreOutlined />}
              aria-label={`分类「${category.name}」操作`}
              onClick={(event) => event.stopPropagation()}
            />
          </Dropdown>
        ) : null}
      </span>
    );
  };

  const title =
    dialog?.kind === 'add'
      ? dialog.parent.id === 0
        ? '新增一级分类'
        : `新增「${dialog.parent.name}」的子分类`
      : dialog?.kind === 'rename'
        ? '重命名分类'
        : '移动分类';

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
          titleRender={renderTitle}
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
      <Modal
        open={dialog !== null}
        title={title}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
        confirmLoading={save.isPending}
        onCancel={() => setDialog(null)}
        onOk={() => form.submit()}
      >
        <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
          {dialog?.kind === 'move' ? (
            <Form.Item name="parentId" label="移动到" rules={[{ required: true, message: '请选择目标分类' }]}>
              <TreeSelect
                aria-label="目标分类"
                treeDefaultExpandAll
                treeData={categoryOptions(nodes, subtreeIds(dialog.category))}
                fieldNames={{ label: 'label', value: 'value', children: 'children' }}
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="name"
              label="分类名称"
              rules={[
                { required: true, whitespace: true, message: '请输入分类名称' },
                { max: 100, message: '分类名称不能超过 100 个字符' },
              ]}
            >
              <Input aria-label="分类名称" maxLength={100} autoFocus />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </div>
  );
}
