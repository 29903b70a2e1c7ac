import crypto from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { ORDER_PAY_MINUTES } from '@kaopei/shared/contracts/shop';
import type { Db, DbOrTx } from '../../db/client';
import { shopOrders } from '../../db/schema';
import { grantOrder, revokeOrder } from './shop-access.repo';
import { productRefIds } from './shop-product.repo';
import type { PaymentNotice, PaymentProvider } from './payment/provider';

/**
 * Orders and money (issue 21): an order is paid only by a verified notification (or the provider's own
 * answer to a query) whose amount is the order's, once — a conditional update from 'pending' decides, so
 * the same notification twice, or a notification racing the timeout, pays at most once. Refunds go
 * through the provider first, then settle the order and take the access back.
 */

export type OrderRecord = typeof shopOrders.$inferSelect;

export type NoticeOutcome = 'paid' | 'duplicate' | 'refused';

export interface ApplyResult {
  outcome: NoticeOutcome;
  reason?: string;
}

const DAY_MS = 24 * 3600_000;

/** KP + UTC date-time to the second + 8 random digits: 24 characters, unique in practice (and by index). */
export function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `KP${stamp}${String(crypto.randomInt(1e8)).padStart(8, '0')}`;
}

export function payBeforeOf(createdAt: Date): Date {
  return new Date(createdAt.getTime() + ORDER_PAY_MINUTES * 60_000);
}

export async function findOrderByNo(db: DbOrTx, orderNo: string): Promise<OrderRecord | undefined> {
  const [row] = await db.select().from(shopOrders).where(eq(shopOrders.orderNo, orderNo));
  return row;
}

/**
 * Pays an order from a verified notice. Refused: unknown order, amount not the order's. Duplicate: the
 * order was paid by this transaction already (or is past paying: refunded, closed), nothing changes.
 */
export async function applyNotice(db: Db, notice: PaymentNotice): Promise<ApplyResult> {
  const order = await findOrderByNo(db, notice.orderNo);
  if (!order) return { outcome: 'refused', reason: '订单不存在' };
  if (notice.amountFen !== order.amountFen) return { outcome: 'refused', reason: '金额与订单不符' };
  return db.transaction(async (tx) => {
    const accessUntil =
      order.validityDays === null ? null : new Date(notice.paidAt.getTime() + order.validityDays * DAY_MS);
    const [paid] = await tx
      .update(shopOrders)
      .set({ status: 'paid', paidAt: notice.paidAt, tradeNo: notice.tradeNo, accessUntil })
      .where(
        and(
          eq(shopOrders.id, order.id),
          eq(shopOrders.status, 'pending'),
          eq(shopOrders.amountFen, notice.amountFen),
        ),
      )
      .returning();
    if (!paid) return { outcome: 'duplicate' as const };
    const items = await productRefIds(tx, paid.productId);
    const granted = await grantOrder(tx, paid, items);
    await tx.update(shopOrders).set({ refIds: granted }).where(eq(shopOrders.id, paid.id));
    return { outcome: 'paid' as const };
  });
}

/** A pending order whose notification is late: ask the provider, and pay it when the provider says paid. */
export async function syncPending(db: Db, provider: PaymentProvider, order: OrderRecord): Promise<void> {
  if (order.status !== 'pending' || order.provider !== provider.name) return;
  const state = await provider.query(order.orderNo);
  if (state.state === 'paid') await applyNotice(db, state.notice);
}

/**
 * The periodic sweep: pending orders past their time are closed at the provider and then here. One the
 * payer paid meanwhile is paid instead (the provider refuses to close it). Returns how many closed.
 */
export async function closeExpiredOrders(
  db: Db,
  provider: PaymentProvider,
  now: Date,
  limit = 200,
): Promise<number> {
  const due = await db
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.status, 'pending'), lte(shopOrders.payBefore, now)))
    .orderBy(asc(shopOrders.payBefore))
    .limit(limit);
  let closed = 0;
  for (const order of due) {
    const atProvider = order.provider === provider.name ? await provider.close(order.orderNo) : 'closed';
    if (atProvider === 'paid') {
      await syncPending(db, provider, order);
      continue;
    }
    const rows = await db
      .update(shopOrders)
      .set({ status: 'closed', closedAt: now })
      .where(and(eq(shopOrders.id, order.id), eq(shopOrders.status, 'pending')))
      .returning({ id: shopOrders.id });
    closed += rows.length;
  }
  return closed;
}

/**
 * Refunds a paid order in full: the provider first (repeatable with the same refund number), then the
 * order moves from 'paid' to 'refunded' (once) and its access is taken back. False when it was not paid.
 */
export async function refundPaidOrder(
  db: Db,
  provider: PaymentProvider,
  order: OrderRecord,
  by: { userId: number; reason: string | null },
  now: Date,
): Promise<boolean> {
  const refundNo = `RF${order.orderNo.slice(2)}`;
  await provider.refund({ orderNo: order.orderNo, refundNo, amountFen: order.amountFen });
  return db.transaction(async (tx) => {
    const [refunded] = await tx
      .update(shopOrders)
      .set({ status: 'refunded', refundedAt: now, refundNo, refundReason: by.reason, refundedBy: by.userId })
      .where(and(eq(shopOrders.id, order.id), eq(shopOrders.status, 'paid')))
      .returning();
    if (!refunded) return false;
    await revokeOrder(tx, refunded, refunded.refIds ?? []);
    return true;
  });
}

/** Orders of one person that give access now (paid, access lasting). */
export function activeOrderCondition(now: Date) {
  return sql`${shopOrders.status} = 'paid' and (${shopOrders.accessUntil} is null or ${shopOrders.accessUntil} > ${now.toISOString()}::timestamptz)`;
}
