import { useState, type ReactNode } from 'react';
import { App, Button, Card, Descriptions, Input, Modal, Space, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  PAYMENT_PROVIDER_LABELS,
  PRODUCT_KIND_LABELS,
  REFUND_REASON_MAX,
  shopPaths,
} from '@kaopei/shared/contracts/shop';
import { PageError, PageLoading } from '../../../app/page-states';
import { fetchOrder, refundOrder, shopKeys, type OrderDetail } from '../api';
import { STATUS_COLORS, priceText, statusText, timeText } from '../shop-rules';

function RefundButton({ order }: { order: OrderDetail }): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const refund = useMutation({
    mutationFn: () => refundOrder(order.orderId, reason.trim()),
    onSuccess: () => {
      message.success('已退款，购买人已失去该商品内容的访问权');
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: shopKeys.all });
    },
  });
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        退款
      </Button>
      <Modal
        open={open}
        title={`确认退款 ${priceText(order.amountFen)}？`}
        okText="确认退款"
        okButtonProps={{ danger: true, loading: refund.isPending }}
        cancelText="取消"
        onOk={() => refund.mutate()}
        onCancel={() => setOpen(false)}
      >
        <p>
          将通过{PAYMENT_PROVIDER_LABELS[order.provider]}全额退还 {priceText(order.amountFen)} 给{' '}
          {order.realName}， 退款后其不能再学习「{order.productName}」中的内容。此操作不可撤销。
        </p>
        <label htmlFor="kp-refund-reason">退款原因（可选）</label>
        <Input.TextArea
          id="kp-refund-reason"
          rows={3}
          maxLength={REFUND_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </>
  );
}

/** /manage/operation/order/info?orderId=: one order, its payment and refund; 退款 with confirmation. */
export default function OrderInfoPage(): ReactNode {
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId')) || 0;
  const order = useQuery({
    queryKey: shopKeys.order(orderId),
    queryFn: () => fetchOrder(orderId),
    enabled: orderId > 0,
  });
  if (orderId <= 0) return <PageError title="订单不存在" description="缺少订单编号。" />;
  if (order.isPending) return <PageLoading />;
  if (order.isError) return <PageError onRetry={() => void order.refetch()} />;
  const o = order.data;
  return (
    <div className="kp-page">
      <Card
        size="small"
        title={`订单 ${o.orderNo}`}
        extra={<Space>{o.status === 'paid' ? <RefundButton order={o} /> : null}</Space>}
      >
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label="状态">
            <Tag color={STATUS_COLORS[o.status]} data-testid="order-status">
              {statusText(o.status)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="金额">{priceText(o.amountFen)}</Descriptions.Item>
          <Descriptions.Item label="商品">
            <Link to={shopPaths.productDetail(o.productId)}>{o.productName}</Link>（
            {PRODUCT_KIND_LABELS[o.productKind]}）
          </Descriptions.Item>
          <Descriptions.Item label="购买人">
            {o.realName}（{o.account}）
          </Descriptions.Item>
          <Descriptions.Item label="包含内容">
            {o.items.map((item) => item.name ?? '（已删除）').join('、') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label="支付渠道">{PAYMENT_PROVIDER_LABELS[o.provider]}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{timeText(o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="支付期限">{timeText(o.payBefore)}</Descriptions.Item>
          <Descriptions.Item label="支付时间">{timeText(o.paidAt)}</Descriptions.Item>
          <Descriptions.Item label="交易号">{o.tradeNo ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="访问有效期至">
            {o.paidAt === null ? '—' : o.accessUntil === null ? '永久有效' : timeText(o.accessUntil)}
          </Descriptions.Item>
          <Descriptions.Item label="关闭时间">{timeText(o.closedAt)}</Descriptions.Item>
          <Descriptions.Item label="退款时间">{timeText(o.refundedAt)}</Descriptions.Item>
          <Descriptions.Item label="退款单号">{o.refundNo ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="退款原因">{o.refundReason ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="退款操作人">{o.refundedByName ?? '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
