import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import {
  abilities,
  abilityDimensions,
  departments,
  examAttempts,
  exams,
  postAbilities,
  posts,
  staffAbilities,
  users,
} from '../../db/schema';
import { STAFF_ACTIVE } from '../staff/staff.rules';
import { livingMember } from '../staff/staff.repo';
import { containsPattern } from '../../core/db-errors';

type OrgScope = Pick<RequestContext, 'organizationId'>;

/** A living member of the organisation with department and post names. */
export async function findPerson(db: DbOrTx, ctx: OrgScope, userId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      realName: users.realName,
      jobNumber: users.jobNumber,
      departmentName: departments.name,
      postId: posts.id,
      postName: posts.name,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(posts, and(eq(posts.id, users.postId), eq(posts.organizationId, ctx.organizationId)))
    .where(and(eq(users.id, userId), eq(users.organizationId, ctx.organizationId), livingMember()));
  return row;
}

export async function findAbility(db: DbOrTx, ctx: OrgScope, abilityId: number) {
  const [row] = await db
    .select({ id: abilities.id })
    .from(abilities)
    .where(and(eq(abilities.id, abilityId), eq(abilities.organizationId, ctx.organizationId)));
  return row;
}

export async function findPost(db: DbOrTx, ctx: OrgScope, postId: number) {
  const [row] = await db
    .select({ id: posts.id, name: posts.name })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.organizationId, ctx.organizationId)));
  return row;
}

/** A post's model (the post already found in the organisation) with ability names and anchors. */
export function listPostModel(db: DbOrTx, postId: number) {
  return db
    .select({
      abilityId: postAbilities.abilityId,
      requiredLevel: postAbilities.requiredLevel,
      weight: postAbilities.weight,
      name: abilities.name,
      dimensionName: abilityDimensions.name,
      anchors: abilities.levels,
    })
    .from(postAbilities)
    .innerJoin(abilities, eq(abilities.id, postAbilities.abilityId))
    .innerJoin(abilityDimensions, eq(abilityDimensions.id, abilities.dimensionId))
    .where(eq(postAbilities.postId, postId))
    .orderBy(asc(postAbilities.sort), asc(postAbilities.abilityId));
}

/** The current profile row of a person's ability (locked for the rating upsert when in a transaction). */
export async function findStaffAbility(db: DbOrTx, ctx: OrgScope, userId: number, abilityId: number) {
  const [row] = await db
    .select({ examLevel: staffAbilities.examLevel })
    .from(staffAbilities)
    .where(
      and(
        eq(staffAbilities.organizationId, ctx.organizationId),
        eq(staffAbilities.userId, userId),
        eq(staffAbilities.abilityId, abilityId),
      ),
    )
    .for('update');
  return row;
}

export interface RatingWrite {
  userId: number;
  abilityId: number;
  level: number;
  comment: string | null;
  effectiveLevel: number;
}

/** Writes a manager rating and the recomputed effective level (user and ability of the organisation). */
export async function upsertRating(db: DbOrTx, ctx: RequestContext, rating: RatingWrite): Promise<void> {
  const now = new Date();
  const rated = {
    ratingLevel: rating.level,
    ratingComment: rating.comment,
    ratedBy: ctx.userId,
    ratedAt: now,
    level: rating.effectiveLevel,
    updatedAt: now,
  };
  await db
    .insert(staffAbilities)
    .values({
      organizationId: ctx.organizationId,
      userId: rating.userId,
      abilityId: rating.abilityId,
      ...rated,
    })
    .onConflictDoUpdate({ target: [staffAbilities.userId, staffAbilities.abilityId], set: rated });
}

