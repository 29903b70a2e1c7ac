import type { LimitOffset } from '@kaopei/shared';
import {
  PRACTICE_POOL_MAX,
  PRACTICE_STATUS_CODES,
  type PracticeDetail,
  type PracticeRow,
  type PracticeStatus,
  type SourceOptions,
} from '@kaopei/shared/contracts/practice';
import type { BodyOut } from '@kaopei/shared/contracts/common';
import type { practiceContracts } from '@kaopei/shared/contracts/practice';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, notFound } from '../../core/http';
import {
  foreignSources,
  poolQuestionIds,
  poolSize,
  sourcesOf,
  type PracticeSource,
} from './practice-pool.repo';
import {
  closeReleased,
  deletePracticeRow,
  findPractice,
  insertPractice,
  pagePractices,
  practiceStats,
  releaseWithPool,
  sourceOptionRows,
  storedSources,
  updateDraft,
  type PracticeRecord,
  type PracticeStats,
} from './practice.repo';
import { percent, statusOf } from './practice-rules';
import { knowledgeStats, questionStats } from './practice-stats.repo';

type Ctx = Pick<RequestContext, 'organizationId' | 'userId'>;

export const PRACTICE_NOT_FOUND = '练习不存在';
const ms = (value: Date | null) => (value === null ? null : value.getTime());

/** The caller's organisation's practice set, or 404 (another organisation's ids are not found). */
export async function requirePractice(db: DbOrTx, ctx: Ctx, practiceId: number): Promise<PracticeRecord> {
  const row = await findPractice(db, ctx.organizationId, practiceId);
  if (!row) throw notFound(PRACTICE_NOT_FOUND);
  return row;
}

function uniqueSources(sources: readonly PracticeSource[]): PracticeSource[] {
  const seen = new Map(sources.map((source) => [`${source.kind}:${source.refId}`, source]));
  return [...seen.values()];
}

async function checkSources(db: DbOrTx, ctx: Ctx, sources: readonly PracticeSource[]) {
  const foreign = await foreignSources(db, ctx.organizationId, sources);
  if (foreign.length > 0) throw badRequest('题目来源不存在或不属于本组织', 'sources');
}

export async function addPractice(db: DbOrTx, ctx: Ctx, input: BodyOut<typeof practiceContracts.add>) {
  const sources = uniqueSources(input.sources);
  await checkSources(db, ctx, sources);
  const practiceId = await insertPractice(
    db,
    {
      organizationId: ctx.organizationId,
      name: input.name,
      description: input.description ?? null,
      roundSize: input.roundSize,
      createdBy: ctx.userId,
    },
    sources,
  );
  return { practiceId };
}

export async function modifyPractice(db: DbOrTx, ctx: Ctx, input: BodyOut<typeof practiceContracts.modify>) {
  const found = await requirePractice(db, ctx, input.practiceId);
  if (found.status !== PRACTICE_STATUS_CODES.draft) throw badRequest('练习已发布，不能再修改');
  const sources = input.sources ? uniqueSources(input.sources) : undefined;
  if (sources) await checkSources(db, ctx, sources);
  await updateDraft(
    db,
    ctx.organizationId,
    found.id,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.roundSize !== undefined ? { roundSize: input.roundSize } : {}),
    },
    sources,
  );
  return null;
}

export async function deletePractice(db: DbOrTx, ctx: Ctx, practiceId: number) {
  const found = await requirePractice(db, ctx, practiceId);
  await deletePracticeRow(db, ctx.organizationId, found.id);
  return null;
}

/** Release: fixes the pool (approved auto-graded questions of the sources now); an empty pool is refused. */
export async function releasePractice(db: DbOrTx, ctx: Ctx, practiceId: number) {
  const found = await requirePractice(db, ctx, practiceId);
  if (found.status !== PRACTICE_STATUS_CODES.draft)
    throw badRequest(
      found.status === PRACTICE_STATUS_CODES.released ? '练习已发布' : '练习已关闭，不能再发布',
    );
  const sources = await storedSources(db, found.id);
  const ids = await poolQuestionIds(db, ctx.organizationId, sources, PRACTICE_POOL_MAX);
  if (ids.length === 0)
    throw badRequest(
      '题目来源中没有已审核通过的判断题、单选题或多选题，不能发布：请先添加或审核试题',
      'sources',
    );
  await releaseWithPool(db, found.id, ids);
  return { questionCount: ids.length };
}

export async function closePractice(db: DbOrTx, ctx: Ctx, practiceId: number) {
  const found = await requirePractice(db, ctx, practiceId);
  if (found.status !== PRACTICE_STATUS_CODES.released)
    throw badRequest(
      found.status === PRACTICE_STATUS_CODES.closed ? '练习已关闭' : '草稿练习不能关闭，可直接删除',
    );
  await closeReleased(db, found.id);
  return null;
}

function rowOf(
  record: PracticeRecord,
  stats: PracticeStats | undefined,
  sources: PracticeRow['sources'],
): PracticeRow {
  return {
    practiceId: record.id,
    name: record.name,
    status: statusOf(record.status),
    roundSize: record.roundSize,
    questionCount: Number(stats?.question_count ?? 0),
    sources,
    participants: Number(stats?.participants ?? 0),
    rounds: Number(stats?.rounds ?? 0),
    accuracy: percent(Number(stats?.right_answers ?? 0), Number(stats?.answers ?? 0)),
    createdAt: record.createdAt.getTime(),
    releasedAt: ms(record.releasedAt),
  };
}

export async function listPractices(
  db: DbOrTx,
  ctx: Ctx,
  filter: { keyword?: string; status?: PracticeStatus },
  page: LimitOffset,
): Promise<{ rows: PracticeRow[]; total: number }> {
  const { records, total } = await pagePractices(db, ctx.organizationId, filter, page);
  const ids = records.map((record) => record.id);
  const [stats, sources] = await Promise.all([
    practiceStats(db, ids),
    sourcesOf(db, ctx.organizationId, ids),
  ]);
  return {
    rows: records.map((record) => rowOf(record, stats.get(record.id), sources.get(record.id) ?? [])),
    total,
  };
}

export async function practiceDetail(db: DbOrTx, ctx: Ctx, practiceId: number): Promise<PracticeDetail> {
  const record = await requirePractice(db, ctx, practiceId);
  const [stats, sources] = await Promise.all([
    practiceStats(db, [record.id]),
    sourcesOf(db, ctx.organizationId, [record.id]),
  ]);
  const own = stats.get(record.id);
  const row = rowOf(record, own, sources.get(record.id) ?? []);
  // A draft has no pool yet: show what releasing now would fix.
  if (record.status === PRACTICE_STATUS_CODES.draft)
    row.questionCount = Math.min(
      PRACTICE_POOL_MAX,
      await poolSize(db, ctx.organizationId, await storedSources(db, record.id)),
    );
  return {
    ...row,
    description: record.description,
    finishedRounds: Number(own?.finished ?? 0),
    answers: Number(own?.answers ?? 0),
    closedAt: ms(record.closedAt),
  };
}

export function sourceOptions(db: DbOrTx, ctx: Ctx): Promise<SourceOptions> {
  return sourceOptionRows(db, ctx.organizationId);
}

export async function practiceQuestionStats(db: DbOrTx, ctx: Ctx, practiceId: number, page: LimitOffset) {
  return questionStats(db, ctx, await requirePractice(db, ctx, practiceId), page);
}

export async function practiceKnowledgeStats(db: DbOrTx, ctx: Ctx, practiceId: number) {
  return knowledgeStats(db, ctx, await requirePractice(db, ctx, practiceId));
}
