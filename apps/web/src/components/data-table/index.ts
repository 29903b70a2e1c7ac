export { DataTable } from './data-table';
export { pageAfterDelete } from './page-after-delete';
export { useListPage } from './use-list-page';
export type { ConfirmDeleteTexts, ListPage, ListPageOptions, ListTableProps } from './use-list-page';
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
