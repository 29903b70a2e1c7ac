import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import {
  abilities,
  abilityDimensions,
  attemptAbilities,
  departments,
  examAttempts,
  examCandidates,
  exams,
  paperPosts,
  paperQuestions,
  papers,
  postAbilities,
  posts,
  questionBanks,
  questions,
  users,
} from '../../db/schema';
import { measuresAbility } from '../ability/ability-measure.repo';

/** Queries of post papers, post and evaluation exams and their per-ability results; all org-scoped. */

type Org = Pick<RequestContext, 'organizationId'>;
export interface Window {
  limit: number;
  offset: number;
}

// ---------- posts and models ----------

export async function listPostOptions(db: DbOrTx, ctx: Org, filter: { keyword?: string } & Window) {
  const where = and(
    eq(posts.organizationId, ctx.organizationId),
    filter.keyword ? ilike(posts.name, containsPattern(filter.keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        postId: posts.id,
        name: posts.name,
        code: posts.code,
        abilityCount: sql<number>`(select count(*)::int from ${postAbilities} where ${postAbilities.postId} = ${posts.id})`,
        staffCount: sql<number>`(select count(*)::int from ${users} where ${users.organizationId} = ${ctx.organizationId} and ${users.postId} = ${posts.id} and ${users.status} = 0)`,
      })
      .from(posts)
      .where(where)
      .orderBy(asc(posts.sort), asc(posts.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findPost(db: DbOrTx, ctx: Org, postId: number) {
  const [post] = await db
    .select({ id: posts.id, name: posts.name })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.organizationId, ctx.organizationId)));
  return post;
}

export async function listPostNames(db: DbOrTx, ctx: Org, postIds: number[]) {
  if (postIds.length === 0) return [];
  return db
    .select({ id: posts.id, name: posts.name })
    .from(posts)
    .where(and(inArray(posts.id, postIds), eq(posts.organizationId, ctx.organizationId)));
}

/** A post's model: abilities with dimension, required level and weight (the post is the caller's). */
export function listModel(db: DbOrTx, ctx: Org, postId: number) {
  return db
    .select({
      abilityId: abilities.id,
      name: abilities.name,
      dimensionName: abilityDimensions.name,
      requiredLevel: postAbilities.requiredLevel,
      weight: postAbilities.weight,
    })
    .from(postAbilities)
    .innerJoin(abilities, eq(abilities.id, postAbilities.abilityId))
    .innerJoin(abilityDimensions, eq(abilityDimensions.id, abilities.dimensionId))
    .where(and(eq(postAbilities.postId, postId), eq(abilities.organizationId, ctx.organizationId)))
    .orderBy(asc(postAbilities.sort), desc(postAbilities.weight), asc(abilities.id));
}

/** Abilities of the organisation with these ids (names and dimensions, for results). */
export function listAbilities(db: DbOrTx, ctx: Org, abilityIds: number[]) {
  if (abilityIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      abilityId: abilities.id,
      name: abilities.name,
      dimensionName: abilityDimensions.name,
    })
    .from(abilities)
    .innerJoin(abilityDimensions, eq(abilityDimensions.id, abilities.dimensionId))
    .where(and(inArray(abilities.id, abilityIds), eq(abilities.organizationId, ctx.organizationId)))
    .orderBy(asc(abilityDimensions.sort), asc(abilities.sort), asc(abilities.id));
}

function approvedOwn(ctx: Org): SQL {
  return sql`${questions.organizationId} = ${ctx.organizationId} and ${questions.status} = 1`;
}

