import ExcelJS from 'exceljs';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import { recordActivity } from '../../core/activity';
import { violatedUniqueIndex } from '../../core/db-errors';
import { styleHeaderRow, workbookBuffer } from '../../core/excel';
import { STAFF_ACTIVE, uniqueIndexMessage } from '../staff/staff.rules';
import type {
  DepartmentLeader,
  DepartmentNode,
  FlatDepartment,
  PostMatchNode,
  SearchedDepartmentNode,
  SimpleDepartmentNode,
  StaffTreeNode,
  TreeStaff,
} from '@kaopei/shared/contracts/department';
import {
  countDepartmentMembers,
  countStaffByDepartment,
  deleteDepartmentById,
  findDepartment,
  findPost,
  insertDepartment,
  listActiveStaff,
  listDepartments,
  listLeaderNames,
  listLeaders,
  listLivingStaff,
  lockDepartmentTree,
  replaceLeaders,
  updateDepartment,
  type DepartmentRow,
  type DepartmentUpdate,
} from './department.repo';

/** Deepest nesting of departments (a root department is level 1). */
export const MAX_DEPARTMENT_DEPTH = 10;
export const DEPARTMENT_NOT_FOUND = '部门不存在';

export type { DepartmentRow } from './department.repo';

/** An organisation's departments, indexed for tree walks. */
export class DepartmentIndex {
  readonly byId: Map<number, DepartmentRow>;
  private readonly childrenOf = new Map<number | null, DepartmentRow[]>();

  constructor(readonly rows: DepartmentRow[]) {
    this.byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      // A parent outside the organisation cannot happen through the API; treat it as a root anyway.
      const parent = row.parentId != null && this.byId.has(row.parentId) ? row.parentId : null;
      const list = this.childrenOf.get(parent) ?? [];
      list.push(row);
      this.childrenOf.set(parent, list);
    }
  }

  children(parentId: number | null): DepartmentRow[] {
    return this.childrenOf.get(parentId) ?? [];
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  /** The department and every department below it, in pre-order. */
  subtreeIds(id: number): number[] {
    const out: number[] = [];
    const walk = (current: number) => {
      out.push(current);
      for (const child of this.children(current)) walk(child.id);
    };
    if (this.has(id)) walk(id);
    return out;
  }

  /** Names from the root down to the department. */
  pathNames(id: number): string[] {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let row = this.byId.get(id); row && !seen.has(row.id); row = this.parentOf(row)) {
      seen.add(row.id);
      names.unshift(row.name);
    }
    return names;
  }

  path(id: number | null | undefined): string {
    return id == null ? '' : this.pathNames(id).join('/');
  }

  /** Level of the department: 1 for a root department. */
  depth(id: number): number {
    return this.pathNames(id).length;
  }

  /** Levels in the subtree below and including the department (1 for a leaf). */
  height(id: number): number {
    const children = this.children(id);
    return 1 + (children.length === 0 ? 0 : Math.max(...children.map((child) => this.height(child.id))));
  }

  /** Department ids keyed by their full path (技术部/研发组). */
  pathMap(): Map<string, number> {
    return new Map(this.rows.map((row) => [this.path(row.id), row.id]));
  }

  private parentOf(row: DepartmentRow): DepartmentRow | undefined {
    return row.parentId == null ? undefined : this.byId.get(row.parentId);
  }
}

export async function loadDepartments(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId'>,
): Promise<DepartmentIndex> {
  return new DepartmentIndex(await listDepartments(db, ctx));
}

/** Builds nested nodes bottom-up, so a node can aggregate its children (head counts). */
function buildNested<T>(
  index: DepartmentIndex,
  parentId: number | null,
  make: (row: DepartmentRow, children: T[]) => T,
): T[] {
  return index.children(parentId).map((row) => make(row, buildNested(index, row.id, make)));
}

interface StaffCounts {
  active: number;
  left: number;
}

