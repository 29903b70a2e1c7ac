import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import type { CategoryNode, CategoryRow } from '@kaopei/shared/contracts/paper-category';
import {
  countBanksInCategory,
  countChildCategories,
  countPapersInCategory,
  deleteCategoryRecord,
  findCategory,
  findLastSiblingSort,
  findSiblingNamed,
  insertCategory,
  listCategoryNamesInAnyOrg,
  listCategoryRecords,
  updateCategory,
  type CategoryRecord,
} from './paper-category.repo';

/** Name of the tree's root (spec §3 tree mapping: value 0). */
export const ALL_CATEGORIES = '全部分类';
const MAX_DEPTH = 10;

const categoryNotFound = () => notFound('试卷分类不存在');

async function ownCategories(db: DbOrTx, ctx: RequestContext): Promise<CategoryRow[]> {
  const rows = await listCategoryRecords(db, ctx);
  return rows.map((row) => ({
    id: row.id,
    categoryId: row.id,
    name: row.name,
    parentId: row.parentId ?? 0,
    sort: row.sort,
    published: row.published,
  }));
}

/** A category of the caller's organisation; 404 for a missing or foreign id. */
export async function requireCategory(
  db: DbOrTx,
  ctx: RequestContext,
  categoryId: number,
): Promise<CategoryRecord> {
  const row = await findCategory(db, ctx, categoryId);
  if (!row) throw categoryNotFound();
  return row;
}

/** The category and all its descendants' ids (for "papers in this category"). */
export async function categoryWithDescendants(
  db: DbOrTx,
  ctx: RequestContext,
  categoryId: number,
): Promise<number[]> {
  const all = await ownCategories(db, ctx);
  if (!all.some((c) => c.id === categoryId)) throw categoryNotFound();
  const result = [categoryId];
  for (let i = 0; i < result.length; i++) {
    for (const c of all) if (c.parentId === result[i]) result.push(c.id);
  }
  return result;
}

export function listCategories(db: Db, ctx: RequestContext): Promise<CategoryRow[]> {
  return ownCategories(db, ctx);
}

/**
 * The tree under `categoryId`: 0 gives one root 全部分类 (id 0) holding every top-level category, so
 * the spec's tree mapping turns it into the select's root value 0; another id gives that node.
 */
export async function categoryTree(db: Db, ctx: RequestContext, categoryId: number): Promise<CategoryNode[]> {
  const all = await ownCategories(db, ctx);
  const build = (parentId: number): CategoryNode[] =>
    all.filter((c) => c.parentId === parentId).map((c) => ({ ...c, categoryTreeVOS: build(c.id) }));
  if (categoryId === 0) {
    return [
      {
        id: 0,
        categoryId: 0,
        name: ALL_CATEGORIES,
        parentId: 0,
        sort: 0,
        published: true,
        categoryTreeVOS: build(0),
      },
    ];
  }
  const node = all.find((c) => c.id === categoryId);
  if (!node) throw categoryNotFound();
  return [{ ...node, categoryTreeVOS: build(node.id) }];
}

