import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paperBanks, paperCategories, papers } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';

/**
 * Every query of the paper banks (design.md §5). An organisation's own banks are scoped here; the
 * platform's public banks (in a published category) are read across organisations by design.
 */

type OrgScope = Pick<RequestContext, 'organizationId'>;

export type BankRecord = typeof paperBanks.$inferSelect;

/**
 * A bank by id in any organisation, by design: the caller tells its own bank from a public platform
 * bank (read-only) and from anyone else's (not found).
 */
export async function findPaperBankInAnyOrg(db: DbOrTx, bankId: number): Promise<BankRecord | undefined> {
  const [bank] = await db.select().from(paperBanks).where(eq(paperBanks.id, bankId));
  return bank;
}

/** The published flag of a bank's category, in any organisation by design (a platform bank's category). */
export async function findCategoryPublishedInAnyOrg(
  db: DbOrTx,
  categoryId: number,
): Promise<{ published: boolean } | undefined> {
  const [category] = await db
    .select({ published: paperCategories.published })
    .from(paperCategories)
    .where(eq(paperCategories.id, categoryId));
  return category;
}

/**
 * Paper counts per bank, in any organisation by design: the banks listed include public platform
 * banks. Callers pass ids of banks they may see.
 */
export function countPapersPerBankInAnyOrg(
  db: DbOrTx,
  bankIds: readonly number[],
): Promise<{ bankId: number | null; n: number }[]> {
  return db
    .select({ bankId: papers.paperBankId, n: count() })
    .from(papers)
    .where(inArray(papers.paperBankId, [...bankIds]))
    .groupBy(papers.paperBankId);
}

/** Condition: a platform bank whose category is published. */
function publicBankCondition(platformId: number): SQL {
  return and(
    eq(paperBanks.organizationId, platformId),
    sql`exists (select 1 from ${paperCategories} where ${paperCategories.id} = ${paperBanks.categoryId} and ${paperCategories.published})`,
  ) as SQL;
}

/** Which banks a search covers: the caller's own, or the platform's public ones (across organisations by design). */
export type BankSearchScope = { scope: 'inner' } | { scope: 'outer'; platformId: number };

export interface BankSearchFilter {
  /** Own banks in any of these categories. */
  categoryIds?: number[];
  /** Public banks in this category. */
  categoryId?: number;
  keyword?: string;
  limit: number;
  offset: number;
}

/** One page of banks, newest first, and the total (two statements). */
export async function searchBankRecords(
  db: DbOrTx,
  ctx: OrgScope,
  scope: BankSearchScope,
  filter: BankSearchFilter,
): Promise<{ banks: BankRecord[]; total: number }> {
  const where = and(
    scope.scope === 'outer'
      ? publicBankCondition(scope.platformId)
      : eq(paperBanks.organizationId, ctx.organizationId),
    filter.categoryIds ? inArray(paperBanks.categoryId, filter.categoryIds) : undefined,
    filter.categoryId ? eq(paperBanks.categoryId, filter.categoryId) : undefined,
    filter.keyword ? ilike(paperBanks.name, containsPattern(filter.keyword)) : undefined,
  );
  const [totalRow] = await db.select({ n: count() }).from(paperBanks).where(where);
  const banks = await db
    .select()
    .from(paperBanks)
    .where(where)
    .orderBy(desc(paperBanks.createdAt), desc(paperBanks.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { banks, total: totalRow?.n ?? 0 };
}

/** The organisation's banks by name. */
export function listBankRecordsByName(db: DbOrTx, ctx: OrgScope): Promise<BankRecord[]> {
  return db
    .select()
    .from(paperBanks)
    .where(eq(paperBanks.organizationId, ctx.organizationId))
    .orderBy(asc(paperBanks.name), asc(paperBanks.id));
}

/** The organisation's paper categories (id and name) in tree order. */
export function listCategoryNames(db: DbOrTx, ctx: OrgScope): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: paperCategories.id, name: paperCategories.name })
    .from(paperCategories)
    .where(eq(paperCategories.organizationId, ctx.organizationId))
    .orderBy(asc(paperCategories.sort), asc(paperCategories.id));
}

/** The organisation's banks other than `bankId`, by name. */
export function listBankRecordsBesides(db: DbOrTx, ctx: OrgScope, bankId: number): Promise<BankRecord[]> {
  return db
    .select()
    .from(paperBanks)
    .where(and(eq(paperBanks.organizationId, ctx.organizationId), ne(paperBanks.id, bankId)))
    .orderBy(asc(paperBanks.name), asc(paperBanks.id));
}

export async function insertPaperBank(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId' | 'userId'>,
  values: { name: string; categoryId: number | null; description: string | null },
): Promise<BankRecord | undefined> {
  const [bank] = await db
    .insert(paperBanks)
    .values({ organizationId: ctx.organizationId, ...values, createdBy: ctx.userId })
    .returning();
  return bank;
}

export async function updatePaperBank(
  db: DbOrTx,
  ctx: OrgScope,
  bankId: number,
  changes: Partial<Pick<BankRecord, 'name' | 'categoryId' | 'description'>> & { updatedAt: Date },
): Promise<BankRecord | undefined> {
  const [updated] = await db
    .update(paperBanks)
    .set(changes)
    .where(and(eq(paperBanks.id, bankId), eq(paperBanks.organizationId, ctx.organizationId)))
    .returning();
  return updated;
}

/**
 * Papers in these banks, whatever their organisation (the delete's guard: the foreign key would refuse
 * the delete for any of them); `bankIds` are banks the caller has checked are their own.
 */
export async function countPapersInBanks(db: DbOrTx, bankIds: readonly number[]): Promise<number> {
  const [inUse] = await db
    .select({ n: count() })
    .from(papers)
    .where(inArray(papers.paperBankId, [...bankIds]));
  return inUse?.n ?? 0;
}

/** Deletes the organisation's banks among `bankIds`; returns the ids deleted. */
export function deletePaperBankRecords(
  db: DbOrTx,
  ctx: OrgScope,
  bankIds: readonly number[],
): Promise<{ id: number }[]> {
  return db
    .delete(paperBanks)
    .where(and(eq(paperBanks.organizationId, ctx.organizationId), inArray(paperBanks.id, [...bankIds])))
    .returning({ id: paperBanks.id });
}
