import type { ReactNode } from 'react';
import { Button, Dropdown, Form, Input, Modal, Tag, TreeSelect } from 'antd';
import type { FormInstance, MenuProps } from 'antd';
import {
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  FolderOutlined,
  MoreOutlined,
  PlusOutlined,
  SendOutlined,
} from '@ant-design/icons';
import type { CategoryNode } from '../../lib/paper-categories';
import { categoryOptions, subtreeIds } from '../../lib/category-rules';
import type { CategoryDialogState, CategoryFormValues } from './use-category-actions';

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

interface CategoryNodeTitleProps {
  category: CategoryNode;
  editable: boolean;
  onAction: (category: CategoryNode, key: string) => void;
}

/** One category: name, 已发布 when published, and its actions menu when editable. */
export function CategoryNodeTitle({ category, editable, onAction }: CategoryNodeTitleProps): ReactNode {
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
}

function dialogTitle(dialog: CategoryDialogState | null): string {
  if (dialog?.kind === 'add') {
    return dialog.parent.id === 0 ? '新增一级分类' : `新增「${dialog.parent.name}」的子分类`;
  }
  return dialog?.kind === 'rename' ? '重命名分类' : '移动分类';
}

interface CategoryDialogProps {
  dialog: CategoryDialogState | null;
  form: FormInstance<CategoryFormValues>;
  nodes: readonly CategoryNode[];
  saving: boolean;
  onSave: (values: CategoryFormValues) => void;
  onClose: () => void;
}

/** Add or rename (the name), or move (the new parent, not inside itself). */
export function CategoryDialog({
  dialog,
  form,
  nodes,
  saving,
  onSave,
  onClose,
}: CategoryDialogProps): ReactNode {
  return (
    <Modal
      open={dialog !== null}
      title={dialogTitle(dialog)}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form form={form} layout="vertical" onFinish={onSave}>
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
  );
}