/** Active and former staff per department (direct members only). */
async function staffCounts(db: DbOrTx, ctx: RequestContext): Promise<Map<number, StaffCounts>> {
  const rows = await countStaffByDepartment(db, ctx);
  const map = new Map<number, StaffCounts>();
  for (const row of rows) {
    if (row.departmentId != null) map.set(row.departmentId, { active: row.active, left: row.left });
  }
  return map;
}

function countedTree(index: DepartmentIndex, counts: Map<number, StaffCounts>): DepartmentNode[] {
  return buildNested<DepartmentNode>(index, null, (row, children) => {
    const own = counts.get(row.id)?.active ?? 0;
    return {
      departmentId: row.id,
      name: row.name,
      parentId: row.parentId,
      sort: row.sort,
      staffCount: own + children.reduce((sum, child) => sum + child.staffCount, 0),
      ownStaffCount: own,
      children,
    };
  });
}

/** The organisation's department tree with head counts. */
export async function departmentTree(db: Db, ctx: RequestContext): Promise<DepartmentNode[]> {
  const [index, counts] = await Promise.all([loadDepartments(db, ctx), staffCounts(db, ctx)]);
  return countedTree(index, counts);
}

/** Every department, flat, in tree (pre-)order. */
export async function allDepartments(db: Db, ctx: RequestContext): Promise<FlatDepartment[]> {
  const index = await loadDepartments(db, ctx);
  const out: FlatDepartment[] = [];
  const walk = (parentId: number | null, level: number) => {
    for (const row of index.children(parentId)) {
      out.push({
        departmentId: row.id,
        name: row.name,
        parentId: row.parentId,
        sort: row.sort,
        path: index.path(row.id),
        level,
      });
      walk(row.id, level + 1);
    }
  };
  walk(null, 1);
  return out;
}

/** The subtree under `departmentId` (the department itself as the only root), or the whole tree. */
export async function simpleSubtree(
  db: Db,
  ctx: RequestContext,
  departmentId?: number,
): Promise<SimpleDepartmentNode[]> {
  const index = await loadDepartments(db, ctx);
  const make = (row: DepartmentRow, children: SimpleDepartmentNode[]): SimpleDepartmentNode => ({
    departmentId: row.id,
    name: row.name,
    parentId: row.parentId,
    children,
  });
  if (departmentId === undefined) return buildNested(index, null, make);
  const root = index.byId.get(departmentId);
  if (!root) throw notFound(DEPARTMENT_NOT_FOUND);
  return [make(root, buildNested(index, root.id, make))];
}

/** The tree pruned to departments whose name contains `keyword`, with their ancestors and subtrees. */
export async function searchTree(
  db: Db,
  ctx: RequestContext,
  keyword: string,
): Promise<SearchedDepartmentNode[]> {
  const [index, counts] = await Promise.all([loadDepartments(db, ctx), staffCounts(db, ctx)]);
  const needle = keyword.trim().toLowerCase();
  const mark = (nodes: DepartmentNode[], insideMatch: boolean): SearchedDepartmentNode[] =>
    nodes.flatMap((node) => {
      const matched = needle !== '' && node.name.toLowerCase().includes(needle);
      const children = mark(node.children, insideMatch || matched);
      if (!matched && !insideMatch && children.length === 0 && needle !== '') return [];
      return [{ ...node, matched, children }];
    });
  return mark(countedTree(index, counts), needle === '');
}

/** The tree with each department's active members (spec §3 "Department tree"). */
export async function staffManageTree(db: Db, ctx: RequestContext): Promise<StaffTreeNode[]> {
  const [index, staff] = await Promise.all([loadDepartments(db, ctx), listActiveStaff(db, ctx)]);
  const byDepartment = new Map<number, TreeStaff[]>();
  for (const person of staff) {
    if (person.departmentId == null) continue;
    const list = byDepartment.get(person.departmentId) ?? [];
    list.push({ userId: person.userId, realName: person.realName });
    byDepartment.set(person.departmentId, list);
  }
  return buildNested<StaffTreeNode>(index, null, (row, children) => ({
    departmentId: row.id,
    name: row.name,
    parentId: row.parentId,
    staffs: byDepartment.get(row.id) ?? [],
    children,
  }));
}

