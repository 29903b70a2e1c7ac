import ExcelJS from 'exceljs';
import { effectiveLevel, matchBand, matchPost } from '@kaopei/shared';
import type {
  AbilityProfile,
  Heatmap,
  HeatmapGroup,
  HeatmapPerson,
  LevelAnchor,
  MatchDetail,
  MatchPostOption,
  MatchTreeNode,
  ProfileAbility,
  RankingRow,
  RankingScope,
} from '@kaopei/shared/contracts/post-match';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, notFound } from '../../core/http';
import { styleHeaderRow, workbookBuffer } from '../../core/excel';
import {
  DEPARTMENT_NOT_FOUND,
  loadDepartments,
  type DepartmentIndex,
} from '../department/department.service';
import * as repo from './post-match.repo';

const PERSON_NOT_FOUND = '员工不存在';
const ABILITY_NOT_FOUND = '能力不存在';
const POST_NOT_FOUND = '岗位不存在';

const iso = (value: Date | string | null): string | null =>
  value == null ? null : new Date(value).toISOString();

function toProfileAbility(row: repo.ProfileRow): ProfileAbility {
  return {
    abilityId: row.abilityId,
    name: row.name,
    dimensionName: row.dimensionName,
    level: row.level == null ? null : Number(row.level),
    exam:
      row.examLevel == null
        ? null
        : {
            level: row.examLevel,
            scoreRate: row.examScoreRate == null ? null : Number(row.examScoreRate),
            examId: row.examId,
            examName: row.examName,
            at: iso(row.examAt),
          },
    rating:
      row.ratingLevel == null
        ? null
        : {
            level: row.ratingLevel,
            comment: row.ratingComment,
            raterId: row.raterId,
            raterName: row.raterName,
            at: iso(row.ratedAt),
          },
  };
}

async function requirePerson(db: Db, ctx: RequestContext, userId: number) {
  const person = await repo.findPerson(db, ctx, userId);
  if (!person) throw notFound(PERSON_NOT_FOUND);
  return person;
}

async function requirePost(db: Db, ctx: RequestContext, postId: number) {
  const post = await repo.findPost(db, ctx, postId);
  if (!post) throw notFound(POST_NOT_FOUND);
  return post;
}

export interface RatingInput {
  userId: number;
  abilityId: number;
  level: number;
  comment: string | null;
}

/** A manager's rating: upserts the rating and recomputes the effective level from both sources. */
export async function rateAbility(db: Db, ctx: RequestContext, input: RatingInput): Promise<ProfileAbility> {
  await requirePerson(db, ctx, input.userId);
  if (!(await repo.findAbility(db, ctx, input.abilityId))) throw notFound(ABILITY_NOT_FOUND);
  if (input.userId === ctx.userId) throw badRequest('不能评定自己的能力', 'userId');
  await db.transaction(async (tx) => {
    const current = await repo.findStaffAbility(tx, ctx, input.userId, input.abilityId);
    const level = effectiveLevel(current?.examLevel ?? null, input.level) ?? input.level;
    await repo.upsertRating(tx, ctx, { ...input, effectiveLevel: level });
  });
  const [row] = await repo.listProfile(db, ctx, input.userId, input.abilityId);
  if (!row) throw notFound(ABILITY_NOT_FOUND);
  return toProfileAbility(row);
}

export async function abilityProfile(db: Db, ctx: RequestContext, userId: number): Promise<AbilityProfile> {
  const person = await requirePerson(db, ctx, userId);
  const rows = await repo.listProfile(db, ctx, userId);
  return { person, abilities: rows.map(toProfileAbility) };
}

export function matchPosts(db: Db, ctx: RequestContext): Promise<MatchPostOption[]> {
  return repo.listMatchPosts(db, ctx);
}

/** The department tree with the post's average match rate per department, sub-departments included. */
export async function matchTree(db: Db, ctx: RequestContext, postId: number): Promise<MatchTreeNode[]> {
  await requirePost(db, ctx, postId);
  const [index, records] = await Promise.all([
    loadDepartments(db, ctx),
    repo.matchByDepartment(db, ctx, postId),
  ]);
  const byDepartment = new Map(records.map((r) => [r.departmentId, r]));
  const sums = new Map<number, number>();
  const build = (parentId: number | null): MatchTreeNode[] =>
    index.children(parentId).map((row) => {
      const children = build(row.id);
      const own = byDepartment.get(row.id);
      const add = (pick: (n: MatchTreeNode) => number, value: number) =>
        value + children.reduce((sum, child) => sum + pick(child), 0);
      const rateSum = (own?.rateSum ?? 0) + children.reduce((s, c) => s + (sums.get(c.departmentId) ?? 0), 0);
      sums.set(row.id, rateSum);
      const measuredCount = add((n) => n.measuredCount, own?.measuredCount ?? 0);
      return {
        departmentId: row.id,
        name: row.name,
        parentId: row.parentId,
        staffCount: add((n) => n.staffCount, own?.staffCount ?? 0),
        measuredCount,
        averageMatchRate: measuredCount === 0 ? null : Math.round((rateSum / measuredCount) * 10) / 10,
        holderCount: add((n) => n.holderCount, own?.holderCount ?? 0),
        children,
      };
    });
  return build(null);
}

