import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  abilities,
  interviewCodeRuns,
  interviewInterviewers,
  interviewScorecards,
  interviews,
  postAbilities,
  posts,
  users,
} from '../../db/schema';
import { scoped, type RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';

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
  const like = filter.keyword ? containsPattern(filter.keyword) : undefined;
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
    .orderBy(order === 'newest' ? desc(interviews.startAt) : asc(interviews.startAt), desc(interviews.id))
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
      scoped(
        users.organizationId,
        ctx,
        inArray(users.id, [...ids]),
        eq(users.kind, 'member'),
        eq(users.status, 0),
      ),
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
export async function scorecardRecords(
  db: DbOrTx,
  ctx: OrgScope,
  by: { interviewId?: number; applicantId?: number },
) {
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

/** Scheduled (not cancelled) interviews of the organisation starting in [from, to). */
export async function countInterviewsBetween(db: DbOrTx, organizationId: number, from: Date, to: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(interviews)
    .where(
      and(
        eq(interviews.organizationId, organizationId),
        gte(interviews.startAt, from),
        lt(interviews.startAt, to),
        ne(interviews.status, 'cancelled'),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The scorecards of interviews held with these applicants, with the interviewer's name. */
export async function scorecardsOfApplicants(db: DbOrTx, organizationId: number, applicantIds: number[]) {
  return db
    .select({
      card: interviewScorecards,
      interviewerName: users.realName,
      applicantId: interviews.applicantId,
    })
    .from(interviewScorecards)
    .innerJoin(users, eq(users.id, interviewScorecards.interviewerId))
    .innerJoin(interviews, eq(interviews.id, interviewScorecards.interviewId))
    .where(and(eq(interviews.organizationId, organizationId), inArray(interviews.applicantId, applicantIds)))
    .orderBy(asc(interviews.startAt), asc(interviewScorecards.id));
}

export type ScorecardRecord = typeof interviewScorecards.$inferSelect;
export type CodeRunRecord = typeof interviewCodeRuns.$inferSelect;
export type { InterviewAbilityScore } from '../../db/schema';
export type InterviewValues = Pick<
  typeof interviews.$inferInsert,
  | 'title'
  | 'applicantName'
  | 'applicantPhone'
  | 'applicantEmail'
  | 'applicantId'
  | 'postId'
  | 'startAt'
  | 'endAt'
  | 'recordingEnabled'
>;

export async function insertInterview(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId' | 'userId'>,
  values: InterviewValues & { inviteNonce: string },
): Promise<number> {
  const [row] = await db
    .insert(interviews)
    .values({ ...values, organizationId: ctx.organizationId, createdBy: ctx.userId })
    .returning({ id: interviews.id });
  if (!row) throw new Error('interview insert failed');
  return row.id;
}

export async function updateInterview(
  db: DbOrTx,
  ctx: OrgScope,
  id: number,
  values: Partial<InterviewValues> & { status?: string },
): Promise<void> {
  await db
    .update(interviews)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(interviews.id, id), eq(interviews.organizationId, ctx.organizationId)));
}

export async function upsertScorecard(
  db: DbOrTx,
  values: Pick<
    typeof interviewScorecards.$inferInsert,
    'organizationId' | 'interviewId' | 'interviewerId' | 'scores' | 'comment' | 'recommendation'
  >,
): Promise<ScorecardRecord> {
  const { scores, comment, recommendation } = values;
  const [card] = await db
    .insert(interviewScorecards)
    .values(values)
    .onConflictDoUpdate({
      target: [interviewScorecards.interviewId, interviewScorecards.interviewerId],
      set: { scores, comment, recommendation, updatedAt: new Date() },
    })
    .returning();
  if (!card) throw new Error('scorecard upsert failed');
  return card;
}

// ---------------------------------------------------------------------------------------------------------
// The room
// ---------------------------------------------------------------------------------------------------------

export async function findUserBrief(db: DbOrTx, id: number) {
  const [user] = await db
    .select({ name: users.realName, status: users.status, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, id));
  return user;
}

/** Records the consent once (the first time counts); returns when it was given. */
export async function recordConsent(db: DbOrTx, interviewId: number): Promise<Date> {
  await db
    .update(interviews)
    .set({ consentAt: new Date() })
    .where(and(eq(interviews.id, interviewId), isNull(interviews.consentAt)));
  const [row] = await db
    .select({ consentAt: interviews.consentAt })
    .from(interviews)
    .where(eq(interviews.id, interviewId));
  return row?.consentAt ?? new Date();
}

export async function setRecording(
  db: DbOrTx,
  interviewId: number,
  file: { key: string; mime: string; size: number },
): Promise<void> {
  await db
    .update(interviews)
    .set({
      recordingKey: file.key,
      recordingMime: file.mime,
      recordingSize: file.size,
      recordedAt: new Date(),
    })
    .where(eq(interviews.id, interviewId));
}

export async function insertCodeRun(
  db: DbOrTx,
  values: Pick<
    typeof interviewCodeRuns.$inferInsert,
    'organizationId' | 'interviewId' | 'language' | 'code' | 'stdin'
  >,
): Promise<number> {
  const [row] = await db.insert(interviewCodeRuns).values(values).returning({ id: interviewCodeRuns.id });
  if (!row) throw new Error('code run insert failed');
  return row.id;
}

export async function findCodeRun(db: DbOrTx, interviewId: number, id: number) {
  const [run] = await db
    .select()
    .from(interviewCodeRuns)
    .where(and(eq(interviewCodeRuns.id, id), eq(interviewCodeRuns.interviewId, interviewId)));
  return run;
}

/** Claims a queued run (a second try of a finished run gets nothing). */
export async function claimCodeRun(db: DbOrTx, id: number) {
  const [run] = await db
    .update(interviewCodeRuns)
    .set({ status: 1 })
    .where(and(eq(interviewCodeRuns.id, id), eq(interviewCodeRuns.status, 0)))
    .returning();
  return run;
}

export async function finishCodeRun(
  db: DbOrTx,
  id: number,
  values: { status: number; verdict: string | null; result: Record<string, unknown> },
) {
  const [run] = await db
    .update(interviewCodeRuns)
    .set({ ...values, finishedAt: new Date() })
    .where(eq(interviewCodeRuns.id, id))
    .returning();
  return run;
}