/** The staff tree with members whose post is `postId` marked. */
export async function postMatchTree(db: Db, ctx: RequestContext, postId: number): Promise<PostMatchNode[]> {
  const post = await findPost(db, ctx, postId);
  if (!post) throw notFound('岗位不存在');
  const [index, staff] = await Promise.all([loadDepartments(db, ctx), listActiveStaff(db, ctx)]);
  const byDepartment = new Map<number, PostMatchNode['staffs']>();
  for (const person of staff) {
    if (person.departmentId == null) continue;
    const list = byDepartment.get(person.departmentId) ?? [];
    list.push({ userId: person.userId, realName: person.realName, matched: person.postId === postId });
    byDepartment.set(person.departmentId, list);
  }
  return buildNested<PostMatchNode>(index, null, (row, children) => {
    const staffs = byDepartment.get(row.id) ?? [];
    return {
      departmentId: row.id,
      name: row.name,
      parentId: row.parentId,
      matchedCount:
        staffs.filter((s) => s.matched).length + children.reduce((sum, child) => sum + child.matchedCount, 0),
      staffs,
      children,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------------------------

function assertUniqueSibling(
  index: DepartmentIndex,
  parentId: number | null,
  name: string,
  exceptId?: number,
) {
  const clash = index.children(parentId).find((row) => row.id !== exceptId && row.name === name);
  if (clash) {
    throw conflict(
      parentId == null
        ? `已存在名为「${name}」的一级部门`
        : `「${index.path(parentId)}」下已存在名为「${name}」的部门`,
      'name',
    );
  }
}

/** Runs a tree change in a transaction under the organisation's tree lock; unique clashes become 409. */
async function treeChange<T>(
  db: Db,
  ctx: RequestContext,
  work: (tx: Tx, index: DepartmentIndex) => Promise<T>,
) {
  try {
    return await db.transaction(async (tx) => {
      await lockDepartmentTree(tx, ctx);
      return work(tx, await loadDepartments(tx, ctx));
    });
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index) throw conflict(uniqueIndexMessage(index));
    throw error;
  }
}

export async function addDepartment(
  db: Db,
  ctx: RequestContext,
  input: { name: string; parentId?: number | null },
): Promise<Omit<DepartmentNode, 'children'>> {
  const parentId = input.parentId ?? null;
  return treeChange(db, ctx, async (tx, index) => {
    if (parentId != null) {
      if (!index.has(parentId)) throw notFound('上级部门不存在');
      if (index.depth(parentId) >= MAX_DEPARTMENT_DEPTH)
        throw badRequest(`部门层级不能超过 ${MAX_DEPARTMENT_DEPTH} 级`);
    }
    assertUniqueSibling(index, parentId, input.name);
    const siblings = index.children(parentId);
    const sort = siblings.length === 0 ? 0 : Math.max(...siblings.map((row) => row.sort)) + 1;
    const row = await insertDepartment(tx, ctx, { name: input.name, parentId, sort });
    if (!row) throw new Error('department insert failed');
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: '新增部门',
      detail: parentId == null ? input.name : `${index.path(parentId)}/${input.name}`,
    });
    return { departmentId: row.id, name: input.name, parentId, sort, staffCount: 0, ownStaffCount: 0 };
  });
}

export interface ModifyDepartmentInput {
  departmentId: number;
  name?: string;
  /** Moves the department; null moves it to the top level. */
  parentId?: number | null;
  /** Position among its (new) siblings, 0 first; the siblings are renumbered. */
  sort?: number;
}

export async function modifyDepartment(
  db: Db,
  ctx: RequestContext,
  input: ModifyDepartmentInput,
): Promise<void> {
  await treeChange(db, ctx, async (tx, index) => {
    const current = index.byId.get(input.departmentId);
    if (!current) throw notFound(DEPARTMENT_NOT_FOUND);
    const name = input.name ?? current.name;
    const parentId = input.parentId === undefined ? current.parentId : input.parentId;
    const moving = parentId !== current.parentId;
    if (parentId != null) {
      if (!index.has(parentId)) throw notFound('上级部门不存在');
      if (index.subtreeIds(current.id).includes(parentId))
        throw badRequest('不能把部门移动到它自己或它的下级部门之下');
      if (moving && index.depth(parentId) + index.height(current.id) > MAX_DEPARTMENT_DEPTH)
        throw badRequest(`移动后部门层级将超过 ${MAX_DEPARTMENT_DEPTH} 级`);
    }
    if (name !== current.name || moving) assertUniqueSibling(index, parentId, name, current.id);

    const updates: DepartmentUpdate = { updatedAt: new Date() };
    if (name !== current.name) updates.name = name;
    if (moving) updates.parentId = parentId;
    const siblings = index.children(parentId).filter((row) => row.id !== current.id);
    if (input.sort !== undefined || moving) {
      // Place it at the requested position (default: last) and renumber the siblings 0..n.
      const position = Math.min(input.sort ?? siblings.length, siblings.length);
      const ordered = [...siblings];
      ordered.splice(position, 0, { ...current, parentId });
      for (const [order, row] of ordered.entries()) {
        if (row.id === current.id) updates.sort = order;
        else if (row.sort !== order) await updateDepartment(tx, row.id, { sort: order });
      }
    }
    await updateDepartment(tx, current.id, updates);

    const changes: string[] = [];
    if (name !== current.name) changes.push(`「${current.name}」更名为「${name}」`);
    if (moving) changes.push(`移动到「${parentId == null ? '顶级' : index.path(parentId)}」`);
    if (changes.length > 0) {
      await recordActivity(tx, {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: '修改部门',
        detail: `${index.path(current.id)}：${changes.join('，')}`,
      });
    }
  });
}

export async function deleteDepartment(db: Db, ctx: RequestContext, departmentId: number): Promise<void> {
  try {
    await treeChange(db, ctx, async (tx, index) => {
      const current = index.byId.get(departmentId);
      if (!current) throw notFound(DEPARTMENT_NOT_FOUND);
      const members = await countDepartmentMembers(tx, departmentId);
      if ((members?.active ?? 0) > 0) throw conflict('该部门下还有员工，无法删除');
      if ((members?.total ?? 0) > 0)
        throw conflict('该部门下还有员工，无法删除（含离职员工，请先将其移动到其他部门）');
      if (index.children(departmentId).length > 0) throw conflict('该部门下还有子部门，无法删除');
      // Deleted accounts keep no department, so nothing else refers to it (leaders cascade).
      await deleteDepartmentById(tx, departmentId);
      await recordActivity(tx, {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: '删除部门',
        detail: index.path(departmentId),
      });
    });
  } catch (error) {
    // A staff member moved in between the check and the delete (foreign-key violation).
    if (hasSqlState(error, '23503')) throw conflict('该部门下还有员工，无法删除');
    throw error;
  }
}

function hasSqlState(error: unknown, state: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    if ((current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The department (id and name) when it belongs to the caller's organisation; 404 otherwise. */
export async function assertDepartment(
  db: DbOrTx,
  ctx: RequestContext,
  departmentId: number,
): Promise<{ id: number; name: string }> {
  const row = await findDepartment(db, ctx, departmentId);
  if (!row) throw notFound(DEPARTMENT_NOT_FOUND);
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Leaders
// ---------------------------------------------------------------------------------------------------------

export async function getLeaders(
  db: Db,
  ctx: RequestContext,
  departmentId: number,
): Promise<DepartmentLeader[]> {
  await assertDepartment(db, ctx, departmentId);
  return listLeaders(db, ctx, departmentId);
}

/** Replaces a department's leaders (active staff of the organisation, from any department). */
export async function setLeaders(
  db: Db,
  ctx: RequestContext,
  departmentId: number,
  userIds: number[],
): Promise<DepartmentLeader[]> {
  const department = await assertDepartment(db, ctx, departmentId);
  const ids = [...new Set(userIds)];
  if (ids.length > 0) {
    const found = await listLivingStaff(db, ctx, ids);
    if (found.length !== ids.length) throw notFound('员工不存在');
    const left = found.find((row) => row.status !== STAFF_ACTIVE);
    if (left) throw badRequest(`「${left.realName}」已离职，不能设为部门负责人`);
  }
  await db.transaction(async (tx) => {
    await replaceLeaders(tx, departmentId, ids);
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      action: '设置部门负责人',
      detail: `${department.name}：${ids.length > 0 ? `${ids.length} 人` : '已清空'}`,
    });
  });
  return getLeaders(db, ctx, departmentId);
}

// ---------------------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------------------

/** The department tree (or one subtree) with head counts and leaders, as an .xlsx workbook. */
export async function exportDepartments(db: Db, ctx: RequestContext, departmentId?: number): Promise<Buffer> {
  const [index, counts, leaders] = await Promise.all([
    loadDepartments(db, ctx),
    staffCounts(db, ctx),
    listLeaderNames(db, ctx),
  ]);
  if (departmentId !== undefined && !index.has(departmentId)) throw notFound(DEPARTMENT_NOT_FOUND);
  const leaderNames = new Map<number, string[]>();
  for (const leader of leaders) {
    const list = leaderNames.get(leader.departmentId) ?? [];
    list.push(leader.realName);
    leaderNames.set(leader.departmentId, list);
  }
  const tree = countedTree(index, counts);
  const findNode = (nodes: DepartmentNode[]): DepartmentNode | undefined => {
    for (const node of nodes) {
      if (node.departmentId === departmentId) return node;
      const found = findNode(node.children);
      if (found) return found;
    }
    return undefined;
  };
  const roots = departmentId === undefined ? tree : [findNode(tree)].filter((n): n is DepartmentNode => !!n);

  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  const sheet = workbook.addWorksheet('部门架构', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '部门路径', key: 'path', width: 36 },
    { header: '部门名称', key: 'name', width: 22 },
    { header: '上级部门', key: 'parent', width: 22 },
    { header: '层级', key: 'level', width: 8 },
    { header: '负责人', key: 'leaders', width: 20 },
    { header: '本部门在职人数', key: 'own', width: 16 },
    { header: '在职人数（含下级）', key: 'total', width: 20 },
    { header: '本部门离职人数', key: 'left', width: 16 },
  ];
  styleHeaderRow(sheet);
  const write = (nodes: DepartmentNode[]) => {
    for (const node of nodes) {
      const level = index.depth(node.departmentId);
      const row = sheet.addRow({
        path: index.path(node.departmentId),
        name: node.name,
        parent: node.parentId == null ? '' : (index.byId.get(node.parentId)?.name ?? ''),
        level,
        leaders: (leaderNames.get(node.departmentId) ?? []).join('、'),
        own: node.ownStaffCount,
        total: node.staffCount,
        left: counts.get(node.departmentId)?.left ?? 0,
      });
      row.getCell('name').alignment = { indent: Math.min(level - 1, 15) };
      write(node.children);
    }
  };
  write(roots);
  const totalRow = sheet.addRow({
    path: '合计',
    total: roots.reduce((sum, node) => sum + node.staffCount, 0),
  });
  totalRow.font = { bold: true };
  return workbookBuffer(workbook);
}
