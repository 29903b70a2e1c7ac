import {
  DEFAULT_GRADATION,
  EMPTY_SUMS,
  achievementPercent,
  addSums,
  chartStepDays,
  levelIndex,
  metricValue,
  shanghaiDate,
  type GradationLevel,
  type TargetSums,
} from '@kaopei/shared';
import type { MyTarget, TargetDetail, TargetPerson, TargetRow } from '@kaopei/shared/contracts/study-target';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { notFound } from '../../core/http';
import { departmentWithDescendants } from '../notice/notice.service';
import { findDepartmentIds } from '../staff/staff.repo';
import {
  countTargetPeople,
  deleteTargetRecord,
  findTarget,
  insertTarget,
  listPersonEvents,
  listScopes,
  listTrendSteps,
  listPeopleRows,
  listDepartmentLevels,
  listTargetsOf,
  ownMemberIds,
  ownPostIds,
  periodBounds,
  saveLevels,
  searchTargetRecords,
  updateTarget,
  type PeopleQuery,
  type ScopeIds,
  type TargetRecord,
  type TargetWrite,
} from './study-target.repo';
import { byDepartmentOf, personFigures, toPersonRow, trendOf } from './study-target.figures';

const TARGET_NOT_FOUND = '学习目标不存在';

export async function requireTarget(db: Db, ctx: RequestContext, targetId: number): Promise<TargetRecord> {
  const target = await findTarget(db, ctx, targetId);
  if (!target) throw notFound(TARGET_NOT_FOUND);
  return target;
}

/** Refuses (404) any department, post or person not of the caller's organisation. */
async function requireScope(db: Db, ctx: RequestContext, scope: ScopeIds): Promise<void> {
  const unique = (ids: number[]) => [...new Set(ids)];
  const [departmentIds, postIds, userIds] = [
    unique(scope.departmentIds),
    unique(scope.postIds),
    unique(scope.userIds),
  ];
  const [ownDepartments, ownPosts, ownUsers] = await Promise.all([
    departmentIds.length === 0 ? [] : findDepartmentIds(db, ctx, departmentIds),
    ownPostIds(db, ctx, postIds),
    ownMemberIds(db, ctx, userIds),
  ]);
  if (ownDepartments.length !== departmentIds.length) throw notFound('部门不存在');
  if (ownPosts.length !== postIds.length) throw notFound('岗位不存在');
  if (ownUsers.length !== userIds.length) throw notFound('人员不存在');
}

const iso = (at: Date) => at.toISOString();

function scopeSummary(names: string[]): string {
  if (names.length <= 3) return names.join('、');
  return `${names.slice(0, 3).join('、')} 等 ${names.length} 项`;
}

async function toRows(db: Db, ctx: RequestContext, records: TargetRecord[]): Promise<TargetRow[]> {
  const ids = records.map((record) => record.id);
  const [scopes, counts] = await Promise.all([listScopes(db, ids), countTargetPeople(db, ctx, ids)]);
  return records.map((record) => ({
    targetId: record.id,
    name: record.name,
    startDate: record.startDate,
    endDate: record.endDate,
    metric: record.metric,
    targetValue: record.targetValue,
    peopleCount: counts.get(record.id) ?? 0,
    scopeSummary: scopeSummary(scopes.filter((s) => s.targetId === record.id).map((s) => s.name)),
    createdAt: iso(record.createdAt),
  }));
}

export async function targetDetail(db: Db, ctx: RequestContext, targetId: number): Promise<TargetDetail> {
  const record = await requireTarget(db, ctx, targetId);
  const [[row], scopes] = await Promise.all([toRows(db, ctx, [record]), listScopes(db, [record.id])]);
  const of = (kind: string) =>
    scopes.filter((s) => s.kind === kind).map((s) => ({ id: s.refId, name: s.name }));
  return {
    ...(row as TargetRow),
    departments: of('department'),
    posts: of('post'),
    users: of('user'),
    levels: record.levels,
  };
}

type TargetInput = Omit<TargetWrite, 'levels'> & { levels?: GradationLevel[] };

export async function addTarget(db: Db, ctx: RequestContext, input: TargetInput): Promise<TargetDetail> {
  await requireScope(db, ctx, input);
  const id = await db.transaction((tx) =>
    insertTarget(tx, ctx, { ...input, levels: input.levels ?? [...DEFAULT_GRADATION] }),
  );
  return targetDetail(db, ctx, id);
}

export async function modifyTarget(
  db: Db,
  ctx: RequestContext,
  input: TargetInput & { targetId: number },
): Promise<TargetDetail> {
  const { targetId, ...fields } = input;
  await requireTarget(db, ctx, targetId);
  await requireScope(db, ctx, fields);
  await db.transaction((tx) => updateTarget(tx, targetId, fields));
  return targetDetail(db, ctx, targetId);
}

export async function deleteTarget(db: Db, ctx: RequestContext, targetId: number) {
  await requireTarget(db, ctx, targetId);
  return { count: await deleteTargetRecord(db, ctx, targetId) };
}

