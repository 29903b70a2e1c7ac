import ExcelJS from 'exceljs';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, forbidden, notFound } from '../../core/http';
import {
  countQuestionLinksByNodeAndType,
  deleteKnowledgeNode,
  findKnowledgeNodeInAnyOrg,
  findPlatformOrganizationId,
  insertKnowledgeNode,
  listKnowledgeNodes,
  lockKnowledgeTree,
  updateKnowledgeNode,
  updateKnowledgeNodePosition,
} from './knowledge.repo';
import { readUploadedRows, styleHeaderRow, workbookBuffer } from '../../core/excel';
import {
  MAX_NAME_LENGTH,
  MAX_UPLOAD_ROWS,
  type FlatKnowledgeNode,
  type KnowledgeGraph,
  type KnowledgeScope,
  type KnowledgeTreeNode,
  type TypeCounts,
  type UploadResult,
} from '@kaopei/shared/contracts/knowledge';

export { MAX_NAME_LENGTH, MAX_UPLOAD_ROWS } from '@kaopei/shared/contracts/knowledge';
export type {
  FlatKnowledgeNode,
  KnowledgeGraph,
  KnowledgeScope,
  KnowledgeTreeNode,
  UploadResult,
} from '@kaopei/shared/contracts/knowledge';

/** Deepest nesting of knowledge points (a root node is level 1). */
export const MAX_KNOWLEDGE_DEPTH = 10;
export const KNOWLEDGE_NOT_FOUND = '知识点不存在';
export const HAS_CHILDREN_MESSAGE = '该知识点下还有子知识点，无法删除';
export const PLATFORM_READ_ONLY = '平台知识点为只读，不能修改';
const LEVEL_LABELS = ['一级', '二级', '三级', '四级', '五级', '六级', '七级', '八级', '九级', '十级'];
const COUNT_HEADER = '题目数';

export interface KnowledgeRow {
  id: number;
  parentId: number | null;
  name: string;
  description: string | null;
  sort: number;
}

/** An organisation's knowledge points, indexed for tree walks. */
export class KnowledgeIndex {
  readonly byId: Map<number, KnowledgeRow>;
  private readonly childrenOf = new Map<number | null, KnowledgeRow[]>();

  constructor(readonly rows: KnowledgeRow[]) {
    this.byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      const parent = row.parentId != null && this.byId.has(row.parentId) ? row.parentId : null;
      const list = this.childrenOf.get(parent) ?? [];
      list.push(row);
      this.childrenOf.set(parent, list);
    }
  }

  children(parentId: number | null): KnowledgeRow[] {
    return this.childrenOf.get(parentId) ?? [];
  }

  pathRows(id: number): KnowledgeRow[] {
    const out: KnowledgeRow[] = [];
    const seen = new Set<number>();
    for (let row = this.byId.get(id); row && !seen.has(row.id);) {
      seen.add(row.id);
      out.unshift(row);
      row = row.parentId == null ? undefined : this.byId.get(row.parentId);
    }
    return out;
  }

  depth(id: number): number {
    return this.pathRows(id).length;
  }

  height(id: number): number {
    const children = this.children(id);
    return 1 + (children.length === 0 ? 0 : Math.max(...children.map((child) => this.height(child.id))));
  }

  isInSubtree(rootId: number, id: number): boolean {
    return this.pathRows(id).some((row) => row.id === rootId);
  }
}

async function loadIndex(db: DbOrTx, organizationId: number): Promise<KnowledgeIndex> {
  return new KnowledgeIndex(await listKnowledgeNodes(db, { organizationId }));
}

export async function platformOrganizationId(db: DbOrTx): Promise<number | undefined> {
  return findPlatformOrganizationId(db);
}

/** The organisation whose tree `scope` names (the platform tree may not exist yet: -1 reads as empty). */
async function scopeOrganization(db: DbOrTx, ctx: RequestContext, scope: KnowledgeScope): Promise<number> {
  if (scope === 'org') return ctx.organizationId;
  return (await platformOrganizationId(db)) ?? -1;
}

