import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { shopPaths } from '@kaopei/shared/contracts/shop';
import type { Db } from '../../../db/client';
import { shopDevPayments } from '../../../db/schema';
import {
  NOTIFY_WINDOW_SECONDS,
  sameSignature,
  signParams,
  type CreatePayment,
  type NotifyVerdict,
  type PaymentNotice,
  type PaymentProvider,
  type QueriedState,
} from './provider';

export const DEV_MERCHANT = 'kaopei-dev';

/** Sends a signed notification to the merchant's callback; true when the merchant answered success. */
export type NotifyDelivery = (params: Record<string, string>) => Promise<boolean>;

type DevRow = typeof shopDevPayments.$inferSelect;

/**
 * The development payment provider: its ledger is `shop_dev_payments`, its cashier the web page
 * /m/pay/dev, and on confirmation it notifies the merchant with parameters named and signed like WeChat
 * Pay's (out_trade_no, transaction_id, total_fee in fen, nonce_str, timestamp, sign_type HMAC-SHA256).
 */
export class DevPaymentProvider implements PaymentProvider {
  readonly name = 'dev' as const;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  async create(payment: CreatePayment): Promise<{ payUrl: string }> {
    await this.db
      .insert(shopDevPayments)
      .values({
        orderNo: payment.orderNo,
        amountFen: payment.amountFen,
        subject: payment.subject,
      })
      .onConflictDoNothing();
    return { payUrl: shopPaths.devPay(payment.orderNo) };
  }

  /** The ledger row (the cashier page shows it). */
  async find(orderNo: string): Promise<DevRow | undefined> {
    const [row] = await this.db.select().from(shopDevPayments).where(eq(shopDevPayments.orderNo, orderNo));
    return row;
  }

  /**
   * The payer confirms on the cashier page: the ledger is marked paid (once), then the merchant is
   * notified. Returns the row after it, and whether the merchant acknowledged.
   */
  async confirm(orderNo: string, deliver: NotifyDelivery, now = new Date()): Promise<DevRow | undefined> {
    await this.db
      .update(shopDevPayments)
      .set({ state: 'paid', paidAt: now, tradeNo: `DEV${now.getTime()}${crypto.randomInt(1e6)}` })
      .where(and(eq(shopDevPayments.orderNo, orderNo), eq(shopDevPayments.state, 'unpaid')));
    const row = await this.find(orderNo);
    if (row?.state === 'paid' && row.tradeNo) await deliver(this.notification(row, now));
    return row;
  }

  /** The signed parameters of a paid row, as the provider sends them. */
  notification(row: DevRow, now = new Date()): Record<string, string> {
    const params: Record<string, string> = {
      mch_id: DEV_MERCHANT,
      out_trade_no: row.orderNo,
      transaction_id: row.tradeNo ?? '',
      total_fee: String(row.amountFen),
      result_code: 'SUCCESS',
      time_end: String((row.paidAt ?? now).getTime()),
      timestamp: String(Math.floor(now.getTime() / 1000)),
      nonce_str: crypto.randomBytes(12).toString('hex'),
      sign_type: 'HMAC-SHA256',
    };
    return { ...params, sign: signParams(params, this.secret) };
  }

  verifyNotify(params: Record<string, string>, now: Date): NotifyVerdict {
    if (!sameSignature(params.sign, signParams(params, this.secret)))
      return { ok: false, reason: '签名错误' };
    if (params.sign_type !== 'HMAC-SHA256') return { ok: false, reason: '签名类型不支持' };
    const timestamp = Number(params.timestamp);
    if (!Number.isFinite(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > NOTIFY_WINDOW_SECONDS)
      return { ok: false, reason: '通知已过期' };
    if (params.result_code !== 'SUCCESS') return { ok: false, reason: '支付未成功' };
    const amountFen = Number(params.total_fee);
    const paidAt = new Date(Number(params.time_end));
    if (
      !params.out_trade_no ||
      !params.transaction_id ||
      !Number.isInteger(amountFen) ||
      isNaN(paidAt.getTime())
    )
      return { ok: false, reason: '通知参数不完整' };
    return {
      ok: true,
      notice: { orderNo: params.out_trade_no, tradeNo: params.transaction_id, amountFen, paidAt },
    };
  }

  async query(orderNo: string): Promise<QueriedState> {
    const row = await this.find(orderNo);
    if (!row) return { state: 'unknown' };
    if (row.state !== 'paid') return { state: row.state as 'unpaid' | 'closed' | 'refunded' };
    const notice: PaymentNotice = {
      orderNo,
      tradeNo: row.tradeNo ?? '',
      amountFen: row.amountFen,
      paidAt: row.paidAt ?? new Date(),
    };
    return { state: 'paid', notice };
  }

  async close(orderNo: string): Promise<'closed' | 'paid'> {
    await this.db
      .update(shopDevPayments)
      .set({ state: 'closed' })
      .where(and(eq(shopDevPayments.orderNo, orderNo), eq(shopDevPayments.state, 'unpaid')));
    const row = await this.find(orderNo);
    return row?.state === 'paid' || row?.state === 'refunded' ? 'paid' : 'closed';
  }

  async refund(input: { orderNo: string; refundNo: string; amountFen: number }): Promise<void> {
    const updated = await this.db
      .update(shopDevPayments)
      .set({ state: 'refunded', refundedFen: sql`${input.amountFen}` })
      .where(
        and(
          eq(shopDevPayments.orderNo, input.orderNo),
          eq(shopDevPayments.state, 'paid'),
          eq(shopDevPayments.amountFen, input.amountFen),
        ),
      )
      .returning({ orderNo: shopDevPayments.orderNo });
    if (updated.length > 0) return;
    const row = await this.find(input.orderNo);
    // Repeating a refund that went through is fine (real providers key it by the refund number).
    if (row?.state === 'refunded' && row.refundedFen === input.amountFen) return;
    throw new Error(`dev provider: payment ${input.orderNo} cannot be refunded (${row?.state ?? 'none'})`);
  }
}
