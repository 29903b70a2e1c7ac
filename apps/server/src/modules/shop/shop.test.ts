import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnContracts } from '@kaopei/shared/contracts/learn';
import { studyTaskContracts } from '@kaopei/shared/contracts/study-task';
import {
  orderContracts,
  payContracts,
  productContracts,
  storeContracts,
  type MyOrder,
} from '@kaopei/shared/contracts/shop';
import {
  call,
  createOrg,
  createTestApp,
  type TestApp,
  type TestOrg,
  type TestUser,
} from '../../../test/harness';
import { api } from '../../../test/factories';
import { download, readWorkbook, sheetRows } from '../../../test/support';
import { rowsOf } from '../../db/client';
import { shopDevPayments, shopOrders, shopProducts } from '../../db/schema';
import { makeCourse, type MadeCourse } from '../learn/learn.fixtures';
import { DevPaymentProvider } from './payment/dev-provider.repo';
import { paymentSecret, signParams } from './payment/provider';
import { closeExpiredOrders } from './shop-payment.repo';
import { ORDER_TIMEOUT_JOB } from './shop.routes';

const NOTIFY = payContracts.notify.path.replace(':provider', 'dev');
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let course: MadeCourse;
let otherCourse: MadeCourse;
const db = () => t.app.deps.db;
const secret = () => paymentSecret(t.config);
const dev = () => new DevPaymentProvider(db(), secret());

async function makeProduct(o: TestOrg, courseId: number, extra: Record<string, unknown> = {}) {
  const { productId } = await api(t, o.admin, productContracts.add, {
    body: {
      name: '数据分析实战',
      kind: 'course',
      priceFen: 1990,
      refIds: [courseId],
      onShelf: true,
      ...extra,
    },
  });
  return productId;
}

async function buy(user: TestUser, productId: number): Promise<MyOrder> {
  return api(t, user, storeContracts.buy, { body: { productId } });
}

/** The signed parameters the provider would send for `orderNo`, changed by `change` (then re-signed or not). */
function notice(
  orderNo: string,
  amountFen: number,
  options: {
    at?: Date;
    tradeNo?: string;
    change?: Record<string, string>;
    resign?: boolean;
    key?: string;
  } = {},
) {
  const at = options.at ?? new Date();
  const params: Record<string, string> = {
    mch_id: 'kaopei-dev',
    out_trade_no: orderNo,
    transaction_id: options.tradeNo ?? `DEV${at.getTime()}`,
    total_fee: String(amountFen),
    result_code: 'SUCCESS',
    time_end: String(at.getTime()),
    timestamp: String(Math.floor(at.getTime() / 1000)),
    nonce_str: 'n' + Math.random().toString(36).slice(2),
    sign_type: 'HMAC-SHA256',
  };
  const signed = { ...params, sign: signParams(params, options.key ?? secret()) };
  const changed = { ...signed, ...options.change };
  if (options.resign) changed.sign = signParams(changed, options.key ?? secret());
  return changed;
}

async function post(params: Record<string, string>) {
  const reply = await t.app.inject({ method: 'POST', url: NOTIFY, payload: params });
  return { status: reply.statusCode, body: reply.body };
}

async function orderRow(orderId: number) {
  const [row] = await db().select().from(shopOrders).where(eq(shopOrders.id, orderId));
  return row!;
}

async function canOpen(user: TestUser, courseId: number): Promise<boolean> {
  const res = await call(t, 'GET', `${learnContracts.course.path}?courseId=${courseId}`, { user });
  return res.status === 200;
}

async function myCourseIds(user: TestUser): Promise<number[]> {
  const res = await call(t, 'GET', `${learnContracts.myCourses.path}?tab=all&page=0&size=50`, { user });
  return (res.body.res?.data as { courseId: number }[]).map((row) => row.courseId);
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  course = await makeCourse(db(), org.id, { name: '付费课程', sections: [{ kind: 'datum' }] });
  otherCourse = await makeCourse(db(), other.id, { name: '他人课程', sections: [{ kind: 'datum' }] });
}, 60_000);
afterAll(() => t.close());

