import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { LimitOffset } from '@kaopei/shared';
import type { ScaleDefinition } from '@kaopei/shared';
import type { ScaleDetail, ScaleRow } from '@kaopei/shared/contracts/psych';
import type { BodyOut } from '@kaopei/shared/contracts/common';
import type { psychContracts } from '@kaopei/shared/contracts/psych';
import type { DbOrTx } from '../../db/client';
import { psyExams, psyScales } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { notFound } from '../../core/http';
import { containsPattern } from '../../core/db-errors';

type Ctx = Pick<RequestContext, 'organizationId' | 'userId'>;
type ScaleRecord = typeof psyScales.$inferSelect;
export type ScaleBody = BodyOut<typeof psychContracts.scaleAdd>;

export const SCALE_NOT_FOUND = '量表不存在';

function toRow(record: ScaleRecord, examCount: number): ScaleRow {
  return {
    scaleId: record.id,
    name: record.name,
    description: record.description,
    source: record.source,
    itemCount: record.itemCount,
    dimensionCount: record.dimensionCount,
    points: record.definition.points,
    dimensionNames: record.definition.dimensions.map((d) => d.name),
    examCount,
    createdAt: record.createdAt.getTime(),
    updatedAt: record.updatedAt.getTime(),
  };
}

function toDetail(record: ScaleRecord, examCount: number): ScaleDetail {
  return { ...toRow(record, examCount), instructions: record.instructions, definition: record.definition };
}

/** The caller's organisation's scale, or 404 (another organisation's ids are not found). */
export async function requireScale(db: DbOrTx, ctx: Pick<Ctx, 'organizationId'>, scaleId: number) {
  const [record] = await db
    .select()
    .from(psyScales)
    .where(and(eq(psyScales.id, scaleId), eq(psyScales.organizationId, ctx.organizationId)));
  if (!record) throw notFound(SCALE_NOT_FOUND);
  return record;
}

async function examCounts(db: DbOrTx, scaleIds: number[]): Promise<Map<number, number>> {
  if (scaleIds.length === 0) return new Map();
  const rows = await db
    .select({ scaleId: psyExams.scaleId, n: sql<number>`count(*)::int` })
    .from(psyExams)
    .where(inArray(psyExams.scaleId, scaleIds))
    .groupBy(psyExams.scaleId);
  return new Map(rows.map((row) => [Number(row.scaleId), Number(row.n)]));
}

export async function listScales(db: DbOrTx, ctx: Ctx, keyword: string | undefined, paging: LimitOffset) {
  const where = and(
    eq(psyScales.organizationId, ctx.organizationId),
    keyword ? ilike(psyScales.name, containsPattern(keyword)) : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select()
      .from(psyScales)
      .where(where)
      .orderBy(desc(psyScales.createdAt), desc(psyScales.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(psyScales)
      .where(where),
  ]);
  const counts = await examCounts(
    db,
    records.map((r) => r.id),
  );
  return { rows: records.map((r) => toRow(r, counts.get(r.id) ?? 0)), total: Number(count?.n ?? 0) };
}

export async function scaleDetail(db: DbOrTx, ctx: Ctx, scaleId: number): Promise<ScaleDetail> {
  const record = await requireScale(db, ctx, scaleId);
  const counts = await examCounts(db, [record.id]);
  return toDetail(record, counts.get(record.id) ?? 0);
}

export async function scaleOptions(db: DbOrTx, ctx: Ctx) {
  const rows = await db
    .select({ scaleId: psyScales.id, name: psyScales.name, itemCount: psyScales.itemCount })
    .from(psyScales)
    .where(eq(psyScales.organizationId, ctx.organizationId))
    .orderBy(desc(psyScales.createdAt))
    .limit(500);
  return rows;
}

function values(body: ScaleBody) {
  const definition = body.definition as ScaleDefinition;
  return {
    name: body.name,
    description: body.description || null,
    instructions: body.instructions || null,
    source: body.source || null,
    definition,
    itemCount: definition.items.length,
    dimensionCount: definition.dimensions.length,
  };
}

export async function addScale(db: DbOrTx, ctx: Ctx, body: ScaleBody): Promise<ScaleDetail> {
  const [record] = await db
    .insert(psyScales)
    .values({ organizationId: ctx.organizationId, createdBy: ctx.userId, ...values(body) })
    .returning();
  if (!record) throw new Error('scale insert failed');
  return toDetail(record, 0);
}

/** Changes a scale; mental exams already scheduled keep the copy they froze. */
export async function modifyScale(
  db: DbOrTx,
  ctx: Ctx,
  scaleId: number,
  body: ScaleBody,
): Promise<ScaleDetail> {
  await requireScale(db, ctx, scaleId);
  await db
    .update(psyScales)
    .set({ ...values(body), updatedAt: new Date() })
    .where(and(eq(psyScales.id, scaleId), eq(psyScales.organizationId, ctx.organizationId)));
  return scaleDetail(db, ctx, scaleId);
}

export async function deleteScale(db: DbOrTx, ctx: Ctx, scaleId: number): Promise<null> {
  await requireScale(db, ctx, scaleId);
  await db
    .delete(psyScales)
    .where(and(eq(psyScales.id, scaleId), eq(psyScales.organizationId, ctx.organizationId)));
  return null;
}
