import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import type { CourseCategoryNode, CourseCategoryRow } from '@kaopei/shared/contracts/course';
import {
  categoryUsage,
  deleteCategoryRecord,
  findCategory,
  findSiblingCategory,
  insertCategory,
  lastCategorySort,
  listCategoryRecords,
  updateCategory,
  type CategoryRecord,
} from './course.repo';

/** Name of the tree's virtual root (spec §3 tree mapping: value 0). */
export const ALL_COURSES = '全部课程';
export const CATEGORY_NOT_FOUND = '课程分类不存在';
const MAX_DEPTH = 6;

const categoryNotFound = () => notFound(CATEGORY_NOT_FOUND);

/** The organisation's categories with lookups: by id, path names, descendants, published along the path. */
export async function loadCategories(db: DbOrTx, ctx: RequestContext) {
  const records = await listCategoryRecords(db, ctx);
  const rows: CourseCategoryRow[] = records.map((r) => ({
    id: r.id,
    categoryId: r.id,
    name: r.name,
    parentId: r.parentId ?? 0,
    sort: r.sort,
    published: r.published === 1,
    courseCount: r.courseCount,
  }));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ancestry = (id: number | null): CourseCategoryRow[] => {
    const chain: CourseCategoryRow[] = [];
    for (let node = id ? byId.get(id) : undefined; node && chain.length <= 50; node = byId.get(node.parentId))
      chain.unshift(node);
    return chain;
  };
  return {
    rows,
    byId,
    /** e.g. 专业技能/软件开发; '' for none. */
    path: (id: number | null) =>
      ancestry(id)
        .map((c) => c.name)
        .join('/'),
    /** Whether the category and every ancestor are published (true for none). */
    publishedPath: (id: number | null) => ancestry(id).every((c) => c.published),
    withDescendants(id: number): number[] {
      const out = [id];
      for (let i = 0; i < out.length; i++) for (const c of rows) if (c.parentId === out[i]) out.push(c.id);
      return out;
    },
  };
}

export async function requireCategory(db: DbOrTx, ctx: RequestContext, id: number): Promise<CategoryRecord> {
  const row = await findCategory(db, ctx, id);
  if (!row) throw categoryNotFound();
  return row;
}

/** The tree under one root 全部课程 (id 0) so that the spec's tree mapping gives the select root value 0. */
export async function categoryTree(db: Db, ctx: RequestContext): Promise<CourseCategoryNode[]> {
  const { rows } = await loadCategories(db, ctx);
  const build = (parentId: number): CourseCategoryNode[] =>
    rows.filter((c) => c.parentId === parentId).map((c) => ({ ...c, categoryTreeVOS: build(c.id) }));
  const children = build(0);
  return [
    {
      id: 0,
      categoryId: 0,
      name: ALL_COURSES,
      parentId: 0,
      sort: 0,
      published: true,
      courseCount: rows.reduce((sum, c) => sum + c.courseCount, 0),
      categoryTreeVOS: children,
    },
  ];
}

async function rowOf(db: DbOrTx, ctx: RequestContext, id: number): Promise<CourseCategoryRow> {
  const row = (await loadCategories(db, ctx)).byId.get(id);
  if (!row) throw categoryNotFound();
  return row;
}

async function requireUniqueName(
  db: DbOrTx,
  ctx: RequestContext,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<void> {
  if (await findSiblingCategory(db, ctx, parentId, name, exceptId))
    throw conflict(`同级已有名为「${name}」的课程分类`, 'name');
}

export async function addCategory(
  db: Db,
  ctx: RequestContext,
  input: { name: string; parentId: number; sort?: number },
): Promise<CourseCategoryRow> {
  const parentId = input.parentId === 0 ? null : input.parentId;
  if (parentId !== null) {
    await requireCategory(db, ctx, parentId);
    const categories = await loadCategories(db, ctx);
    if (categories.path(parentId).split('/').length >= MAX_DEPTH)
      throw badRequest(`课程分类最多 ${MAX_DEPTH} 级`, 'parentId');
  }
  await requireUniqueName(db, ctx, parentId, input.name);
  const sort = input.sort ?? (await lastCategorySort(db, ctx, parentId)) + 1;
  const created = await insertCategory(db, ctx, { parentId, name: input.name, sort });
  return rowOf(db, ctx, created.id);
}

/** Renames, re-sorts or moves a category (never under itself or one of its descendants). */
export async function modifyCategory(
  db: Db,
  ctx: RequestContext,
  input: { categoryId: number; name?: string; parentId?: number; sort?: number },
): Promise<CourseCategoryRow> {
  const current = await requireCategory(db, ctx, input.categoryId);
  let parentId = current.parentId;
  if (input.parentId !== undefined) {
    parentId = input.parentId === 0 ? null : input.parentId;
    if (parentId !== null) {
      await requireCategory(db, ctx, parentId);
      const categories = await loadCategories(db, ctx);
      if (categories.withDescendants(current.id).includes(parentId))
        throw badRequest('不能把课程分类移动到它自身或其子分类下', 'parentId');
    }
  }
  const name = input.name ?? current.name;
  if (input.name !== undefined || parentId !== current.parentId)
    await requireUniqueName(db, ctx, parentId, name, current.id);
  await updateCategory(db, ctx, current.id, {
    name,
    parentId,
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
  });
  return rowOf(db, ctx, current.id);
}

/** Deletes an empty category; with sub-categories or courses it is refused (409) and nothing changes. */
export async function deleteCategory(
  db: Db,
  ctx: RequestContext,
  categoryId: number,
): Promise<{ count: number }> {
  const current = await requireCategory(db, ctx, categoryId);
  const usage = await categoryUsage(db, current.id);
  if (usage.children > 0)
    throw conflict(`分类「${current.name}」下还有 ${usage.children} 个子分类，请先删除或移走子分类`);
  if (usage.courses > 0)
    throw conflict(`分类「${current.name}」下还有 ${usage.courses} 门课程，请先删除课程或把课程移到其他分类`);
  await deleteCategoryRecord(db, ctx, current.id);
  return { count: 1 };
}

export async function publishCategory(
  db: Db,
  ctx: RequestContext,
  categoryId: number,
  published: boolean,
): Promise<CourseCategoryRow> {
  const current = await requireCategory(db, ctx, categoryId);
  await updateCategory(db, ctx, current.id, { published: published ? 1 : 0 });
  return rowOf(db, ctx, current.id);
}
