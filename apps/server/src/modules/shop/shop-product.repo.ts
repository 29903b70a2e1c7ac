import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { LimitOffset } from '@kaopei/shared';
import type { BodyOut, QueryOut } from '@kaopei/shared/contracts/common';
import {
  PRODUCT_KIND_LABELS,
  type ItemOption,
  type ProductDetail,
  type ProductItemView,
  type ProductKind,
  type ProductRow,
  type SalesFigures,
  type productContracts,
} from '@kaopei/shared/contracts/shop';
import { rowsOf, type DbOrTx } from '../../db/client';
import { courses, exams, shopOrders, shopProductItems, shopProducts, studyTasks } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import { badRequest, conflict, notFound } from '../../core/http';

/** 商品管理 (issue 21): products of an organisation and their sales figures. */

type Ctx = Pick<RequestContext, 'organizationId' | 'userId'>;

/** The table of each kind's items, and how an item's state reads (a task's: 'ended' after its due date). */
const ITEMS = {
  course: { table: courses, status: sql<string>`${courses.status}::text` },
  exam: { table: exams, status: sql<string>`${exams.status}::text` },
  task: {
    table: studyTasks,
    status: sql<string>`case when ${studyTasks.dueAt} < now() then 'ended' else 'open' end`,
  },
} as const;
export type ProductRecord = typeof shopProducts.$inferSelect;

export const PRODUCT_NOT_FOUND = '商品不存在';
const NO_SALES: SalesFigures = { paidOrders: 0, revenueFen: 0, refundedOrders: 0, refundedFen: 0 };

export async function requireProduct(db: DbOrTx, ctx: Ctx, productId: number): Promise<ProductRecord> {
  const [row] = await db
    .select()
    .from(shopProducts)
    .where(and(eq(shopProducts.id, productId), eq(shopProducts.organizationId, ctx.organizationId)));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

/** Sales of these products in one query. */
export async function salesOf(db: DbOrTx, productIds: number[]): Promise<Map<number, SalesFigures>> {
  const map = new Map<number, SalesFigures>();
  if (productIds.length === 0) return map;
  const rows = await db
    .select({
      productId: shopOrders.productId,
      paidOrders: sql<number>`count(*) filter (where ${shopOrders.paidAt} is not null)::int`,
      revenueFen: sql<number>`coalesce(sum(${shopOrders.amountFen}) filter (where ${shopOrders.status} = 'paid'), 0)::int`,
      refundedOrders: sql<number>`count(*) filter (where ${shopOrders.status} = 'refunded')::int`,
      refundedFen: sql<number>`coalesce(sum(${shopOrders.amountFen}) filter (where ${shopOrders.status} = 'refunded'), 0)::int`,
    })
    .from(shopOrders)
    .where(inArray(shopOrders.productId, productIds))
    .groupBy(shopOrders.productId);
  for (const row of rows)
    map.set(Number(row.productId), {
      paidOrders: Number(row.paidOrders),
      revenueFen: Number(row.revenueFen),
      refundedOrders: Number(row.refundedOrders),
      refundedFen: Number(row.refundedFen),
    });
  return map;
}

/** Items of these products with their names (courses, exams or tasks of the product's organisation). */
export async function itemsOf(
  db: DbOrTx,
  products: { id: number; kind: string }[],
): Promise<Map<number, ProductItemView[]>> {
  const map = new Map<number, ProductItemView[]>();
  if (products.length === 0) return map;
  const rows = rowsOf<{ product_id: unknown; ref_id: unknown; name: string | null }>(
    await db.execute(sql`
      select i.product_id, i.ref_id,
        coalesce(c.name, e.name, t.name) as name
      from shop_product_items i
      join shop_products p on p.id = i.product_id
      left join courses c on p.kind = 'course' and c.id = i.ref_id and c.organization_id = p.organization_id
      left join exams e on p.kind = 'exam' and e.id = i.ref_id and e.organization_id = p.organization_id
      left join study_tasks t on p.kind = 'task' and t.id = i.ref_id and t.organization_id = p.organization_id
      where i.product_id = any(${`{${products.map((p) => p.id).join(',')}}`}::bigint[])
      order by i.product_id, i.sort, i.ref_id`),
  );
  for (const row of rows) {
    const id = Number(row.product_id);
    const list = map.get(id) ?? [];
    list.push({ refId: Number(row.ref_id), name: row.name });
    map.set(id, list);
  }
  return map;
}

function toRow(
  product: ProductRecord,
  items: ProductItemView[],
  sales: SalesFigures | undefined,
): ProductRow {
  return {
    productId: product.id,
    name: product.name,
    kind: product.kind as ProductKind,
    priceFen: product.priceFen,
    coverUrl: product.coverUrl,
    validityDays: product.validityDays,
    onShelf: product.onShelf === 1,
    itemCount: items.length,
    sales: sales ?? NO_SALES,
    createdAt: product.createdAt.getTime(),
  };
}

export async function listProducts(
  db: DbOrTx,
  ctx: Ctx,
  filter: Omit<QueryOut<typeof productContracts.list>, 'page' | 'size'>,
  page: LimitOffset,
): Promise<{ rows: ProductRow[]; total: number }> {
  const conditions: SQL[] = [eq(shopProducts.organizationId, ctx.organizationId)];
  if (filter.keyword) conditions.push(sql`${shopProducts.name} ilike ${containsPattern(filter.keyword)}`);
  if (filter.kind) conditions.push(eq(shopProducts.kind, filter.kind));
  if (filter.onShelf !== undefined) conditions.push(eq(shopProducts.onShelf, filter.onShelf ? 1 : 0));
  const where = and(...conditions);
  const [products, [count]] = await Promise.all([
    db
      .select()
      .from(shopProducts)
      .where(where)
      .orderBy(sql`${shopProducts.createdAt} desc`, sql`${shopProducts.id} desc`)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopProducts)
      .where(where),
  ]);
  const ids = products.map((p) => p.id);
  const [items, sales] = await Promise.all([itemsOf(db, products), salesOf(db, ids)]);
  return {
    rows: products.map((p) => toRow(p, items.get(p.id) ?? [], sales.get(p.id))),
    total: Number(count?.n ?? 0),
  };
}

