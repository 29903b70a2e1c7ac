import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './org';

/**
 * Operations (issue 21): products that sell an organisation's courses or exams, and the orders learners
 * place on the /m store. Money is integer fen throughout. docs/decisions.md "Operations — products and
 * orders".
 */

/** A product: what it wraps (shop_product_items), its price, and how long a purchase lasts. */
export const shopProducts = pgTable(
  'shop_products',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 100 }).notNull(),
    /** 'course' | 'exam': every item of the product is of this kind. */
    kind: varchar('kind', { length: 10 }).notNull(),
    priceFen: integer('price_fen').notNull(),
    coverUrl: varchar('cover_url', { length: 500 }),
    description: text('description'),
    /** Days of access after payment; null = permanent. */
    validityDays: integer('validity_days'),
    /** 1 on the shelf (sold on the store), 0 off. */
    onShelf: smallint('on_shelf').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shop_products_org_idx').on(t.organizationId, t.createdAt),
    index('shop_products_shelf_idx').on(t.organizationId, t.onShelf),
  ],
);

/** The courses or exams a product grants. */
export const shopProductItems = pgTable(
  'shop_product_items',
  {
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    /** A course id or an exam id, per the product's kind. */
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.refId] }),
    index('shop_product_items_ref_idx').on(t.organizationId, t.refId),
  ],
);

/**
 * An order: 'pending' 待支付 → 'paid' 已支付 → 'refunded' 已退款, or 'pending' → 'closed' 已关闭 (unpaid
 * after 30 minutes). The amount and product name are copied when it is created.
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    /** The merchant order number the payment provider knows (out_trade_no). */
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => shopProducts.id),
    productName: varchar('product_name', { length: 100 }).notNull(),
    productKind: varchar('product_kind', { length: 10 }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    validityDays: integer('validity_days'),
    /** The course or exam ids granted when paid (the product's items then). */
    refIds: jsonb('ref_ids').$type<number[]>(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** 'dev' | 'wechat' | 'alipay'. */
    provider: varchar('provider', { length: 10 }).notNull(),
    /** The provider's cashier page for this order. */
    payUrl: varchar('pay_url', { length: 500 }),
    /** The provider's transaction id, once paid. */
    tradeNo: varchar('trade_no', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An unpaid order closes at this time. */
    payBefore: timestamp('pay_before', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the purchased access ends; null with a paid order = permanent. */
    accessUntil: timestamp('access_until', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundNo: varchar('refund_no', { length: 32 }),
    refundReason: varchar('refund_reason', { length: 200 }),
    refundedBy: bigint('refunded_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('shop_orders_no_idx').on(t.orderNo),
    index('shop_orders_org_idx').on(t.organizationId, t.createdAt),
    index('shop_orders_user_idx').on(t.userId, t.createdAt),
    index('shop_orders_product_idx').on(t.productId, t.status),
    index('shop_orders_pending_idx')
      .on(t.payBefore)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The development payment provider's own ledger (what WeChat Pay or Alipay would hold on their side):
 * the amount it was asked to collect, its transaction, and refunds. Only the dev adapter uses it; like a
 * real provider it knows merchant order numbers, not organisations (the order row carries those).
 */
export const shopDevPayments = pgTable('shop_dev_payments', {
  orderNo: varchar('order_no', { length: 32 }).primaryKey(),
  amountFen: integer('amount_fen').notNull(),
  subject: varchar('subject', { length: 100 }).notNull(),
  /** 'unpaid' | 'paid' | 'closed' | 'refunded'. */
  state: varchar('state', { length: 10 }).notNull().default('unpaid'),
  tradeNo: varchar('trade_no', { length: 64 }),
  refundedFen: integer('refunded_fen').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});
