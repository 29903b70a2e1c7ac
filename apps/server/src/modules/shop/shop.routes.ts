import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { toOffset } from '@kaopei/shared';
import {
  orderContracts,
  payContracts,
  productContracts,
  storeContracts,
} from '@kaopei/shared/contracts/shop';
import type { Deps } from '../../core/deps';
import { notFound, ok, okPage } from '../../core/http';
import { sendDownload } from '../../core/download';
import { routes } from '../../core/route';
import { DevPaymentProvider, type NotifyDelivery } from './payment/dev-provider.repo';
import { paymentSecret, stringParams, type PaymentProvider } from './payment/provider';
import {
  addProduct,
  deleteProduct,
  itemOptions,
  listProducts,
  modifyProduct,
  productDetail,
  setShelf,
} from './shop-product.repo';
import { listOrders, orderDetail, refundOrder } from './shop-order.repo';
import { applyNotice, closeExpiredOrders } from './shop-payment.repo';
import {
  buy,
  devPaymentConfirm,
  devPaymentInfo,
  myOrder,
  myOrders,
  storeList,
  storeProduct,
} from './shop-store.repo';
import { exportOrders } from './shop.excel';

/** The configured provider adapter (null when payments are off). */
export function paymentProvider(deps: Pick<Deps, 'db' | 'config'>): DevPaymentProvider | null {
  return deps.config.payment.provider === 'dev'
    ? new DevPaymentProvider(deps.db, paymentSecret(deps.config))
    : null;
}

/** Unpaid orders close 30 minutes after they were placed: checked every minute (define before the queue starts). */
export const ORDER_TIMEOUT_JOB = 'shop-order-timeout';
export function defineShopJobs(deps: Deps): void {
  const provider = paymentProvider(deps);
  deps.queue.every(ORDER_TIMEOUT_JOB, 60, async () => {
    if (provider) await closeExpiredOrders(deps.db, provider, new Date());
  });
}

/** How the development provider reaches the merchant's callback: an HTTP request to the notify route. */
function injectDelivery(app: FastifyInstance): NotifyDelivery {
  return async (params) => {
    const response = await app.inject({
      method: 'POST',
      url: payContracts.notify.path.replace(':provider', 'dev'),
      payload: params,
    });
    return response.statusCode === 200 && response.body === 'success';
  };
}

function productRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  routes(app, productContracts, {
    list: async (request) => {
      const { page, size, ...filter } = request.query;
      const { rows, total } = await listProducts(db, request.ctx, filter, toOffset({ page, size }));
      return okPage(rows, total);
    },
    get: async (request) => ok(await productDetail(db, request.ctx, request.query.productId)),
    itemOptions: async (request) =>
      ok(await itemOptions(db, request.ctx, request.query.kind, request.query.keyword)),
    add: async (request) => ok(await addProduct(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyProduct(db, request.ctx, request.body)),
    shelf: async (request) =>
      ok(await setShelf(db, request.ctx, request.body.productId, request.body.onShelf)),
    delete: async (request) => ok(await deleteProduct(db, request.ctx, request.query.productId)),
  });
}

function orderRoutes(app: FastifyInstance, deps: Deps, provider: PaymentProvider | null): void {
  const { db } = deps;
  routes(app, orderContracts, {
    list: async (request) => {
      const { page, size, ...filter } = request.query;
      const { rows, total } = await listOrders(db, request.ctx, filter, toOffset({ page, size }));
      return okPage(rows, total);
    },
    get: async (request) => ok(await orderDetail(db, request.ctx, request.query.orderId)),
    refund: async (request) => {
      if (!provider) throw notFound('支付渠道未启用，不能退款');
      return ok(await refundOrder(db, provider, request.ctx, request.body, new Date()));
    },
    export: async (request, reply) => sendDownload(reply, await exportOrders(db, request.ctx, request.query)),
  });
}

/** 运营管理：商品、订单、学员商城与支付 (contracts: packages/shared/src/contracts/shop.ts). */
export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  const provider = paymentProvider(deps);
  const deliver = injectDelivery(app);
  productRoutes(app, deps);
  orderRoutes(app, deps, provider);
  routes(app, storeContracts, {
    list: async (request) => {
      const { keyword, page, size } = request.query;
      const { rows, total } = await storeList(db, request.ctx, keyword, toOffset({ page, size }), new Date());
      return okPage(rows, total);
    },
    get: async (request) => ok(await storeProduct(db, request.ctx, request.query.productId, new Date())),
    buy: async (request) => ok(await buy(db, provider, request.ctx, request.body.productId, new Date())),
    myOrders: async (request) => {
      const { rows, total } = await myOrders(db, request.ctx, toOffset(request.query));
      return okPage(rows, total);
    },
    order: async (request) => ok(await myOrder(db, provider, request.ctx, request.query.orderId)),
  });
  routes(app, payContracts, {
    notify: async (request, reply) => {
      const fail = (reason: string) => {
        request.log.warn({ provider: request.params.provider, reason }, 'payment notification refused');
        return reply.code(400).type('text/plain').send('fail');
      };
      if (!provider || request.params.provider !== provider.name) return fail('provider not enabled');
      const verdict = provider.verifyNotify(stringParams(request.body), new Date());
      if (!verdict.ok) return fail(verdict.reason);
      const result = await applyNotice(db, verdict.notice);
      if (result.outcome === 'refused') return fail(result.reason ?? 'refused');
      return reply.code(200).type('text/plain').send('success');
    },
    devInfo: async (request) => {
      if (!provider) throw notFound('开发环境支付渠道未启用');
      return ok(await devPaymentInfo(db, provider, request.ctx, request.query.orderNo));
    },
    devConfirm: async (request) => {
      if (!provider) throw notFound('开发环境支付渠道未启用');
      return ok(await devPaymentConfirm(db, provider, request.ctx, request.body.orderNo, deliver));
    },
  });
};