/**
 * Finds a node the caller may read: their own organisation's or the platform's. Other ids are 404.
 * With `write`, platform nodes seen from another organisation are refused with 403.
 */
async function accessibleNode(
  db: DbOrTx,
  ctx: RequestContext,
  id: number,
  write: boolean,
): Promise<{ id: number; organizationId: number }> {
  const node = await findKnowledgeNodeInAnyOrg(db, id);
  if (!node) throw notFound(KNOWLEDGE_NOT_FOUND);
  if (node.organizationId === ctx.organizationId) return node;
  const platformId = await platformOrganizationId(db);
  if (node.organizationId !== platformId) throw notFound(KNOWLEDGE_NOT_FOUND);
  if (write) throw forbidden(PLATFORM_READ_ONLY);
  return node;
}

/**
 * Question links per node and question type: the caller's own questions (and, for the platform tree,
 * the platform's), optionally only from some banks.
 */
async function questionCounts(
  db: DbOrTx,
  ctx: RequestContext,
  treeOrganizationId: number,
  bankIds?: number[],
): Promise<Map<number, TypeCounts>> {
  const rows = await countQuestionLinksByNodeAndType(
    db,
    ctx,
    { organizationId: treeOrganizationId },
    bankIds,
  );
  const map = new Map<number, TypeCounts>();
  for (const row of rows) {
    const counts = map.get(row.knowledgeId) ?? {};
    counts[String(row.type)] = row.count;
    map.set(row.knowledgeId, counts);
  }
  return map;
}

const sumCounts = (counts: TypeCounts | undefined): number =>
  Object.values(counts ?? {}).reduce((sum, value) => sum + value, 0);

function addCounts(target: TypeCounts, source: TypeCounts): void {
  for (const [type, count] of Object.entries(source)) target[type] = (target[type] ?? 0) + count;
}

function countedTree(index: KnowledgeIndex, counts: Map<number, TypeCounts>): KnowledgeTreeNode[] {
  const build = (parentId: number | null): KnowledgeTreeNode[] =>
    index.children(parentId).map((row) => {
      const children = build(row.id);
      const own = counts.get(row.id) ?? {};
      const typeCounts: TypeCounts = { ...own };
      for (const child of children) addCounts(typeCounts, child.typeCounts);
      return {
        id: row.id,
        name: row.name,
        parentId: row.parentId,
        description: row.description,
        sort: row.sort,
        questionCount: sumCounts(typeCounts),
        ownQuestionCount: sumCounts(own),
        typeCounts,
        children,
      };
    });
  return build(null);
}

export async function knowledgeTree(
  db: Db,
  ctx: RequestContext,
  scope: KnowledgeScope,
  bankIds?: number[],
): Promise<KnowledgeTreeNode[]> {
  const orgId = await scopeOrganization(db, ctx, scope);
  const [index, counts] = await Promise.all([loadIndex(db, orgId), questionCounts(db, ctx, orgId, bankIds)]);
  return countedTree(index, counts);
}

/** The counted tree pruned to nodes whose name contains `keyword`, with their ancestors and subtrees. */
export async function searchCountedTree(
  db: Db,
  ctx: RequestContext,
  scope: KnowledgeScope,
  keyword: string,
  bankIds?: number[],
): Promise<KnowledgeTreeNode[]> {
  const tree = await knowledgeTree(db, ctx, scope, bankIds);
  if (!keyword) return tree;
  const needle = keyword.toLowerCase();
  const prune = (nodes: KnowledgeTreeNode[]): KnowledgeTreeNode[] =>
    nodes.flatMap((node): KnowledgeTreeNode[] => {
      if (node.name.toLowerCase().includes(needle)) return [{ ...node, matched: true }];
      const children = prune(node.children);
      return children.length > 0 ? [{ ...node, matched: false, children }] : [];
    });
  return prune(tree);
}