/** Approved questions of the organisation measuring each ability, by type: one statement. */
export async function countQuestionsByAbility(db: DbOrTx, ctx: Org, abilityIds: number[]) {
  if (abilityIds.length === 0) return [];
  const parts = abilityIds.map(
    (
      abilityId,
    ) => sql`select ${abilityId}::bigint as ability_id, ${questions.type} as type, count(*)::int as n
      from ${questions} where ${approvedOwn(ctx)} and ${measuresAbility(abilityId)} group by ${questions.type}`,
  );
  const result = await db.execute(sql.join(parts, sql` union all `));
  return rowsOf<{ ability_id: string | number; type: number | string; n: number | string }>(result).map(
    (row) => ({ abilityId: Number(row.ability_id), type: Number(row.type), count: Number(row.n) }),
  );
}

/** Approved questions of these types measuring at least one of the abilities, in id order. */
export function listPoolQuestions(db: DbOrTx, ctx: Org, abilityIds: number[], types: number[]) {
  const measuresAny = sql.join(
    abilityIds.map((abilityId) => measuresAbility(abilityId)),
    sql` or `,
  );
  return db
    .select({ id: questions.id, type: questions.type, difficulty: questions.difficulty })
    .from(questions)
    .where(and(sql`${approvedOwn(ctx)}`, inArray(questions.type, types), sql`(${measuresAny})`))
    .orderBy(asc(questions.id));
}

// ---------- post papers ----------

