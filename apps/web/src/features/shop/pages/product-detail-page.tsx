import type { ReactNode } from 'react';
import { Card, Col, Descriptions, Row, Space, Statistic, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PRODUCT_KIND_LABELS, shopPaths } from '@kaopei/shared/contracts/shop';
import { LinkButton } from '../../../app/link-button';
import { PageError, PageLoading } from '../../../app/page-states';
import { fetchProduct, shopKeys } from '../api';
import { priceText, timeText, validityText } from '../shop-rules';
import { OrderTable } from './order-list-page';

/** /manage/operation/product/detail?productId=: settings, items, sales figures and the product's orders. */
export default function ProductDetailPage(): ReactNode {
  const [params] = useSearchParams();
  const productId = Number(params.get('productId')) || 0;
  const product = useQuery({
    queryKey: shopKeys.product(productId),
    queryFn: () => fetchProduct(productId),
    enabled: productId > 0,
  });
  if (productId <= 0) return <PageError title="商品不存在" description="缺少商品编号。" />;
  if (product.isPending) return <PageLoading />;
  if (product.isError) return <PageError onRetry={() => void product.refetch()} />;
  const p = product.data;
  return (
    <div className="kp-page">
      <Card
        size="small"
        title={p.name}
        extra={
          <LinkButton to={shopPaths.productEdit(p.productId)} type="primary" size="small">
            编辑
          </LinkButton>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="类型">{PRODUCT_KIND_LABELS[p.kind]}</Descriptions.Item>
          <Descriptions.Item label="价格">{priceText(p.priceFen)}</Descriptions.Item>
          <Descriptions.Item label="有效期">{validityText(p.validityDays)}</Descriptions.Item>
          <Descriptions.Item label="状态">
            {p.onShelf ? <Tag color="green">已上架</Tag> : <Tag>已下架</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="创建时间">{timeText(p.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="包含内容">
            <Space wrap>
              {p.items.map((item) => (
                <Tag key={item.refId}>{item.name ?? '（已删除）'}</Tag>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="商品介绍" span={2}>
            {p.description ?? '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={12} style={{ margin: '12px 0' }}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="已支付订单" value={p.sales.paidOrders} suffix="笔" />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="收入" value={priceText(p.sales.revenueFen)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="退款订单" value={p.sales.refundedOrders} suffix="笔" />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="退款金额" value={priceText(p.sales.refundedFen)} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="订单">
        <OrderTable productId={p.productId} />
      </Card>
    </div>
  );
}
