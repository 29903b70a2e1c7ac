import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Pagination, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { shopPaths } from '@kaopei/shared/contracts/shop';
import { learnPaths } from '@kaopei/shared/contracts/learn';
import { LinkButton } from '../../../app/link-button';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { LearnerShell } from '../../../app/layout/learner-shell';
import { fetchMyOrder, fetchMyOrders, shopKeys, type MyOrder } from '../api';
import { STATUS_COLORS, priceText, statusText, timeText } from '../shop-rules';
import '../shop.css';

const PAGE_SIZE = 10;

function openPath(order: MyOrder): string | null {
  if (order.status !== 'paid' || order.firstRefId === null) return null;
  return order.productKind === 'course'
    ? learnPaths.course(order.firstRefId)
    : `/m/exams/${order.firstRefId}`;
}

function OrderCard({ order, full }: { order: MyOrder; full?: boolean }): ReactNode {
  const open = openPath(order);
  return (
    <li className="kp-m-card" data-testid="my-order">
      <Link to={shopPaths.myOrder(order.orderId)} className="kp-store-card__name">
        {order.productName}
      </Link>
      <div className="kp-store-meta">
        <Tag color={STATUS_COLORS[order.status]}>{statusText(order.status)}</Tag>
        {priceText(order.amountFen)}
      </div>
      <div className="kp-store-meta">下单时间：{timeText(order.createdAt)}</div>
      {full ? <div className="kp-store-meta">订单号：{order.orderNo}</div> : null}
      {full && order.status === 'pending' ? (
        <div className="kp-store-meta">请在 {timeText(order.payBefore)} 前支付，逾期订单自动关闭</div>
      ) : null}
      {full && order.paidAt !== null ? (
        <div className="kp-store-meta">支付时间：{timeText(order.paidAt)}</div>
      ) : null}
      {full && order.status === 'paid' ? (
        <div className="kp-store-meta">
          有效期：{order.accessUntil === null ? '永久有效' : `至 ${timeText(order.accessUntil)}`}
        </div>
      ) : null}
      {full && order.refundedAt !== null ? (
        <div className="kp-store-meta">退款时间：{timeText(order.refundedAt)}</div>
      ) : null}
      <div className="kp-store-actions">
        {order.payUrl ? (
          <LinkButton type="primary" size="small" to={order.payUrl}>
            去支付
          </LinkButton>
        ) : null}
        {open ? (
          <LinkButton type="primary" size="small" to={open}>
            去学习
          </LinkButton>
        ) : null}
      </div>
    </li>
  );
}

/** /m/store/orders: my orders, newest first. */
export default function MyOrdersPage(): ReactNode {
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: shopKeys.myOrders(page, PAGE_SIZE),
    queryFn: () => fetchMyOrders(page, PAGE_SIZE),
    refetchOnMount: 'always',
  });
  return (
    <LearnerShell>
      <LearnerHeader title="我的订单" back={shopPaths.store} />
      <main className="kp-m-main">
        {list.isPending ? (
          <PageLoading />
        ) : list.isError ? (
          <PageError onRetry={() => void list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <PageEmpty description="还没有订单" />
        ) : (
          <>
            <ul className="kp-m-list">
              {list.data.data.map((order) => (
                <OrderCard key={order.orderId} order={order} />
              ))}
            </ul>
            {list.data.total > PAGE_SIZE ? (
              <Pagination
                simple
                align="center"
                current={page + 1}
                pageSize={PAGE_SIZE}
                total={list.data.total}
                onChange={(next) => setPage(next - 1)}
              />
            ) : null}
          </>
        )}
      </main>
    </LearnerShell>
  );
}

/** /m/store/orders/:orderId: one of my orders (a pending one is checked with the provider). */
export function MyOrderPage(): ReactNode {
  const orderId = Number(useParams().orderId) || 0;
  const order = useQuery({
    queryKey: shopKeys.myOrder(orderId),
    queryFn: () => fetchMyOrder(orderId),
    enabled: orderId > 0,
    refetchOnMount: 'always',
  });
  return (
    <LearnerShell>
      <LearnerHeader title="订单详情" back={shopPaths.myOrders} />
      <main className="kp-m-main">
        {order.isPending ? (
          <PageLoading />
        ) : order.isError ? (
          <PageError onRetry={() => void order.refetch()} />
        ) : (
          <ul className="kp-m-list">
            <OrderCard order={order.data} full />
          </ul>
        )}
      </main>
    </LearnerShell>
  );
}