export async function listPostPapers(db: DbOrTx, ctx: Org, filter: { postId?: number } & Window) {
  const where = and(
    eq(papers.organizationId, ctx.organizationId),
    filter.postId ? eq(paperPosts.postId, filter.postId) : undefined,
  );
  const base = () =>
    db
      .select({
        paperId: papers.id,
        name: papers.name,
        type: papers.paperType,
        postId: posts.id,
        postName: posts.name,
        totalScore: papers.totalScore,
        questionCount: papers.questionCount,
        createdAt: papers.createdAt,
      })
      .from(paperPosts)
      .innerJoin(papers, eq(papers.id, paperPosts.paperId))
      .innerJoin(posts, eq(posts.id, paperPosts.postId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(papers.createdAt), desc(papers.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: count() })
      .from(paperPosts)
      .innerJoin(papers, eq(papers.id, paperPosts.paperId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Whether the caller's paper is linked to the post. */
export async function paperOfPost(db: DbOrTx, ctx: Org, paperId: number, postId: number): Promise<boolean> {
  const [row] = await db
    .select({ paperId: paperPosts.paperId })
    .from(paperPosts)
    .innerJoin(papers, eq(papers.id, paperPosts.paperId))
    .where(
      and(
        eq(paperPosts.paperId, paperId),
        eq(paperPosts.postId, postId),
        eq(papers.organizationId, ctx.organizationId),
      ),
    );
  return row !== undefined;
}

/** A paper that has questions, all of them in the organisation's 测评 banks. */
function evaluationPaper(category: string): SQL {
  return sql`${papers.questionCount} > 0 and not exists (
    select 1 from ${paperQuestions} pq join ${questions} q on q.id = pq.question_id
      left join ${questionBanks} b on b.id = q.bank_id
    where pq.paper_id = ${papers.id} and (b.category is distinct from ${category}))`;
}

export async function listEvaluationPapers(
  db: DbOrTx,
  ctx: Org,
  category: string,
  filter: { keyword?: string } & Window,
) {
  const where = and(
    eq(papers.organizationId, ctx.organizationId),
    filter.keyword ? ilike(papers.name, containsPattern(filter.keyword)) : undefined,
    evaluationPaper(category),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        paperId: papers.id,
        name: papers.name,
        type: papers.paperType,
        totalScore: papers.totalScore,
        questionCount: papers.questionCount,
        createdAt: papers.createdAt,
      })
      .from(papers)
      .where(where)
      .orderBy(desc(papers.createdAt), desc(papers.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(papers).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Whether the caller's paper qualifies for evaluation exams (undefined: no such paper). */
export async function findEvaluationPaper(db: DbOrTx, ctx: Org, paperId: number, category: string) {
  const [row] = await db
    .select({ id: papers.id, name: papers.name, ok: sql<boolean>`(${evaluationPaper(category)})` })
    .from(papers)
    .where(and(eq(papers.id, paperId), eq(papers.organizationId, ctx.organizationId)));
  return row;
}

// ---------- post and evaluation exams ----------

/** Active staff of the post. */
export async function listPostStaffIds(db: DbOrTx, ctx: Org, postId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, ctx.organizationId), eq(users.postId, postId), eq(users.status, 0)));
  return rows.map((row) => row.id);
}

export async function setExamPurpose(
  db: DbOrTx,
  ctx: Org,
  examId: number,
  purpose: 'post' | 'evaluation',
  postId: number | null,
): Promise<void> {
  await db
    .update(exams)
    .set({ purpose, postId })
    .where(and(eq(exams.id, examId), eq(exams.organizationId, ctx.organizationId)));
}

export async function setExamAudienceUsers(db: DbOrTx, ctx: Org, examId: number, userIds: number[]) {
  await db
    .update(exams)
    .set({
      audience: sql`jsonb_set(coalesce(${exams.audience}, '{}'::jsonb), '{userIds}', ${JSON.stringify(userIds)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(and(eq(exams.id, examId), eq(exams.organizationId, ctx.organizationId)));
}

export async function findPurposeExam(db: DbOrTx, ctx: Org, examId: number) {
  const [exam] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.id, examId), eq(exams.organizationId, ctx.organizationId)));
  return exam;
}

export async function searchPurposeExams(
  db: DbOrTx,
  ctx: Org,
  purpose: 'post' | 'evaluation',
  filter: { postId?: number; keyword?: string } & Window,
) {
  const where = and(
    eq(exams.organizationId, ctx.organizationId),
    eq(exams.purpose, purpose),
    filter.postId ? eq(exams.postId, filter.postId) : undefined,
    filter.keyword ? ilike(exams.name, containsPattern(filter.keyword)) : undefined,
  );
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(exams)
      .where(where)
      .orderBy(desc(exams.createdAt), desc(exams.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(exams).where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

/** Attempts with a per-ability result, per exam. */
export async function countMeasured(db: DbOrTx, examIds: number[]) {
  if (examIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({
      examId: attemptAbilities.examId,
      n: sql<number>`count(distinct ${attemptAbilities.attemptId})::int`,
    })
    .from(attemptAbilities)
    .where(inArray(attemptAbilities.examId, examIds))
    .groupBy(attemptAbilities.examId);
  return new Map(rows.map((row) => [row.examId, Number(row.n)]));
}

// ---------- results ----------

/**
 * The exam's candidates (optionally of some departments) with their latest attempt — graded first —
 * one page, and how many there are.
 */
export async function listCandidateAttempts(
  db: DbOrTx,
  ctx: Org,
  examId: number,
  filter: { departmentIds?: number[] } & Window,
) {
  const where = and(
    eq(examCandidates.examId, examId),
    eq(examCandidates.organizationId, ctx.organizationId),
    filter.departmentIds ? inArray(users.departmentId, filter.departmentIds) : undefined,
  );
  const latest = sql`(select a.id from ${examAttempts} a where a.exam_id = ${examId}::bigint
      and a.user_id = ${examCandidates.userId} order by (a.status = 2) desc, a.started_at desc limit 1)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        realName: users.realName,
        account: users.account,
        departmentName: departments.name,
        attemptId: sql<number | null>`${latest}`,
      })
      .from(examCandidates)
      .innerJoin(users, eq(users.id, examCandidates.userId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(where)
      // Those who sat it first, then by name.
      .orderBy(sql`${latest} is null`, asc(users.realName), asc(users.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: count() })
      .from(examCandidates)
      .innerJoin(users, eq(users.id, examCandidates.userId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export function listAttempts(db: DbOrTx, attemptIds: number[]) {
  if (attemptIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: examAttempts.id,
      status: examAttempts.status,
      score: examAttempts.score,
      totalPoints: examAttempts.totalPoints,
      passed: examAttempts.passed,
    })
    .from(examAttempts)
    .where(inArray(examAttempts.id, attemptIds));
}

export function listAttemptAbilities(db: DbOrTx, ctx: Org, attemptIds: number[]) {
  if (attemptIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      attemptId: attemptAbilities.attemptId,
      abilityId: attemptAbilities.abilityId,
      score: attemptAbilities.score,
      maxScore: attemptAbilities.maxScore,
      level: attemptAbilities.level,
    })
    .from(attemptAbilities)
    .where(
      and(
        inArray(attemptAbilities.attemptId, attemptIds),
        eq(attemptAbilities.organizationId, ctx.organizationId),
      ),
    );
}

/**
 * Per-ability figures over every candidate's latest graded attempt (optionally of some departments):
 * average rate and level, how many reached `required` (ability id → level).
 */
export async function abilityAverages(
  db: DbOrTx,
  ctx: Org,
  examId: number,
  departmentIds: number[] | undefined,
) {
  const result = await db.execute(sql`
    with latest as (
      select distinct on (a.user_id) a.id
      from ${examAttempts} a join ${users} u on u.id = a.user_id
      where a.exam_id = ${examId}::bigint and a.organization_id = ${ctx.organizationId}::bigint and a.status = 2
        ${
          departmentIds
            ? sql`and u.department_id in (${sql.join(
                departmentIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }
      order by a.user_id, a.started_at desc
    )
    select aa.ability_id, count(*)::int as n,
      avg(case when aa.max_score > 0 then aa.score * 100.0 / aa.max_score else 0 end)::float as rate,
      avg(aa.level)::float as level
    from ${attemptAbilities} aa join latest on latest.id = aa.attempt_id
    group by aa.ability_id`);
  return rowsOf<{
    ability_id: string | number;
    n: number | string;
    rate: number | string;
    level: number | string;
  }>(result).map((row) => ({
    abilityId: Number(row.ability_id),
    count: Number(row.n),
    rate: Number(row.rate),
    level: Number(row.level),
  }));
}

/** How many latest graded attempts reached each required level. */
export async function countMet(
  db: DbOrTx,
  ctx: Org,
  examId: number,
  departmentIds: number[] | undefined,
  required: Map<number, number>,
): Promise<Map<number, number>> {
  if (required.size === 0) return new Map();
  const pairs = sql.join(
    [...required.entries()].map(([abilityId, level]) => sql`(${abilityId}::bigint, ${level}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with latest as (
      select distinct on (a.user_id) a.id
      from ${examAttempts} a join ${users} u on u.id = a.user_id
      where a.exam_id = ${examId}::bigint and a.organization_id = ${ctx.organizationId}::bigint and a.status = 2
        ${
          departmentIds
            ? sql`and u.department_id in (${sql.join(
                departmentIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }
      order by a.user_id, a.started_at desc
    ), req(ability_id, level) as (values ${pairs})
    select aa.ability_id, count(*)::int as n
    from ${attemptAbilities} aa join latest on latest.id = aa.attempt_id
      join req on req.ability_id = aa.ability_id and aa.level >= req.level
    group by aa.ability_id`);
  return new Map(
    rowsOf<{ ability_id: string | number; n: number | string }>(result).map((row) => [
      Number(row.ability_id),
      Number(row.n),
    ]),
  );
}

/** Abilities measured in the exam (for evaluation exams, whose abilities come from their results). */
export async function listMeasuredAbilityIds(db: DbOrTx, ctx: Org, examId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ abilityId: attemptAbilities.abilityId })
    .from(attemptAbilities)
    .where(and(eq(attemptAbilities.examId, examId), eq(attemptAbilities.organizationId, ctx.organizationId)));
  return rows.map((row) => row.abilityId);
}
