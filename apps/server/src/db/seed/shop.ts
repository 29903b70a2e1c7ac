import { and, eq, isNotNull } from 'drizzle-orm';
import {
  courseChapters,
  courseSections,
  courses,
  shopDevPayments,
  shopOrders,
  shopProductItems,
  shopProducts,
} from '../schema';
import { grantOrder } from '../../modules/shop/shop-access.repo';
import { DAY_MS, need, type Demo } from './demo';

/**
 * Operations (issue 21): three paid courses, two products on the shelf and one off it, and orders of
 * every state — paid (zhangsan has one), refunded, closed — so 商品管理, 订单管理 and the /m store show data.
 * DEMO_SHOP_COURSE is left out of every product: the e2e journey sells it.
 */
export const DEMO_SHOP_COURSE = '数据分析实战（付费课程）';
export const DEMO_PRODUCTS = {
  excel: 'Excel 高效办公（30 天）',
  project: '项目管理精要（永久）',
  draft: '沟通技巧（待上架）',
} as const;

/** A paid course with one chapter and one document section (the demo's first document file). */
async function paidCourse(demo: Demo, name: string, intro: string, fileId: number | null): Promise<number> {
  const admin = need(demo.people, 'admin');
  const [course] = await demo.db
    .insert(courses)
    .values({
      organizationId: demo.organizationId,
      name,
      intro,
      kind: 'elective',
      credits: 2,
      minutes: 60,
      status: 'open',
      enrolment: 'assigned',
      completePercent: 90,
      sort: 50,
      createdBy: admin,
    })
    .returning({ id: courses.id });
  const courseId = course!.id;
  const [chapter] = await demo.db
    .insert(courseChapters)
    .values({ organizationId: demo.organizationId, courseId, title: '第一章 入门', sort: 1 })
    .returning({ id: courseChapters.id });
  await demo.db.insert(courseSections).values({
    organizationId: demo.organizationId,
    courseId,
    chapterId: chapter!.id,
    title: '课程讲义',
    kind: 'datum',
    sort: 1,
    fileId,
  });
  return courseId;
}

async function demoDocumentFile(demo: Demo): Promise<number | null> {
  const [row] = await demo.db
    .select({ fileId: courseSections.fileId })
    .from(courseSections)
    .where(
      and(
        eq(courseSections.organizationId, demo.organizationId),
        eq(courseSections.kind, 'datum'),
        isNotNull(courseSections.fileId),
      ),
    )
    .limit(1);
  return row?.fileId ?? null;
}

async function product(
  demo: Demo,
  values: {
    name: string;
    priceFen: number;
    validityDays: number | null;
    onShelf: boolean;
    description: string;
  },
  courseId: number,
  daysAgo: number,
): Promise<typeof shopProducts.$inferSelect> {
  const [row] = await demo.db
    .insert(shopProducts)
    .values({
      organizationId: demo.organizationId,
      kind: 'course',
      ...values,
      onShelf: values.onShelf ? 1 : 0,
      createdBy: need(demo.people, 'admin'),
      createdAt: new Date(demo.now - daysAgo * DAY_MS),
      updatedAt: new Date(demo.now - daysAgo * DAY_MS),
    })
    .returning();
  await demo.db
    .insert(shopProductItems)
    .values({ productId: row!.id, organizationId: demo.organizationId, refId: courseId });
  return row!;
}

type OrderState = 'paid' | 'refunded' | 'closed';

