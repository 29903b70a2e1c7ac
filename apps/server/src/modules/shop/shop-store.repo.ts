import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { LimitOffset } from '@kaopei/shared';
import type {
  DevPayment,
  MyOrder,
  OrderStatus,
  ProductKind,
  StoreProduct,
  StoreProductRow,
} from '@kaopei/shared/contracts/shop';
import type { Db, DbOrTx } from '../../db/client';
import { shopOrders, shopProducts } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import { badRequest, conflict, notFound } from '../../core/http';
import { itemsOf, type ProductRecord } from './shop-product.repo';
import {
  activeOrderCondition,
  findOrderByNo,
  newOrderNo,
  payBeforeOf,
  syncPending,
  type OrderRecord,
} from './shop-payment.repo';
import type { PaymentProvider } from './payment/provider';
import type { DevPaymentProvider, NotifyDelivery } from './payment/dev-provider.repo';
import { shopPaths } from '@kaopei/shared/contracts/shop';

/** The learner's store on /m (issue 21): products on the shelf, buying, my orders. */

type Ctx = Pick<RequestContext, 'organizationId' | 'userId'>;

export const PRODUCT_NOT_ON_SALE = '商品不存在或已下架';
const ms = (value: Date | null) => (value === null ? null : value.getTime());

async function onShelf(db: DbOrTx, ctx: Ctx, productId: number): Promise<ProductRecord> {
  const [row] = await db
    .select()
    .from(shopProducts)
    .where(
      and(
        eq(shopProducts.id, productId),
        eq(shopProducts.organizationId, ctx.organizationId),
        eq(shopProducts.onShelf, 1),
      ),
    );
  if (!row) throw notFound(PRODUCT_NOT_ON_SALE);
  return row;
}

/** The caller's lasting access per product: the latest end (null = permanent). */
async function ownership(
  db: DbOrTx,
  ctx: Ctx,
  productIds: number[],
  now: Date,
): Promise<Map<number, number | null>> {
  const map = new Map<number, number | null>();
  if (productIds.length === 0) return map;
  const rows = await db
    .select({
      productId: shopOrders.productId,
      forever: sql<boolean>`bool_or(${shopOrders.accessUntil} is null)`,
      until: sql<string | null>`max(${shopOrders.accessUntil})::text`,
    })
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.userId, ctx.userId),
        eq(shopOrders.organizationId, ctx.organizationId),
        sql`${shopOrders.productId} = any(${`{${productIds.join(',')}}`}::bigint[])`,
        activeOrderCondition(now),
      ),
    )
    .groupBy(shopOrders.productId);
  for (const row of rows)
    map.set(Number(row.productId), row.forever ? null : row.until ? new Date(row.until).getTime() : null);
  return map;
}

function storeRow(p: ProductRecord, itemCount: number, owned: Map<number, number | null>): StoreProductRow {
  return {
    productId: p.id,
    name: p.name,
    kind: p.kind as ProductKind,
    priceFen: p.priceFen,
    coverUrl: p.coverUrl,
    validityDays: p.validityDays,
    itemCount,
    owned: owned.has(p.id),
    ownedUntil: owned.get(p.id) ?? null,
  };
}

export async function storeList(
  db: DbOrTx,
  ctx: Ctx,
  keyword: string | undefined,
  page: LimitOffset,
  now: Date,
): Promise<{ rows: StoreProductRow[]; total: number }> {
  const conditions: SQL[] = [
    eq(shopProducts.organizationId, ctx.organizationId),
    eq(shopProducts.onShelf, 1),
  ];
  if (keyword) conditions.push(sql`${shopProducts.name} ilike ${containsPattern(keyword)}`);
  const where = and(...conditions);
  const [products, [count]] = await Promise.all([
    db
      .select()
      .from(shopProducts)
      .where(where)
      .orderBy(desc(shopProducts.createdAt), desc(shopProducts.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopProducts)
      .where(where),
  ]);
  const [items, owned] = await Promise.all([
    itemsOf(db, products),
    ownership(
      db,
      ctx,
      products.map((p) => p.id),
      now,
    ),
  ]);
  return {
    rows: products.map((p) => storeRow(p, items.get(p.id)?.length ?? 0, owned)),
    total: Number(count?.n ?? 0),
  };
}

async function pendingOrder(db: DbOrTx, ctx: Ctx, productId: number, now: Date) {
  const [row] = await db
    .select()
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.userId, ctx.userId),
        eq(shopOrders.productId, productId),
        eq(shopOrders.status, 'pending'),
        gt(shopOrders.payBefore, now),
      ),
    )
    .orderBy(desc(shopOrders.createdAt))
    .limit(1);
  return row;
}

export async function storeProduct(
  db: DbOrTx,
  ctx: Ctx,
  productId: number,
  now: Date,
): Promise<StoreProduct> {
  const product = await onShelf(db, ctx, productId);
  const [items, owned, pending] = await Promise.all([
    itemsOf(db, [product]),
    ownership(db, ctx, [product.id], now),
    pendingOrder(db, ctx, product.id, now),
  ]);
  const list = items.get(product.id) ?? [];
  return {
    ...storeRow(product, list.length, owned),
    description: product.description,
    items: list,
    pendingOrderId: pending?.id ?? null,
  };
}

