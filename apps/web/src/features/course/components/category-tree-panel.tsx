import { useMemo, useState, type Key, type ReactNode } from 'react';
import { App, Button, Dropdown, Form, Input, Modal, Skeleton, Tag, Tree, TreeSelect, Typography } from 'antd';
import type { MenuProps, TreeDataNode } from 'antd';
import {
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FolderOutlined,
  MoreOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageError } from '../../../app/page-states';
import {
  addCategory,
  courseKeys,
  deleteCategory,
  fetchCategoryTree,
  modifyCategory,
  publishCategory,
  type CourseCategoryNode,
} from '../api';
import { allCategoryIds, categoryOptions } from '../course-rules';

/** 0 in the tree is 全部课程 (no category filter). */
export const ALL_COURSES = 0;

type Dialog =
  | { kind: 'add'; parent: CourseCategoryNode }
  | { kind: 'rename'; category: CourseCategoryNode }
  | { kind: 'move'; category: CourseCategoryNode };

interface TreeNode extends TreeDataNode {
  key: number;
  category: CourseCategoryNode;
  children: TreeNode[];
}

const toTreeData = (nodes: readonly CourseCategoryNode[]): TreeNode[] =>
  nodes.map((category) => ({ key: category.id, category, children: toTreeData(category.categoryTreeVOS) }));

export function useCourseCategories() {
  return useQuery({ queryKey: courseKeys.categories, queryFn: fetchCategoryTree });
}

function actions(category: CourseCategoryNode): MenuProps['items'] {
  if (category.id === ALL_COURSES) return [{ key: 'add', icon: <PlusOutlined />, label: '新增分类' }];
  return [
    { key: 'add', icon: <PlusOutlined />, label: '新增子分类' },
    { key: 'rename', icon: <EditOutlined />, label: '重命名' },
    { key: 'move', icon: <DragOutlined />, label: '移动到…' },
    category.published
      ? { key: 'unpublish', icon: <EyeInvisibleOutlined />, label: '取消发布（对学员隐藏）' }
      : { key: 'publish', icon: <EyeOutlined />, label: '发布' },
    { type: 'divider' },
    {
      key: 'delete',
      icon: <DeleteOutlined />,
      label: '删除',
      danger: true,
      disabled: category.categoryTreeVOS.length > 0 || category.courseCount > 0,
    },
  ];
}

function NodeTitle({
  category,
  editable,
  onAction,
}: {
  category: CourseCategoryNode;
  editable: boolean;
  onAction: (category: CourseCategoryNode, key: string) => void;
}): ReactNode {
  return (
    <span className="kp-course-tree__node" data-testid={`course-category-${category.name}`}>
      <FolderOutlined aria-hidden />
      <span className="kp-course-tree__name" title={category.name}>
        {category.name}
      </span>
      {category.published ? null : <Tag color="default">未发布</Tag>}
      {category.courseCount > 0 ? (
        <Typography.Text type="secondary" className="kp-course-tree__count">
          {category.courseCount}
        </Typography.Text>
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
            icon={<MoreOutlined />}
            aria-label={`课程分类「${category.name}」操作`}
            onClick={(event) => event.stopPropagation()}
          />
        </Dropdown>
      ) : null}
    </span>
  );
}