/** Every ability of the organisation's library with the person's two sources (null columns: none). */
export function listProfile(db: DbOrTx, ctx: OrgScope, userId: number, abilityId?: number) {
  const rater = sql`rater`;
  return db
    .select({
      abilityId: abilities.id,
      name: abilities.name,
      dimensionName: abilityDimensions.name,
      level: staffAbilities.level,
      examLevel: staffAbilities.examLevel,
      examScoreRate: staffAbilities.examScoreRate,
      examAt: staffAbilities.examAt,
      examId: exams.id,
      examName: exams.name,
      ratingLevel: staffAbilities.ratingLevel,
      ratingComment: staffAbilities.ratingComment,
      ratedAt: staffAbilities.ratedAt,
      raterId: staffAbilities.ratedBy,
      raterName: sql<string | null>`${rater}.real_name`,
    })
    .from(abilities)
    .innerJoin(abilityDimensions, eq(abilityDimensions.id, abilities.dimensionId))
    .leftJoin(
      staffAbilities,
      and(
        eq(staffAbilities.abilityId, abilities.id),
        eq(staffAbilities.userId, userId),
        eq(staffAbilities.organizationId, ctx.organizationId),
      ),
    )
    .leftJoin(examAttempts, eq(examAttempts.id, staffAbilities.examAttemptId))
    .leftJoin(exams, and(eq(exams.id, examAttempts.examId), eq(exams.organizationId, ctx.organizationId)))
    .leftJoin(sql`${users} ${rater}`, sql`${rater}.id = ${staffAbilities.ratedBy}`)
    .where(
      and(
        eq(abilities.organizationId, ctx.organizationId),
        abilityId === undefined ? undefined : eq(abilities.id, abilityId),
      ),
    )
    .orderBy(asc(abilityDimensions.sort), asc(abilityDimensions.id), asc(abilities.sort), asc(abilities.id));
}

export type ProfileRow = Awaited<ReturnType<typeof listProfile>>[number];

/** The organisation's posts with the size of their model and their active holders. */
export async function listMatchPosts(db: DbOrTx, ctx: OrgScope) {
  const result = await db.execute(sql`
    select p.id::int as "postId", p.name,
      (select count(*) from ${postAbilities} pa where pa.post_id = p.id)::int as "abilityCount",
      (select count(*) from ${users} u where u.organization_id = p.organization_id and u.post_id = p.id
         and u.status = ${STAFF_ACTIVE} and u.kind = 'member')::int as "holderCount"
    from ${posts} p where p.organization_id = ${ctx.organizationId}
    order by p.sort, p.id`);
  return rowsOf<{ postId: number; name: string; abilityCount: number; holderCount: number }>(result);
}

/**
 * Per person of the organisation: Σ weight × min(level / required, 1) over the post's model, in exact
 * integers: with L = level × 10 (levels have one decimal) and 60 divisible by every level 1–5,
 * min(level / required, 1) × 600 = min(L × 60 / required, 600). One-decimal rounding of the exact value is
 * then half-up, as matchPost rounds. Integer arithmetic keeps the 500,000-row aggregate cheap. Also the
 * abilities met and measured.
 */
function modelScores(ctx: OrgScope, postId: number, people?: SQL): SQL {
  // The model is joined directly (no CTE used twice, which PostgreSQL materialises): the aggregate stays
  // parallel-safe.
  return sql`
    total as (
      select coalesce(sum(weight), 0)::int as weight, count(*)::int as size
      from ${postAbilities} where post_id = ${postId}
    ),
    scores as (
      select sa.user_id,
        sum(m.weight * least(sa.level10 * (60 / m.required_level), 600)) as fit600,
        count(*) filter (where sa.level10 >= m.required_level * 10)::int as met,
        count(*)::int as measured
      from (
        select user_id, ability_id, level10
        from ${staffAbilities} where organization_id = ${ctx.organizationId}
        ${people ? sql`and user_id in (select u.id from ${users} u where ${people})` : sql``}
      ) sa
      join ${postAbilities} m on m.ability_id = sa.ability_id and m.post_id = ${postId}
      group by sa.user_id
    )`;
}

const RATE = sql`case when t.weight = 0 then 0
  else round(coalesce(s.fit600, 0)::numeric / (6 * t.weight), 1) end`;

export interface RankingFilter {
  postId: number;
  /** Restricts people: undefined for all active staff. */
  departmentIds?: number[];
  holdersOnly: boolean;
  excludeHolders: boolean;
  keyword?: string;
  limit: number;
  offset: number;
}

export interface RankingRecord {
  rank: number;
  userId: number;
  realName: string;
  jobNumber: string | null;
  departmentName: string | null;
  postName: string | null;
  matchRate: number;
  metCount: number;
  modelSize: number;
  measured: number;
  total: number;
}

