import {
  orderContracts as orders,
  payContracts as pay,
  productContracts as products,
  storeContracts as store,
  type DevPayment,
  type ItemOption,
  type MyOrder,
  type OrderDetail,
  type OrderRow,
  type ProductDetail,
  type ProductKind,
  type ProductRow,
  type StoreProduct,
  type StoreProductRow,
} from '@kaopei/shared/contracts/shop';
import { call, callPage, type BodyIn, type QueryIn } from '../../lib/api';
import { download } from '../../lib/download';

/** 运营管理 calls (contracts: packages/shared/src/contracts/shop.ts). Paging is zero-based. */

export type {
  DevPayment,
  ItemOption,
  MyOrder,
  OrderDetail,
  OrderRow,
  ProductDetail,
  ProductKind,
  ProductRow,
  StoreProduct,
  StoreProductRow,
};
export type ProductAddInput = BodyIn<typeof products.add>;
export type ProductModifyInput = BodyIn<typeof products.modify>;
export type ProductFilter = Omit<QueryIn<typeof products.list>, 'page' | 'size'>;
export type OrderFilter = Omit<QueryIn<typeof orders.list>, 'page' | 'size'>;

export const shopKeys = {
  all: ['shop'] as const,
  products: (filter: ProductFilter, page: number, size: number) =>
    ['shop', 'products', filter, page, size] as const,
  product: (productId: number) => ['shop', 'product', productId] as const,
  itemOptions: (kind: ProductKind, keyword: string) => ['shop', 'item-options', kind, keyword] as const,
  orders: (filter: OrderFilter, page: number, size: number) =>
    ['shop', 'orders', filter, page, size] as const,
  order: (orderId: number) => ['shop', 'order', orderId] as const,
  store: (page: number, size: number) => ['shop', 'store', page, size] as const,
  storeProduct: (productId: number) => ['shop', 'store-product', productId] as const,
  myOrders: (page: number, size: number) => ['shop', 'my-orders', page, size] as const,
  myOrder: (orderId: number) => ['shop', 'my-order', orderId] as const,
  devPayment: (orderNo: string) => ['shop', 'dev-payment', orderNo] as const,
};

export function fetchProducts(filter: ProductFilter, page = 0, size = 20) {
  return callPage(products.list, { query: { ...filter, page, size } });
}
export function fetchProduct(productId: number): Promise<ProductDetail> {
  return call(products.get, { query: { productId } });
}
export function fetchItemOptions(kind: ProductKind, keyword: string): Promise<ItemOption[]> {
  return call(products.itemOptions, { query: { kind, keyword: keyword || undefined } });
}
export function addProduct(input: ProductAddInput) {
  return call(products.add, { body: input });
}
export function modifyProduct(input: ProductModifyInput) {
  return call(products.modify, { body: input });
}
export function setProductShelf(productId: number, onShelf: boolean) {
  return call(products.shelf, { body: { productId, onShelf } });
}
export function deleteProduct(productId: number) {
  return call(products.delete, { query: { productId } });
}

export function fetchOrders(filter: OrderFilter, page = 0, size = 20) {
  return callPage(orders.list, { query: { ...filter, page, size } });
}
export function fetchOrder(orderId: number): Promise<OrderDetail> {
  return call(orders.get, { query: { orderId } });
}
export function refundOrder(orderId: number, reason: string): Promise<OrderDetail> {
  return call(orders.refund, { body: { orderId, reason } });
}
export function exportOrders(filter: OrderFilter) {
  return download(orders.export, { query: filter }, '订单.xlsx');
}

export function fetchStore(page = 0, size = 10) {
  return callPage(store.list, { query: { page, size } });
}
export function fetchStoreProduct(productId: number): Promise<StoreProduct> {
  return call(store.get, { query: { productId } });
}
export function buyProduct(productId: number): Promise<MyOrder> {
  return call(store.buy, { body: { productId } });
}
export function fetchMyOrders(page = 0, size = 10) {
  return callPage(store.myOrders, { query: { page, size } });
}
export function fetchMyOrder(orderId: number): Promise<MyOrder> {
  return call(store.order, { query: { orderId } });
}
export function fetchDevPayment(orderNo: string): Promise<DevPayment> {
  return call(pay.devInfo, { query: { orderNo } });
}
export function confirmDevPayment(orderNo: string): Promise<DevPayment> {
  return call(pay.devConfirm, { body: { orderNo } });
}
