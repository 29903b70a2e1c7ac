import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  abilities,
  interviewInterviewers,
  interviewScorecards,
  interviews,
  postAbilities,
  posts,
  users,
} from '../../db/schema';
import { scoped, type RequestContext } from '../../core/context';

type OrgScope = Pick<RequestContext, 'organizationId'>;
export type InterviewRecord = typeof interviews.$inferSelect;

export interface InterviewFilter {
  keyword?: string;
  status?: 'scheduled' | 'cancelled';
  from?: number;
  to?: number;
  /** Only interviews this user interviews in. */
  interviewerId?: number;
}

function filterOf(ctx: OrgScope, filter: InterviewFilter): SQL {
  const like = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  return scoped(
    interviews.organizationId,
    ctx,
    filter.status ? eq(interviews.status, filter.status) : undefined,
    filter.from !== undefined ? gte(interviews.startAt, new Date(filter.from)) : undefined,
    filter.to !== undefined ? lte(interviews.startAt, new Date(filter.to)) : undefined,
    like ? or(ilike(interviews.title, like), ilike(interviews.applicantName, like)) : undefined,
    filter.interviewerId !== undefined
      ? sql`exists (select 1 from ${interviewInterviewers} ii where ii.interview_id = ${interviews.id} and ii.user_id = ${filter.interviewerId})`
      : undefined,
  );
}

/** A page of interviews with the post's name and the scorecard count (one query), newest start first. */
export async function listInterviewRecords(
  db: Db,
  ctx: OrgScope,
  filter: InterviewFilter,
  page: { limit: number; offset: number },
  order: 'newest' | 'soonest' = 'newest',
) {
  const where = filterOf(ctx, filter);
  const rows = await db
    .select({
      interview: interviews,
      postName: posts.name,
      scorecardCount: sql<number>`(select count(*)::int from ${interviewScorecards} s where s.interview_id = ${interviews.id})`,
    })
    .from(interviews)
    .leftJoin(posts, eq(posts.id, interviews.postId))
    .where(where)
    .orderBy(
      order === 'newest' ? desc(interviews.startAt) : asc(interviews.startAt),
      desc(interviews.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(interviews).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The interviewers of several interviews (one query). */
export async function interviewersOf(db: DbOrTx, interviewIds: readonly number[]) {
  if (interviewIds.length === 0) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .select({ interviewId: interviewInterviewers.interviewId, id: users.id, name: users.realName })
    .from(interviewInterviewers)
    .innerJoin(users, eq(users.id, interviewInterviewers.userId))
    .where(inArray(interviewInterviewers.interviewId, [...interviewIds]))
    .orderBy(asc(users.id));
  const byInterview = new Map<number, { id: number; name: string }[]>();
  for (const row of rows) {
    const list = byInterview.get(row.interviewId) ?? [];
    list.push({ id: row.id, name: row.name });
    byInterview.set(row.interviewId, list);
  }
  return byInterview;
}

export async function findInterviewRecord(db: DbOrTx, ctx: OrgScope, id: number) {
  const [row] = await db
    .select()
    .from(interviews)
    .where(scoped(interviews.organizationId, ctx, eq(interviews.id, id)));
  return row;
}

/** By id alone: the room's tickets carry their organisation, checked by the caller. */
export async function findInterviewById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(interviews).where(eq(interviews.id, id));
  return row;
}

export async function isInterviewer(db: DbOrTx, interviewId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: interviewInterviewers.userId })
    .from(interviewInterviewers)
    .where(and(eq(interviewInterviewers.interviewId, interviewId), eq(interviewInterviewers.userId, userId)));
  return !!row;
}

/** Which of `ids` are active members of the organisation. */
export async function ownMemberIds(db: DbOrTx, ctx: OrgScope, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      scoped(users.organizationId, ctx, inArray(users.id, [...ids]), eq(users.kind, 'member'), eq(users.status, 0)),
    );
  return new Set(rows.map((r) => r.id));
}

export async function ownPost(db: DbOrTx, ctx: OrgScope, id: number) {
  const [row] = await db
    .select({ id: posts.id, name: posts.name })
    .from(posts)
    .where(scoped(posts.organizationId, ctx, eq(posts.id, id)));
  return row;
}

/** The post's ability model in its order. */
export async function postModel(db: DbOrTx, postId: number) {
  return db
    .select({
      abilityId: postAbilities.abilityId,
      name: abilities.name,
      requiredLevel: postAbilities.requiredLevel,
      weight: postAbilities.weight,
    })
    .from(postAbilities)
    .innerJoin(abilities, eq(abilities.id, postAbilities.abilityId))
    .where(eq(postAbilities.postId, postId))
    .orderBy(asc(postAbilities.sort), asc(abilities.id));
}

export async function replaceInterviewers(
  db: DbOrTx,
  ctx: OrgScope,
  interviewId: number,
  userIds: readonly number[],
): Promise<void> {
  await db.delete(interviewInterviewers).where(eq(interviewInterviewers.interviewId, interviewId));
  if (userIds.length > 0)
    await db
      .insert(interviewInterviewers)
      .values(userIds.map((userId) => ({ interviewId, userId, organizationId: ctx.organizationId })));
}

/** Scorecards with their interviewers' names, by interview or by applicant. */
export async function scorecardRecords(db: DbOrTx, ctx: OrgScope, by: { interviewId?: number; applicantId?: number }) {
  return db
    .select({ card: interviewScorecards, interviewerName: users.realName })
    .from(interviewScorecards)
    .innerJoin(users, eq(users.id, interviewScorecards.interviewerId))
    .innerJoin(interviews, eq(interviews.id, interviewScorecards.interviewId))
    .where(
      scoped(
        interviewScorecards.organizationId,
        ctx,
        by.interviewId !== undefined ? eq(interviewScorecards.interviewId, by.interviewId) : undefined,
        by.applicantId !== undefined ? eq(interviews.applicantId, by.applicantId) : undefined,
      ),
    )
    .orderBy(asc(interviews.startAt), asc(interviewScorecards.id));
}