/** One page of people ranked by their match rate against the post (ties: more met, then by id). */
export async function rankStaff(db: DbOrTx, ctx: OrgScope, f: RankingFilter): Promise<RankingRecord[]> {
  const where: SQL[] = [
    sql`u.organization_id = ${ctx.organizationId}`,
    sql`u.status = ${STAFF_ACTIVE}`,
    sql`u.kind = 'member'`,
  ];
  if (f.departmentIds) where.push(sql`u.department_id = any(${`{${f.departmentIds.join(',')}}`}::bigint[])`);
  if (f.holdersOnly) where.push(sql`u.post_id = ${f.postId}`);
  if (f.excludeHolders) where.push(sql`u.post_id is distinct from ${f.postId}`);
  if (f.keyword) {
    const pattern = containsPattern(f.keyword);
    where.push(sql`(u.real_name ilike ${pattern} or u.job_number ilike ${pattern})`);
  }
  // A department or the post's holders: only their rows are aggregated.
  const narrowed = f.departmentIds || f.holdersOnly ? sql.join(where, sql` and `) : undefined;
  const result = await db.execute(sql`
    with ${modelScores(ctx, f.postId, narrowed)},
    ranked as (
      select u.id, u.real_name, u.job_number, u.department_id, u.post_id,
        ${RATE} as rate, coalesce(s.met, 0) as met, coalesce(s.measured, 0) as measured, t.size,
        rank() over (order by ${RATE} desc) as rank,
        count(*) over () as total
      from ${users} u cross join total t left join scores s on s.user_id = u.id
      where ${sql.join(where, sql` and `)}
      order by rate desc, met desc, u.id
      limit ${f.limit} offset ${f.offset}
    )
    select r.rank::int as rank, r.id::int as "userId", r.real_name as "realName", r.job_number as "jobNumber",
      d.name as "departmentName", p.name as "postName", r.rate::float8 as "matchRate", r.met as "metCount",
      r.size as "modelSize", r.measured, r.total::int as total
    from ranked r
    left join ${departments} d on d.id = r.department_id
    left join ${posts} p on p.id = r.post_id and p.organization_id = ${ctx.organizationId}
    order by r.rate desc, r.met desc, r.id`);
  return rowsOf<RankingRecord>(result);
}

export interface DepartmentMatchRecord {
  departmentId: number | null;
  staffCount: number;
  measuredCount: number;
  rateSum: number;
  holderCount: number;
}

/** Per department (direct members): active staff, people measured on the post's model, their rate sum. */
export async function matchByDepartment(
  db: DbOrTx,
  ctx: OrgScope,
  postId: number,
): Promise<DepartmentMatchRecord[]> {
  const result = await db.execute(sql`
    with ${modelScores(ctx, postId)}
    select u.department_id::int as "departmentId", count(*)::int as "staffCount",
      count(s.user_id)::int as "measuredCount",
      coalesce(sum(${RATE}) filter (where s.user_id is not null), 0)::float8 as "rateSum",
      count(*) filter (where u.post_id = ${postId})::int as "holderCount"
    from ${users} u cross join total t left join scores s on s.user_id = u.id
    where u.organization_id = ${ctx.organizationId} and u.status = ${STAFF_ACTIVE} and u.kind = 'member'
    group by u.department_id`);
  return rowsOf<DepartmentMatchRecord>(result);
}

/** The organisation's abilities (optionally one dimension's) in library order. */
export function listAbilities(db: DbOrTx, ctx: OrgScope, dimensionId?: number) {
  return db
    .select({ abilityId: abilities.id, name: abilities.name, dimensionName: abilityDimensions.name })
    .from(abilities)
    .innerJoin(abilityDimensions, eq(abilityDimensions.id, abilities.dimensionId))
    .where(
      and(
        eq(abilities.organizationId, ctx.organizationId),
        dimensionId === undefined ? undefined : eq(abilities.dimensionId, dimensionId),
      ),
    )
    .orderBy(asc(abilityDimensions.sort), asc(abilityDimensions.id), asc(abilities.sort), asc(abilities.id));
}

function departmentFilter(departmentIds: number[] | undefined): SQL {
  return departmentIds ? sql`and u.department_id = any(${`{${departmentIds.join(',')}}`}::bigint[])` : sql``;
}

/** Active staff per department (direct) or per post held, within the departments when given. */
export async function countPeople(
  db: DbOrTx,
  ctx: OrgScope,
  groupBy: 'department' | 'post',
  departmentIds?: number[],
) {
  const key = groupBy === 'department' ? sql`u.department_id` : sql`u.post_id`;
  const result = await db.execute(sql`
    select ${key}::int as "rowId", count(*)::int as "peopleCount"
    from ${users} u
    where u.organization_id = ${ctx.organizationId} and u.status = ${STAFF_ACTIVE} and u.kind = 'member'
      and ${key} is not null ${departmentFilter(departmentIds)}
    group by ${key}`);
  return rowsOf<{ rowId: number; peopleCount: number }>(result);
}

