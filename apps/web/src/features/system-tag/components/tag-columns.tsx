import type { ReactNode } from 'react';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { DataTableColumn, DataTableToolbarButton } from '../../../components/data-table';
import type { TagRow } from '../api';
import { TAG_COLOR_RULES, TAG_DESCRIPTION_RULES, TAG_NAME_RULES } from '../tag-rules';
import { HexColorPicker } from './hex-color-picker';
import { ColorTag } from '../../../components/color-tag';

export interface TagRowActions {
  /** The tag whose row is in edit mode, if any. */
  editingId: number | null;
  startEdit: (tag: TagRow) => void;
  commitEdit: () => Promise<void>;
  cancelEdit: () => void;
  remove: (tags: TagRow[]) => Promise<void>;
}

function TagActionsCell({ tag, actions }: { tag: TagRow; actions: TagRowActions }): ReactNode {
  if (actions.editingId === tag.tagId) {
    return (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => void actions.commitEdit()}>
          保存
        </Button>
        <Button type="link" size="small" onClick={actions.cancelEdit}>
          取消
        </Button>
      </Space>
    );
  }
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => actions.startEdit(tag)}>
        编辑
      </Button>
      <Popconfirm
        title={`删除标签「${tag.name}」？`}
        description={
          tag.usageCount > 0
            ? `它被使用了 ${tag.usageCount} 次，删除后这些关联将一并解除。`
            : '此操作不可撤销。'
        }
        okText="删除"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        onConfirm={() => actions.remove([tag])}
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The tag table's columns: name, colour and description edit inline; the last column saves or deletes. */
export function tagColumns(actions: TagRowActions): DataTableColumn<TagRow>[] {
  return [
    { title: '名称', dataIndex: 'name', editable: true, rules: TAG_NAME_RULES, width: 200 },
    {
      title: '颜色',
      dataIndex: 'color',
      width: 170,
      editable: { editor: () => <HexColorPicker aria-label="颜色" /> },
      rules: TAG_COLOR_RULES,
      render: (_value, tag) => (
        <Space size={8}>
          <span className="kp-color-swatch" style={{ background: tag.color }} aria-hidden />
          <Typography.Text code>{tag.color}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '预览',
      key: 'preview',
      width: 150,
      render: (_value, tag) => (
        <ColorTag color={tag.color} testId="tag-preview">
          {tag.name}
        </ColorTag>
      ),
    },
    {
      title: '描述',
      dataIndex: 'description',
      editable: true,
      rules: TAG_DESCRIPTION_RULES,
      ellipsis: true,
      render: (value) => (value as string | null) || <Typography.Text type="secondary">—</Typography.Text>,
    },
    { title: '使用次数', dataIndex: 'usageCount', width: 110, align: 'right', sortable: true },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 170,
      sortable: true,
      render: (value) => dayjs(value as number).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_value, tag) => <TagActionsCell tag={tag} actions={actions} />,
    },
  ];
}

/** 新增标签 and 删除所选. */
export function tagToolbar(
  onAdd: () => void,
  onDelete: (selected: TagRow[]) => void,
): DataTableToolbarButton<TagRow>[] {
  return [
    { id: 'add-tag', label: '新增标签', type: 'primary', icon: <PlusOutlined />, onClick: onAdd },
    {
      id: 'delete-tags',
      label: '删除所选',
      danger: true,
      icon: <DeleteOutlined />,
      disabled: (selected) => selected.length === 0,
      onClick: (selected) => onDelete(selected),
    },
  ];
}
