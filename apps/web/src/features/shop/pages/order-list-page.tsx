import { useState, type ReactNode } from 'react';
import { App, Button, Card, Form, Input, Select, Tag } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ORDER_STATUS_LABELS, shopPaths, type OrderStatus } from '@kaopei/shared/contracts/shop';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { FilterButtons } from '../../../components/filter-buttons';
import { PageError } from '../../../app/page-states';
import { exportOrders, fetchOrders, shopKeys, type OrderFilter, type OrderRow } from '../api';
import { STATUS_COLORS, priceText, statusText, timeText } from '../shop-rules';

function FilterForm({ onSearch }: { onSearch: (values: OrderFilter) => void }): ReactNode {
  const [form] = Form.useForm<OrderFilter>();
  return (
    <Form<OrderFilter>
      form={form}
      layout="inline"
      name="kp-order-filter"
      aria-label="订单筛选"
      onFinish={(v) => onSearch({ keyword: v.keyword?.trim() || undefined, status: v.status })}
    >
      <Form.Item name="keyword">
        <Input
          allowClear
          placeholder="订单号 / 商品 / 购买人"
          aria-label="订单号、商品或购买人"
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="status">
        <Select
          allowClear
          placeholder="订单状态"
          aria-label="订单状态"
          style={{ width: 110 }}
          options={(Object.entries(ORDER_STATUS_LABELS) as [OrderStatus, string][]).map(([value, label]) => ({
            value,
            label,
          }))}
        />
      </Form.Item>
      <FilterButtons icon={<SearchOutlined />} onReset={() => onSearch({})} />
    </Form>
  );
}

const COLUMNS: DataTableColumn<OrderRow>[] = [
  {
    title: '订单号',
    dataIndex: 'orderNo',
    width: 220,
    render: (_v, row) => <Link to={shopPaths.orderInfo(row.orderId)}>{row.orderNo}</Link>,
  },
  { title: '商品', dataIndex: 'productName' },
  {
    title: '购买人',
    dataIndex: 'realName',
    width: 110,
    render: (_v, row) => `${row.realName}（${row.account}）`,
  },
  { title: '金额', dataIndex: 'amountFen', width: 100, render: (_v, row) => priceText(row.amountFen) },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (_v, row) => <Tag color={STATUS_COLORS[row.status]}>{statusText(row.status)}</Tag>,
  },
  { title: '下单时间', dataIndex: 'createdAt', width: 150, render: (_v, row) => timeText(row.createdAt) },
  { title: '支付时间', dataIndex: 'paidAt', width: 150, render: (_v, row) => timeText(row.paidAt) },
];

/** The organisation's orders (all, or one product's on its detail page). */
export function OrderTable({ productId }: { productId?: number }): ReactNode {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const list = useListPage<OrderRow, OrderFilter>({
    initialFilter: productId ? { productId } : {},
    queryKey: (filter, page, size) => shopKeys.orders(filter, page, size),
    fetchPage: (filter, page, size) => fetchOrders(filter, page, size),
    rowKey: 'orderId',
    invalidate: [shopKeys.all],
  });
  const runExport = async () => {
    setExporting(true);
    try {
      await exportOrders(list.filter);
      message.success('订单已导出');
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <div className="kp-shop-bar">
        <FilterForm
          onSearch={(values) =>
            list.updateFilter({ keyword: undefined, status: undefined, productId, ...values })
          }
        />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
          导出 Excel
        </Button>
      </div>
      {list.query.isError ? (
        <PageError description="订单加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
      ) : (
        <DataTable<OrderRow> {...list.tableProps} selectable={false} columns={COLUMNS} scrollX={1000} />
      )}
    </>
  );
}

/** /manage/operation/order: every order, searchable by number, product or buyer; Excel export. */
export default function OrderListPage(): ReactNode {
  return (
    <div className="kp-page">
      <Card size="small">
        <OrderTable />
      </Card>
    </div>
  );
}
