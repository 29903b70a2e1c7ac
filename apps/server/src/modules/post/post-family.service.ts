import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import type { FamilyNode, FamilyRow } from '@kaopei/shared/contracts/post';
import {
  countPostsByFamily,
  deleteFamilyRecord,
  familyUsage,
  findFamily,
  findSiblingFamily,
  insertFamily,
  lastFamilySort,
  listFamilies,
  updateFamily,
  type FamilyRecord,
} from './post.repo';

/** The post family tree (岗位序列): add, rename, move (never into its own subtree), delete when empty. */

export const FAMILY_NOT_FOUND = '岗位序列不存在';
const MAX_DEPTH = 8;

/** The organisation's families, indexed for tree walks. */
export class FamilyIndex {
  readonly byId: Map<number, FamilyRecord>;

  constructor(readonly rows: FamilyRecord[]) {
    this.byId = new Map(rows.map((row) => [row.id, row]));
  }

  children(parentId: number | null): FamilyRecord[] {
    return this.rows.filter((row) => (row.parentId ?? null) === parentId);
  }

  /** The family and every family below it. */
  subtreeIds(id: number): number[] {
    const out = [id];
    for (let i = 0; i < out.length; i++) for (const child of this.children(out[i] ?? 0)) out.push(child.id);
    return out;
  }

  /** 技术序列/研发; '' for null or an unknown id. */
  path(id: number | null): string {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let row = id == null ? undefined : this.byId.get(id); row && !seen.has(row.id);) {
      seen.add(row.id);
      names.unshift(row.name);
      row = row.parentId == null ? undefined : this.byId.get(row.parentId);
    }
    return names.join('/');
  }

  depth(id: number): number {
    return this.path(id).split('/').length;
  }

  height(id: number): number {
    const children = this.children(id);
    return 1 + (children.length === 0 ? 0 : Math.max(...children.map((c) => this.height(c.id))));
  }
}

export async function loadFamilies(db: DbOrTx, ctx: RequestContext): Promise<FamilyIndex> {
  return new FamilyIndex(await listFamilies(db, ctx));
}

function toRow(row: FamilyRecord, postCount: number): FamilyRow {
  return {
    id: row.id,
    familyId: row.id,
    name: row.name,
    parentId: row.parentId ?? 0,
    sort: row.sort,
    postCount,
  };
}

async function requireFamily(db: DbOrTx, ctx: RequestContext, id: number): Promise<FamilyRecord> {
  const row = await findFamily(db, ctx, id);
  if (!row) throw notFound(FAMILY_NOT_FOUND);
  return row;
}

/** The family and its descendants' ids; 404 for a missing or foreign family. */
export async function familyWithDescendants(db: DbOrTx, ctx: RequestContext, id: number): Promise<number[]> {
  const index = await loadFamilies(db, ctx);
  if (!index.byId.has(id)) throw notFound(FAMILY_NOT_FOUND);
  return index.subtreeIds(id);
}

export async function familyTree(db: Db, ctx: RequestContext): Promise<FamilyNode[]> {
  const [index, counts] = await Promise.all([loadFamilies(db, ctx), countPostsByFamily(db, ctx)]);
  const countOf = new Map(counts.map((c) => [c.familyId, c.n]));
  const build = (parentId: number | null): FamilyNode[] =>
    index
      .children(parentId)
      .map((row) => ({ ...toRow(row, countOf.get(row.id) ?? 0), children: build(row.id) }));
  return build(null);
}

async function requireUniqueName(
  db: DbOrTx,
  ctx: RequestContext,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<void> {
  if (await findSiblingFamily(db, ctx, parentId, name, exceptId))
    throw conflict(`同级已有名为「${name}」的岗位序列`, 'name');
}

async function familyRow(db: DbOrTx, ctx: RequestContext, id: number): Promise<FamilyRow> {
  const row = await requireFamily(db, ctx, id);
  const counts = await countPostsByFamily(db, ctx);
  return toRow(row, counts.find((c) => c.familyId === id)?.n ?? 0);
}

export async function addFamily(
  db: Db,
  ctx: RequestContext,
  input: { name: string; parentId: number; sort?: number },
): Promise<FamilyRow> {
  const parentId = input.parentId === 0 ? null : input.parentId;
  if (parentId !== null) {
    await requireFamily(db, ctx, parentId);
    if ((await loadFamilies(db, ctx)).depth(parentId) >= MAX_DEPTH)
      throw badRequest(`岗位序列最多 ${MAX_DEPTH} 级`, 'parentId');
  }
  await requireUniqueName(db, ctx, parentId, input.name);
  const sort = input.sort ?? (await lastFamilySort(db, ctx, parentId)) + 1;
  const row = await insertFamily(db, ctx, { parentId, name: input.name, sort });
  return toRow(row, 0);
}

export async function modifyFamily(
  db: Db,
  ctx: RequestContext,
  input: { familyId: number; name?: string; sort?: number },
): Promise<FamilyRow> {
  const current = await requireFamily(db, ctx, input.familyId);
  if (input.name !== undefined) await requireUniqueName(db, ctx, current.parentId, input.name, current.id);
  await updateFamily(db, ctx, current.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
  });
  return familyRow(db, ctx, current.id);
}

/** Moves a family under another (0: top level); never under itself or one of its descendants. */
export async function moveFamily(
  db: Db,
  ctx: RequestContext,
  input: { familyId: number; parentId: number; sort?: number },
): Promise<FamilyRow> {
  const current = await requireFamily(db, ctx, input.familyId);
  const parentId = input.parentId === 0 ? null : input.parentId;
  if (parentId !== null) {
    await requireFamily(db, ctx, parentId);
    const index = await loadFamilies(db, ctx);
    if (index.subtreeIds(current.id).includes(parentId))
      throw badRequest('不能把岗位序列移动到它自身或其下级序列下', 'parentId');
    if (index.depth(parentId) + index.height(current.id) > MAX_DEPTH)
      throw badRequest(`岗位序列最多 ${MAX_DEPTH} 级`, 'parentId');
  }
  await requireUniqueName(db, ctx, parentId, current.name, current.id);
  await updateFamily(db, ctx, current.id, {
    parentId,
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
  });
  return familyRow(db, ctx, current.id);
}

/** Deletes an empty family: no sub-families and no posts (409 otherwise). */
export async function deleteFamily(
  db: Db,
  ctx: RequestContext,
  familyId: number,
): Promise<{ count: number }> {
  const current = await requireFamily(db, ctx, familyId);
  const usage = await familyUsage(db, current.id);
  if (usage.children > 0) throw conflict('该岗位序列下还有子序列，请先删除或移走子序列');
  if (usage.posts > 0) throw conflict(`该岗位序列下还有 ${usage.posts} 个岗位，请先移走或删除岗位`);
  await deleteFamilyRecord(db, ctx, current.id);
  return { count: 1 };
}
