export { DataTable } from './data-table';
export { pageAfterDelete } from './page-after-delete';
export type {
  DataTableColumn,
  DataTableEditableConfig,
  DataTableEditor,
  DataTableHandle,
  DataTablePagination,
  DataTableProps,
  DataTableRowKey,
  DataTableSelectOption,
  DataTableSlot,
  DataTableSort,
  DataTableSortOrder,
  DataTableToolbarButton,
  DataTableValidationError,
} from './types';
