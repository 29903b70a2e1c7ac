import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { paperBanks, paperCategories, papers } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { conflict, forbidden, notFound } from '../../core/http';
import type { BankGroup, PaperBankRow } from '@kaopei/shared/contracts/paper-bank';
import { containsPattern } from '../../core/db-errors';
import { platformOrganizationId } from '../question/question.service';
import {
  categoryNames,
  categoryWithDescendants,
  requireCategory,
} from '../paper-category/paper-category.service';

/**
 * 试卷库. An organisation's own banks are 内部 (inner); the platform organisation's banks in a
 * published category are 公开 (outer): every organisation reads their papers, only the platform changes them.
 */

const bankNotFound = () => notFound('试卷库不存在');
export const PUBLIC_PAPER_BANK_READ_ONLY = '公开试卷库不可修改';

type BankRecord = typeof paperBanks.$inferSelect;

async function toRows(db: DbOrTx, ctx: RequestContext, banks: BankRecord[]): Promise<PaperBankRow[]> {
  const ids = banks.map((bank) => bank.id);
  const counts = new Map<number, number>();
  if (ids.length > 0) {
    const rows = await db
      .select({ bankId: papers.paperBankId, n: count() })
      .from(papers)
      .where(inArray(papers.paperBankId, ids))
      .groupBy(papers.paperBankId);
    for (const row of rows) if (row.bankId !== null) counts.set(row.bankId, row.n);
  }
  const names = await categoryNames(
    db,
    banks.flatMap((bank) => (bank.categoryId === null ? [] : [bank.categoryId])),
  );
  return banks.map((bank) => ({
    id: bank.id,
    paperBankId: bank.id,
    name: bank.name,
    description: bank.description,
    categoryId: bank.categoryId ?? 0,
    categoryName: bank.categoryId === null ? '' : (names.get(bank.categoryId) ?? ''),
    paperCount: counts.get(bank.id) ?? 0,
    isPublic: bank.organizationId !== ctx.organizationId,
    editable: bank.organizationId === ctx.organizationId,
    createdAt: bank.createdAt.getTime(),
    updatedAt: bank.updatedAt.getTime(),
  }));
}

/** Condition: a platform bank whose category is published. */
function publicBankCondition(platformId: number): SQL {
  return and(
    eq(paperBanks.organizationId, platformId),
    sql`exists (select 1 from ${paperCategories} where ${paperCategories.id} = ${paperBanks.categoryId} and ${paperCategories.published})`,
  ) as SQL;
}

/** A bank the caller may change: their own (a public one is 403, anything else 404). */
export async function requireOwnPaperBank(
  db: DbOrTx,
  ctx: RequestContext,
  bankId: number,
): Promise<BankRecord> {
  const [bank] = await db.select().from(paperBanks).where(eq(paperBanks.id, bankId));
  if (!bank) throw bankNotFound();
  if (bank.organizationId === ctx.organizationId) return bank;
  if (bank.organizationId === (await platformOrganizationId(db)) && (await isPublicBank(db, bank)))
    throw forbidden(PUBLIC_PAPER_BANK_READ_ONLY);
  throw bankNotFound();
}

async function isPublicBank(db: DbOrTx, bank: BankRecord): Promise<boolean> {
  if (bank.categoryId === null) return false;
  const [category] = await db
    .select({ published: paperCategories.published })
    .from(paperCategories)
    .where(eq(paperCategories.id, bank.categoryId));
  return category?.published ?? false;
}

/** Whether the caller may read papers of this bank: own, or a public platform bank. */
export async function canReadBank(db: DbOrTx, ctx: RequestContext, bankId: number | null): Promise<boolean> {
  if (bankId === null) return false;
  const [bank] = await db.select().from(paperBanks).where(eq(paperBanks.id, bankId));
  if (!bank) return false;
  if (bank.organizationId === ctx.organizationId) return true;
  return bank.organizationId === (await platformOrganizationId(db)) && isPublicBank(db, bank);
}

export interface BankSearch {
  scope: 'inner' | 'outer';
  keyword?: string;
  categoryId?: number;
  limit: number;
  offset: number;
}

