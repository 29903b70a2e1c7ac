import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { LimitOffset } from '@kaopei/shared';
import {
  PRACTICE_STATUS_CODES,
  type PracticeStatus,
  type SourceOptions,
} from '@kaopei/shared/contracts/practice';
import { rowsOf, type DbOrTx } from '../../db/client';
import {
  abilities,
  knowledgeNodes,
  practiceQuestions,
  practices,
  practiceSources,
  questionBanks,
} from '../../db/schema';
import { containsPattern } from '../../core/db-errors';
import type { PracticeSource } from './practice-pool.repo';

export type PracticeRecord = typeof practices.$inferSelect;
const OPTIONS_MAX = 2000;

/** The organisation's practice set (another organisation's id finds nothing). */
export async function findPractice(
  db: DbOrTx,
  organizationId: number,
  practiceId: number,
): Promise<PracticeRecord | undefined> {
  const [row] = await db
    .select()
    .from(practices)
    .where(and(eq(practices.id, practiceId), eq(practices.organizationId, organizationId)));
  return row;
}

export async function insertPractice(
  db: DbOrTx,
  values: typeof practices.$inferInsert,
  sources: readonly PracticeSource[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(practices).values(values).returning({ id: practices.id });
    const practiceId = row!.id;
    await tx.insert(practiceSources).values(sources.map((source) => ({ practiceId, ...source })));
    return practiceId;
  });
}

/** Changes a draft (only while it is one); `sources` replaces its sources. */
export async function updateDraft(
  db: DbOrTx,
  organizationId: number,
  practiceId: number,
  values: Partial<Pick<PracticeRecord, 'name' | 'description' | 'roundSize'>>,
  sources: readonly PracticeSource[] | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(practices)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(
          eq(practices.id, practiceId),
          eq(practices.organizationId, organizationId),
          eq(practices.status, PRACTICE_STATUS_CODES.draft),
        ),
      )
      .returning({ id: practices.id });
    if (changed.length === 0 || !sources) return;
    await tx.delete(practiceSources).where(eq(practiceSources.practiceId, practiceId));
    await tx.insert(practiceSources).values(sources.map((source) => ({ practiceId, ...source })));
  });
}

export async function deletePracticeRow(db: DbOrTx, organizationId: number, practiceId: number) {
  await db
    .delete(practices)
    .where(and(eq(practices.id, practiceId), eq(practices.organizationId, organizationId)));
}

export async function storedSources(db: DbOrTx, practiceId: number): Promise<PracticeSource[]> {
  return db
    .select({ kind: practiceSources.kind, refId: practiceSources.refId })
    .from(practiceSources)
    .where(eq(practiceSources.practiceId, practiceId)) as Promise<PracticeSource[]>;
}

/** Fixes the pool of a draft and releases it. */
export async function releaseWithPool(db: DbOrTx, practiceId: number, questionIds: readonly number[]) {
  await db.transaction(async (tx) => {
    await tx.delete(practiceQuestions).where(eq(practiceQuestions.practiceId, practiceId));
    await tx
      .insert(practiceQuestions)
      .values(questionIds.map((questionId, sort) => ({ practiceId, questionId, sort })));
    await tx
      .update(practices)
      .set({ status: PRACTICE_STATUS_CODES.released, releasedAt: new Date(), updatedAt: new Date() })
      .where(eq(practices.id, practiceId));
  });
}

export async function closeReleased(db: DbOrTx, practiceId: number) {
  await db
    .update(practices)
    .set({ status: PRACTICE_STATUS_CODES.closed, closedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(practices.id, practiceId), eq(practices.status, PRACTICE_STATUS_CODES.released)));
}

export interface PracticeStats {
  id: string | number;
  question_count: number;
  participants: number;
  rounds: number;
  finished: number;
  answers: number;
  right_answers: number;
}

/** Pool size, participants, rounds and answers of `practiceIds` (one query). */
export async function practiceStats(
  db: DbOrTx,
  practiceIds: readonly number[],
): Promise<Map<number, PracticeStats>> {
  if (practiceIds.length === 0) return new Map();
  const ids = sql.join(
    practiceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select p.id,
      (select count(*)::int from practice_questions pq where pq.practice_id = p.id) as question_count,
      (select count(distinct r.user_id)::int from practice_rounds r where r.practice_id = p.id) as participants,
      (select count(*)::int from practice_rounds r where r.practice_id = p.id) as rounds,
      (select count(r.finished_at)::int from practice_rounds r where r.practice_id = p.id) as finished,
      (select count(*)::int from practice_answers a where a.practice_id = p.id) as answers,
      (select coalesce(sum(a.correct), 0)::int from practice_answers a where a.practice_id = p.id) as right_answers
    from practices p where p.id in (${ids})`);
  return new Map(rowsOf<PracticeStats>(result).map((row) => [Number(row.id), row]));
}

/** A page of the organisation's sets, newest first. */
export async function pagePractices(
  db: DbOrTx,
  organizationId: number,
  filter: { keyword?: string; status?: PracticeStatus },
  page: LimitOffset,
): Promise<{ records: PracticeRecord[]; total: number }> {
  const conditions: SQL[] = [eq(practices.organizationId, organizationId)];
  if (filter.status) conditions.push(eq(practices.status, PRACTICE_STATUS_CODES[filter.status]));
  if (filter.keyword) conditions.push(ilike(practices.name, containsPattern(filter.keyword)));
  const where = and(...conditions);
  const [records, [count]] = await Promise.all([
    db
      .select()
      .from(practices)
      .where(where)
      .orderBy(desc(practices.createdAt), desc(practices.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(practices)
      .where(where),
  ]);
  return { records, total: Number(count?.n ?? 0) };
}

/** The organisation's banks, knowledge points and abilities a set may draw from. */
export async function sourceOptionRows(db: DbOrTx, organizationId: number): Promise<SourceOptions> {
  const [banks, knowledge, abilityRows] = await Promise.all([
    db
      .select({ id: questionBanks.id, name: questionBanks.name })
      .from(questionBanks)
      .where(eq(questionBanks.organizationId, organizationId))
      .orderBy(questionBanks.id)
      .limit(OPTIONS_MAX),
    db
      .select({ id: knowledgeNodes.id, name: knowledgeNodes.name })
      .from(knowledgeNodes)
      .where(eq(knowledgeNodes.organizationId, organizationId))
      .orderBy(knowledgeNodes.sort, knowledgeNodes.id)
      .limit(OPTIONS_MAX),
    db
      .select({ id: abilities.id, name: abilities.name })
      .from(abilities)
      .where(eq(abilities.organizationId, organizationId))
      .orderBy(abilities.id)
      .limit(OPTIONS_MAX),
  ]);
  return { banks, knowledge, abilities: abilityRows };
}