export interface HeatmapRecord {
  rowId: number;
  abilityId: number;
  averageLevel: number;
  measuredCount: number;
  requiredLevel: number | null;
  metCount: number | null;
}

/**
 * One aggregate over staff_abilities: per (department or post held, ability) the average effective level
 * and the people measured; by post also the required level and how many holders meet it.
 */
export async function heatmapCells(
  db: DbOrTx,
  ctx: OrgScope,
  groupBy: 'department' | 'post',
  departmentIds?: number[],
  dimensionId?: number,
): Promise<HeatmapRecord[]> {
  const byPost = groupBy === 'post';
  const key = byPost ? sql`u.post_id` : sql`u.department_id`;
  const dimension =
    dimensionId === undefined
      ? sql``
      : sql`and sa.ability_id in (select id from ${abilities} where organization_id = ${ctx.organizationId}
          and dimension_id = ${dimensionId})`;
  const result = await db.execute(sql`
    select ${key}::int as "rowId", sa.ability_id::int as "abilityId",
      round(sum(sa.level10)::numeric / (10 * count(*)), 1)::float8 as "averageLevel",
      count(*)::int as "measuredCount",
      ${byPost ? sql`max(pa.required_level)::int` : sql`null::int`} as "requiredLevel",
      ${byPost ? sql`(count(*) filter (where sa.level10 >= pa.required_level * 10))::int` : sql`null::int`} as "metCount"
    from ${staffAbilities} sa
    join ${users} u on u.id = sa.user_id
    ${byPost ? sql`left join ${postAbilities} pa on pa.post_id = u.post_id and pa.ability_id = sa.ability_id` : sql``}
    where sa.organization_id = ${ctx.organizationId} and u.organization_id = ${ctx.organizationId}
      and u.status = ${STAFF_ACTIVE} and u.kind = 'member' and ${key} is not null
      ${departmentFilter(departmentIds)} ${dimension}
    group by ${key}, sa.ability_id`);
  return rowsOf<HeatmapRecord>(result);
}

/** Every post model row of the organisation (the heat map's required levels where nobody is measured). */
export function listModelRows(db: DbOrTx, ctx: OrgScope) {
  return db
    .select({
      postId: postAbilities.postId,
      abilityId: postAbilities.abilityId,
      requiredLevel: postAbilities.requiredLevel,
    })
    .from(postAbilities)
    .innerJoin(posts, eq(posts.id, postAbilities.postId))
    .where(eq(posts.organizationId, ctx.organizationId));
}

export interface DrillFilter {
  groupBy: 'department' | 'post';
  rowId: number;
  abilityId: number;
  limit: number;
  offset: number;
}

export interface DrillRecord {
  userId: number;
  realName: string;
  jobNumber: string | null;
  departmentName: string | null;
  postName: string | null;
  level: number | null;
  examLevel: number | null;
  ratingLevel: number | null;
  requiredLevel: number | null;
  total: number;
}

/**
 * The people behind a heat map cell (row and ability already found in the organisation): the measured ones
 * lowest level first, then the unmeasured.
 */
export async function drillPeople(db: DbOrTx, ctx: OrgScope, f: DrillFilter): Promise<DrillRecord[]> {
  const byPost = f.groupBy === 'post';
  const result = await db.execute(sql`
    select u.id::int as "userId", u.real_name as "realName", u.job_number as "jobNumber",
      d.name as "departmentName", p.name as "postName", sa.level::float8 as level,
      sa.exam_level::int as "examLevel", sa.rating_level::int as "ratingLevel",
      ${byPost ? sql`pa.required_level::int` : sql`null::int`} as "requiredLevel",
      count(*) over ()::int as total
    from ${users} u
    left join ${staffAbilities} sa on sa.user_id = u.id and sa.ability_id = ${f.abilityId}
      and sa.organization_id = ${ctx.organizationId}
    left join ${departments} d on d.id = u.department_id
    left join ${posts} p on p.id = u.post_id and p.organization_id = ${ctx.organizationId}
    ${byPost ? sql`left join ${postAbilities} pa on pa.post_id = u.post_id and pa.ability_id = ${f.abilityId}` : sql``}
    where u.organization_id = ${ctx.organizationId} and u.status = ${STAFF_ACTIVE} and u.kind = 'member'
      and ${byPost ? sql`u.post_id` : sql`u.department_id`} = ${f.rowId}
    order by sa.level asc nulls last, u.real_name, u.id
    limit ${f.limit} offset ${f.offset}`);
  return rowsOf<DrillRecord>(result);
}