async function requireUniqueName(
  db: DbOrTx,
  ctx: RequestContext,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<void> {
  const clash = await findSiblingNamed(db, ctx, parentId, name, exceptId);
  if (clash) throw conflict(`同级已有名为「${name}」的分类`);
}

function depthOf(all: CategoryRow[], id: number): number {
  let depth = 0;
  for (
    let current = all.find((c) => c.id === id);
    current;
    current = all.find((c) => c.id === current?.parentId)
  ) {
    depth += 1;
  }
  return depth;
}

function heightOf(all: CategoryRow[], id: number): number {
  const children = all.filter((c) => c.parentId === id);
  return 1 + (children.length === 0 ? 0 : Math.max(...children.map((c) => heightOf(all, c.id))));
}

export async function addCategory(
  db: Db,
  ctx: RequestContext,
  input: { name: string; parentId: number; sort?: number },
): Promise<CategoryRow> {
  const parentId = input.parentId === 0 ? null : input.parentId;
  if (parentId !== null) {
    await requireCategory(db, ctx, parentId);
    if (depthOf(await ownCategories(db, ctx), parentId) >= MAX_DEPTH)
      throw badRequest(`分类最多 ${MAX_DEPTH} 级`);
  }
  await requireUniqueName(db, ctx, parentId, input.name);
  const last = await findLastSiblingSort(db, ctx, parentId);
  const row = await insertCategory(db, ctx, {
    parentId,
    name: input.name,
    sort: input.sort ?? (last ?? -1) + 1,
  });
  if (!row) throw new Error('category insert failed');
  return {
    id: row.id,
    categoryId: row.id,
    name: row.name,
    parentId: row.parentId ?? 0,
    sort: row.sort,
    published: row.published,
  };
}

export async function modifyCategory(
  db: Db,
  ctx: RequestContext,
  input: { categoryId: number; name?: string; sort?: number },
): Promise<CategoryRow> {
  const current = await requireCategory(db, ctx, input.categoryId);
  if (input.name !== undefined) await requireUniqueName(db, ctx, current.parentId, input.name, current.id);
  await updateCategory(db, ctx, current.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
    updatedAt: new Date(),
  });
  const all = await ownCategories(db, ctx);
  return all.find((c) => c.id === current.id) as CategoryRow;
}

/** Moves a category under another (0 = top level); never under itself or its own descendants. */
export async function moveCategory(
  db: Db,
  ctx: RequestContext,
  input: { categoryId: number; parentId: number; sort?: number },
): Promise<CategoryRow> {
  const current = await requireCategory(db, ctx, input.categoryId);
  const parentId = input.parentId === 0 ? null : input.parentId;
  const all = await ownCategories(db, ctx);
  if (parentId !== null) {
    await requireCategory(db, ctx, parentId);
    const below = await categoryWithDescendants(db, ctx, current.id);
    if (below.includes(parentId)) throw badRequest('不能移动到自身或其子分类下');
    if (depthOf(all, parentId) + heightOf(all, current.id) > MAX_DEPTH)
      throw badRequest(`分类最多 ${MAX_DEPTH} 级`);
  }
  await requireUniqueName(db, ctx, parentId, current.name, current.id);
  await updateCategory(db, ctx, current.id, {
    parentId,
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
    updatedAt: new Date(),
  });
  return (await ownCategories(db, ctx)).find((c) => c.id === current.id) as CategoryRow;
}

/** Deletes an empty category: no sub-categories, paper banks or papers in it (409 otherwise). */
export async function deleteCategory(
  db: Db,
  ctx: RequestContext,
  categoryId: number,
): Promise<{ count: number }> {
  const current = await requireCategory(db, ctx, categoryId);
  if ((await countChildCategories(db, current.id)) > 0)
    throw conflict('分类下还有子分类，请先删除或移走子分类');
  const banks = await countBanksInCategory(db, current.id);
  const paperCount = await countPapersInCategory(db, current.id);
  if (banks + paperCount > 0) throw conflict('分类下还有试卷库或试卷，请先移走');
  await deleteCategoryRecord(db, ctx, current.id);
  return { count: 1 };
}

/** Sets the publish flag (for the platform organisation: its published categories' banks are public). */
export async function publishCategory(
  db: Db,
  ctx: RequestContext,
  categoryId: number,
  published: boolean,
): Promise<CategoryRow> {
  const current = await requireCategory(db, ctx, categoryId);
  await updateCategory(db, ctx, current.id, { published, updatedAt: new Date() });
  return (await ownCategories(db, ctx)).find((c) => c.id === current.id) as CategoryRow;
}

/** Names of categories by id (any organisation; callers pass ids they may see). */
export async function categoryNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await listCategoryNamesInAnyOrg(db, unique);
  return new Map(rows.map((row) => [row.id, row.name]));
}