function useCategoryActions(selectedId: number, onSelect: (id: number) => void) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [form] = Form.useForm<{ name: string; parentId: number }>();
  const changed = () => void queryClient.invalidateQueries({ queryKey: courseKeys.all });

  const save = useMutation({
    mutationFn: async (values: { name: string; parentId: number }) => {
      if (!dialog) throw new Error('no dialog');
      if (dialog.kind === 'add') return addCategory(values.name.trim(), dialog.parent.id);
      if (dialog.kind === 'rename') return modifyCategory(dialog.category.id, { name: values.name.trim() });
      return modifyCategory(dialog.category.id, { parentId: values.parentId });
    },
    onSuccess: (category) => {
      const verb = dialog?.kind === 'add' ? '已新增' : dialog?.kind === 'move' ? '已移动' : '已保存';
      message.success(`${verb}课程分类「${category.name}」`);
      if (dialog?.kind === 'add') onSelect(category.id);
      setDialog(null);
      changed();
    },
  });
  const publish = useMutation({
    mutationFn: ({ category, published }: { category: CourseCategoryNode; published: boolean }) =>
      publishCategory(category.id, published),
    onSuccess: (category) => {
      message.success(category.published ? `已发布「${category.name}」` : `「${category.name}」已对学员隐藏`);
      changed();
    },
  });
  const remove = useMutation({
    mutationFn: (category: CourseCategoryNode) => deleteCategory(category.id),
    onSuccess: (_r, category) => {
      message.success(`已删除课程分类「${category.name}」`);
      if (selectedId === category.id) onSelect(ALL_COURSES);
      changed();
    },
  });

  const open = (next: Dialog) => {
    form.resetFields();
    if (next.kind === 'rename') form.setFieldsValue({ name: next.category.name });
    if (next.kind === 'move') form.setFieldsValue({ parentId: next.category.parentId });
    setDialog(next);
  };
  const onAction = (category: CourseCategoryNode, key: string) => {
    if (key === 'add') open({ kind: 'add', parent: category });
    else if (key === 'rename') open({ kind: 'rename', category });
    else if (key === 'move') open({ kind: 'move', category });
    else if (key === 'publish' || key === 'unpublish')
      publish.mutate({ category, published: key === 'publish' });
    else if (key === 'delete')
      modal.confirm({
        title: `删除课程分类「${category.name}」？`,
        content: '此操作不可撤销。',
        okText: '删除',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: () => remove.mutateAsync(category),
      });
  };
  return { dialog, setDialog, form, save, open, onAction };
}

function dialogTitle(dialog: Dialog | null): string {
  if (dialog?.kind === 'add')
    return dialog.parent.id === ALL_COURSES ? '新增课程分类' : `新增「${dialog.parent.name}」的子分类`;
  return dialog?.kind === 'rename' ? '重命名课程分类' : '移动课程分类';
}

/** The course category tree under 全部课程 (0); selecting filters the list; each category has its actions. */
export function CategoryTreePanel({
  selectedId,
  onSelect,
  editable,
}: {
  selectedId: number;
  onSelect: (categoryId: number) => void;
  editable: boolean;
}): ReactNode {
  const tree = useCourseCategories();
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const treeData = useMemo(() => toTreeData(nodes), [nodes]);
  const [collapsed, setCollapsed] = useState<Key[]>([]);
  const keys = [ALL_COURSES, ...allCategoryIds(nodes)];
  const { dialog, setDialog, form, save, open, onAction } = useCategoryActions(selectedId, onSelect);

  return (
    <nav className="kp-course-tree" aria-label="课程分类">
      <div className="kp-course-tree__header">
        <Typography.Text strong>课程分类</Typography.Text>
        {editable && nodes[0] ? (
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => open({ kind: 'add', parent: nodes[0] as CourseCategoryNode })}
          >
            新增分类
          </Button>
        ) : null}
      </div>
      {tree.isError ? (
        <PageError title="" description="课程分类加载失败" onRetry={() => void tree.refetch()} />
      ) : tree.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} title={false} />
      ) : (
        <Tree<TreeNode>
          className="kp-course-tree__tree"
          blockNode
          treeData={treeData}
          titleRender={(node) => (
            <NodeTitle category={node.category} editable={editable} onAction={onAction} />
          )}
          selectedKeys={[selectedId]}
          expandedKeys={keys.filter((key) => !collapsed.includes(key))}
          onExpand={(expanded) => setCollapsed(keys.filter((key) => !expanded.includes(key)))}
          onSelect={(selected) => {
            if (selected.length > 0) onSelect(Number(selected[0]));
          }}
        />
      )}
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
            <Form.Item name="parentId" label="移动到" rules={[{ required: true, message: '请选择上级分类' }]}>
              <TreeSelect
                aria-label="上级分类"
                treeDefaultExpandAll
                treeData={categoryOptions(nodes, dialog.category.id)}
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="name"
              label="分类名称"
              rules={[
                { required: true, whitespace: true, message: '请输入分类名称' },
                { max: 50, message: '分类名称不能超过 50 个字符' },
              ]}
            >
              <Input aria-label="分类名称" maxLength={50} autoFocus />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </nav>
  );
}
