import { and, asc, count, eq, inArray, isNull, max, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paperBanks, paperCategories, papers } from '../../db/schema';
import type { RequestContext } from '../../core/context';

/** Every query of the paper category tree (design.md §5): organisation-owned rows are scoped here. */

type OrgScope = Pick<RequestContext, 'organizationId'>;

export type CategoryRecord = typeof paperCategories.$inferSelect;
/** The columns a change of a category may set. */
export type CategoryChanges = Partial<Pick<CategoryRecord, 'name' | 'sort' | 'parentId' | 'published'>> & {
  updatedAt: Date;
};

/** The organisation's categories in tree order (sort, then id). */
export function listCategoryRecords(db: DbOrTx, ctx: OrgScope): Promise<CategoryRecord[]> {
  return db
    .select()
    .from(paperCategories)
    .where(eq(paperCategories.organizationId, ctx.organizationId))
    .orderBy(asc(paperCategories.sort), asc(paperCategories.id));
}

/** A category of the organisation (undefined for a missing or foreign id). */
export async function findCategory(
  db: DbOrTx,
  ctx: OrgScope,
  categoryId: number,
): Promise<CategoryRecord | undefined> {
  const [row] = await db
    .select()
    .from(paperCategories)
    .where(and(eq(paperCategories.id, categoryId), eq(paperCategories.organizationId, ctx.organizationId)));
  return row;
}

function underParent(parentId: number | null) {
  return parentId === null ? isNull(paperCategories.parentId) : eq(paperCategories.parentId, parentId);
}

/** A sibling (same parent; null = top level) named `name`, other than `exceptId`. */
export async function findSiblingNamed(
  db: DbOrTx,
  ctx: OrgScope,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  const [clash] = await db
    .select({ id: paperCategories.id })
    .from(paperCategories)
    .where(
      and(
        eq(paperCategories.organizationId, ctx.organizationId),
        underParent(parentId),
        eq(paperCategories.name, name),
        exceptId !== undefined ? ne(paperCategories.id, exceptId) : undefined,
      ),
    );
  return clash;
}

/** The highest sort among the children of `parentId` (null = top level); null when there are none. */
export async function findLastSiblingSort(
  db: DbOrTx,
  ctx: OrgScope,
  parentId: number | null,
): Promise<number | null> {
  const [last] = await db
    .select({ sort: max(paperCategories.sort) })
    .from(paperCategories)
    .where(and(eq(paperCategories.organizationId, ctx.organizationId), underParent(parentId)));
  return last?.sort ?? null;
}

export async function insertCategory(
  db: DbOrTx,
  ctx: OrgScope,
  values: { parentId: number | null; name: string; sort: number },
): Promise<CategoryRecord | undefined> {
  const [row] = await db
    .insert(paperCategories)
    .values({ organizationId: ctx.organizationId, ...values })
    .returning();
  return row;
}

export async function updateCategory(
  db: DbOrTx,
  ctx: OrgScope,
  categoryId: number,
  changes: CategoryChanges,
): Promise<void> {
  await db
    .update(paperCategories)
    .set(changes)
    .where(and(eq(paperCategories.id, categoryId), eq(paperCategories.organizationId, ctx.organizationId)));
}

/*
 * The delete's guards count every row that refers to the category, whatever its organisation (the
 * foreign keys would refuse the delete for any of them); `categoryId` is one the caller has checked.
 */

export async function countChildCategories(db: DbOrTx, categoryId: number): Promise<number> {
  const [children] = await db
    .select({ n: count() })
    .from(paperCategories)
    .where(eq(paperCategories.parentId, categoryId));
  return children?.n ?? 0;
}

export async function countBanksInCategory(db: DbOrTx, categoryId: number): Promise<number> {
  const [banks] = await db
    .select({ n: count() })
    .from(paperBanks)
    .where(eq(paperBanks.categoryId, categoryId));
  return banks?.n ?? 0;
}

export async function countPapersInCategory(db: DbOrTx, categoryId: number): Promise<number> {
  const [paperCount] = await db.select({ n: count() }).from(papers).where(eq(papers.categoryId, categoryId));
  return paperCount?.n ?? 0;
}

export async function deleteCategoryRecord(db: DbOrTx, ctx: OrgScope, categoryId: number): Promise<void> {
  await db
    .delete(paperCategories)
    .where(and(eq(paperCategories.id, categoryId), eq(paperCategories.organizationId, ctx.organizationId)));
}

/**
 * Names of categories by id in any organisation, by design: public (platform) paper banks and papers
 * name their category too. Callers pass ids of rows they may see.
 */
export function listCategoryNamesInAnyOrg(
  db: DbOrTx,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: paperCategories.id, name: paperCategories.name })
    .from(paperCategories)
    .where(inArray(paperCategories.id, [...ids]));
}