function flat(index: KnowledgeIndex, row: KnowledgeRow): FlatKnowledgeNode {
  const path = index.pathRows(row.id);
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId,
    description: row.description,
    sort: row.sort,
    hasChildren: index.children(row.id).length > 0,
    path: path.map((r) => r.name).join('/'),
    pathIds: path.map((r) => r.id),
  };
}

export async function rootNodes(db: Db, ctx: RequestContext, scope: KnowledgeScope) {
  const index = await loadIndex(db, await scopeOrganization(db, ctx, scope));
  return index.children(null).map((row) => flat(index, row));
}

export async function childNodes(db: Db, ctx: RequestContext, parentId: number) {
  const node = await accessibleNode(db, ctx, parentId, false);
  const index = await loadIndex(db, node.organizationId);
  return index.children(parentId).map((row) => flat(index, row));
}

export async function searchNodes(db: Db, ctx: RequestContext, scope: KnowledgeScope, keyword: string) {
  const index = await loadIndex(db, await scopeOrganization(db, ctx, scope));
  const needle = keyword.toLowerCase();
  return index.rows
    .filter((row) => row.name.toLowerCase().includes(needle))
    .map((row) => flat(index, row))
    .sort((a, b) => a.path.localeCompare(b.path, 'zh-CN'));
}

async function lockTree(tx: Tx, organizationId: number): Promise<void> {
  await lockKnowledgeTree(tx, { organizationId });
}

function assertUniqueSibling(index: KnowledgeIndex, parentId: number | null, name: string, selfId?: number) {
  const clash = index.children(parentId).find((row) => row.name === name && row.id !== selfId);
  if (clash) throw conflict(`同一级下已有名为「${name}」的知识点`);
}

export async function addNode(
  db: Db,
  ctx: RequestContext,
  input: { name: string; parentId?: number | null; description?: string | null },
): Promise<{ id: number }> {
  if (input.parentId != null) await accessibleNode(db, ctx, input.parentId, true);
  return db.transaction(async (tx) => {
    await lockTree(tx, ctx.organizationId);
    const index = await loadIndex(tx, ctx.organizationId);
    const parentId = input.parentId ?? null;
    if (parentId != null && index.depth(parentId) >= MAX_KNOWLEDGE_DEPTH)
      throw badRequest(`知识点层级不能超过 ${MAX_KNOWLEDGE_DEPTH} 级`);
    assertUniqueSibling(index, parentId, input.name);
    const siblings = index.children(parentId);
    const row = await insertKnowledgeNode(tx, ctx, {
      parentId,
      name: input.name,
      description: input.description ?? null,
      sort: siblings.length === 0 ? 0 : Math.max(...siblings.map((s) => s.sort)) + 1,
    });
    if (!row) throw new Error('knowledge insert failed');
    return row;
  });
}

export async function updateNode(
  db: Db,
  ctx: RequestContext,
  input: { id: number; name?: string; description?: string | null },
): Promise<void> {
  await accessibleNode(db, ctx, input.id, true);
  await db.transaction(async (tx) => {
    await lockTree(tx, ctx.organizationId);
    const index = await loadIndex(tx, ctx.organizationId);
    const row = index.byId.get(input.id);
    if (!row) throw notFound(KNOWLEDGE_NOT_FOUND);
    if (input.name !== undefined) assertUniqueSibling(index, row.parentId, input.name, row.id);
    await updateKnowledgeNode(tx, ctx, input.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    });
  });
}

export async function deleteNode(db: Db, ctx: RequestContext, id: number): Promise<void> {
  await accessibleNode(db, ctx, id, true);
  await db.transaction(async (tx) => {
    await lockTree(tx, ctx.organizationId);
    const index = await loadIndex(tx, ctx.organizationId);
    if (!index.byId.has(id)) throw notFound(KNOWLEDGE_NOT_FOUND);
    if (index.children(id).length > 0) throw conflict(HAS_CHILDREN_MESSAGE);
    await deleteKnowledgeNode(tx, ctx, id);
  });
}