export async function searchTargets(
  db: Db,
  ctx: RequestContext,
  keyword: string | undefined,
  paging: { limit: number; offset: number },
) {
  const { rows, total } = await searchTargetRecords(db, ctx, keyword, paging);
  return { rows: await toRows(db, ctx, rows), total };
}

export async function getGradation(db: Db, ctx: RequestContext, targetId: number) {
  const target = await requireTarget(db, ctx, targetId);
  return { targetId, levels: target.levels };
}

export async function saveGradation(db: Db, ctx: RequestContext, targetId: number, levels: GradationLevel[]) {
  await requireTarget(db, ctx, targetId);
  await saveLevels(db, targetId, levels);
  return { targetId, levels };
}

/** The cumulative trend: sums per chart step (no names needed) and the head count. */
export async function targetTrend(db: Db, ctx: RequestContext, targetId: number) {
  const target = await requireTarget(db, ctx, targetId);
  const step = chartStepDays(target.startDate, target.endDate);
  const [steps, counts] = await Promise.all([
    listTrendSteps(db, ctx, target, step),
    countTargetPeople(db, ctx, [target.id]),
  ]);
  return trendOf(target, counts.get(target.id) ?? 0, steps);
}

export async function targetByDepartment(db: Db, ctx: RequestContext, targetId: number) {
  const target = await requireTarget(db, ctx, targetId);
  return byDepartmentOf(target, await listDepartmentLevels(db, ctx, target));
}

export interface PeopleFilter {
  targetId: number;
  departmentId?: number | null;
  level?: number;
  keyword?: string;
}

/** The filter as the repository takes it: the department expanded to its subtree (404 if not ours). */
async function peopleQuery(db: Db, ctx: RequestContext, filter: PeopleFilter): Promise<PeopleQuery> {
  const query: PeopleQuery = { level: filter.level, keyword: filter.keyword || undefined };
  if (filter.departmentId) {
    const ids = await departmentWithDescendants(db, ctx.organizationId, [filter.departmentId]);
    if (ids.length === 0) throw notFound('部门不存在');
    query.departmentIds = ids;
  }
  return query;
}

/**
 * The people of the target matching the filter, lowest achievement first: scored, filtered and paged in
 * SQL (study-target.repo.ts), each row then shown by the TS rules. Without paging, all of them (export).
 */
export async function filteredPeople(
  db: Db,
  ctx: RequestContext,
  filter: PeopleFilter,
  paging?: { limit: number; offset: number },
): Promise<{ target: TargetRecord; rows: TargetPerson[]; total: number }> {
  const target = await requireTarget(db, ctx, filter.targetId);
  const query = await peopleQuery(db, ctx, filter);
  const { rows, total } = await listPeopleRows(db, ctx, target, query, paging);
  return { target, rows: personFigures(target, rows).map((figure) => toPersonRow(target, figure)), total };
}

export async function targetPeople(
  db: Db,
  ctx: RequestContext,
  filter: PeopleFilter,
  paging: { limit: number; offset: number },
) {
  const { rows, total } = await filteredPeople(db, ctx, filter, paging);
  return { rows, total };
}

function sumsWithin(
  events: Awaited<ReturnType<typeof listPersonEvents>>,
  startDate: string,
  endDate: string,
): TargetSums {
  return events.reduce((sums, event) => {
    const day = shanghaiDate(new Date(event.at));
    return day >= startDate && day <= endDate ? addSums(sums, event) : sums;
  }, EMPTY_SUMS);
}

/** The caller's targets with their own value and level: active first, then the latest ended. */
export async function myTargets(db: Db, ctx: RequestContext): Promise<MyTarget[]> {
  const targets = await listTargetsOf(db, ctx, ctx.userId);
  if (targets.length === 0) return [];
  const first = targets.reduce((min, t) => (t.startDate < min ? t.startDate : min), targets[0]!.startDate);
  const last = targets.reduce((max, t) => (t.endDate > max ? t.endDate : max), targets[0]!.endDate);
  const { from, until } = periodBounds(first, last);
  const events = await listPersonEvents(db, ctx, ctx.userId, from, until);
  const today = shanghaiDate(new Date());
  const rank = (t: TargetRecord) =>
    t.startDate <= today && today <= t.endDate ? 0 : t.startDate > today ? 1 : 2;
  return targets
    .sort((a, b) => rank(a) - rank(b) || b.endDate.localeCompare(a.endDate) || b.id - a.id)
    .map((target) => {
      const value = metricValue(target.metric, sumsWithin(events, target.startDate, target.endDate));
      const percent = achievementPercent(value, target.targetValue);
      const level = levelIndex(percent, target.levels);
      return {
        targetId: target.id,
        name: target.name,
        startDate: target.startDate,
        endDate: target.endDate,
        metric: target.metric,
        targetValue: target.targetValue,
        value,
        percent,
        level,
        levelName: target.levels[level]?.name ?? '',
        levels: target.levels,
      };
    });
}
