import { useState, type ReactNode } from 'react';
import { App, Button, Input, Popconfirm, Space, Tabs, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { TAG_TYPE_LABELS, TagType, isTagType } from '@kaopei/shared';
import {
  DataTable,
  useListPage,
  type DataTableColumn,
  type DataTableSort,
  type DataTableToolbarButton,
} from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import { ApiError } from '../../../lib/http';
import {
  createTag,
  deleteTags,
  fetchTags,
  modifyTag,
  tagKeys,
  type TagInput,
  type TagRow,
  type TagSortField,
} from '../api';
import { HexColorPicker } from '../components/hex-color-picker';
import { TagFormModal } from '../components/tag-form-modal';
import { TAG_COLOR_RULES, TAG_DESCRIPTION_RULES, TAG_NAME_RULES, tagChanges } from '../tag-rules';
import '../system-tag.css';

const TYPE_TABS = (Object.entries(TAG_TYPE_LABELS) as [string, string][]).map(([type, label]) => ({
  key: type,
  label: `${label}标签`,
}));

const SORT_FIELDS: readonly string[] = ['name', 'usageCount', 'createdAt'] satisfies TagSortField[];

interface TagFilter {
  type: TagType;
  keyword: string;
  sort: { sortField?: TagSortField; sortOrder?: 'asc' | 'desc' };
}

const INITIAL_FILTER: TagFilter = { type: TagType.QUESTION_BANK, keyword: '', sort: {} };

/** /manage/system/tag: the tags of each type, edited inline. */
export default function TagPage(): ReactNode {
  const { message } = App.useApp();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);

  const list = useListPage({
    initialFilter: INITIAL_FILTER,
    queryKey: ({ type, keyword, sort }, page, size) => tagKeys.list({ type, page, size, keyword, ...sort }),
    fetchPage: ({ type, keyword, sort }, page, size) => fetchTags({ type, page, size, keyword, ...sort }),
    rowKey: 'tagId',
    invalidate: [tagKeys.all],
    remove: (targets) => deleteTags(targets.map((tag) => tag.tagId)),
    onRemoved: (result, targets) => {
      message.success(`已删除 ${result.count} 个标签`);
      if (editingId !== null && targets.some((tag) => tag.tagId === editingId)) setEditingId(null);
    },
  });
  const { filter, rows, tableRef, refresh } = list;
  const type = filter.type;
  const tags = list.query;

  /** A new tab or search: no edit, no selection, first page. */
  const resetView = (patch: Partial<TagFilter>) => {
    tableRef.current?.cancelEdit();
    setEditingId(null);
    list.clearSelection();
    list.updateFilter(patch);
  };

  const add = useMutation({
    mutationFn: (input: TagInput) => createTag(type, input),
    onSuccess: (tag) => {
      message.success(`已添加标签「${tag.name}」`);
      setAdding(false);
      void refresh();
    },
  });

  const startEdit = (tag: TagRow) => {
    // One row at a time: another row's unsaved edit is dropped.
    tableRef.current?.cancelEdit();
    tableRef.current?.startEdit(tag.tagId);
    setEditingId(tag.tagId);
  };

  const cancelEdit = () => {
    tableRef.current?.cancelEdit();
    setEditingId(null);
  };

  const commitEdit = async () => {
    try {
      await tableRef.current?.commit();
      setEditingId(null);
    } catch {
      // The table has reported the failing field or the save error; the row stays in edit mode.
    }
  };

  /** Saves the edited rows (called by the table after its rules passed). */
  const saveEdited = async (edited: TagRow[]) => {
    for (const row of edited) {
      const original = rows.find((tag) => tag.tagId === row.tagId);
      if (!original) continue;
      const changes = tagChanges(original, row);
      if (Object.keys(changes).length === 0) continue;
      try {
        await modifyTag(row.tagId, changes);
      } catch (error) {
        // The HTTP client has shown the server's reason; the table reports which row failed.
        throw new Error(
          error instanceof ApiError ? `标签「${original.name}」未保存` : `标签「${original.name}」保存失败`,
          { cause: error },
        );
      }
    }
    message.success('已保存');
    await refresh();
  };

  const confirmDelete = (targets: TagRow[]) => {
    const used = targets.reduce((sum, tag) => sum + tag.usageCount, 0);
    list.confirmDelete(targets, {
      title: `删除所选 ${targets.length} 个标签？`,
      content: used > 0 ? `这些标签共被使用 ${used} 次，删除后这些关联将一并解除。` : '此操作不可撤销。',
    });
  };

  const columns: DataTableColumn<TagRow>[] = [
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
        <Tag color={tag.color} variant="solid" data-testid="tag-preview">
          {tag.name}
        </Tag>
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
      render: (_value, tag) =>
        editingId === tag.tagId ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => void commitEdit()}>
              保存
            </Button>
            <Button type="link" size="small" onClick={cancelEdit}>
              取消
            </Button>
          </Space>
        ) : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => startEdit(tag)}>
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
              onConfirm={() => list.remove([tag])}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  const toolbar: DataTableToolbarButton<TagRow>[] = [
    {
      id: 'add-tag',
      label: '新增标签',
      type: 'primary',
      icon: <PlusOutlined />,
      onClick: () => setAdding(true),
    },
    {
      id: 'delete-tags',
      label: '删除所选',
      danger: true,
      icon: <DeleteOutlined />,
      disabled: (selected) => selected.length === 0,
      onClick: (selected) => confirmDelete(selected),
    },
  ];

  const changeSort = ({ field, order }: DataTableSort) => {
    list.updateFilter({
      sort:
        order && SORT_FIELDS.includes(field)
          ? { sortField: field as TagSortField, sortOrder: order === 'ascend' ? 'asc' : 'desc' }
          : {},
    });
  };

  return (
    <div className="kp-page kp-tag-page">
      <header className="kp-page__header">
        <Typography.Title level={3}>标签管理</Typography.Title>
        <Typography.Text type="secondary">
          题库、试题、岗位、用户和组织各有一套标签；同一类型下标签名称不能重复。
        </Typography.Text>
      </header>
      <div className="kp-tag-page__body">
        <Tabs
          activeKey={String(type)}
          onChange={(key) => {
            const next = Number(key);
            if (!isTagType(next)) return;
            resetView({ type: next });
          }}
          items={TYPE_TABS}
        />
        <Input.Search
          className="kp-tag-page__search"
          placeholder="搜索标签名称"
          allowClear
          aria-label="搜索标签"
          onSearch={(value) => {
            resetView({ keyword: value.trim() });
          }}
        />
        {tags.isError ? (
          <PageError description="标签加载失败，请稍后重试。" onRetry={() => void tags.refetch()} />
        ) : (
          <DataTable<TagRow>
            {...list.tableProps}
            columns={columns}
            onPageChange={(page, size) => {
              cancelEdit();
              list.tableProps.onPageChange(page, size);
            }}
            onSortChange={changeSort}
            showIndex
            toolbar={toolbar}
            onCommit={saveEdited}
            autoHeight={false}
            scrollX={1000}
          />
        )}
      </div>
      <TagFormModal
        open={adding}
        type={type}
        saving={add.isPending}
        onSubmit={(input) => add.mutate(input)}
        onCancel={() => setAdding(false)}
      />
    </div>
  );
}
