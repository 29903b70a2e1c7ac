import type { ReactNode } from 'react';
import { Form } from 'antd';
import type { TableColumnType } from 'antd';
import { displayValue, editorOf, getRowKey, isRequiredColumn, renderEditor } from './data-table-cells';
import type { DataTableColumn, DataTableProps, DataTableSortOrder } from './types';

const INDEX_COLUMN_KEY = '__index';
const INDEX_COLUMN_TITLE = '序号';

export interface TableColumnsInput<T extends object> {
  columns: DataTableColumn<T>[];
  rowKey: DataTableProps<T>['rowKey'];
  slots: DataTableProps<T>['slots'];
  sort: { field: string | null; order: DataTableSortOrder };
  /** String keys of the rows in edit mode. */
  editingKeySet: Set<string>;
  /** Colour of the required-column asterisk. */
  errorColor: string;
  showIndex: boolean;
  page: number;
  pageSize: number;
}

function titleOf<T extends object>(column: DataTableColumn<T>, errorColor: string): ReactNode {
  if (!isRequiredColumn(column)) return column.title;
  return (
    <>
      <span className="kp-data-table-required" style={{ color: errorColor, marginInlineEnd: 4 }}>
        *
      </span>
      {column.title}
    </>
  );
}

function tableColumnOf<T extends object>(
  column: DataTableColumn<T>,
  input: TableColumnsInput<T>,
): TableColumnType<T> {
  const { rowKey, slots, sort, editingKeySet } = input;
  // Strip our own props so they do not reach antd (and the DOM).
  const { title, dataIndex, sortable, editable: _editable, rules, slot, render, key, ...antdColumn } = column;
  const columnKey = key ?? dataIndex ?? slot ?? title;
  const editor = editorOf(column);
  return {
    ...antdColumn,
    key: columnKey,
    dataIndex,
    title: titleOf(column, input.errorColor),
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
}

/** The antd columns of a DataTable: '序号' first when asked, sorting state, slots and editable cells. */
export function tableColumnsOf<T extends object>(input: TableColumnsInput<T>): TableColumnType<T>[] {
  const { page, pageSize } = input;
  const tableColumns = input.columns.map((column) => tableColumnOf(column, input));
  if (input.showIndex) {
    tableColumns.unshift({
      key: INDEX_COLUMN_KEY,
      title: INDEX_COLUMN_TITLE,
      width: 70,
      align: 'center',
      render: (_value: unknown, _record: T, index: number) => (page - 1) * pageSize + index + 1,
    });
  }
  return tableColumns;
}
