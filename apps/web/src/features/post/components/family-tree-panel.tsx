import { useMemo, useState, type Key, type ReactNode } from 'react';
import { App, Button, Dropdown, Form, Input, Modal, Skeleton, Tree, TreeSelect, Typography } from 'antd';
import type { MenuProps, TreeDataNode } from 'antd';
import {
  ApartmentOutlined,
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageError } from '../../../app/page-states';
import {
  addFamily,
  deleteFamily,
  fetchFamilyTree,
  moveFamily,
  postKeys,
  renameFamily,
  type FamilyNode,
} from '../api';
import { allFamilyIds, moveTargets } from '../post-rules';

/** 0 in the tree is 全部岗位 (no family filter). */
export const ALL_FAMILIES = 0;

type Dialog =
  | { kind: 'add'; parent: FamilyNode | null }
  | { kind: 'rename'; family: FamilyNode }
  | { kind: 'move'; family: FamilyNode };

interface TreeNode extends TreeDataNode {
  key: number;
  family: FamilyNode | null;
  children: TreeNode[];
}

const toTreeData = (nodes: readonly FamilyNode[]): TreeNode[] =>
  nodes.map((family) => ({ key: family.id, family, children: toTreeData(family.children) }));

export function useFamilyTree() {
  return useQuery({ queryKey: postKeys.families, queryFn: fetchFamilyTree });
}

const actions = (family: FamilyNode): MenuProps['items'] => [
  { key: 'add', icon: <PlusOutlined />, label: '新增子序列' },
  { key: 'rename', icon: <EditOutlined />, label: '重命名' },
  { key: 'move', icon: <DragOutlined />, label: '移动到…' },
  { type: 'divider' },
  {
    key: 'delete',
    icon: <DeleteOutlined />,
    label: '删除',
    danger: true,
    disabled: family.children.length > 0 || family.postCount > 0,
  },
];

function NodeTitle({
  family,
  editable,
  onAction,
}: {
  family: FamilyNode | null;
  editable: boolean;
  onAction: (family: FamilyNode, key: string) => void;
}): ReactNode {
  const name = family?.name ?? '全部岗位';
  return (
    <span className="kp-post-tree__node" data-testid={`family-node-${name}`}>
      <ApartmentOutlined aria-hidden />
      <span className="kp-post-tree__name" title={name}>
        {name}
      </span>
      {family && family.postCount > 0 ? (
        <Typography.Text type="secondary" className="kp-post-tree__count">
          {family.postCount}
        </Typography.Text>
      ) : null}
      {family && editable ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: actions(family),
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              onAction(family, key);
            },
          }}
        >
          <Button
            type="text"
            size="small"
            icon={<MoreOutlined />}
            aria-label={`岗位序列「${family.name}」操作`}
            onClick={(event) => event.stopPropagation()}
          />
        </Dropdown>
      ) : null}
    </span>
  );
}

function useFamilyActions(selectedId: number, onSelect: (id: number) => void) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [form] = Form.useForm<{ name: string; parentId: number }>();
  const changed = () => void queryClient.invalidateQueries({ queryKey: postKeys.all });

  const save = useMutation({
    mutationFn: async (values: { name: string; parentId: number }) => {
      if (!dialog) throw new Error('no dialog');
      if (dialog.kind === 'add') return addFamily(values.name.trim(), dialog.parent?.id ?? 0);
      if (dialog.kind === 'rename') return renameFamily(dialog.family.id, values.name.trim());
      return moveFamily(dialog.family.id, values.parentId);
    },
    onSuccess: (family) => {
      const verb = dialog?.kind === 'add' ? '已新增' : dialog?.kind === 'move' ? '已移动' : '已保存';
      message.success(`${verb}岗位序列「${family.name}」`);
      if (dialog?.kind === 'add') onSelect(family.id);
      setDialog(null);
      changed();
    },
  });
  const remove = useMutation({
    mutationFn: (family: FamilyNode) => deleteFamily(family.id),
    onSuccess: (_result, family) => {
      message.success(`已删除岗位序列「${family.name}」`);
      if (selectedId === family.id) onSelect(ALL_FAMILIES);
      changed();
    },
  });

  const open = (next: Dialog) => {
    form.resetFields();
    if (next.kind === 'rename') form.setFieldsValue({ name: next.family.name });
    if (next.kind === 'move') form.setFieldsValue({ parentId: next.family.parentId });
    setDialog(next);
  };
  const onAction = (family: FamilyNode, key: string) => {
    if (key === 'add') open({ kind: 'add', parent: family });
    else if (key === 'rename') open({ kind: 'rename', family });
    else if (key === 'move') open({ kind: 'move', family });
    else if (key === 'delete')
      modal.confirm({
        title: `删除岗位序列「${family.name}」？`,
        content: '此操作不可撤销。',
        okText: '删除',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: () => remove.mutateAsync(family),
      });
  };
  return { dialog, setDialog, form, save, open, onAction };
}

