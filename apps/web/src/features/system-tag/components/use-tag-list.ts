import { useState } from 'react';
import { App } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { TagType } from '@kaopei/shared';
import { useListPage, type DataTableSort } from '../../../components/data-table';
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
import { tagChanges } from '../tag-rules';

const SORT_FIELDS: readonly string[] = ['name', 'usageCount', 'createdAt'] satisfies TagSortField[];

interface TagFilter {
  type: TagType;
  keyword: string;
  sort: { sortField?: TagSortField; sortOrder?: 'asc' | 'desc' };
}

const INITIAL_FILTER: TagFilter = { type: TagType.QUESTION_BANK, keyword: '', sort: {} };

/** The tag list of one type: paging, search, sorting and delete through useListPage, one row edited at a time. */
export function useTagList() {
  const { message } = App.useApp();
  const [editingId, setEditingId] = useState<number | null>(null);

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
  const { tableRef } = list;

  /** A new tab or search: no edit, no selection, first page. */
  const resetView = (patch: Partial<TagFilter>) => {
    tableRef.current?.cancelEdit();
    setEditingId(null);
    list.clearSelection();
    list.updateFilter(patch);
  };

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

  const confirmDelete = (targets: TagRow[]) => {
    const used = targets.reduce((sum, tag) => sum + tag.usageCount, 0);
    list.confirmDelete(targets, {
      title: `删除所选 ${targets.length} 个标签？`,
      content: used > 0 ? `这些标签共被使用 ${used} 次，删除后这些关联将一并解除。` : '此操作不可撤销。',
    });
  };

  const changeSort = ({ field, order }: DataTableSort) => {
    list.updateFilter({
      sort:
        order && SORT_FIELDS.includes(field)
          ? { sortField: field as TagSortField, sortOrder: order === 'ascend' ? 'asc' : 'desc' }
          : {},
    });
  };

  return { list, editingId, resetView, startEdit, cancelEdit, commitEdit, confirmDelete, changeSort };
}

/** Saves the edited rows (called by the table after its rules passed), then refreshes the list. */
export function useSaveEditedTags(rows: TagRow[], refresh: () => Promise<void>) {
  const { message } = App.useApp();
  return async (edited: TagRow[]) => {
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
}

/** 新增标签: creates a tag of the shown type and refreshes the list. */
export function useAddTag(type: TagType, refresh: () => Promise<void>) {
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const add = useMutation({
    mutationFn: (input: TagInput) => createTag(type, input),
    onSuccess: (tag) => {
      message.success(`已添加标签「${tag.name}」`);
      setAdding(false);
      void refresh();
    },
  });
  return { adding, setAdding, add };
}
