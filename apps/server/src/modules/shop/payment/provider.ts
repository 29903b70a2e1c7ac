import crypto from 'node:crypto';
import type { PaymentProviderName } from '@kaopei/shared/contracts/shop';

/**
 * A payment provider adapter, in the shape WeChat Pay and Alipay share: the merchant creates a payment
 * for an order number and an amount, the provider notifies the merchant's callback with signed
 * parameters once the payer has paid, the merchant may query the payment, close it unpaid, and refund it.
 * Amounts are fen. The development provider (dev-provider.ts) implements it against its own ledger.
 */

export interface CreatePayment {
  orderNo: string;
  amountFen: number;
  subject: string;
  /** The merchant page the payer returns to. */
  returnUrl: string;
}

/** What a verified notification says. */
export interface PaymentNotice {
  orderNo: string;
  tradeNo: string;
  amountFen: number;
  /** When the provider says it was paid. */
  paidAt: Date;
}

export type NotifyVerdict = { ok: true; notice: PaymentNotice } | { ok: false; reason: string };

export type QueriedState =
  { state: 'paid'; notice: PaymentNotice } | { state: 'unpaid' | 'closed' | 'refunded' | 'unknown' };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Registers the payment with the provider; returns the cashier page the payer goes to. */
  create(payment: CreatePayment): Promise<{ payUrl: string }>;
  /** Checks a notification's signature and freshness; says nothing of the order (the merchant checks that). */
  verifyNotify(params: Record<string, string>, now: Date): NotifyVerdict;
  /** Asks the provider about a payment (when its notification is late). */
  query(orderNo: string): Promise<QueriedState>;
  /** Closes an unpaid payment; 'paid' when the payer paid first (the notification then pays the order). */
  close(orderNo: string): Promise<'closed' | 'paid'>;
  /** Refunds in full; safe to repeat with the same refund number. */
  refund(input: { orderNo: string; refundNo: string; amountFen: number }): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------
// Signing (WeChat Pay's HMAC-SHA256 sign_type: the canonical parameter string, then &key=SECRET)
// ---------------------------------------------------------------------------------------------------------

/** Notifications older or newer than this are refused (a replay of a captured callback). */
export const NOTIFY_WINDOW_SECONDS = 5 * 60;

/**
 * The canonical parameter string: every parameter but `sign` and empty ones, sorted by name (ASCII),
 * as `name=value` joined with `&`.
 */
export function canonicalString(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** HMAC-SHA256 of the canonical string followed by `&key=<secret>`, upper-case hex. */
export function signParams(params: Record<string, string>, secret: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${canonicalString(params)}&key=${secret}`, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** Compares a given signature with the expected one in constant time. */
export function sameSignature(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given.toUpperCase());
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The secret payment callbacks are signed with: PAYMENT_SECRET, or derived from the JWT secret. */
export function paymentSecret(config: { jwtSecret: string; payment: { secret?: string } }): string {
  return (
    config.payment.secret ??
    crypto.createHmac('sha256', config.jwtSecret).update('kaopei:payment-callback:v1').digest('base64url')
  );
}

/** Notification parameters as strings (JSON numbers are accepted and written as text). */
export function stringParams(body: Record<string, string | number>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) out[key] = String(value);
  return out;
}
