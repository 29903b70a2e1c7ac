import type { ReactNode } from 'react';
import { Input, InputNumber, Select, Switch } from 'antd';
import { DEV_ERRORS } from '@kaopei/shared';
import type { DataTableColumn, DataTableEditor, DataTableProps, DataTableRowKey } from './types';

export function getRowKey<T extends object>(
  rowKey: DataTableProps<T>['rowKey'],
  record: T,
): DataTableRowKey | undefined {
  if (typeof rowKey === 'function') return rowKey(record);
  // Without rowKey antd falls back to `record.key`; mirror that so selection lookups still work.
  const value: unknown = rowKey === undefined ? (record as { key?: unknown }).key : record[rowKey];
  if (typeof value === 'string' || typeof value === 'number') return value;
  return value === null || value === undefined ? undefined : String(value);
}

export function displayValue(value: unknown): ReactNode {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  return String(value);
}

export function isRequiredColumn<T extends object>(column: DataTableColumn<T>): boolean {
  return column.rules?.some((rule) => typeof rule === 'object' && rule.required === true) ?? false;
}

export function editorOf<T extends object>(column: DataTableColumn<T>): DataTableEditor<T> | undefined {
  if (!column.editable) return undefined;
  return column.editable === true ? 'input' : column.editable.editor;
}

export function renderEditor<T extends object>(
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

export function errorMessageOf(error: unknown): string {
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

export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/** Narrows the rejection of antd `validateFields` (as opposed to an unexpected exception). */
export function fieldErrorsOf(error: unknown): FieldError[] | undefined {
  if (typeof error !== 'object' || error === null || !('errorFields' in error)) return undefined;
  return Array.isArray(error.errorFields) ? (error.errorFields as FieldError[]) : undefined;
}

/** Throws the developer errors of spec §8 for a misconfigured table. */
export function assertConfiguration<T extends object>(props: DataTableProps<T>): void {
  for (const column of props.columns) {
    if (column.slot !== undefined && !props.slots?.[column.slot]) throw new Error(DEV_ERRORS.MISSING_SLOT);
  }
  for (const button of props.toolbar ?? []) {
    if (!button.id) throw new Error(DEV_ERRORS.MISSING_BUTTON_ID);
  }
}
