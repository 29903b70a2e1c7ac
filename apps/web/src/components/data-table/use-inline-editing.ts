import { useImperativeHandle, useRef, useState } from 'react';
import type { FormInstance, message } from 'antd';
import { DEV_ERRORS } from '@kaopei/shared';
import { pageAfterDelete } from './page-after-delete';
import { errorMessageOf, fieldErrorsOf, getRowKey } from './data-table-cells';
import type { DataTableHandle, DataTableProps, DataTableRowKey, DataTableValidationError } from './types';

/** Form values of the edited rows: `{ [String(rowKey)]: { [field]: value } }`. */
export type EditValues = Record<string, Record<string, unknown>>;

/** Field path of an editable cell; keys are strings so numeric ids never turn the store into an array. */
type CellName = [string, string];

type MessageInstance = ReturnType<typeof message.useMessage>[0];

interface EditableField {
  field: string;
  label: string;
}

interface EditedRow<T> {
  key: DataTableRowKey;
  record: T;
}

/** Validates the edited cells; on failure shows 「label：message」 and throws a DataTableValidationError. */
async function validateEditedRows(
  form: FormInstance<EditValues>,
  messageApi: MessageInstance,
  editableFields: EditableField[],
  rows: { key: DataTableRowKey }[],
): Promise<void> {
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
}

interface InlineEditingInput<T extends object> {
  props: DataTableProps<T>;
  form: FormInstance<EditValues>;
  messageApi: MessageInstance;
  page: number;
  pageSize: number;
  changePage: (page: number, size: number) => void;
}

/**
 * Validated inline row editing and the table's `ref` handle (startEdit, cancelEdit, commit,
 * getEditingKeys, notifyDeleted). Returns the string keys of the rows in edit mode.
 */
export function useInlineEditing<T extends object>(input: InlineEditingInput<T>): Set<string> {
  const { props, form, messageApi, page, pageSize, changePage } = input;
  const { ref, rowKey, columns, dataSource, total, onCommit } = props;
  const [editingKeys, setEditingKeysState] = useState<DataTableRowKey[]>([]);
  // Mirrors the state so handle calls made in one tick (startEdit twice, then commit) see each other.
  const editingKeysRef = useRef<DataTableRowKey[]>([]);
  const setEditingKeys = (keys: DataTableRowKey[]) => {
    editingKeysRef.current = keys;
    setEditingKeysState(keys);
  };

  const editableFields: EditableField[] = columns.flatMap((column) =>
    column.editable && column.dataIndex !== undefined
      ? [{ field: column.dataIndex, label: column.title }]
      : [],
  );

  /** Edited rows still present in the data, in table order. */
  const editedRows = (): EditedRow<T>[] => {
    const editing = new Set(editingKeysRef.current.map(String));
    return dataSource.flatMap((record) => {
      const key = getRowKey(rowKey, record);
      return key !== undefined && editing.has(String(key)) ? [{ key, record }] : [];
    });
  };

  const rowsOnCurrentPage = (): number => {
    // With `total` the data is one server page; without it the table pages the data itself.
    if (total !== undefined) return dataSource.length;
    return Math.max(0, Math.min(pageSize, dataSource.length - (page - 1) * pageSize));
  };

  const startEdit = (key: DataTableRowKey) => {
    if (rowKey === undefined) throw new Error(DEV_ERRORS.MISSING_ROW_KEY);
    const record = dataSource.find((row) => String(getRowKey(rowKey, row)) === String(key));
    const recordKey = record === undefined ? undefined : getRowKey(rowKey, record);
    if (record === undefined || recordKey === undefined) throw new Error(DEV_ERRORS.ROW_NOT_FOUND);
    if (editingKeysRef.current.some((editing) => String(editing) === String(recordKey))) return;
    const values: Record<string, unknown> = {};
    for (const { field } of editableFields) values[field] = record[field as keyof T];
    form.setFieldsValue({ [String(recordKey)]: values });
    setEditingKeys([...editingKeysRef.current, recordKey]);
  };

  const commit = async () => {
    const rows = editedRows();
    if (rows.length === 0) return [];
    await validateEditedRows(form, messageApi, editableFields, rows);
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
  };

  useImperativeHandle(ref, (): DataTableHandle<T> => ({
    startEdit,
    cancelEdit: (key) => {
      // Unmounted cells drop their values (Form preserve={false}), discarding the edits.
      setEditingKeys(
        key === undefined ? [] : editingKeysRef.current.filter((editing) => String(editing) !== String(key)),
      );
    },
    commit,
    getEditingKeys: () => editedRows().map(({ key }) => key),
    notifyDeleted: (count) => {
      const nextPage = pageAfterDelete(page, rowsOnCurrentPage() - count);
      if (nextPage !== page) changePage(nextPage, pageSize);
      return nextPage;
    },
  }));

  return new Set(editingKeys.map(String));
}