function subtreeOrThrow(index: DepartmentIndex, departmentId: number): number[] {
  if (!index.has(departmentId)) throw notFound(DEPARTMENT_NOT_FOUND);
  return index.subtreeIds(departmentId);
}

export interface RankingQuery {
  postId: number;
  scope: RankingScope;
  departmentId?: number | null;
  includeSubDepartments?: boolean;
  excludeHolders?: boolean;
  keyword?: string;
  page: number;
  size: number;
}

/** People ranked by match rate against a post (computed in one SQL aggregate), one page. */
export async function ranking(
  db: Db,
  ctx: RequestContext,
  q: RankingQuery,
): Promise<{ rows: RankingRow[]; total: number }> {
  await requirePost(db, ctx, q.postId);
  let departmentIds: number[] | undefined;
  if (q.scope === 'department') {
    if (q.departmentId == null) throw badRequest('请选择部门', 'departmentId');
    const index = await loadDepartments(db, ctx);
    departmentIds =
      q.includeSubDepartments === false
        ? subtreeOrThrow(index, q.departmentId).slice(0, 1)
        : subtreeOrThrow(index, q.departmentId);
  }
  const records = await repo.rankStaff(db, ctx, {
    postId: q.postId,
    departmentIds,
    holdersOnly: q.scope === 'post',
    excludeHolders: q.excludeHolders === true,
    keyword: q.keyword,
    limit: q.size,
    offset: q.page * q.size,
  });
  const rows = records.map((r): RankingRow => ({
    rank: r.rank,
    userId: r.userId,
    realName: r.realName,
    jobNumber: r.jobNumber,
    departmentName: r.departmentName,
    postName: r.postName,
    matchRate: r.matchRate,
    band: matchBand(r.matchRate),
    metCount: r.metCount,
    gapCount: r.modelSize - r.metCount,
    unmeasuredCount: r.modelSize - r.measured,
  }));
  return { rows, total: records[0]?.total ?? 0 };
}

const anchorOf = (anchors: LevelAnchor[], level: number | null): LevelAnchor | null =>
  level === null || level < 1 ? null : (anchors.find((a) => a.level === Math.floor(level)) ?? null);

/** matchPost of one person against a post, with names, anchors and both sources of every ability. */
export async function matchDetail(
  db: Db,
  ctx: RequestContext,
  postId: number,
  userId: number,
): Promise<MatchDetail> {
  const post = await requirePost(db, ctx, postId);
  const person = await requirePerson(db, ctx, userId);
  const [model, profile] = await Promise.all([
    repo.listPostModel(db, postId),
    repo.listProfile(db, ctx, userId),
  ]);
  const sources = new Map(profile.map((row) => [row.abilityId, toProfileAbility(row)]));
  const levels = new Map(model.map((m) => [m.abilityId, sources.get(m.abilityId)?.level ?? null]));
  const result = matchPost(model, levels);
  return {
    post: { postId: post.id, name: post.name },
    person,
    matchRate: result.matchRate,
    band: matchBand(result.matchRate),
    metCount: result.metCount,
    unmeasuredCount: result.unmeasuredCount,
    abilities: result.abilities.map((a, i) => {
      const m = model[i]!;
      const source = sources.get(a.abilityId);
      return {
        ...a,
        name: m.name,
        dimensionName: m.dimensionName,
        requiredAnchor: anchorOf(m.anchors, a.requiredLevel),
        reachedAnchor: anchorOf(m.anchors, a.level),
        exam: source?.exam ?? null,
        rating: source?.rating ?? null,
      };
    }),
  };
}

/** Every department in tree (pre-)order: a parent before its children. */
function preorder(index: DepartmentIndex): number[] {
  const out: number[] = [];
  const walk = (parentId: number | null) => {
    for (const row of index.children(parentId)) {
      out.push(row.id);
      walk(row.id);
    }
  };
  walk(null);
  return out;
}

export interface HeatmapQuery {
  groupBy: HeatmapGroup;
  departmentId?: number | null;
  dimensionId?: number | null;
}

