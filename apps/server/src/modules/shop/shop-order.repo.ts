import { alias } from 'drizzle-orm/pg-core';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { LimitOffset } from '@kaopei/shared';
import type { BodyOut, QueryOut } from '@kaopei/shared/contracts/common';
import type {
  OrderDetail,
  OrderRow,
  OrderStatus,
  PaymentProviderName,
  ProductKind,
  orderContracts,
} from '@kaopei/shared/contracts/shop';
import type { Db, DbOrTx } from '../../db/client';
import { shopOrders, users } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import { badRequest, conflict, notFound } from '../../core/http';
import { itemsOf } from './shop-product.repo';
import { refundPaidOrder, type OrderRecord } from './shop-payment.repo';
import type { PaymentProvider } from './payment/provider';

/** 订单管理 (issue 21): the organisation's orders, one order, refunds. */

type Ctx = Pick<RequestContext, 'organizationId' | 'userId'>;
export type OrderFilter = QueryOut<typeof orderContracts.export>;

export const ORDER_NOT_FOUND = '订单不存在';
const ms = (value: Date | null) => (value === null ? null : value.getTime());
const refunder = alias(users, 'refunder');

function filterWhere(ctx: Ctx, filter: OrderFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(shopOrders.organizationId, ctx.organizationId)];
  if (filter.status) conditions.push(eq(shopOrders.status, filter.status));
  if (filter.productId) conditions.push(eq(shopOrders.productId, filter.productId));
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    conditions.push(
      or(
        sql`${shopOrders.orderNo} ilike ${pattern}`,
        sql`${shopOrders.productName} ilike ${pattern}`,
        sql`${users.realName} ilike ${pattern}`,
        sql`${users.account} ilike ${pattern}`,
      ),
    );
  }
  return and(...conditions) as SQL;
}

const rowColumns = {
  order: shopOrders,
  realName: users.realName,
  account: users.account,
};

function toRow(record: { order: OrderRecord; realName: string; account: string }): OrderRow {
  const o = record.order;
  return {
    orderId: o.id,
    orderNo: o.orderNo,
    productId: o.productId,
    productName: o.productName,
    productKind: o.productKind as ProductKind,
    amountFen: o.amountFen,
    status: o.status as OrderStatus,
    provider: o.provider as PaymentProviderName,
    userId: o.userId,
    realName: record.realName,
    account: record.account,
    createdAt: o.createdAt.getTime(),
    paidAt: ms(o.paidAt),
    refundedAt: ms(o.refundedAt),
  };
}

export async function listOrders(
  db: DbOrTx,
  ctx: Ctx,
  filter: OrderFilter,
  page: LimitOffset,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = filterWhere(ctx, filter);
  const [rows, [count]] = await Promise.all([
    db
      .select(rowColumns)
      .from(shopOrders)
      .innerJoin(users, eq(users.id, shopOrders.userId))
      .where(where)
      .orderBy(sql`${shopOrders.createdAt} desc`, sql`${shopOrders.id} desc`)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopOrders)
      .innerJoin(users, eq(users.id, shopOrders.userId))
      .where(where),
  ]);
  return { rows: rows.map(toRow), total: Number(count?.n ?? 0) };
}

export async function requireOrder(db: DbOrTx, ctx: Ctx, orderId: number): Promise<OrderRecord> {
  const [row] = await db
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.id, orderId), eq(shopOrders.organizationId, ctx.organizationId)));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

export async function orderDetail(db: DbOrTx, ctx: Ctx, orderId: number): Promise<OrderDetail> {
  const [record] = await db
    .select({ ...rowColumns, refundedByName: refunder.realName })
    .from(shopOrders)
    .innerJoin(users, eq(users.id, shopOrders.userId))
    .leftJoin(refunder, eq(refunder.id, shopOrders.refundedBy))
    .where(and(eq(shopOrders.id, orderId), eq(shopOrders.organizationId, ctx.organizationId)));
  if (!record) throw notFound(ORDER_NOT_FOUND);
  const o = record.order;
  const items = await itemsOf(db, [{ id: o.productId, kind: o.productKind }]);
  const granted = new Set(o.refIds ?? []);
  const list = items.get(o.productId) ?? [];
  return {
    ...toRow(record),
    tradeNo: o.tradeNo,
    payBefore: o.payBefore.getTime(),
    accessUntil: ms(o.accessUntil),
    validityDays: o.validityDays,
    closedAt: ms(o.closedAt),
    refundNo: o.refundNo,
    refundReason: o.refundReason,
    refundedByName: record.refundedByName,
    // What it granted once paid; before, what the product holds.
    items: o.refIds ? list.filter((item) => granted.has(item.refId)) : list,
  };
}

export async function refundOrder(
  db: Db,
  provider: PaymentProvider,
  ctx: Ctx,
  input: BodyOut<typeof orderContracts.refund>,
  now: Date,
): Promise<OrderDetail> {
  const order = await requireOrder(db, ctx, input.orderId);
  if (order.status !== 'paid') throw conflict('只有已支付的订单可以退款');
  if (order.provider !== provider.name) throw badRequest('该订单的支付渠道未启用，不能在此退款');
  try {
    const done = await refundPaidOrder(
      db,
      provider,
      order,
      { userId: ctx.userId, reason: input.reason },
      now,
    );
    if (!done) throw conflict('只有已支付的订单可以退款');
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('dev provider:'))
      throw badRequest('支付渠道拒绝了退款，请稍后重试');
    throw error;
  }
  return orderDetail(db, ctx, order.id);
}