export async function productDetail(db: DbOrTx, ctx: Ctx, productId: number): Promise<ProductDetail> {
  const product = await requireProduct(db, ctx, productId);
  const [items, sales] = await Promise.all([itemsOf(db, [product]), salesOf(db, [product.id])]);
  const list = items.get(product.id) ?? [];
  return {
    ...toRow(product, list, sales.get(product.id)),
    description: product.description,
    items: list,
    updatedAt: product.updatedAt.getTime(),
  };
}

/** Courses, exams or study tasks of the organisation to put in a product (latest 50). */
export async function itemOptions(
  db: DbOrTx,
  ctx: Ctx,
  kind: ProductKind,
  keyword: string | undefined,
): Promise<ItemOption[]> {
  const { table, status } = ITEMS[kind];
  const conditions: SQL[] = [eq(table.organizationId, ctx.organizationId)];
  if (keyword) conditions.push(sql`${table.name} ilike ${containsPattern(keyword)}`);
  const rows = await db
    .select({ refId: table.id, name: table.name, status })
    .from(table)
    .where(and(...conditions))
    .orderBy(sql`${table.id} desc`)
    .limit(50);
  return rows.map((row) => ({ refId: Number(row.refId), name: row.name, status: String(row.status) }));
}

/** The ids, unique, all the organisation's items of the kind; a foreign or unknown id is refused. */
async function checkItems(db: DbOrTx, ctx: Ctx, kind: ProductKind, refIds: number[]): Promise<number[]> {
  const unique = [...new Set(refIds)];
  const { table } = ITEMS[kind];
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.organizationId, ctx.organizationId), inArray(table.id, unique)));
  if (found.length !== unique.length)
    throw badRequest(`所选${PRODUCT_KIND_LABELS[kind]}不存在或不属于本组织`, 'refIds');
  return unique;
}

async function writeItems(db: DbOrTx, ctx: Ctx, productId: number, refIds: number[]): Promise<void> {
  await db.delete(shopProductItems).where(eq(shopProductItems.productId, productId));
  await db
    .insert(shopProductItems)
    .values(refIds.map((refId, sort) => ({ productId, organizationId: ctx.organizationId, refId, sort })));
}

export async function addProduct(
  db: DbOrTx,
  ctx: Ctx,
  input: BodyOut<typeof productContracts.add>,
): Promise<{ productId: number }> {
  const refIds = await checkItems(db, ctx, input.kind, input.refIds);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(shopProducts)
      .values({
        organizationId: ctx.organizationId,
        name: input.name,
        kind: input.kind,
        priceFen: input.priceFen,
        coverUrl: input.coverUrl ?? null,
        description: input.description ?? null,
        validityDays: input.validityDays ?? null,
        onShelf: input.onShelf ? 1 : 0,
        createdBy: ctx.userId,
      })
      .returning({ id: shopProducts.id });
    await writeItems(tx, ctx, row!.id, refIds);
    return { productId: row!.id };
  });
}

export async function modifyProduct(
  db: DbOrTx,
  ctx: Ctx,
  input: BodyOut<typeof productContracts.modify>,
): Promise<null> {
  const product = await requireProduct(db, ctx, input.productId);
  const kind = product.kind as ProductKind;
  const refIds = input.refIds ? await checkItems(db, ctx, kind, input.refIds) : undefined;
  await db.transaction(async (tx) => {
    await tx
      .update(shopProducts)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.priceFen !== undefined ? { priceFen: input.priceFen } : {}),
        ...(input.coverUrl !== undefined ? { coverUrl: input.coverUrl } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.validityDays !== undefined ? { validityDays: input.validityDays } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(shopProducts.id, product.id), eq(shopProducts.organizationId, ctx.organizationId)));
    if (refIds) await writeItems(tx, ctx, product.id, refIds);
  });
  return null;
}

export async function setShelf(db: DbOrTx, ctx: Ctx, productId: number, onShelf: boolean): Promise<null> {
  const product = await requireProduct(db, ctx, productId);
  await db
    .update(shopProducts)
    .set({ onShelf: onShelf ? 1 : 0, updatedAt: new Date() })
    .where(and(eq(shopProducts.id, product.id), eq(shopProducts.organizationId, ctx.organizationId)));
  return null;
}

export async function deleteProduct(db: DbOrTx, ctx: Ctx, productId: number): Promise<null> {
  const product = await requireProduct(db, ctx, productId);
  const [order] = await db
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(eq(shopOrders.productId, product.id))
    .limit(1);
  if (order) throw conflict('该商品已有订单，不能删除；可以将其下架');
  await db
    .delete(shopProducts)
    .where(and(eq(shopProducts.id, product.id), eq(shopProducts.organizationId, ctx.organizationId)));
  return null;
}

/** The product's item ids in order (for an order's grant). */
export async function productRefIds(db: DbOrTx, productId: number): Promise<number[]> {
  const rows = await db
    .select({ refId: shopProductItems.refId })
    .from(shopProductItems)
    .where(eq(shopProductItems.productId, productId))
    .orderBy(asc(shopProductItems.sort), asc(shopProductItems.refId));
  return rows.map((row) => Number(row.refId));
}