describe('products', () => {
  it('refuses bad input with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ priceFen: -100 }, '价格'],
      [{ priceFen: 12.5 }, '价格'],
      [{ refIds: [] }, '请至少选择一门课程、一场考试或一个学习任务'],
      [{ name: '  ' }, '商品名称不能为空'],
      [{ validityDays: 0 }, '有效期'],
      [{ kind: 'book' }, '商品类型'],
    ];
    for (const [change, message] of cases) {
      const res = await call(t, 'POST', productContracts.add.path, {
        user: org.admin,
        body: { name: '商品', kind: 'course', priceFen: 100, refIds: [course.id], ...change },
      });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toContain(message);
      expect(res.body.message).not.toMatch(/priceFen|refIds|invalid/i);
    }
  });

  it('creates, lists with sales figures, shelves and edits a product', async () => {
    const productId = await makeProduct(org, course.id, { validityDays: 30, onShelf: false });
    const detail = await api(t, org.admin, productContracts.get, { query: { productId } });
    expect(detail).toMatchObject({
      priceFen: 1990,
      validityDays: 30,
      onShelf: false,
      items: [{ refId: course.id, name: '付费课程' }],
      sales: { paidOrders: 0, revenueFen: 0 },
    });
    // Off the shelf: not in the store, cannot be bought.
    const store = await api(t, org.staff, storeContracts.list, { query: {} });
    expect(store.map((row) => row.productId)).not.toContain(productId);
    const refused = await call(t, 'POST', storeContracts.buy.path, { user: org.staff, body: { productId } });
    expect(refused.status).toBe(404);
    await api(t, org.admin, productContracts.shelf, { body: { productId, onShelf: true } });
    await api(t, org.admin, productContracts.modify, {
      body: { productId, priceFen: 2990, validityDays: null },
    });
    const listed = await api(t, org.admin, productContracts.list, { query: { keyword: '数据分析' } });
    expect(listed.find((row) => row.productId === productId)).toMatchObject({
      priceFen: 2990,
      onShelf: true,
    });
  });

  it('refuses another organisation’s course as an item', async () => {
    const res = await call(t, 'POST', productContracts.add.path, {
      user: org.admin,
      body: { name: '越权', kind: 'course', priceFen: 100, refIds: [otherCourse.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('不属于本组织');
  });
});

describe('buying and paying', () => {
  it('takes the price from the server, pays through the dev provider once, grants and refunds the course', async () => {
    const productId = await makeProduct(org, course.id, { validityDays: 30 });
    const learner = org.staff;
    expect(await canOpen(learner, course.id)).toBe(false);
    // A client that claims another price is ignored.
    const res = await call(t, 'POST', storeContracts.buy.path, {
      user: learner,
      body: { productId, priceFen: 1, amountFen: 1 },
    });
    expect(res.status).toBe(200);
    const order = res.body.res!.data as MyOrder;
    expect(order).toMatchObject({ amountFen: 1990, status: 'pending' });
    expect(order.payUrl).toBe(`/m/pay/dev?orderNo=${order.orderNo}`);
    // Buying again while unpaid returns the same order.
    expect((await buy(learner, productId)).orderId).toBe(order.orderId);

    // The cashier shows the provider's amount and pays; the provider notifies the merchant.
    const info = await api(t, learner, payContracts.devInfo, { query: { orderNo: order.orderNo } });
    expect(info).toMatchObject({ amountFen: 1990, state: 'unpaid' });
    const paid = await api(t, learner, payContracts.devConfirm, { body: { orderNo: order.orderNo } });
    expect(paid.state).toBe('paid');
    const row = await orderRow(order.orderId);
    expect(row.status).toBe('paid');
    expect(row.accessUntil!.getTime() - row.paidAt!.getTime()).toBe(30 * 24 * 3600_000);
    expect(await canOpen(learner, course.id)).toBe(true);
    expect(await myCourseIds(learner)).toContain(course.id);
    // Owned: buying again is refused.
    const again = await call(t, 'POST', storeContracts.buy.path, { user: learner, body: { productId } });
    expect(again.status).toBe(409);

    const sales = await api(t, org.admin, productContracts.get, { query: { productId } });
    expect(sales.sales).toEqual({ paidOrders: 1, revenueFen: 1990, refundedOrders: 0, refundedFen: 0 });

    // Refund from order/info: the course no longer opens and leaves 我的课程.
    const refunded = await api(t, org.admin, orderContracts.refund, {
      body: { orderId: order.orderId, reason: '学员申请' },
    });
    expect(refunded).toMatchObject({ status: 'refunded', refundReason: '学员申请' });
    expect(await canOpen(learner, course.id)).toBe(false);
    expect(await myCourseIds(learner)).not.toContain(course.id);
    const [ledger] = await db()
      .select()
      .from(shopDevPayments)
      .where(eq(shopDevPayments.orderNo, order.orderNo));
    expect(ledger).toMatchObject({ state: 'refunded', refundedFen: 1990 });
    // A second refund is refused; the figures count it once.
    const twice = await call(t, 'POST', orderContracts.refund.path, {
      user: org.admin,
      body: { orderId: order.orderId },
    });
    expect(twice.status).toBe(409);
    const after = await api(t, org.admin, productContracts.get, { query: { productId } });
    expect(after.sales).toEqual({ paidOrders: 1, revenueFen: 0, refundedOrders: 1, refundedFen: 1990 });
    // A replay of the paying notification after the refund pays nothing.
    const replay = notice(order.orderNo, 1990, { tradeNo: row.tradeNo! });
    await post(replay);
    expect((await orderRow(order.orderId)).status).toBe('refunded');
    expect(await canOpen(learner, course.id)).toBe(false);
  });

  it('refuses forged, tampered, stale and wrong-amount notifications and pays nothing', async () => {
    const productId = await makeProduct(org, course.id);
    const learner = org.admin;
    const order = await buy(learner, productId);
    const refusals = [
      notice(order.orderNo, 1990, { key: 'not-the-secret-0123456789' }), // forged signature
      notice(order.orderNo, 1990, { change: { total_fee: '1' } }), // amount changed, signature kept
      notice(order.orderNo, 1, { resign: true }), // amount changed and signed: not the order's amount
      notice(order.orderNo, 1990, { at: new Date(Date.now() - 3600_000) }), // replayed an hour later
      notice(order.orderNo, 1990, { change: { sign: '' } }), // no signature
      notice('KP00000000000000000000', 1990), // unknown order
    ];
    for (const params of refusals) {
      const res = await post(params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body).toBe('fail');
    }
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: 'pending', paidAt: null, tradeNo: null });
  });

  it('pays once when the same valid notification arrives twice', async () => {
    const productId = await makeProduct(org, course.id, { validityDays: 10 });
    const learner = org.staff;
    const order = await buy(learner, productId);
    const params = notice(order.orderNo, 1990, { tradeNo: 'WX-1' });
    const [first, second] = await Promise.all([post(params), post(params)]);
    expect([first.body, second.body]).toEqual(['success', 'success']);
    const row = await orderRow(order.orderId);
    expect(row.status).toBe('paid');
    const third = await post(params);
    expect(third.body).toBe('success');
    expect((await orderRow(order.orderId)).paidAt).toEqual(row.paidAt);
    const [count] = rowsOf<{ n: unknown }>(
      await db().execute(
        sql`select count(*) as n from shop_orders where product_id = ${productId} and paid_at is not null`,
      ),
    );
    expect(Number(count?.n)).toBe(1);
  });

  it('closes an unpaid order after 30 minutes (fixed clock), and the cashier then refuses it', async () => {
    const productId = await makeProduct(org, course.id);
    const learner = org.admin;
    const order = await buy(learner, productId);
    const placed = (await orderRow(order.orderId)).createdAt;
    expect(await closeExpiredOrders(db(), dev(), new Date(placed.getTime() + 29 * 60_000))).toBe(0);
    expect((await orderRow(order.orderId)).status).toBe('pending');
    expect(
      await closeExpiredOrders(db(), dev(), new Date(placed.getTime() + 30 * 60_000 + 1000)),
    ).toBeGreaterThan(0);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'closed' });
    const confirm = await call(t, 'POST', payContracts.devConfirm.path, {
      user: learner,
      body: { orderNo: order.orderNo },
    });
    expect(confirm.status).toBe(409);
    // A notification for a closed order pays nothing.
    await post(notice(order.orderNo, 1990));
    expect((await orderRow(order.orderId)).status).toBe('closed');
  });

  it('closes unpaid orders through the periodic job of the queue', async () => {
    const productId = await makeProduct(org, course.id);
    const order = await buy(org.admin, productId);
    await db()
      .update(shopOrders)
      .set({ payBefore: new Date(Date.now() - 1000) })
      .where(eq(shopOrders.id, order.orderId));
    await t.app.deps.queue.send(ORDER_TIMEOUT_JOB, {});
    await t.app.deps.queue.drain();
    expect((await orderRow(order.orderId)).status).toBe('closed');
  });

  it('ends access when the validity has passed', async () => {
    const c = await makeCourse(db(), org.id, { name: '限期课程', sections: [{ kind: 'datum' }] });
    const productId = await makeProduct(org, c.id, { validityDays: 1 });
    const learner = org.staff;
    const order = await buy(learner, productId);
    await api(t, learner, payContracts.devConfirm, { body: { orderNo: order.orderNo } });
    expect(await canOpen(learner, c.id)).toBe(true);
    await db().execute(
      sql`update course_members set access_until = now() - interval '1 minute' where course_id = ${c.id} and user_id = ${learner.id}`,
    );
    expect(await canOpen(learner, c.id)).toBe(false);
    expect(await myCourseIds(learner)).not.toContain(c.id);
  });

  it('exports the orders as Excel', async () => {
    const file = await download(t, 'GET', `${orderContracts.export.path}?status=paid`, { user: org.admin });
    const workbook = await readWorkbook(file.data);
    const rows = sheetRows(workbook.getWorksheet('订单'));
    expect(rows[0]).toContain('订单号');
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => row.includes('已支付'))).toBe(true);
  });
});