/** Moves a node under `parentId` (null: a root) at position `sort` among its new siblings (from 0). */
export async function moveNode(
  db: Db,
  ctx: RequestContext,
  input: { id: number; parentId: number | null; sort: number },
): Promise<void> {
  await accessibleNode(db, ctx, input.id, true);
  if (input.parentId != null) await accessibleNode(db, ctx, input.parentId, true);
  await db.transaction(async (tx) => {
    await lockTree(tx, ctx.organizationId);
    const index = await loadIndex(tx, ctx.organizationId);
    const row = index.byId.get(input.id);
    if (!row) throw notFound(KNOWLEDGE_NOT_FOUND);
    const parentId = input.parentId;
    if (parentId != null) {
      if (!index.byId.has(parentId)) throw notFound(KNOWLEDGE_NOT_FOUND);
      if (index.isInSubtree(row.id, parentId))
        throw badRequest('不能把知识点移动到它自己或它的下级知识点之下');
    }
    const parentDepth = parentId == null ? 0 : index.depth(parentId);
    if (parentDepth + index.height(row.id) > MAX_KNOWLEDGE_DEPTH)
      throw badRequest(`移动后知识点层级将超过 ${MAX_KNOWLEDGE_DEPTH} 级`);
    assertUniqueSibling(index, parentId, row.name, row.id);
    const siblings = index.children(parentId).filter((s) => s.id !== row.id);
    siblings.splice(Math.min(input.sort, siblings.length), 0, row);
    for (const [position, sibling] of siblings.entries()) {
      const moved = sibling.id === row.id;
      if (!moved && sibling.sort === position) continue;
      await updateKnowledgeNodePosition(tx, ctx, sibling.id, {
        sort: position,
        ...(moved ? { parentId, updatedAt: new Date() } : {}),
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// Graph, Excel export and upload
// ---------------------------------------------------------------------------------------------------------

export async function knowledgeGraph(
  db: Db,
  ctx: RequestContext,
  scope: KnowledgeScope,
): Promise<KnowledgeGraph> {
  const tree = await knowledgeTree(db, ctx, scope);
  const graph: KnowledgeGraph = { nodes: [], links: [] };
  const walk = (nodes: KnowledgeTreeNode[], depth: number) => {
    for (const node of nodes) {
      graph.nodes.push({
        id: node.id,
        name: node.name,
        parentId: node.parentId,
        depth,
        questionCount: node.questionCount,
        ownQuestionCount: node.ownQuestionCount,
        typeCounts: node.typeCounts,
      });
      if (node.parentId != null) graph.links.push({ source: node.parentId, target: node.id });
      walk(node.children, depth + 1);
    }
  };
  walk(tree, 1);
  return graph;
}

/** One row per node (pre-order): its path in the level columns, then its question count. */
export async function exportTree(db: Db, ctx: RequestContext, scope: KnowledgeScope): Promise<Buffer> {
  const tree = await knowledgeTree(db, ctx, scope);
  const rows: { path: string[]; count: number }[] = [];
  let levels = 1;
  const walk = (nodes: KnowledgeTreeNode[], path: string[]) => {
    for (const node of nodes) {
      const current = [...path, node.name];
      levels = Math.max(levels, current.length);
      rows.push({ path: current, count: node.questionCount });
      walk(node.children, current);
    }
  };
  walk(tree, []);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('知识点');
  const header = LEVEL_LABELS.slice(0, Math.max(levels, 3));
  sheet.columns = [
    ...header.map((label) => ({ header: label, width: 20 })),
    { header: COUNT_HEADER, width: 10 },
  ];
  for (const row of rows) {
    const cells: (string | number)[] = header.map((_, i) => row.path[i] ?? '');
    sheet.addRow([...cells, row.count]);
  }
  styleHeaderRow(sheet);
  return workbookBuffer(workbook);
}

/** Reads the level columns of each row (row numbers as Excel shows them). */
async function parseUpload(buffer: Buffer): Promise<{ row: number; cells: string[] }[]> {
  const sheetRows = await readUploadedRows(buffer, {
    sheetName: '知识点',
    unreadable: '无法读取该文件，请上传 .xlsx 文件',
    maxRows: MAX_UPLOAD_ROWS + 1,
    tooMany: `一次最多导入 ${MAX_UPLOAD_ROWS} 行`,
  });
  const levelColumns: number[] = [];
  const header = sheetRows[0]?.row === 1 ? sheetRows[0].cells : [];
  header.forEach((text, i) => {
    const level = LEVEL_LABELS.indexOf(text.replace(/\s/g, ''));
    if (level >= 0) levelColumns[level] = i + 1;
  });
  if (levelColumns[0] === undefined) throw badRequest('表头须为“一级、二级、三级……”，请使用导出的文件格式');
  const columns: number[] = [];
  for (const col of levelColumns) {
    if (col === undefined) break;
    columns.push(col);
  }
  const out: { row: number; cells: string[] }[] = [];
  for (const { row: r, cells: all } of sheetRows) {
    if (r === 1) continue;
    const cells = columns.map((col) => all[col - 1] ?? '');
    if (cells.every((cell) => cell === '')) continue;
    out.push({ row: r, cells });
  }
  if (out.length > MAX_UPLOAD_ROWS) throw badRequest(`一次最多导入 ${MAX_UPLOAD_ROWS} 行`);
  return out;
}

function rowPath(cells: string[]): { path: string[] } | { reason: string } {
  let last = cells.length - 1;
  while (last >= 0 && cells[last] === '') last -= 1;
  const path = cells.slice(0, last + 1);
  const gap = path.findIndex((cell) => cell === '');
  if (gap >= 0) return { reason: `${LEVEL_LABELS[gap] ?? ''}知识点为空，但其下级不为空` };
  const long = path.find((cell) => cell.length > MAX_NAME_LENGTH);
  if (long) return { reason: `知识点名称「${long.slice(0, 20)}…」超过 ${MAX_NAME_LENGTH} 个字符` };
  return { path };
}

/** Creates the nodes the rows name that do not exist yet; bad rows are reported and skipped. */
export async function uploadTree(db: Db, ctx: RequestContext, buffer: Buffer): Promise<UploadResult> {
  const rows = await parseUpload(buffer);
  return db.transaction(async (tx) => {
    await lockTree(tx, ctx.organizationId);
    const index = await loadIndex(tx, ctx.organizationId);
    // Existing and created nodes by their parent and name.
    const known = new Map<string, number>();
    const key = (parentId: number | null, name: string) => `${parentId ?? 0}\u0000${name}`;
    for (const row of index.rows) known.set(key(row.parentId, row.name), row.id);
    const nextSort = new Map<number | null, number>();
    for (const row of index.rows)
      nextSort.set(row.parentId, Math.max(nextSort.get(row.parentId) ?? 0, row.sort + 1));
    const result: UploadResult = { created: 0, existing: 0, errors: [] };
    const seenLeaf = new Set<string>();
    for (const { row, cells } of rows) {
      const parsed = rowPath(cells);
      if ('reason' in parsed) {
        result.errors.push({ row, reason: parsed.reason });
        continue;
      }
      let parentId: number | null = null;
      let createdHere = false;
      for (const name of parsed.path) {
        const existing = known.get(key(parentId, name));
        if (existing !== undefined) {
          parentId = existing;
          continue;
        }
        const sort: number = nextSort.get(parentId) ?? 0;
        nextSort.set(parentId, sort + 1);
        const inserted = await insertKnowledgeNode(tx, ctx, { parentId, name, sort });
        if (!inserted) throw new Error('knowledge insert failed');
        known.set(key(parentId, name), inserted.id);
        parentId = inserted.id;
        result.created += 1;
        createdHere = true;
      }
      const leafKey = parsed.path.join('/');
      if (!createdHere && !seenLeaf.has(leafKey)) result.existing += 1;
      seenLeaf.add(leafKey);
    }
    return result;
  });
}
