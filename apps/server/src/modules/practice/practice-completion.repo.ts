import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/** A learner has practised a set: their first finished round of it (issue 18). */
export interface PracticeCompletion {
  practiceId: number;
  userId: number;
  completedAt: Date;
}

/**
 * Who has practised which of `practiceIds` (of `organizationId`): a practice set counts as done for a
 * learner once they have finished one round of it (every drawn question answered). `since` counts only
 * rounds finished after it (a study task cleared at that time); `userIds` limits the answer to them.
 * This is the one definition study tasks and targets use.
 */
export async function practiceCompletions(
  db: DbOrTx,
  organizationId: number,
  practiceIds: readonly number[],
  options: { userIds?: readonly number[]; since?: Date } = {},
): Promise<PracticeCompletion[]> {
  if (practiceIds.length === 0 || (options.userIds && options.userIds.length === 0)) return [];
  const ids = `{${practiceIds.map((id) => Math.trunc(id)).join(',')}}`;
  const users = options.userIds
    ? sql`and user_id = any(${`{${options.userIds.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`
    : sql``;
  const since = options.since ? sql`and finished_at > ${options.since.toISOString()}::timestamptz` : sql``;
  const result = await db.execute(sql`
    select practice_id as "practiceId", user_id as "userId", min(finished_at) as "completedAt"
    from practice_rounds
    where organization_id = ${organizationId}::bigint and practice_id = any(${ids}::bigint[])
      and finished_at is not null ${users} ${since}
    group by practice_id, user_id`);
  return rowsOf<{ practiceId: string | number; userId: string | number; completedAt: string | Date }>(
    result,
  ).map((r) => ({
    practiceId: Number(r.practiceId),
    userId: Number(r.userId),
    completedAt: new Date(r.completedAt),
  }));
}