function dialogTitle(dialog: Dialog | null): string {
  if (dialog?.kind === 'add') return dialog.parent ? `新增「${dialog.parent.name}」的子序列` : '新增岗位序列';
  return dialog?.kind === 'rename' ? '重命名岗位序列' : '移动岗位序列';
}

/** The 岗位序列 tree: 全部岗位 on top; selecting filters the list; each family has add/rename/move/delete. */
export function FamilyTreePanel({
  selectedId,
  onSelect,
  editable,
}: {
  selectedId: number;
  onSelect: (familyId: number) => void;
  editable: boolean;
}): ReactNode {
  const tree = useFamilyTree();
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const [collapsed, setCollapsed] = useState<Key[]>([]);
  const treeData = useMemo<TreeNode[]>(
    () => [{ key: ALL_FAMILIES, family: null, children: toTreeData(nodes) }],
    [nodes],
  );
  const expandedKeys = [ALL_FAMILIES, ...allFamilyIds(nodes)].filter((key) => !collapsed.includes(key));
  const { dialog, setDialog, form, save, open, onAction } = useFamilyActions(selectedId, onSelect);

  return (
    <nav className="kp-post-tree" aria-label="岗位序列">
      <div className="kp-post-tree__header">
        <Typography.Text strong>岗位序列</Typography.Text>
        {editable ? (
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => open({ kind: 'add', parent: null })}
          >
            新增序列
          </Button>
        ) : null}
      </div>
      {tree.isError ? (
        <PageError title="" description="岗位序列加载失败" onRetry={() => void tree.refetch()} />
      ) : tree.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} title={false} />
      ) : (
        <Tree<TreeNode>
          className="kp-post-tree__tree"
          blockNode
          treeData={treeData}
          titleRender={(node) => <NodeTitle family={node.family} editable={editable} onAction={onAction} />}
          selectedKeys={[selectedId]}
          expandedKeys={expandedKeys}
          onExpand={(keys) =>
            setCollapsed([ALL_FAMILIES, ...allFamilyIds(nodes)].filter((key) => !keys.includes(key)))
          }
          onSelect={(keys) => {
            if (keys.length > 0) onSelect(Number(keys[0]));
          }}
        />
      )}
      {!tree.isPending && !tree.isError && nodes.length === 0 ? (
        <Typography.Paragraph type="secondary" className="kp-post-tree__hint">
          还没有岗位序列{editable ? '，点击“新增序列”开始' : ''}
        </Typography.Paragraph>
      ) : null}
      <Modal
        open={dialog !== null}
        title={dialogTitle(dialog)}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
        confirmLoading={save.isPending}
        onCancel={() => setDialog(null)}
        onOk={() => form.submit()}
      >
        <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
          {dialog?.kind === 'move' ? (
            <Form.Item name="parentId" label="移动到" rules={[{ required: true, message: '请选择上级序列' }]}>
              <TreeSelect
                aria-label="上级序列"
                treeDefaultExpandAll
                treeData={moveTargets(nodes, dialog.family)}
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="name"
              label="序列名称"
              rules={[
                { required: true, whitespace: true, message: '请输入序列名称' },
                { max: 100, message: '序列名称不能超过 100 个字符' },
              ]}
            >
              <Input aria-label="序列名称" maxLength={100} autoFocus />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </nav>
  );
}
