/**
 * 运营管理 (issue 21, spec §2 operation/product, operation/order): products that sell an organisation's
 * courses or exams, the learner's store on /m, orders and their payment through a provider adapter
 * (the development provider pays on a confirm page and signs its callback like WeChat Pay / Alipay).
 * Money is integer fen everywhere; the web shows yuan with two decimals. Paths under /course/api/v1/shop.
 */
import { z } from 'zod';
import {
  booleanQuery,
  endpoint,
  envelopeOf,
  idOf,
  imageUrlField,
  keyword,
  okReply,
  pagedQuery,
  pageOf,
} from './common';

export const PRODUCT_MENU = '/manage/operation/product';
export const ORDER_MENU = '/manage/operation/order';

const S = '/course/api/v1/shop';
const productTag = '商品管理';
const orderTag = '订单管理';
const storeTag = '学员商城';
const payTag = '支付';

/** Pages of the web (admin and the learner's phone store). */
export const shopPaths = {
  productList: '/manage/operation/product',
  productAdd: '/manage/operation/product/add',
  productEdit: (productId: number): string => `/manage/operation/product/add?productId=${productId}`,
  productDetail: (productId: number): string => `/manage/operation/product/detail?productId=${productId}`,
  orderList: '/manage/operation/order',
  orderInfo: (orderId: number): string => `/manage/operation/order/info?orderId=${orderId}`,
  store: '/m/store',
  storeProduct: (productId: number): string => `/m/store/${productId}`,
  myOrders: '/m/store/orders',
  myOrder: (orderId: number): string => `/m/store/orders/${orderId}`,
  devPay: (orderNo: string): string => `/m/pay/dev?orderNo=${encodeURIComponent(orderNo)}`,
} as const;

/** What a product sells: courses, exams or study tasks (all its items are of one kind). */
export const PRODUCT_KINDS = ['course', 'exam', 'task'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  course: '课程',
  exam: '考试',
  task: '学习任务',
};
const KIND_ERROR = '商品类型只能是课程、考试或学习任务';

export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  refunded: '已退款',
  closed: '已关闭',
};

export const PAYMENT_PROVIDERS = ['dev', 'wechat', 'alipay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_PROVIDER_LABELS: Record<PaymentProviderName, string> = {
  dev: '开发环境支付',
  wechat: '微信支付',
  alipay: '支付宝',
};

/** An unpaid order closes this long after it was placed. */
export const ORDER_PAY_MINUTES = 30;
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const PRODUCT_ITEMS_MAX = 50;
/** One million yuan. */
export const PRICE_FEN_MAX = 100_000_000;
export const VALIDITY_DAYS_MAX = 3650;
export const REFUND_REASON_MAX = 200;