export async function searchPaperBanks(
  db: Db,
  ctx: RequestContext,
  search: BankSearch,
): Promise<{ rows: PaperBankRow[]; total: number }> {
  let scope: SQL;
  if (search.scope === 'outer') {
    const platform = await platformOrganizationId(db);
    if (platform === undefined) return { rows: [], total: 0 };
    scope = publicBankCondition(platform);
  } else {
    scope = eq(paperBanks.organizationId, ctx.organizationId);
  }
  const categoryIds =
    search.scope === 'inner' && search.categoryId
      ? await categoryWithDescendants(db, ctx, search.categoryId)
      : undefined;
  const where = and(
    scope,
    categoryIds ? inArray(paperBanks.categoryId, categoryIds) : undefined,
    search.scope === 'outer' && search.categoryId ? eq(paperBanks.categoryId, search.categoryId) : undefined,
    search.keyword ? ilike(paperBanks.name, containsPattern(search.keyword)) : undefined,
  );
  const [totalRow] = await db.select({ n: count() }).from(paperBanks).where(where);
  const banks = await db
    .select()
    .from(paperBanks)
    .where(where)
    .orderBy(desc(paperBanks.createdAt), desc(paperBanks.id))
    .limit(search.limit)
    .offset(search.offset);
  return { rows: await toRows(db, ctx, banks), total: totalRow?.n ?? 0 };
}

/** Own banks grouped by category (未分类 last, id 0). */
export async function banksByCategory(db: Db, ctx: RequestContext): Promise<BankGroup[]> {
  const banks = await db
    .select()
    .from(paperBanks)
    .where(eq(paperBanks.organizationId, ctx.organizationId))
    .orderBy(asc(paperBanks.name), asc(paperBanks.id));
  const categories = await db
    .select({ id: paperCategories.id, name: paperCategories.name })
    .from(paperCategories)
    .where(eq(paperCategories.organizationId, ctx.organizationId))
    .orderBy(asc(paperCategories.sort), asc(paperCategories.id));
  const groups = [...categories, { id: 0, name: '未分类' }].map((category) => ({
    categoryId: category.id,
    categoryName: category.name,
    paperBanks: banks
      .filter((bank) => (bank.categoryId ?? 0) === category.id)
      .map((bank) => ({ paperBankId: bank.id, name: bank.name })),
  }));
  return groups.filter((group) => group.paperBanks.length > 0 || group.categoryId !== 0);
}

/** Own banks other than `bankId` (targets for moving papers). */
export async function banksBesides(db: Db, ctx: RequestContext, bankId: number): Promise<PaperBankRow[]> {
  await requireOwnPaperBank(db, ctx, bankId);
  const banks = await db
    .select()
    .from(paperBanks)
    .where(and(eq(paperBanks.organizationId, ctx.organizationId), ne(paperBanks.id, bankId)))
    .orderBy(asc(paperBanks.name), asc(paperBanks.id));
  return toRows(db, ctx, banks);
}

export async function createPaperBank(
  db: Db,
  ctx: RequestContext,
  input: { name: string; categoryId?: number; description?: string | null },
): Promise<PaperBankRow> {
  if (input.categoryId) await requireCategory(db, ctx, input.categoryId);
  const [bank] = await db
    .insert(paperBanks)
    .values({
      organizationId: ctx.organizationId,
      name: input.name,
      categoryId: input.categoryId || null,
      description: input.description || null,
      createdBy: ctx.userId,
    })
    .returning();
  if (!bank) throw new Error('paper bank insert failed');
  const [row] = await toRows(db, ctx, [bank]);
  return row as PaperBankRow;
}

export async function modifyPaperBank(
  db: Db,
  ctx: RequestContext,
  input: { paperBankId: number; name?: string; categoryId?: number; description?: string | null },
): Promise<PaperBankRow> {
  const bank = await requireOwnPaperBank(db, ctx, input.paperBankId);
  if (input.categoryId) await requireCategory(db, ctx, input.categoryId);
  const [updated] = await db
    .update(paperBanks)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.categoryId !== undefined ? { categoryId: input.categoryId || null } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(paperBanks.id, bank.id))
    .returning();
  const [row] = await toRows(db, ctx, [updated as BankRecord]);
  return row as PaperBankRow;
}

/** Deletes banks, all or nothing; refused (409) while a bank still holds papers. */
export async function deletePaperBanks(
  db: Db,
  ctx: RequestContext,
  ids: number[],
): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  for (const id of unique) await requireOwnPaperBank(db, ctx, id);
  const [inUse] = await db.select({ n: count() }).from(papers).where(inArray(papers.paperBankId, unique));
  if ((inUse?.n ?? 0) > 0) throw conflict('试卷库中还有试卷，请先移动或删除试卷');
  const deleted = await db
    .delete(paperBanks)
    .where(and(eq(paperBanks.organizationId, ctx.organizationId), inArray(paperBanks.id, unique)))
    .returning({ id: paperBanks.id });
  return { count: deleted.length };
}
