import { useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import { App } from 'antd';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import type { Page } from '../../lib/http';
import type { DataTableHandle, DataTablePagination, DataTableProps } from './types';

export interface ListPageOptions<T extends object, F extends object, R> {
  /** The filter the list starts with (search words, tabs, sorting…); `updateFilter` changes it. */
  initialFilter: F;
  /** Query key of one page; `page` is zero-based as the server counts. */
  queryKey: (filter: F, page: number, size: number) => QueryKey;
  /** Loads one page; `page` is zero-based as the server counts. */
  fetchPage: (filter: F, page: number, size: number) => Promise<Page<T>>;
  /** Field that identifies a row (selection and delete). */
  rowKey: Extract<keyof T, string>;
  /** What `refresh()` (and a delete) invalidates, usually the feature's `keys.all`. */
  invalidate: readonly QueryKey[];
  /** Deletes rows on the server; enables `remove` and `confirmDelete`. */
  remove?: (rows: T[]) => Promise<R>;
  /** After a delete succeeded (the page's success message, its own state); selection and paging are done. */
  onRemoved?: (result: R, rows: T[]) => void;
}

export interface ConfirmDeleteTexts {
  title: ReactNode;
  content: ReactNode;
}

/** The table props the hook controls; spread them onto `DataTable`. */
export type ListTableProps<T extends object> = Required<
  Pick<
    DataTableProps<T>,
    | 'rowKey'
    | 'dataSource'
    | 'total'
    | 'totalCapped'
    | 'loading'
    | 'pagination'
    | 'onPageChange'
    | 'selectable'
    | 'selectedRowKeys'
    | 'onSelectionChange'
  >
> & { ref: RefObject<DataTableHandle<T> | null> };

export interface ListPage<T extends object, F extends object> {
  filter: F;
  /** Merges into the filter and goes back to the first page. */
  updateFilter: (patch: Partial<F>) => void;
  /** One-based page and size, as the table shows them. */
  paging: DataTablePagination;
  firstPage: () => void;
  query: UseQueryResult<Page<T>>;
  rows: T[];
  selectedKeys: Key[];
  /** The selected rows, including those chosen on other pages. */
  selectedRows: T[];
  clearSelection: () => void;
  /** Invalidates the `invalidate` keys. */
  refresh: () => Promise<void>;
  /** The table's handle (also given to it through `tableProps.ref`), for inline editing. */
  tableRef: RefObject<DataTableHandle<T> | null>;
  tableProps: ListTableProps<T>;
  /** Deletes rows without asking (for a Popconfirm); errors were shown by the HTTP client. */
  remove: (rows: T[]) => Promise<void>;
  /** Asks 「删除」/「取消」 with the given title and content, then deletes. */
  confirmDelete: (rows: T[], texts: ConfirmDeleteTexts) => void;
  deleting: boolean;
}

/** Row selection kept across pages: the keys, and the rows last reported for them. */
function useListSelection<T extends object>(keyOf: (row: T) => string) {
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<T[]>([]);

  const clearSelection = () => {
    setSelectedKeys([]);
    setSelectedRows([]);
  };

  /** Drops rows (deleted ones) from the selection. */
  const deselect = (targets: T[]) => {
    const removed = new Set(targets.map(keyOf));
    setSelectedKeys((keys) => keys.filter((key) => !removed.has(String(key))));
    setSelectedRows((current) => current.filter((row) => !removed.has(keyOf(row))));
  };

  const onSelectionChange = (keys: Key[], reported: T[]) => {
    setSelectedKeys(keys);
    setSelectedRows((current) => {
      // Keep rows of other pages that stay selected.
      const byKey = new Map(current.map((row) => [keyOf(row), row]));
      for (const row of reported) byKey.set(keyOf(row), row);
      const wanted = new Set(keys.map(String));
      return [...byKey.values()].filter((row) => wanted.has(keyOf(row)));
    });
  };

  return { selectedKeys, selectedRows, clearSelection, deselect, onSelectionChange };
}

interface ListRemovalInput<T extends object, R> {
  remove?: (rows: T[]) => Promise<R>;
  /** After a delete succeeded. */
  onSuccess: (result: R, rows: T[]) => void;
}

/** Delete without asking (`remove`) or after 「删除」/「取消」 (`confirmDelete`). */
function useListRemoval<T extends object, R>({ remove, onSuccess }: ListRemovalInput<T, R>) {
  const { modal } = App.useApp();
  const removal = useMutation({
    mutationFn: (targets: T[]) => {
      if (!remove) throw new Error('useListPage: no remove given');
      return remove(targets);
    },
    onSuccess,
  });

  const removeRows = (targets: T[]) =>
    removal.mutateAsync(targets).then(
      () => undefined,
      () => undefined,
    );

  const confirmDelete = (targets: T[], texts: ConfirmDeleteTexts) => {
    modal.confirm({
      title: texts.title,
      content: texts.content,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => removeRows(targets),
    });
  };

  return { removeRows, confirmDelete, deleting: removal.isPending };
}

/**
 * The state of an admin list page around `DataTable`: filter, server paging (page 1 of
 * DEFAULT_PAGE_SIZE; a filter change goes back to page 1), row selection kept across pages, and
 * delete — confirm, run, drop the deleted rows from the selection, step back a page when the current
 * one became empty (the table's `notifyDeleted`, spec §4), refresh.
 */
export function useListPage<T extends object, F extends object, R = unknown>(
  options: ListPageOptions<T, F, R>,
): ListPage<T, F> {
  const { initialFilter, queryKey, fetchPage, rowKey, invalidate, remove, onRemoved } = options;
  const queryClient = useQueryClient();
  const tableRef = useRef<DataTableHandle<T>>(null);
  const [filter, setFilter] = useState<F>(initialFilter);
  const [paging, setPaging] = useState<DataTablePagination>({ page: 1, size: DEFAULT_PAGE_SIZE });
  const keyOf = (row: T): string => String(row[rowKey]);
  const selection = useListSelection(keyOf);

  const query = useQuery({
    queryKey: queryKey(filter, paging.page - 1, paging.size),
    queryFn: () => fetchPage(filter, paging.page - 1, paging.size),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];

  const refresh = async () => {
    await Promise.all(invalidate.map((key) => queryClient.invalidateQueries({ queryKey: key })));
  };

  const firstPage = () => setPaging((state) => ({ ...state, page: 1 }));

  const removal = useListRemoval<T, R>({
    remove,
    onSuccess: (result, targets) => {
      selection.deselect(targets);
      tableRef.current?.notifyDeleted(targets.length);
      onRemoved?.(result, targets);
      void refresh();
    },
  });

  return {
    filter,
    updateFilter: (patch) => {
      setFilter((current) => ({ ...current, ...patch }));
      firstPage();
    },
    paging,
    firstPage,
    query,
    rows,
    selectedKeys: selection.selectedKeys,
    selectedRows: selection.selectedRows,
    clearSelection: selection.clearSelection,
    refresh,
    tableRef,
    tableProps: {
      ref: tableRef,
      rowKey,
      dataSource: rows,
      total: query.data?.total ?? 0,
      totalCapped: query.data?.totalCapped ?? false,
      loading: query.isFetching,
      pagination: paging,
      onPageChange: (page, size) => setPaging({ page, size }),
      selectable: true,
      selectedRowKeys: selection.selectedKeys,
      onSelectionChange: selection.onSelectionChange,
    },
    remove: removal.removeRows,
    confirmDelete: removal.confirmDelete,
    deleting: removal.deleting,
  };
}
