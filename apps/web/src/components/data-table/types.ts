import type { ButtonProps, FormRule, TableColumnType } from 'antd';
import type { Key, ReactNode, Ref } from 'react';

/** Value identifying a row; `rowKey` must resolve to one of these. */
export type DataTableRowKey = string | number;

export type DataTableSortOrder = 'ascend' | 'descend' | null;

export interface DataTableSort {
  /** The column's `key`, or its `dataIndex` when it has no key. */
  field: string;
  /** `null` when sorting was cleared (third click). */
  order: DataTableSortOrder;
}

export interface DataTablePagination {
  /** 1-based page number as displayed. Convert to the server's 0-based paging at the call site. */
  page: number;
  size: number;
}

export interface DataTableSelectOption {
  label: ReactNode;
  value: string | number;
}

/**
 * Editor of an editable cell. A custom editor is a render function whose returned element receives
 * `value` and `onChange` from the surrounding `Form.Item`, so it must be a single controlled input.
 */
export type DataTableEditor<T extends object> =
  | 'input'
  | 'number'
  | 'switch'
  | { type: 'select'; options: DataTableSelectOption[] }
  | ((record: T, index: number) => ReactNode);

export interface DataTableEditableConfig<T extends object> {
  editor: DataTableEditor<T>;
}

export interface DataTableColumn<T extends object> extends Omit<
  TableColumnType<T>,
  'title' | 'dataIndex' | 'render' | 'sorter' | 'sortOrder' | 'sortDirections' | 'defaultSortOrder'
> {
  /** Header text; also the label used when reporting a failed inline-edit validation. */
  title: string;
  /** Field of the row shown in the column; required for `editable` columns. */
  dataIndex?: Extract<keyof T, string>;
  /** Server-side sorting; clicks cycle ascend, descend, none and call `onSortChange`. */
  sortable?: boolean;
  /** `true` edits with a text input. */
  editable?: boolean | DataTableEditableConfig<T>;
  /** Inline-edit rules; a `required` rule marks the header with a red asterisk. */
  rules?: FormRule[];
  /** Name of an entry of the table's `slots` that renders this column's cells. */
  slot?: string;
  render?: (value: unknown, record: T, index: number) => ReactNode;
}

export interface DataTableToolbarButton<T extends object> {
  /** Required and unique: it also keys the click throttle. */
  id: string;
  label: string;
  icon?: ReactNode;
  type?: ButtonProps['type'];
  danger?: boolean;
  disabled?: boolean | ((selectedRows: T[]) => boolean);
  onClick: (selectedRows: T[]) => void;
}

export type DataTableSlot<T extends object> = (record: T, index: number) => ReactNode;

/** Rejection value of `commit()` when an inline-edit rule fails. */
export interface DataTableValidationError {
  /** Field (`dataIndex`) of the first failing cell. */
  prop: string;
  message: string;
  rowKey: DataTableRowKey;
}

export interface DataTableHandle<T extends object> {
  /** Puts a row into edit mode; throws when `rowKey` is missing or no row has this key. */
  startEdit: (rowKey: DataTableRowKey) => void;
  /** Leaves edit mode for one row, or for all rows without an argument, discarding changes. */
  cancelEdit: (rowKey?: DataTableRowKey) => void;
  /**
   * Validates every editable column of every edited row, then calls `onCommit` with the edited rows
   * (original row merged with the edited values, in table order) and leaves edit mode. Rejects with a
   * `DataTableValidationError` for the first failing cell, or with `onCommit`'s rejection.
   */
  commit: () => Promise<T[]>;
  getEditingKeys: () => DataTableRowKey[];
  /**
   * Tells the table `count` rows of the current page were deleted; steps back a page through
   * `onPageChange` when the page became empty (spec §4). Returns the page to show.
   */
  notifyDeleted: (count: number) => number;
}

export interface DataTableProps<T extends object> {
  ref?: Ref<DataTableHandle<T>>;
  /** Field or function giving each row's key. Required for selection across pages and inline edit. */
  rowKey?: Extract<keyof T, string> | ((record: T) => DataTableRowKey);
  columns: DataTableColumn<T>[];
  dataSource: T[];
  /** Server-side row count; defaults to `dataSource.length` (client-side paging). */
  total?: number;
  /** The server stopped counting at `total` (shown as 超过 N 条). */
  totalCapped?: boolean;
  loading?: boolean;
  /** Controlled paging; without it the table keeps its own, starting at page 1 of DEFAULT_PAGE_SIZE. */
  pagination?: DataTablePagination;
  /** Hides the pagination bar. */
  hidePagination?: boolean;
  onPageChange?: (page: number, size: number) => void;
  onSortChange?: (sort: DataTableSort) => void;
  selectable?: boolean;
  /** Controlled selection; keys from other pages are kept. */
  selectedRowKeys?: Key[];
  onSelectionChange?: (keys: Key[], rows: T[]) => void;
  /** Adds a '序号' column numbering rows continuously across pages. */
  showIndex?: boolean;
  toolbar?: DataTableToolbarButton<T>[];
  slots?: Record<string, DataTableSlot<T>>;
  /** Called by `commit()` with the edited rows; a rejection keeps the rows in edit mode. */
  onCommit?: (rows: T[]) => Promise<void> | void;
  /**
   * Fit the table to the window (default true): the body scrolls inside the height left between its top
   * and the window's bottom once the pagination and whatever the page shows below the table (padding,
   * footer) are counted; at least about five rows, on short screens the page scrolls. Turn it off for a
   * table inside a dialog or beside other content that should decide its height.
   */
  autoHeight?: boolean;
  /** Horizontal scroll width, for tables wider than their container. */
  scrollX?: number | string | true;
  bordered?: boolean;
  size?: 'small' | 'middle' | 'large';
  className?: string;
}
