import { lazyPage } from '../../app/lazy-page';
import type { AppRouteObject } from '../../app/route-handle';

const PRODUCT_MENU = '/manage/operation/product';
const ORDER_MENU = '/manage/operation/order';

/** 运营管理 (issue 21): products and orders. */
export const shopRoutes: AppRouteObject[] = [
  {
    path: 'operation/product',
    Component: lazyPage(() => import('./pages/product-list-page')),
    handle: {
      title: '商品管理',
      description: '把课程、考试或学习任务做成商品上架销售；学员在手机端商城购买并支付后即可学习。',
      menuUrl: PRODUCT_MENU,
      keepAlive: true,
    },
  },
  {
    path: 'operation/product/add',
    Component: lazyPage(() => import('./pages/product-form-page')),
    handle: { title: '新建商品', menuUrl: PRODUCT_MENU },
  },
  {
    path: 'operation/product/detail',
    Component: lazyPage(() => import('./pages/product-detail-page')),
    handle: { title: '商品详情', menuUrl: PRODUCT_MENU },
  },
  {
    path: 'operation/order',
    Component: lazyPage(() => import('./pages/order-list-page')),
    handle: { title: '订单管理', menuUrl: ORDER_MENU, keepAlive: true },
  },
  {
    path: 'operation/order/info',
    Component: lazyPage(() => import('./pages/order-info-page')),
    handle: { title: '订单详情', menuUrl: ORDER_MENU },
  },
];

/** The learner's phone store: /m/store, /m/store/:productId, my orders, the dev provider's cashier. */
export const shopLearnerRoutes: AppRouteObject[] = [
  { path: '/m/store', Component: lazyPage(() => import('./pages/store-page')), handle: { title: '商城' } },
  {
    path: '/m/store/orders',
    Component: lazyPage(() => import('./pages/my-orders-page')),
    handle: { title: '我的订单' },
  },
  {
    path: '/m/store/orders/:orderId',
    Component: lazyPage(() => import('./pages/my-order-page')),
    handle: { title: '订单详情' },
  },
  {
    path: '/m/store/:productId',
    Component: lazyPage(() => import('./pages/store-product-page')),
    handle: { title: '商品详情' },
  },
  {
    path: '/m/pay/dev',
    Component: lazyPage(() => import('./pages/dev-pay-page')),
    handle: { title: '收银台' },
  },
];