export function toMyOrder(o: OrderRecord): MyOrder {
  return {
    orderId: o.id,
    orderNo: o.orderNo,
    productId: o.productId,
    productName: o.productName,
    productKind: o.productKind as ProductKind,
    amountFen: o.amountFen,
    status: o.status as OrderStatus,
    createdAt: o.createdAt.getTime(),
    payBefore: o.payBefore.getTime(),
    paidAt: ms(o.paidAt),
    accessUntil: ms(o.accessUntil),
    refundedAt: ms(o.refundedAt),
    payUrl: o.status === 'pending' ? o.payUrl : null,
    firstRefId: o.refIds?.[0] ?? null,
  };
}

/**
 * Places an order at the product's price on the server (whatever the client believes it costs), or
 * returns the caller's unpaid order of it; refused while the caller's access lasts.
 */
export async function buy(
  db: Db,
  provider: PaymentProvider | null,
  ctx: Ctx,
  productId: number,
  now: Date,
): Promise<MyOrder> {
  const product = await onShelf(db, ctx, productId);
  if (!provider) throw badRequest('商城暂未开通支付，请联系管理员');
  const owned = await ownership(db, ctx, [product.id], now);
  if (owned.has(product.id)) throw conflict('你已购买该商品，有效期内无需重复购买');
  const pending = await pendingOrder(db, ctx, product.id, now);
  if (pending && pending.amountFen === product.priceFen) return toMyOrder(pending);
  const orderNo = newOrderNo(now);
  const { payUrl } = await provider.create({
    orderNo,
    amountFen: product.priceFen,
    subject: product.name,
    returnUrl: '',
  });
  const [order] = await db
    .insert(shopOrders)
    .values({
      organizationId: ctx.organizationId,
      orderNo,
      userId: ctx.userId,
      productId: product.id,
      productName: product.name,
      productKind: product.kind,
      amountFen: product.priceFen,
      validityDays: product.validityDays,
      provider: provider.name,
      payUrl,
      createdAt: now,
      payBefore: payBeforeOf(now),
    })
    .returning();
  return toMyOrder(order!);
}

export async function myOrders(
  db: DbOrTx,
  ctx: Ctx,
  page: LimitOffset,
): Promise<{ rows: MyOrder[]; total: number }> {
  const where = and(eq(shopOrders.userId, ctx.userId), eq(shopOrders.organizationId, ctx.organizationId));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(shopOrders)
      .where(where)
      .orderBy(desc(shopOrders.createdAt), desc(shopOrders.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopOrders)
      .where(where),
  ]);
  return { rows: rows.map(toMyOrder), total: Number(count?.n ?? 0) };
}

async function requireMyOrder(db: DbOrTx, ctx: Ctx, orderId: number): Promise<OrderRecord> {
  const [row] = await db
    .select()
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.id, orderId),
        eq(shopOrders.userId, ctx.userId),
        eq(shopOrders.organizationId, ctx.organizationId),
      ),
    );
  if (!row) throw notFound('订单不存在');
  return row;
}

/** One of the caller's orders; a pending one is checked with the provider first (a late notification). */
export async function myOrder(
  db: Db,
  provider: PaymentProvider | null,
  ctx: Ctx,
  orderId: number,
): Promise<MyOrder> {
  const order = await requireMyOrder(db, ctx, orderId);
  if (order.status !== 'pending' || !provider) return toMyOrder(order);
  await syncPending(db, provider, order);
  return toMyOrder(await requireMyOrder(db, ctx, orderId));
}

// ---------------------------------------------------------------------------------------------------------
// The development provider's cashier (only the person who placed the order may pay it there)
// ---------------------------------------------------------------------------------------------------------

async function devOrder(db: DbOrTx, ctx: Ctx, orderNo: string): Promise<OrderRecord> {
  const order = await findOrderByNo(db, orderNo);
  if (
    !order ||
    order.userId !== ctx.userId ||
    order.organizationId !== ctx.organizationId ||
    order.provider !== 'dev'
  )
    throw notFound('待支付的交易不存在');
  return order;
}

function devView(order: OrderRecord, row: { amountFen: number; subject: string; state: string }): DevPayment {
  return {
    orderNo: order.orderNo,
    subject: row.subject,
    amountFen: row.amountFen,
    state: row.state as DevPayment['state'],
    merchant: '考培',
    returnUrl: shopPaths.myOrder(order.id),
  };
}

export async function devPaymentInfo(
  db: DbOrTx,
  dev: DevPaymentProvider,
  ctx: Ctx,
  orderNo: string,
): Promise<DevPayment> {
  const order = await devOrder(db, ctx, orderNo);
  const row = await dev.find(orderNo);
  if (!row) throw notFound('待支付的交易不存在');
  return devView(order, row);
}

export async function devPaymentConfirm(
  db: DbOrTx,
  dev: DevPaymentProvider,
  ctx: Ctx,
  orderNo: string,
  deliver: NotifyDelivery,
): Promise<DevPayment> {
  const order = await devOrder(db, ctx, orderNo);
  const before = await dev.find(orderNo);
  if (!before) throw notFound('待支付的交易不存在');
  if (before.state === 'closed') throw conflict('交易已关闭（超过支付时限），请重新下单');
  if (before.state === 'refunded') throw conflict('交易已退款');
  const row = await dev.confirm(orderNo, deliver);
  return devView(order, row ?? before);
}