/** Fen as yuan with two decimals: 1990 → '19.90' (no float arithmetic). */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Yuan as typed ('19.9', '19.90', '20') → fen; undefined when it is not a non-negative amount with at most two decimals. */
export function yuanToFen(text: string | number): number | undefined {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(String(text));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

const productIdQuery = z.object({ productId: idOf('商品') });
const orderIdQuery = z.object({ orderId: idOf('订单') });

const nameField = z
  .string({ error: '商品名称不能为空' })
  .trim()
  .min(1, '商品名称不能为空')
  .max(PRODUCT_NAME_MAX, `商品名称不能超过 ${PRODUCT_NAME_MAX} 个字符`);

const priceField = z.coerce
  .number<number | string>({ error: '价格必须是数字' })
  .int('价格最多两位小数')
  .min(1, '价格必须大于 0 元')
  .max(PRICE_FEN_MAX, '价格不能超过 1000000 元');

const descriptionField = z
  .string({ error: '商品介绍必须是文本' })
  .trim()
  .max(PRODUCT_DESCRIPTION_MAX, `商品介绍不能超过 ${PRODUCT_DESCRIPTION_MAX} 个字符`)
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/** Days of access after payment; null = permanent. */
const validityField = z
  .union([
    z.null(),
    z.coerce
      .number<number | string>({ error: '有效期必须是天数' })
      .int('有效期必须是整数天')
      .min(1, `有效期必须在 1 到 ${VALIDITY_DAYS_MAX} 天之间`)
      .max(VALIDITY_DAYS_MAX, `有效期必须在 1 到 ${VALIDITY_DAYS_MAX} 天之间`),
  ])
  .optional();

const itemsField = z
  .array(idOf('商品内容'), { error: '商品内容必须是列表' })
  .min(1, '请至少选择一门课程、一场考试或一个学习任务')
  .max(PRODUCT_ITEMS_MAX, `商品内容一次最多 ${PRODUCT_ITEMS_MAX} 项`);

export const productAddSchema = z.object({
  name: nameField,
  kind: z.enum(PRODUCT_KINDS, { error: KIND_ERROR }),
  /** Price in fen (the web converts the yuan a person types). */
  priceFen: priceField,
  coverUrl: imageUrlField('封面'),
  description: descriptionField,
  validityDays: validityField,
  /** Course ids or exam ids, per kind. */
  refIds: itemsField,
  onShelf: z.boolean({ error: '上架状态只能是是或否' }).default(false),
});
export type ProductAddIn = z.input<typeof productAddSchema>;

export const productModifySchema = z.object({
  productId: idOf('商品'),
  name: nameField.optional(),
  priceFen: priceField.optional(),
  coverUrl: imageUrlField('封面'),
  description: descriptionField,
  validityDays: validityField,
  refIds: itemsField.optional(),
});
export type ProductModifyIn = z.input<typeof productModifySchema>;

export const productShelfSchema = z.object({
  productId: idOf('商品'),
  onShelf: z.boolean({ error: '上架状态只能是是或否' }),
});

const orderStatusField = z
  .enum(ORDER_STATUSES, { error: '订单状态只能是待支付、已支付、已退款或已关闭' })
  .optional();

const orderFilter = {
  keyword,
  status: orderStatusField,
  productId: idOf('商品').optional(),
};

export const refundSchema = z.object({
  orderId: idOf('订单'),
  reason: z
    .string({ error: '退款原因必须是文本' })
    .trim()
    .max(REFUND_REASON_MAX, `退款原因不能超过 ${REFUND_REASON_MAX} 个字符`)
    .optional()
    .transform((value) => value || null),
});
export type RefundIn = z.input<typeof refundSchema>;

const orderNoField = z
  .string({ error: '订单号不能为空' })
  .trim()
  .min(1, '订单号不能为空')
  .max(32, '订单号不正确')
  .regex(/^[A-Za-z0-9]+$/, '订单号不正确');

/** A payment provider's notification: flat string parameters (form or JSON), signed. */
export const notifyBody = z.record(z.string().max(64), z.union([z.string().max(500), z.number()]), {
  error: '通知参数必须是键值对',
});

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

export const salesFigures = z.object({
  /** Orders ever paid (refunded ones included). */
  paidOrders: z.number(),
  /** Fen received and not refunded. */
  revenueFen: z.number(),
  refundedOrders: z.number(),
  refundedFen: z.number(),
});
export type SalesFigures = z.infer<typeof salesFigures>;

export const productRow = z.object({
  productId: z.number(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  priceFen: z.number(),
  coverUrl: z.string().nullable(),
  validityDays: z.number().nullable(),
  onShelf: z.boolean(),
  itemCount: z.number(),
  sales: salesFigures,
  createdAt: z.number(),
});
export type ProductRow = z.infer<typeof productRow>;

export const productItemView = z.object({
  refId: z.number(),
  /** null when the course or exam is gone. */
  name: z.string().nullable(),
});
export type ProductItemView = z.infer<typeof productItemView>;

export const productDetail = productRow.extend({
  description: z.string().nullable(),
  items: z.array(productItemView),
  updatedAt: z.number(),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const itemOption = z.object({ refId: z.number(), name: z.string(), status: z.string() });
export type ItemOption = z.infer<typeof itemOption>;

export const orderRow = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  productId: z.number(),
  productName: z.string(),
  productKind: z.enum(PRODUCT_KINDS),
  amountFen: z.number(),
  status: z.enum(ORDER_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  userId: z.number(),
  realName: z.string(),
  account: z.string(),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
  refundedAt: z.number().nullable(),
});
export type OrderRow = z.infer<typeof orderRow>;

export const orderDetail = orderRow.extend({
  tradeNo: z.string().nullable(),
  payBefore: z.number(),
  accessUntil: z.number().nullable(),
  validityDays: z.number().nullable(),
  closedAt: z.number().nullable(),
  refundNo: z.string().nullable(),
  refundReason: z.string().nullable(),
  refundedByName: z.string().nullable(),
  items: z.array(productItemView),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** What the learner's store shows of a product. */
export const storeProductRow = z.object({
  productId: z.number(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  priceFen: z.number(),
  coverUrl: z.string().nullable(),
  validityDays: z.number().nullable(),
  itemCount: z.number(),
  /** The caller holds a paid order whose access lasts. */
  owned: z.boolean(),
  /** End of the caller's access (null: permanent or not owned). */
  ownedUntil: z.number().nullable(),
});
export type StoreProductRow = z.infer<typeof storeProductRow>;

export const storeProduct = storeProductRow.extend({
  description: z.string().nullable(),
  items: z.array(productItemView),
  /** The caller's unpaid order of this product, to pay instead of placing another. */
  pendingOrderId: z.number().nullable(),
});
export type StoreProduct = z.infer<typeof storeProduct>;

export const myOrder = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  productId: z.number(),
  productName: z.string(),
  productKind: z.enum(PRODUCT_KINDS),
  amountFen: z.number(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.number(),
  payBefore: z.number(),
  paidAt: z.number().nullable(),
  accessUntil: z.number().nullable(),
  refundedAt: z.number().nullable(),
  /** Where to pay while pending (the provider's cashier page). */
  payUrl: z.string().nullable(),
  /** The first course or exam, to open once paid. */
  firstRefId: z.number().nullable(),
});
export type MyOrder = z.infer<typeof myOrder>;

export const devPayment = z.object({
  orderNo: z.string(),
  subject: z.string(),
  amountFen: z.number(),
  state: z.enum(['unpaid', 'paid', 'closed', 'refunded']),
  merchant: z.string(),
  /** The merchant's page to return to. */
  returnUrl: z.string(),
});
export type DevPayment = z.infer<typeof devPayment>;

// ---------------------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------------------

const products = { menu: PRODUCT_MENU } as const;
const orders = { menu: ORDER_MENU } as const;

export const productContracts = {
  list: endpoint({
    method: 'GET',
    path: `${S}/product/list`,
    tag: productTag,
    summary: '商品列表（分页；按名称、类型、上架状态筛选；含销售数据）',
    access: products,
    query: pagedQuery({
      keyword,
      kind: z.enum(PRODUCT_KINDS, { error: KIND_ERROR }).optional(),
      onShelf: booleanQuery,
    }),
    response: pageOf(productRow),
  }),
  get: endpoint({
    method: 'GET',
    path: `${S}/product/get`,
    tag: productTag,
    summary: '商品详情：设置、内容与销售数据',
    access: products,
    query: productIdQuery,
    response: envelopeOf(productDetail),
  }),
  itemOptions: endpoint({
    method: 'GET',
    path: `${S}/product/item-options`,
    tag: productTag,
    summary: '可上架的内容：本组织的课程、考试或学习任务（按名称搜索，最多 50 项）',
    access: products,
    query: z.object({ kind: z.enum(PRODUCT_KINDS, { error: KIND_ERROR }), keyword }),
    response: envelopeOf(z.array(itemOption)),
  }),
  add: endpoint({
    method: 'POST',
    path: `${S}/product/add`,
    tag: productTag,
    summary: '新建商品（价格以分为单位）',
    access: products,
    body: productAddSchema,
    response: envelopeOf(z.object({ productId: z.number() })),
  }),
  modify: endpoint({
    method: 'POST',
    path: `${S}/product/modify`,
    tag: productTag,
    summary: '修改商品（已售出的订单按下单时的价格与有效期）',
    access: products,
    body: productModifySchema,
    response: okReply,
  }),
  shelf: endpoint({
    method: 'POST',
    path: `${S}/product/shelf`,
    tag: productTag,
    summary: '上架或下架商品',
    access: products,
    body: productShelfSchema,
    response: okReply,
  }),
  delete: endpoint({
    method: 'POST',
    path: `${S}/product/delete`,
    tag: productTag,
    summary: '删除商品（已有订单的商品不能删除，可下架）',
    access: products,
    query: productIdQuery,
    response: okReply,
  }),
};

export const orderContracts = {
  list: endpoint({
    method: 'GET',
    path: `${S}/order/list`,
    tag: orderTag,
    summary: '订单列表（分页；按订单号、商品或购买人搜索，按状态、商品筛选）',
    access: orders,
    query: pagedQuery(orderFilter),
    response: pageOf(orderRow),
  }),
  get: endpoint({
    method: 'GET',
    path: `${S}/order/get`,
    tag: orderTag,
    summary: '订单详情',
    access: orders,
    query: orderIdQuery,
    response: envelopeOf(orderDetail),
  }),
  refund: endpoint({
    method: 'POST',
    path: `${S}/order/refund`,
    tag: orderTag,
    summary: '全额退款（仅已支付订单）：经支付渠道退款，购买人随即失去内容的访问权',
    access: orders,
    body: refundSchema,
    response: envelopeOf(orderDetail),
  }),
  export: endpoint({
    method: 'GET',
    path: `${S}/order/export`,
    tag: orderTag,
    summary: '导出订单（.xlsx，按当前筛选）',
    access: orders,
    query: z.object(orderFilter),
    response: 'file',
  }),
};

export const storeContracts = {
  list: endpoint({
    method: 'GET',
    path: `${S}/store/list`,
    tag: storeTag,
    summary: '商城：本组织上架的商品（分页），含我是否已购买',
    access: 'member',
    query: pagedQuery({ keyword }),
    response: pageOf(storeProductRow),
  }),
  get: endpoint({
    method: 'GET',
    path: `${S}/store/get`,
    tag: storeTag,
    summary: '商城中的一个商品',
    access: 'member',
    query: productIdQuery,
    response: envelopeOf(storeProduct),
  }),
  buy: endpoint({
    method: 'POST',
    path: `${S}/store/buy`,
    tag: storeTag,
    summary: '购买：按服务器上的价格下单（已有待支付订单时沿用），返回支付页地址',
    access: 'member',
    body: z.object({ productId: idOf('商品') }),
    response: envelopeOf(myOrder),
  }),
  myOrders: endpoint({
    method: 'GET',
    path: `${S}/store/my-orders`,
    tag: storeTag,
    summary: '我的订单（分页，新的在前）',
    access: 'member',
    query: pagedQuery({}),
    response: pageOf(myOrder),
  }),
  order: endpoint({
    method: 'GET',
    path: `${S}/store/order`,
    tag: storeTag,
    summary: '我的一个订单；待支付时向支付渠道查询一次（通知迟到时据此入账）',
    access: 'member',
    query: orderIdQuery,
    response: envelopeOf(myOrder),
  }),
};

export const payContracts = {
  notify: endpoint({
    method: 'POST',
    path: `${S}/pay/notify/:provider`,
    tag: payTag,
    summary:
      '支付渠道的异步通知：验证签名、时间戳与金额，同一通知重复到达只入账一次；回答 success / fail（纯文本）',
    access: 'public',
    params: z.object({ provider: z.enum(PAYMENT_PROVIDERS, { error: '支付渠道不正确' }) }),
    body: notifyBody,
    response: 'raw',
  }),
  devInfo: endpoint({
    method: 'GET',
    path: `${S}/pay/dev/info`,
    tag: payTag,
    summary: '开发环境支付渠道的收银台：待付款的交易（仅下单人）',
    access: 'member',
    query: z.object({ orderNo: orderNoField }),
    response: envelopeOf(devPayment),
  }),
  devConfirm: endpoint({
    method: 'POST',
    path: `${S}/pay/dev/confirm`,
    tag: payTag,
    summary: '开发环境支付渠道：确认付款，并像真实渠道一样向商户发送签名的异步通知',
    access: 'member',
    body: z.object({ orderNo: orderNoField }),
    response: envelopeOf(devPayment),
  }),
};
