import type { ReactNode } from 'react';
import { App, Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_KIND_LABELS, shopPaths, type ProductKind } from '@kaopei/shared/contracts/shop';
import { DataTable, useListPage, type DataTableColumn } from '../../../components/data-table';
import { FilterButtons } from '../../../components/filter-buttons';
import { PageError } from '../../../app/page-states';
import { LinkButton } from '../../../app/link-button';
import {
  deleteProduct,
  fetchProducts,
  setProductShelf,
  shopKeys,
  type ProductFilter,
  type ProductRow,
} from '../api';
import { priceText, validityText } from '../shop-rules';

type FilterValues = { keyword?: string; kind?: ProductKind; shelf?: 'on' | 'off' };

function FilterForm({ onSearch }: { onSearch: (values: ProductFilter) => void }): ReactNode {
  const [form] = Form.useForm<FilterValues>();
  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      name="kp-product-filter"
      aria-label="商品筛选"
      onFinish={(v) =>
        onSearch({
          keyword: v.keyword?.trim() || undefined,
          kind: v.kind,
          onShelf: v.shelf === undefined ? undefined : v.shelf === 'on',
        })
      }
    >
      <Form.Item name="keyword">
        <Input allowClear placeholder="商品名称" aria-label="商品名称" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="kind">
        <Select
          allowClear
          placeholder="类型"
          aria-label="类型"
          style={{ width: 100 }}
          options={Object.entries(PRODUCT_KIND_LABELS).map(([value, label]) => ({ value, label }))}
        />
      </Form.Item>
      <Form.Item name="shelf">
        <Select
          allowClear
          placeholder="上架状态"
          aria-label="上架状态"
          style={{ width: 110 }}
          options={[
            { value: 'on', label: '已上架' },
            { value: 'off', label: '已下架' },
          ]}
        />
      </Form.Item>
      <FilterButtons icon={<SearchOutlined />} onReset={() => onSearch({})} />
    </Form>
  );
}

function columns(
  onShelf: (row: ProductRow) => void,
  onDelete: (row: ProductRow) => void,
): DataTableColumn<ProductRow>[] {
  return [
    {
      title: '商品名称',
      dataIndex: 'name',
      render: (_v, row) => <Link to={shopPaths.productDetail(row.productId)}>{row.name}</Link>,
    },
    { title: '类型', dataIndex: 'kind', width: 70, render: (_v, row) => PRODUCT_KIND_LABELS[row.kind] },
    { title: '价格', dataIndex: 'priceFen', width: 100, render: (_v, row) => priceText(row.priceFen) },
    {
      title: '有效期',
      dataIndex: 'validityDays',
      width: 140,
      render: (_v, row) => validityText(row.validityDays),
    },
    {
      title: '状态',
      dataIndex: 'onShelf',
      width: 80,
      render: (_v, row) => (row.onShelf ? <Tag color="green">已上架</Tag> : <Tag>已下架</Tag>),
    },
    { title: '已支付订单', key: 'paid', width: 100, render: (_v, row) => row.sales.paidOrders },
    { title: '收入', key: 'revenue', width: 110, render: (_v, row) => priceText(row.sales.revenueFen) },
    { title: '退款', key: 'refunds', width: 90, render: (_v, row) => `${row.sales.refundedOrders} 笔` },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0} wrap>
          <LinkButton
            to={shopPaths.productEdit(row.productId)}
            type="link"
            size="small"
            aria-label={`编辑商品「${row.name}」`}
          >
            编辑
          </LinkButton>
          <Button
            type="link"
            size="small"
            onClick={() => onShelf(row)}
            aria-label={`${row.onShelf ? '下架' : '上架'}商品「${row.name}」`}
          >
            {row.onShelf ? '下架' : '上架'}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => onDelete(row)}
            aria-label={`删除商品「${row.name}」`}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

/** /manage/operation/product: products with price, validity, shelf state and sales figures. */
export default function ProductListPage(): ReactNode {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListPage<ProductRow, ProductFilter>({
    initialFilter: {},
    queryKey: (filter, page, size) => shopKeys.products(filter, page, size),
    fetchPage: (filter, page, size) => fetchProducts(filter, page, size),
    rowKey: 'productId',
    invalidate: [shopKeys.all],
    remove: ([row]) => deleteProduct((row as ProductRow).productId),
    onRemoved: (_r, [row]) => message.success(`已删除商品「${row?.name ?? ''}」`),
  });
  const shelf = useMutation({
    mutationFn: (row: ProductRow) => setProductShelf(row.productId, !row.onShelf),
    onSuccess: (_d, row) => {
      message.success(row.onShelf ? `已下架「${row.name}」` : `已上架「${row.name}」`);
      void queryClient.invalidateQueries({ queryKey: shopKeys.all });
    },
  });
  const confirmDelete = (row: ProductRow) =>
    list.confirmDelete([row], {
      title: `删除商品「${row.name}」？`,
      content: '已有订单的商品不能删除，可以下架。',
    });
  return (
    <div className="kp-page">
      <Card size="small">
        <div className="kp-shop-bar">
          <FilterForm
            onSearch={(values) =>
              list.updateFilter({ keyword: undefined, kind: undefined, onShelf: undefined, ...values })
            }
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(shopPaths.productAdd)}>
            新建商品
          </Button>
        </div>
        {list.query.isError ? (
          <PageError description="商品加载失败，请稍后重试。" onRetry={() => void list.query.refetch()} />
        ) : (
          <DataTable<ProductRow>
            {...list.tableProps}
            selectable={false}
            columns={columns((row) => shelf.mutate(row), confirmDelete)}
            scrollX={1100}
          />
        )}
      </Card>
    </div>
  );
}
