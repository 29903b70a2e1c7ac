import { useRef } from 'react';
import type { ReactElement } from 'react';
import { Empty, Form, Table, message, theme } from 'antd';
import { LOADING_TEXT, PAGINATION_HEIGHT } from '@kaopei/shared';
import { assertConfiguration, getRowKey } from './data-table-cells';
import { tableColumnsOf } from './data-table-columns';
import { DataTableToolbar, paginationConfigOf } from './data-table-toolbar';
import { useAutoScrollHeight } from './use-auto-scroll-height';
import { useInlineEditing, type EditValues } from './use-inline-editing';
import { useTablePaging, useTableSelection, useTableSort, useToolbarClick } from './use-table-controls';
import type { DataTableProps } from './types';

const EMPTY_TEXT = '暂无数据';

/**
 * The admin list table: selection, '序号', server-side sorting and paging, toolbar actions, slots and
 * validated inline row editing (spec §2, §4, §5). Rows are edited through the `ref` handle.
 */
export function DataTable<T extends object>(props: DataTableProps<T>): ReactElement {
  const { rowKey, columns, dataSource, total, totalCapped = false, loading = false } = props;
  const { hidePagination = false, showIndex = false, toolbar, slots, autoHeight = true } = props;
  const { scrollX, bordered, size, className } = props;

  const rootRef = useRef<HTMLDivElement>(null);
  const [form] = Form.useForm<EditValues>();
  const [messageApi, messageHolder] = message.useMessage();
  const { token } = theme.useToken();

  const { page, pageSize, changePage } = useTablePaging(props);
  const { sort, handleTableChange } = useTableSort<T>(props.onSortChange);
  const { selectedRows, rowSelection } = useTableSelection(props);
  const clickToolbarButton = useToolbarClick(selectedRows);
  const editingKeySet = useInlineEditing({ props, form, messageApi, page, pageSize, changePage });

  const hasToolbar = (toolbar?.length ?? 0) > 0;
  const scrollY = useAutoScrollHeight(rootRef, autoHeight, hidePagination ? 0 : PAGINATION_HEIGHT);

  assertConfiguration(props);

  const tableColumns = tableColumnsOf({
    columns,
    rowKey,
    slots,
    sort,
    editingKeySet,
    errorColor: token.colorError,
    showIndex,
    page,
    pageSize,
  });
  const paginationConfig = hidePagination
    ? false
    : paginationConfigOf({
        page,
        pageSize,
        total: total ?? dataSource.length,
        totalCapped,
        onChange: changePage,
      });

  return (
    <div ref={rootRef} className={className ? `kp-data-table ${className}` : 'kp-data-table'}>
      {messageHolder}
      {hasToolbar ? (
        <DataTableToolbar buttons={toolbar ?? []} selectedRows={selectedRows} onClick={clickToolbarButton} />
      ) : null}
      <Form form={form} component={false} preserve={false}>
        <Table<T>
          rowKey={rowKey === undefined ? undefined : (record) => getRowKey(rowKey, record) ?? ''}
          columns={tableColumns}
          dataSource={dataSource}
          loading={{ spinning: loading, description: LOADING_TEXT }}
          pagination={paginationConfig}
          onChange={handleTableChange}
          rowSelection={rowSelection}
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
