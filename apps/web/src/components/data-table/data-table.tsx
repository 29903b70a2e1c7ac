import { useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { Key, ReactElement, ReactNode } from 'react';
import { Button, Empty, Form, Input, InputNumber, Select, Switch, Table, message, theme } from 'antd';
import type { TableColumnType, TablePaginationConfig, TableProps } from 'antd';
import {
  ACTION_THROTTLE_MS,
  DEFAULT_PAGE_SIZE,
  DEV_ERRORS,
  LOADING_TEXT,
  PAGE_SIZE_OPTIONS,
  PAGINATION_HEIGHT,
  TOOLBAR_HEIGHT,
} from '@kaopei/shared';
import { pageAfterDelete } from './page-after-delete';
import { useAutoScrollHeight } from './use-auto-scroll-height';
import type {
  DataTableColumn,
  DataTableEditor,
  DataTableHandle,
  DataTablePagination,
  DataTableProps,
  DataTableRowKey,
  DataTableSortOrder,
  DataTableToolbarButton,
  DataTableValidationError,
} from './types';

const INDEX_COLUMN_KEY = '__index';
const INDEX_COLUMN_TITLE = '序号';
const EMPTY_TEXT = '暂无数据';

/** Form values of the edited rows: `{ [String(rowKey)]: { [field]: value } }`. */
type EditValues = Record<string, Record<string, unknown>>;

/** Field path of an editable cell; keys are strings so numeric ids never turn the store into an array. */
type CellName = [string, string];

interface EditableField {
  field: string;
  label: string;
}

function getRowKey<T extends object>(
  rowKey: DataTableProps<T>['rowKey'],
  record: T,
): DataTableRowKey | undefined {
  if (typeof rowKey === 'function') return rowKey(record);
  // Without rowKey antd falls back to `record.key`; mirror that so selection lookups still work.
  const value: unknown = rowKey === undefined ? (record as { key?: unknown }).key : record[rowKey];
  if (typeof value === 'string' || typeof value === 'number') return value;
  return value === null || value === undefined ? undefined : String(value);
}

function displayValue(value: unknown): ReactNode {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  return String(value);
}

function isRequiredColumn<T extends object>(column: DataTableColumn<T>): boolean {
  return column.rules?.some((rule) => typeof rule === 'object' && rule.required === true) ?? false;
}

function editorOf<T extends object>(column: DataTableColumn<T>): DataTableEditor<T> | undefined {
  if (!column.editable) return undefined;
  return column.editable === true ? 'input' : column.editable.editor;
}

function renderEditor<T extends object>(
  editor: DataTableEditor<T>,
  label: string,
  record: T,
  index: number,
): ReactNode {
  if (typeof editor === 'function') return editor(record, index);
  switch (editor) {
    case 'input':
      return <Input aria-label={label} />;
    case 'number':
      return <InputNumber aria-label={label} style={{ width: '100%' }} />;
    case 'switch':
      return <Switch aria-label={label} />;
    default:
      return <Select aria-label={label} style={{ width: '100%' }} options={editor.options} />;
  }
}

function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message;
  }
  return String(error);
}

interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/** Narrows the rejection of antd `validateFields` (as opposed to an unexpected exception). */
function fieldErrorsOf(error: unknown): FieldError[] | undefined {
  if (typeof error !== 'object' || error === null || !('errorFields' in error)) return undefined;
  return Array.isArray(error.errorFields) ? (error.errorFields as FieldError[]) : undefined;
}

/** Throws the developer errors of spec §8 for a misconfigured table. */
function assertConfiguration<T extends object>(props: DataTableProps<T>): void {
  for (const column of props.columns) {
    if (column.slot !== undefined && !props.slots?.[column.slot]) throw new Error(DEV_ERRORS.MISSING_SLOT);
  }
  for (const button of props.toolbar ?? []) {
    if (!button.id) throw new Error(DEV_ERRORS.MISSING_BUTTON_ID);
  }
}

/**
 * The admin list table: selection, '序号', server-side sorting and paging, toolbar actions, slots and
 * validated inline row editing (spec §2, §4, §5). Rows are edited through the `ref` handle.
 */
