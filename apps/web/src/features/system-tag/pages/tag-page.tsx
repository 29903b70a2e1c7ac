import type { ReactNode } from 'react';
import { Input, Tabs } from 'antd';
import { TAG_TYPE_LABELS, isTagType } from '@kaopei/shared';
import { DataTable } from '../../../components/data-table';
import { PageError } from '../../../app/page-states';
import type { TagRow } from '../api';
import { tagColumns, tagToolbar } from '../components/tag-columns';
import { TagFormModal } from '../components/tag-form-modal';
import { useAddTag, useSaveEditedTags, useTagList } from '../components/use-tag-list';
import '../system-tag.css';

const TYPE_TABS = (Object.entries(TAG_TYPE_LABELS) as [string, string][]).map(([type, label]) => ({
  key: type,
  label: `${label}标签`,
}));

/** /manage/system/tag: the tags of each type, edited inline. */
export default function TagPage(): ReactNode {
  const { list, editingId, resetView, startEdit, cancelEdit, commitEdit, confirmDelete, changeSort } =
    useTagList();
  const type = list.filter.type;
  const tags = list.query;
  const { adding, setAdding, add } = useAddTag(type, list.refresh);
  const saveEdited = useSaveEditedTags(list.rows, list.refresh);

  const columns = tagColumns({ editingId, startEdit, commitEdit, cancelEdit, remove: list.remove });
  const toolbar = tagToolbar(() => setAdding(true), confirmDelete);

  return (
    <div className="kp-page kp-tag-page">
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
            scrollX={1000}
          />
        )}
      </div>
      <TagFormModal
        open={adding}
        type={type}
        saving={add.isPending}
        onSubmit={(input) => add.mutateAsync(input)}
        onCancel={() => setAdding(false)}
      />
    </div>
  );
}