/** One order as it would have gone through the development provider (its ledger row too). */
async function order(
  demo: Demo,
  p: typeof shopProducts.$inferSelect,
  userId: number,
  state: OrderState,
  daysAgo: number,
  n: number,
): Promise<void> {
  const createdAt = new Date(demo.now - daysAgo * DAY_MS);
  const stamp = createdAt.toISOString().replace(/\D/g, '').slice(0, 14);
  const orderNo = `KP${stamp}${String(90_000_000 + n).padStart(8, '0')}`;
  const paidAt = state === 'closed' ? null : new Date(createdAt.getTime() + 5 * 60_000);
  const accessUntil =
    paidAt && p.validityDays !== null ? new Date(paidAt.getTime() + p.validityDays * DAY_MS) : null;
  const refIds = state === 'closed' ? null : [(await itemOf(demo, p.id))!];
  await demo.db.insert(shopOrders).values({
    organizationId: demo.organizationId,
    orderNo,
    userId,
    productId: p.id,
    productName: p.name,
    productKind: p.kind,
    amountFen: p.priceFen,
    validityDays: p.validityDays,
    refIds,
    status: state,
    provider: 'dev',
    payUrl: `/m/pay/dev?orderNo=${orderNo}`,
    tradeNo: paidAt ? `DEV${paidAt.getTime()}${n}` : null,
    createdAt,
    payBefore: new Date(createdAt.getTime() + 30 * 60_000),
    paidAt,
    accessUntil,
    closedAt: state === 'closed' ? new Date(createdAt.getTime() + 30 * 60_000) : null,
    refundedAt: state === 'refunded' ? new Date(createdAt.getTime() + DAY_MS) : null,
    refundNo: state === 'refunded' ? `RF${orderNo.slice(2)}` : null,
    refundReason: state === 'refunded' ? '学员申请退款' : null,
    refundedBy: state === 'refunded' ? need(demo.people, 'admin') : null,
  });
  await demo.db.insert(shopDevPayments).values({
    orderNo,
    amountFen: p.priceFen,
    subject: p.name,
    state: state === 'closed' ? 'closed' : state,
    tradeNo: paidAt ? `DEV${paidAt.getTime()}${n}` : null,
    refundedFen: state === 'refunded' ? p.priceFen : 0,
    createdAt,
    paidAt,
  });
  if (state === 'paid' && refIds && (accessUntil === null || accessUntil.getTime() > demo.now))
    await grantOrder(
      demo.db,
      { organizationId: demo.organizationId, userId, productKind: 'course', accessUntil },
      refIds,
    );
}

async function itemOf(demo: Demo, productId: number): Promise<number | undefined> {
  const [row] = await demo.db
    .select({ refId: shopProductItems.refId })
    .from(shopProductItems)
    .where(eq(shopProductItems.productId, productId));
  return row?.refId;
}

export async function seedDemoShop(demo: Demo): Promise<void> {
  const fileId = await demoDocumentFile(demo);
  const dataCourse = await paidCourse(
    demo,
    DEMO_SHOP_COURSE,
    '<p>用数据回答业务问题：指标、透视与可视化。</p>',
    fileId,
  );
  demo.courses.set(DEMO_SHOP_COURSE, dataCourse);
  const excelCourse = await paidCourse(
    demo,
    'Excel 高效办公',
    '<p>函数、透视表与图表，一周上手。</p>',
    fileId,
  );
  const projectCourse = await paidCourse(demo, '项目管理精要', '<p>范围、进度、风险与沟通。</p>', fileId);
  const communicationCourse = await paidCourse(demo, '沟通技巧', '<p>倾听、表达与反馈。</p>', fileId);
  const excel = await product(
    demo,
    {
      name: DEMO_PRODUCTS.excel,
      priceFen: 1990,
      validityDays: 30,
      onShelf: true,
      description: '购买后 30 天内可反复学习。',
    },
    excelCourse,
    20,
  );
  const project = await product(
    demo,
    {
      name: DEMO_PRODUCTS.project,
      priceFen: 4900,
      validityDays: null,
      onShelf: true,
      description: '一次购买，永久学习。',
    },
    projectCourse,
    18,
  );
  await product(
    demo,
    {
      name: DEMO_PRODUCTS.draft,
      priceFen: 990,
      validityDays: 90,
      onShelf: false,
      description: '内容完善后上架。',
    },
    communicationCourse,
    2,
  );
  const zhangsan = need(demo.people, 'zhangsan');
  await order(demo, excel, zhangsan, 'paid', 3, 1);
  const plan: [typeof excel, OrderState, number][] = [
    [excel, 'paid', 12],
    [excel, 'paid', 9],
    [excel, 'refunded', 8],
    [project, 'paid', 7],
    [project, 'paid', 6],
    [project, 'closed', 5],
    [excel, 'paid', 4],
    [project, 'paid', 2],
    [excel, 'closed', 1],
  ];
  for (const [i, [p, state, daysAgo]] of plan.entries()) {
    const userId = demo.staff[i * 3];
    if (userId !== undefined) await order(demo, p, userId, state, daysAgo, i + 2);
  }
}