export function DataTable<T extends object>(props: DataTableProps<T>): ReactElement {
  const {
    ref,
    rowKey,
    columns,
    dataSource,
    total,
    totalCapped = false,
    loading = false,
    pagination,
    hidePagination = false,
    onPageChange,
    onSortChange,
    selectable = false,
    selectedRowKeys,
    onSelectionChange,
    showIndex = false,
    toolbar,
    slots,
    onCommit,
    autoHeight = true,
    scrollX,
    bordered,
    size,
    className,
  } = props;

  const rootRef = useRef<HTMLDivElement>(null);
  const [form] = Form.useForm<EditValues>();
  const [messageApi, messageHolder] = message.useMessage();
  const { token } = theme.useToken();

  // ---- paging (controlled through `pagination`, or internal) ----
  const [innerPagination, setInnerPagination] = useState<DataTablePagination>({
    page: 1,
    size: DEFAULT_PAGE_SIZE,
  });
  const { page, size: pageSize } = pagination ?? innerPagination;
  const changePage = (nextPage: number, nextSize: number) => {
    if (!pagination) setInnerPagination({ page: nextPage, size: nextSize });
    onPageChange?.(nextPage, nextSize);
  };

  // ---- sorting (single column, server-side) ----
  const [sort, setSort] = useState<{ field: string | null; order: DataTableSortOrder }>({
    field: null,
    order: null,
  });

  // ---- selection (controlled through `selectedRowKeys`, or internal) ----
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

  // ---- toolbar ----
  const lastClickRef = useRef(new Map<string, number>());
  const clickToolbarButton = (button: DataTableToolbarButton<T>) => {
    const now = Date.now();
    const last = lastClickRef.current.get(button.id);
    if (last !== undefined && now - last < ACTION_THROTTLE_MS) return;
    lastClickRef.current.set(button.id, now);
    button.onClick(selectedRows);
  };

  // ---- inline editing ----
  const [editingKeys, setEditingKeysState] = useState<DataTableRowKey[]>([]);
  // Mirrors the state so handle calls made in one tick (startEdit twice, then commit) see each other.
  const editingKeysRef = useRef<DataTableRowKey[]>([]);
  const setEditingKeys = (keys: DataTableRowKey[]) => {
    editingKeysRef.current = keys;
    setEditingKeysState(keys);
  };
  const editingKeySet = new Set(editingKeys.map(String));

  const editableFields: EditableField[] = columns.flatMap((column) =>
    column.editable && column.dataIndex !== undefined
      ? [{ field: column.dataIndex, label: column.title }]
      : [],
  );

  /** Edited rows still present in the data, in table order. */
  const editedRows = (): { key: DataTableRowKey; record: T }[] => {
    const editing = new Set(editingKeysRef.current.map(String));
    return dataSource.flatMap((record) => {
      const key = getRowKey(rowKey, record);
      return key !== undefined && editing.has(String(key)) ? [{ key, record }] : [];
    });
  };

  const validateEditedRows = async (rows: { key: DataTableRowKey }[]): Promise<void> => {
    const cells = rows.flatMap(({ key }) =>
      editableFields.map((editable) => ({ key, editable, name: [String(key), editable.field] as CellName })),
    );
    if (cells.length === 0) return;
    try {
      await form.validateFields(cells.map((cell) => cell.name));
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (!fieldErrors) throw error;
      // antd lists errors in registration order; report the first in row order, then column order.
      const failing = cells
        .map((cell) => ({
          cell,
          errors: fieldErrors.find(
            (fieldError) =>
              fieldError.errors.length > 0 &&
              fieldError.name.map(String).join('\u0000') === cell.name.join('\u0000'),
          )?.errors,
        }))
        .find((candidate) => candidate.errors !== undefined);
      if (!failing?.errors) throw error;
      const firstMessage = failing.errors[0] ?? '';
      messageApi.error(`${failing.cell.editable.label}：${firstMessage}`);
      const rejection: DataTableValidationError = {
        prop: failing.cell.editable.field,
        message: firstMessage,
        rowKey: failing.cell.key,
      };
      throw rejection;
    }
  };

  const rowsOnCurrentPage = (): number => {
    // With `total` the data is one server page; without it the table pages the data itself.
    if (total !== undefined) return dataSource.length;
    return Math.max(0, Math.min(pageSize, dataSource.length - (page - 1) * pageSize));
  };

  useImperativeHandle(ref, (): DataTableHandle<T> => {
    return {
      startEdit: (key) => {
        if (rowKey === undefined) throw new Error(DEV_ERRORS.MISSING_ROW_KEY);
        const record = dataSource.find((row) => String(getRowKey(rowKey, row)) === String(key));
        const recordKey = record === undefined ? undefined : getRowKey(rowKey, record);
        if (record === undefined || recordKey === undefined) throw new Error(DEV_ERRORS.ROW_NOT_FOUND);
        if (editingKeysRef.current.some((editing) => String(editing) === String(recordKey))) return;
        const values: Record<string, unknown> = {};
        for (const { field } of editableFields) values[field] = record[field as keyof T];
        form.setFieldsValue({ [String(recordKey)]: values });
        setEditingKeys([...editingKeysRef.current, recordKey]);
      },
      cancelEdit: (key) => {
        // Unmounted cells drop their values (Form preserve={false}), discarding the edits.
        setEditingKeys(
          key === undefined
            ? []
            : editingKeysRef.current.filter((editing) => String(editing) !== String(key)),
        );
      },
      commit: async () => {
        const rows = editedRows();
        if (rows.length === 0) return [];
        await validateEditedRows(rows);
        const changedRows = rows.map(({ key, record }) => {
          const edited: Record<string, unknown> = {};
          for (const { field } of editableFields) edited[field] = form.getFieldValue([String(key), field]);
          return { ...record, ...edited } as T;
        });
        try {
          await onCommit?.(changedRows);
        } catch (error) {
          messageApi.error(errorMessageOf(error));
          throw error;
        }
        const committed = new Set(rows.map(({ key }) => String(key)));
        setEditingKeys(editingKeysRef.current.filter((editing) => !committed.has(String(editing))));
        return changedRows;
      },
      getEditingKeys: () => editedRows().map(({ key }) => key),
      notifyDeleted: (count) => {
        const nextPage = pageAfterDelete(page, rowsOnCurrentPage() - count);
        if (nextPage !== page) changePage(nextPage, pageSize);
        return nextPage;
      },
    };
  });

  // ---- layout ----
  const hasToolbar = (toolbar?.length ?? 0) > 0;
  const reservedHeight = (hidePagination ? 0 : PAGINATION_HEIGHT) + (hasToolbar ? TOOLBAR_HEIGHT : 0);
  const scrollY = useAutoScrollHeight(rootRef, autoHeight, reservedHeight);

  assertConfiguration(props);

  // ---- columns ----
  const tableColumns: TableColumnType<T>[] = columns.map((column) => {
    // Strip our own props so they do not reach antd (and the DOM).
    const {
      title,
      dataIndex,
      sortable,
      editable: _editable,
      rules,
      slot,
      render,
      key,
      ...antdColumn
    } = column;
    const columnKey = key ?? dataIndex ?? slot ?? title;
    const editor = editorOf(column);
    return {
      ...antdColumn,
      key: columnKey,
      dataIndex,
      title: isRequiredColumn(column) ? (
        <>
          <span className="kp-data-table-required" style={{ color: token.colorError, marginInlineEnd: 4 }}>
            *
          </span>
          {title}
        </>
      ) : (
        title
      ),
      ...(sortable
        ? {
            sorter: true,
            sortOrder: sort.field === String(columnKey) ? sort.order : null,
            sortDirections: ['ascend', 'descend'],
          }
        : {}),
      render: (value: unknown, record: T, index: number): ReactNode => {
        const recordKey = getRowKey(rowKey, record);
        if (
          editor &&
          dataIndex !== undefined &&
          recordKey !== undefined &&
          editingKeySet.has(String(recordKey))
        ) {
          return (
            <Form.Item
              name={[String(recordKey), dataIndex]}
              rules={rules}
              valuePropName={editor === 'switch' ? 'checked' : 'value'}
              messageVariables={{ label: title }}
              style={{ margin: 0 }}
            >
              {renderEditor(editor, title, record, index)}
            </Form.Item>
          );
        }
        const renderSlot = slot === undefined ? undefined : slots?.[slot];
        if (renderSlot) return renderSlot(record, index);
        if (render) return render(value, record, index);
        return displayValue(value);
      },
    };
  });
  if (showIndex) {
    tableColumns.unshift({
      key: INDEX_COLUMN_KEY,
      title: INDEX_COLUMN_TITLE,
      width: 70,
      align: 'center',
      render: (_value: unknown, _record: T, index: number) => (page - 1) * pageSize + index + 1,
    });
  }

  const paginationConfig: TablePaginationConfig | false = hidePagination
    ? false
    : {
        current: page,
        pageSize,
        total: total ?? dataSource.length,
        showSizeChanger: true,
        showQuickJumper: true,
        pageSizeOptions: [...PAGE_SIZE_OPTIONS],
        showTotal: (count) => (totalCapped ? `超过 ${count} 条` : `共 ${count} 条`),
        onChange: changePage,
        // 32 px controls + 2 × 10 px margin = PAGINATION_HEIGHT, which the height calculation reserves.
        style: { margin: `${(PAGINATION_HEIGHT - 32) / 2}px 0` },
      };

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

  return (
    <div ref={rootRef} className={className ? `kp-data-table ${className}` : 'kp-data-table'}>
      {messageHolder}
      {hasToolbar ? (
        <div
          className="kp-data-table-toolbar"
          style={{
            display: 'flex',
            gap: 8,
            height: TOOLBAR_HEIGHT,
            alignItems: 'flex-start',
            overflowX: 'auto',
          }}
        >
          {toolbar?.map((button) => (
            <Button
              key={button.id}
              icon={button.icon}
              type={button.type}
              danger={button.danger}
              disabled={
                typeof button.disabled === 'function' ? button.disabled(selectedRows) : button.disabled
              }
              onClick={() => clickToolbarButton(button)}
            >
              {button.label}
            </Button>
          ))}
        </div>
      ) : null}
      <Form form={form} component={false} preserve={false}>
        <Table<T>
          rowKey={rowKey === undefined ? undefined : (record) => getRowKey(rowKey, record) ?? ''}
          columns={tableColumns}
          dataSource={dataSource}
          loading={{ spinning: loading, description: LOADING_TEXT }}
          pagination={paginationConfig}
          onChange={handleTableChange}
          rowSelection={
            selectable
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
              : undefined
          }
          locale={{
            // No '暂无数据' flash behind the first load's overlay.
            emptyText: loading ? <div style={{ height: 100 }} /> : <Empty description={EMPTY_TEXT} />,
          }}
          scroll={scrollY === undefined && scrollX === undefined ? undefined : { x: scrollX, y: scrollY }}
          bordered={bordered}
          size={size}
        />
      </Form>
    </div>
  );
}