describe('selling a study task', () => {
  async function makeTask(o: TestOrg, courseId: number) {
    const task = await api(t, o.admin, studyTaskContracts.add, {
      body: {
        name: '新人入职任务',
        startAt: Date.now() - 3600_000,
        dueAt: Date.now() + 7 * 24 * 3600_000,
        items: [{ kind: 'course', refId: courseId }],
      },
    });
    return task.id;
  }
  async function myTaskIds(user: TestUser): Promise<number[]> {
    const res = await call(t, 'GET', `${studyTaskContracts.mine.path}?tab=all&page=0&size=50`, { user });
    return (res.body.res?.data as { id: number }[]).map((row) => row.id);
  }

  it('assigns the bought task with its course on payment, and takes it back on refund', async () => {
    const taskCourse = await makeCourse(db(), org.id, { name: '任务课程', sections: [{ kind: 'datum' }] });
    const taskId = await makeTask(org, taskCourse.id);
    const productId = await makeProduct(org, 0, { name: '入职任务包', kind: 'task', refIds: [taskId] });
    const item = await api(t, org.admin, productContracts.get, { query: { productId } });
    expect(item).toMatchObject({ kind: 'task', items: [{ refId: taskId, name: '新人入职任务' }] });
    const learner = org.staff;
    expect(await myTaskIds(learner)).not.toContain(taskId);

    const order = await buy(learner, productId);
    await api(t, learner, payContracts.devConfirm, { body: { orderNo: order.orderNo } });
    expect((await orderRow(order.orderId)).status).toBe('paid');
    expect(await myTaskIds(learner)).toContain(taskId);
    expect(await canOpen(learner, taskCourse.id)).toBe(true);
    const detail = await api(t, org.admin, studyTaskContracts.get, { query: { taskId } });
    expect(detail.assigneeCount).toBe(1);

    await api(t, org.admin, orderContracts.refund, { body: { orderId: order.orderId } });
    expect(await myTaskIds(learner)).not.toContain(taskId);
    expect((await api(t, org.admin, studyTaskContracts.get, { query: { taskId } })).assigneeCount).toBe(0);
  });

  it('leaves an allocation by the administrator in place when a purchase of the same task is refunded', async () => {
    const taskCourse = await makeCourse(db(), org.id, { name: '任务课程二', sections: [{ kind: 'datum' }] });
    const taskId = await makeTask(org, taskCourse.id);
    await api(t, org.admin, studyTaskContracts.allocate, {
      body: { taskId, userIds: [org.admin.id], departmentIds: [], tagIds: [] },
    });
    const productId = await makeProduct(org, 0, { name: '任务包二', kind: 'task', refIds: [taskId] });
    const order = await buy(org.admin, productId);
    await api(t, org.admin, payContracts.devConfirm, { body: { orderNo: order.orderNo } });
    await api(t, org.admin, orderContracts.refund, { body: { orderId: order.orderId } });
    expect(await myTaskIds(org.admin)).toContain(taskId);
  });

  it('refuses another organisation’s task as an item, and changes nothing', async () => {
    const otherCourseTask = await makeTask(other, otherCourse.id);
    const res = await call(t, 'POST', productContracts.add.path, {
      user: org.admin,
      body: { name: '越权任务包', kind: 'task', priceFen: 100, refIds: [otherCourseTask] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('所选学习任务不存在或不属于本组织');
    const stored = await db().select().from(shopProducts).where(eq(shopProducts.name, '越权任务包'));
    expect(stored).toHaveLength(0);
  });
});

describe('another organisation’s ids', () => {
  it('are not found for reads and writes, and nothing of theirs changes', async () => {
    const theirProduct = await makeProduct(other, otherCourse.id);
    const theirOrder = await buy(other.staff, theirProduct);
    await api(t, other.staff, payContracts.devConfirm, { body: { orderNo: theirOrder.orderNo } });
    const [productBefore] = await db().select().from(shopProducts).where(eq(shopProducts.id, theirProduct));
    const orderBefore = await orderRow(theirOrder.orderId);
    const attempts: [string, string, unknown][] = [
      ['GET', `${productContracts.get.path}?productId=${theirProduct}`, undefined],
      ['POST', productContracts.modify.path, { productId: theirProduct, priceFen: 1 }],
      ['POST', productContracts.shelf.path, { productId: theirProduct, onShelf: false }],
      ['POST', `${productContracts.delete.path}?productId=${theirProduct}`, undefined],
      ['GET', `${orderContracts.get.path}?orderId=${theirOrder.orderId}`, undefined],
      ['POST', orderContracts.refund.path, { orderId: theirOrder.orderId }],
      ['GET', `${storeContracts.get.path}?productId=${theirProduct}`, undefined],
      ['POST', storeContracts.buy.path, { productId: theirProduct }],
      ['GET', `${storeContracts.order.path}?orderId=${theirOrder.orderId}`, undefined],
      ['GET', `${payContracts.devInfo.path}?orderNo=${theirOrder.orderNo}`, undefined],
      ['POST', payContracts.devConfirm.path, { orderNo: theirOrder.orderNo }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(t, method as 'GET', url, { user: org.admin, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const orders = await api(t, org.admin, orderContracts.list, { query: { productId: theirProduct } });
    expect(orders).toEqual([]);
    const [productAfter] = await db().select().from(shopProducts).where(eq(shopProducts.id, theirProduct));
    expect(productAfter).toEqual(productBefore);
    expect(await orderRow(theirOrder.orderId)).toEqual(orderBefore);
  });

  it('needs the menu: a staff member without it cannot list orders or refund', async () => {
    const res = await call(t, 'GET', orderContracts.list.path, { user: org.staff });
    expect(res.status).toBe(403);
    const refund = await call(t, 'POST', orderContracts.refund.path, {
      user: org.staff,
      body: { orderId: 1 },
    });
    expect(refund.status).toBe(403);
  });
});