/** The heat map of abilities × departments (direct members) or × posts (holders), two aggregates. */
export async function heatmap(db: Db, ctx: RequestContext, q: HeatmapQuery): Promise<Heatmap> {
  const index = await loadDepartments(db, ctx);
  const departmentIds = q.departmentId == null ? undefined : subtreeOrThrow(index, q.departmentId);
  const dimensionId = q.dimensionId ?? undefined;
  const byPost = q.groupBy === 'post';
  const [abilityList, people, records, posts, modelRows] = await Promise.all([
    repo.listAbilities(db, ctx, dimensionId),
    repo.countPeople(db, ctx, q.groupBy, departmentIds),
    repo.heatmapCells(db, ctx, q.groupBy, departmentIds, dimensionId),
    byPost ? repo.listMatchPosts(db, ctx) : Promise.resolve([]),
    byPost ? repo.listModelRows(db, ctx) : Promise.resolve([]),
  ]);
  const peopleOf = new Map(people.map((p) => [p.rowId, p.peopleCount]));
  const rows = byPost
    ? posts.map((p) => ({ rowId: p.postId, name: p.name, peopleCount: peopleOf.get(p.postId) ?? 0 }))
    : (departmentIds ?? preorder(index)).map((id) => ({
        rowId: id,
        name: index.path(id),
        peopleCount: peopleOf.get(id) ?? 0,
      }));
  const abilityIds = new Set(abilityList.map((a) => a.abilityId));
  const cells = new Map<string, Heatmap['cells'][number]>();
  const metRate = (met: number, rowId: number) => {
    const holders = peopleOf.get(rowId) ?? 0;
    return holders === 0 ? 0 : Math.round((met / holders) * 1000) / 10;
  };
  for (const m of modelRows) {
    if (!abilityIds.has(m.abilityId)) continue;
    cells.set(`${m.postId}:${m.abilityId}`, {
      rowId: m.postId,
      abilityId: m.abilityId,
      averageLevel: null,
      measuredCount: 0,
      requiredLevel: m.requiredLevel,
      metRate: 0,
    });
  }
  for (const r of records) {
    const required = r.requiredLevel ?? null;
    cells.set(`${r.rowId}:${r.abilityId}`, {
      rowId: r.rowId,
      abilityId: r.abilityId,
      averageLevel: r.averageLevel,
      measuredCount: r.measuredCount,
      requiredLevel: required,
      metRate: required === null ? null : metRate(r.metCount ?? 0, r.rowId),
    });
  }
  return { groupBy: q.groupBy, rows, abilities: abilityList, cells: [...cells.values()] };
}

export interface DrillQuery {
  groupBy: HeatmapGroup;
  rowId: number;
  abilityId: number;
  page: number;
  size: number;
}

/** The people behind one heat map cell: the measured lowest level first, then the unmeasured. */
export async function heatmapPeople(
  db: Db,
  ctx: RequestContext,
  q: DrillQuery,
): Promise<{ rows: HeatmapPerson[]; total: number }> {
  if (q.groupBy === 'post') await requirePost(db, ctx, q.rowId);
  else if (!(await loadDepartments(db, ctx)).has(q.rowId)) throw notFound(DEPARTMENT_NOT_FOUND);
  if (!(await repo.findAbility(db, ctx, q.abilityId))) throw notFound(ABILITY_NOT_FOUND);
  const records = await repo.drillPeople(db, ctx, { ...q, limit: q.size, offset: q.page * q.size });
  const rows = records.map(({ total: _total, ...r }) => ({
    ...r,
    met: r.requiredLevel === null ? null : r.level !== null && r.level >= r.requiredLevel,
  }));
  return { rows, total: records[0]?.total ?? 0 };
}

/** The heat map as an .xlsx: average effective levels, and by post a second sheet of met rates. */
export async function exportHeatmap(db: Db, ctx: RequestContext, q: HeatmapQuery): Promise<Buffer> {
  const map = await heatmap(db, ctx, q);
  const cellOf = new Map(map.cells.map((c) => [`${c.rowId}:${c.abilityId}`, c]));
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '考培';
  const rowLabel = map.groupBy === 'post' ? '岗位' : '部门';
  const addSheet = (title: string, value: (cell: Heatmap['cells'][number] | undefined) => number | null) => {
    const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
    sheet.columns = [
      { header: rowLabel, key: 'name', width: 28 },
      { header: '人数', key: 'people', width: 8 },
      ...map.abilities.map((a) => ({ header: a.name, key: `a${a.abilityId}`, width: 12 })),
    ];
    styleHeaderRow(sheet);
    for (const row of map.rows) {
      const values: Record<string, string | number | null> = { name: row.name, people: row.peopleCount };
      for (const a of map.abilities)
        values[`a${a.abilityId}`] = value(cellOf.get(`${row.rowId}:${a.abilityId}`));
      sheet.addRow(values);
    }
  };
  addSheet('平均有效等级', (cell) => cell?.averageLevel ?? null);
  if (map.groupBy === 'post') addSheet('达标率(%)', (cell) => cell?.metRate ?? null);
  return workbookBuffer(workbook);
}
