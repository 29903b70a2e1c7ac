import { useMemo, useRef, useState } from 'react';
import type { Key } from 'react';
import type { TableProps } from 'antd';
import { ACTION_THROTTLE_MS, DEFAULT_PAGE_SIZE } from '@kaopei/shared';
import { getRowKey } from './data-table-cells';
import type {
  DataTablePagination,
  DataTableProps,
  DataTableSortOrder,
  DataTableToolbarButton,
} from './types';

/** Paging controlled through `pagination`, or internal. */
export function useTablePaging<T extends object>(props: DataTableProps<T>) {
  const { pagination, onPageChange } = props;
  const [innerPagination, setInnerPagination] = useState<DataTablePagination>({
    page: 1,
    size: DEFAULT_PAGE_SIZE,
  });
  const { page, size: pageSize } = pagination ?? innerPagination;
  const changePage = (nextPage: number, nextSize: number) => {
    if (!pagination) setInnerPagination({ page: nextPage, size: nextSize });
    onPageChange?.(nextPage, nextSize);
  };
  return { page, pageSize, changePage };
}

/** Single-column, server-side sorting: the shown state and antd's change handler. */
export function useTableSort<T extends object>(onSortChange: DataTableProps<T>['onSortChange']) {
  const [sort, setSort] = useState<{ field: string | null; order: DataTableSortOrder }>({
    field: null,
    order: null,
  });
  const handleTableChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const result = Array.isArray(sorter) ? sorter[0] : sorter;
    const order: DataTableSortOrder = result?.order ?? null;
    // antd omits the column when sorting is cleared; report the column that was sorted.
    const field = order && result?.columnKey !== undefined ? String(result.columnKey) : sort.field;
    if (field === null) return;
    setSort({ field, order });
    onSortChange?.({ field, order });
  };
  return { sort, handleTableChange };
}

/** Selection controlled through `selectedRowKeys`, or internal; the selected rows across pages. */
export function useTableSelection<T extends object>(props: DataTableProps<T>) {
  const { rowKey, dataSource, selectable = false, selectedRowKeys, onSelectionChange } = props;
  const [innerSelectedKeys, setInnerSelectedKeys] = useState<Key[]>([]);
  // antd reports rows of other pages too (preserveSelectedRowKeys); keep them for the toolbar.
  const [reportedRows, setReportedRows] = useState<T[]>([]);
  const mergedSelectedKeys = selectedRowKeys ?? innerSelectedKeys;
  const selectedRows = useMemo(() => {
    const findRow = (rows: T[], key: Key) =>
      rows.find((row) => String(getRowKey(rowKey, row)) === String(key));
    return mergedSelectedKeys
      .map((key) => findRow(dataSource, key) ?? findRow(reportedRows, key))
      .filter((row): row is T => row !== undefined);
  }, [mergedSelectedKeys, dataSource, reportedRows, rowKey]);

  const rowSelection: TableProps<T>['rowSelection'] = selectable
    ? {
        selectedRowKeys: mergedSelectedKeys,
        preserveSelectedRowKeys: true,
        onChange: (keys, rows) => {
          const knownRows = rows.filter((row): row is T => row !== undefined);
          setReportedRows(knownRows);
          if (!selectedRowKeys) setInnerSelectedKeys(keys);
          onSelectionChange?.(keys, knownRows);
        },
      }
    : undefined;
  return { selectedRows, rowSelection };
}

/** Toolbar clicks, each button throttled to one per ACTION_THROTTLE_MS. */
export function useToolbarClick<T extends object>(selectedRows: T[]) {
  const lastClickRef = useRef(new Map<string, number>());
  return (button: DataTableToolbarButton<T>) => {
    const now = Date.now();
    const last = lastClickRef.current.get(button.id);
    if (last !== undefined && now - last < ACTION_THROTTLE_MS) return;
    lastClickRef.current.set(button.id, now);
    button.onClick(selectedRows);
  };
}
