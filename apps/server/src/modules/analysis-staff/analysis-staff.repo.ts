import { sql, type SQL } from 'drizzle-orm';
import { HALF_WAY_PERCENT, type StaffGroupBy } from '@kaopei/shared';
import type { RequestContext } from '../../core/context';
import { rowsOf, type DbOrTx } from '../../db/client';
import { containsPattern } from '../../core/db-errors';

/**
 * The statements of the staff, course and employee analysis. Each figure is one grouped statement over
 * stored rows; people are scoped by a CTE (active staff, optionally a department and its sub-departments).
 */

type OrgScope = Pick<RequestContext, 'organizationId'>;

export interface Scope {
  /** Department (with sub-departments); already checked to be the caller's organisation's. */
  departmentId?: number;
  /** One person (the trend of a person's detail). */
  userId?: number;
  keyword?: string;
  /** Start of the window (events at or after). */
  from: Date;
  /** End of the window (events before it); none: up to now. */
  to?: Date;
}

/** Events before the window's end, when it has one (a report's period). */
function before(column: SQL, scope: Scope): SQL {
  return scope.to === undefined ? sql`` : sql`and ${column} < ${scope.to}`;
}

/** Raw sums per person or group; the service turns them into rates. */
export interface SumRecord {
  graded: number;
  passed: number;
  /** Σ score ÷ total points over graded attempts (for the average score rate). */
  rateSum: number;
  minutes: number;
  completions: number;
  tasksAssigned: number;
  tasksCompleted: number;
}

/** `sd` (the department's subtree) and `people` (the scoped staff). */
function peopleCte(ctx: OrgScope, scope: Scope): SQL {
  const org = ctx.organizationId;
  const like = scope.keyword ? containsPattern(scope.keyword) : undefined;
  return sql`with recursive sd(id) as (
      select id from departments where id = ${scope.departmentId ?? 0} and organization_id = ${org}
      union
      select d.id from departments d join sd on d.parent_id = sd.id
    ),
    people as (
      select u.id, u.real_name, u.job_number, u.department_id, u.post_id from users u
      where u.organization_id = ${org} and u.kind = 'member'
        and ${scope.userId === undefined ? sql`u.status = 0` : sql`u.id = ${scope.userId} and u.status < 2`}
        ${scope.departmentId === undefined ? sql`` : sql`and u.department_id in (select id from sd)`}
        ${like === undefined ? sql`` : sql`and (u.real_name ilike ${like} or u.job_number ilike ${like})`}
    )`;
}

/**
 * `ex`, `le`, `tk`: exam, learning and task sums per person of `source` (`people`, or `paged`: one page of
 * them); `per`: all of them.
 */
function sumsCte(ctx: OrgScope, scope: Scope, source: 'people' | 'paged' = 'people'): SQL {
  const org = ctx.organizationId;
  const from = sql.raw(source);
  return sql`,
    ex as (
      select a.user_id, count(*)::int as graded, (count(*) filter (where a.passed = 1))::int as passed,
        coalesce(sum(case when a.total_points > 0 then a.score / a.total_points else 0 end), 0)::float8 as rate_sum
      from exam_attempts a join ${from} p on p.id = a.user_id
      where a.organization_id = ${org} and a.status = 2 and a.submitted_at >= ${scope.from}
        ${before(sql`a.submitted_at`, scope)}
      group by a.user_id
    ),
    le as (
      select m.user_id, sum(c.minutes)::int as minutes, count(*)::int as completions
      from course_members m join ${from} p on p.id = m.user_id join courses c on c.id = m.course_id
      where m.organization_id = ${org} and m.completed_at >= ${scope.from}
        ${before(sql`m.completed_at`, scope)}
      group by m.user_id
    ),
    tk as (
      select t.user_id, count(*)::int as assigned, (count(t.completed_at))::int as completed
      from study_task_assignees t join ${from} p on p.id = t.user_id
      where t.organization_id = ${org}
      group by t.user_id
    ),
    per as (
      select p.id, p.real_name, p.job_number, p.department_id, p.post_id,
        coalesce(ex.graded, 0) as graded, coalesce(ex.passed, 0) as passed, coalesce(ex.rate_sum, 0) as rate_sum,
        coalesce(le.minutes, 0) as minutes, coalesce(le.completions, 0) as completions,
        coalesce(tk.assigned, 0) as tasks_assigned, coalesce(tk.completed, 0) as tasks_completed
      from ${from} p left join ex on ex.user_id = p.id left join le on le.user_id = p.id
        left join tk on tk.user_id = p.id
    )`;
}

const SUM_COLUMNS = sql`count(*)::int as "staffCount", (count(*) filter (where graded > 0))::int as examinees,
  sum(graded)::int as graded, sum(passed)::int as passed, sum(rate_sum)::float8 as "rateSum",
  sum(minutes)::int as minutes, sum(completions)::int as completions,
  sum(tasks_assigned)::int as "tasksAssigned", sum(tasks_completed)::int as "tasksCompleted"`;

export interface GroupRecord extends SumRecord {
  refId: number | null;
  name: string | null;
  staffCount: number;
  examinees: number;
  total: number;
}

/** People grouped by their department, post or tags (one person counts in each of their tags). */
function keyedSql(ctx: OrgScope, by: StaffGroupBy): SQL {
  const org = ctx.organizationId;
  if (by === 'department')
    return sql`select per.*, d.id as gid, d.name as gname from per left join departments d on d.id = per.department_id`;
  if (by === 'post')
    return sql`select per.*, po.id as gid, po.name as gname from per
      left join posts po on po.id = per.post_id and po.organization_id = ${org}`;
  return sql`select per.*, tg.id as gid, tg.name as gname from per
    join user_tags ut on ut.user_id = per.id join tags tg on tg.id = ut.tag_id and tg.organization_id = ${org}`;
}

export type GroupOrder = 'staff' | 'passRate';

export async function listGroups(
  db: DbOrTx,
  ctx: OrgScope,
  scope: Scope,
  by: StaffGroupBy,
  page: { limit: number; offset: number },
  order: GroupOrder = 'staff',
) {
  const orderBy =
    order === 'staff'
      ? sql`"staffCount" desc, name nulls last, "refId"`
      : sql`sum(passed)::float8 / nullif(sum(graded), 0) desc nulls last, "refId"`;
  const result = await db.execute(sql`${peopleCte(ctx, scope)} ${sumsCte(ctx, scope)},
    keyed as (${keyedSql(ctx, by)})
    select gid::int as "refId", gname as name, ${SUM_COLUMNS}, (count(*) over ())::int as total
    from keyed group by gid, gname
    ${order === 'passRate' ? sql`having sum(graded) > 0` : sql``}
    order by ${orderBy} limit ${page.limit} offset ${page.offset}`);
  return rowsOf<GroupRecord>(result);
}

export interface PersonRecord extends SumRecord {
  userId: number;
  realName: string;
  jobNumber: string | null;
  departmentName: string | null;
  postName: string | null;
  total: number;
}

export type PeopleOrder = 'name' | 'hours' | 'passRate' | 'scoreRate';

const PEOPLE_ORDER: Record<PeopleOrder, SQL> = {
  name: sql`per.real_name, per.id`,
  hours: sql`per.minutes desc, per.id`,
  passRate: sql`per.passed::float8 / nullif(per.graded, 0) desc nulls last, per.id`,
  scoreRate: sql`per.rate_sum / nullif(per.graded, 0) desc nulls last, per.id`,
};

export async function listPeople(
  db: DbOrTx,
  ctx: OrgScope,
  scope: Scope,
  order: PeopleOrder,
  page: { limit: number; offset: number },
) {
  const org = ctx.organizationId;
  // By name the page is known before any sum: only its people are summed. By a figure, everyone is.
  const byName = order === 'name';
  const paged = byName
    ? sql`, paged as (
        select * from people order by real_name, id limit ${page.limit} offset ${page.offset}
      )`
    : sql``;
  const result =
    await db.execute(sql`${peopleCte(ctx, scope)} ${paged} ${sumsCte(ctx, scope, byName ? 'paged' : 'people')}
    select per.id::int as "userId", per.real_name as "realName", per.job_number as "jobNumber",
      d.name as "departmentName", po.name as "postName",
      per.graded::int, per.passed::int, per.rate_sum::float8 as "rateSum", per.minutes::int,
      per.completions::int, per.tasks_assigned::int as "tasksAssigned",
      per.tasks_completed::int as "tasksCompleted",
      ${byName ? sql`(select count(*) from people)::int` : sql`(count(*) over ())::int`} as total
    from per left join departments d on d.id = per.department_id
      left join posts po on po.id = per.post_id and po.organization_id = ${org}
    order by ${PEOPLE_ORDER[order]} ${byName ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`);
  return rowsOf<PersonRecord>(result);
}

type TotalsRecord = SumRecord & { staffCount: number; examinees: number };

/**
 * The organisation's statistics in one statement: the per-person sums are computed once, then the totals,
 * the top learners (by minutes), the top scorers (by mean score rate, people with graded attempts) and the
 * departments by pass rate are read from them (as JSON, numbers cast to int/float8 first).
 */
export async function statisticsOf(db: DbOrTx, ctx: OrgScope, scope: Scope, top: number) {
  const personJson = sql`json_build_object('userId', per.id::int, 'realName', per.real_name,
    'jobNumber', per.job_number, 'departmentName', d.name, 'postName', null,
    'graded', per.graded::int, 'passed', per.passed::int, 'rateSum', per.rate_sum::float8,
    'minutes', per.minutes::int, 'completions', per.completions::int,
    'tasksAssigned', per.tasks_assigned::int, 'tasksCompleted', per.tasks_completed::int, 'total', 0)`;
  const result = await db.execute(sql`${peopleCte(ctx, scope)} ${sumsCte(ctx, scope)},
    tot as (select ${SUM_COLUMNS} from per),
    learners as (
      select ${personJson} as j from per left join departments d on d.id = per.department_id
      where per.minutes > 0 order by per.minutes desc, per.id limit ${top}
    ),
    scorers as (
      select ${personJson} as j from per left join departments d on d.id = per.department_id
      where per.graded > 0 order by per.rate_sum / per.graded desc, per.id limit ${top}
    ),
    depts as (
      select json_build_object('refId', d.id::int, 'name', d.name, ${sql.raw(GROUP_JSON_FIELDS)}) as j
      from per join departments d on d.id = per.department_id
      group by d.id, d.name having sum(per.graded) > 0
      order by sum(per.passed)::float8 / sum(per.graded) desc, d.id limit ${top}
    )
    select (select row_to_json(tot) from tot) as totals,
      coalesce((select json_agg(j) from learners), '[]'::json) as learners,
      coalesce((select json_agg(j) from scorers), '[]'::json) as scorers,
      coalesce((select json_agg(j) from depts), '[]'::json) as departments`);
  const row = rowsOf<{
    totals: TotalsRecord | string;
    learners: PersonRecord[] | string;
    scorers: PersonRecord[] | string;
    departments: GroupRecord[] | string;
  }>(result)[0];
  const parse = <T>(value: T | string | undefined): T | undefined =>
    typeof value === 'string' ? (JSON.parse(value) as T) : value;
  return {
    totals: parse(row?.totals),
    learners: parse(row?.learners) ?? [],
    scorers: parse(row?.scorers) ?? [],
    departments: parse(row?.departments) ?? [],
  };
}

const GROUP_JSON_FIELDS = `'staffCount', count(*)::int, 'examinees', (count(*) filter (where per.graded > 0))::int,
  'graded', sum(per.graded)::int, 'passed', sum(per.passed)::int, 'rateSum', sum(per.rate_sum)::float8,
  'minutes', sum(per.minutes)::int, 'completions', sum(per.completions)::int,
  'tasksAssigned', sum(per.tasks_assigned)::int, 'tasksCompleted', sum(per.tasks_completed)::int, 'total', 0`;

export interface MonthRecord {
  month: string;
  graded: number;
  passed: number;
  rateSum: number;
  minutes: number;
  completions: number;
}

/** Exam and learning sums per Shanghai month of the window (months without events are absent). */
export async function listMonths(db: DbOrTx, ctx: OrgScope, scope: Scope) {
  const org = ctx.organizationId;
  const month = (column: SQL) => sql`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const result = await db.execute(sql`${peopleCte(ctx, scope)},
    events as (
      select ${month(sql`a.submitted_at`)} as month, 1 as graded, case when a.passed = 1 then 1 else 0 end as passed,
        case when a.total_points > 0 then (a.score / a.total_points)::float8 else 0 end as rate, 0 as minutes,
        0 as completions
      from exam_attempts a join people p on p.id = a.user_id
      where a.organization_id = ${org} and a.status = 2 and a.submitted_at >= ${scope.from}
        ${before(sql`a.submitted_at`, scope)}
      union all
      select ${month(sql`m.completed_at`)}, 0, 0, 0, c.minutes, 1
      from course_members m join people p on p.id = m.user_id join courses c on c.id = m.course_id
      where m.organization_id = ${org} and m.completed_at >= ${scope.from}
        ${before(sql`m.completed_at`, scope)}
    )
    select month, sum(graded)::int as graded, sum(passed)::int as passed, sum(rate)::float8 as "rateSum",
      sum(minutes)::int as minutes, sum(completions)::int as completions
    from events group by month order by month`);
  return rowsOf<MonthRecord>(result);
}

// ---------------------------------------------------------------------------------------------------------
// One person
// ---------------------------------------------------------------------------------------------------------

export async function findPerson(db: DbOrTx, ctx: OrgScope, userId: number) {
  const result = await db.execute(sql`
    select u.id::int as "userId", u.real_name as "realName", u.job_number as "jobNumber",
      d.name as "departmentName", po.name as "postName", u.status::int as status
    from users u left join departments d on d.id = u.department_id
      left join posts po on po.id = u.post_id and po.organization_id = ${ctx.organizationId}
    where u.id = ${userId} and u.organization_id = ${ctx.organizationId} and u.kind = 'member' and u.status < 2`);
  return rowsOf<{
    userId: number;
    realName: string;
    jobNumber: string | null;
    departmentName: string | null;
    postName: string | null;
    status: number;
  }>(result)[0];
}

export async function listPersonTags(db: DbOrTx, ctx: OrgScope, userId: number) {
  const result = await db.execute(sql`
    select t.id::int as id, t.name, t.color from user_tags ut join tags t on t.id = ut.tag_id
    where ut.user_id = ${userId} and t.organization_id = ${ctx.organizationId} order by t.name`);
  return rowsOf<{ id: number; name: string; color: string }>(result);
}

/** The person's graded attempts ranked within their exams (percent_rank ascending by score). */
function rankedAttemptsCte(ctx: OrgScope, userId: number): SQL {
  return sql`with mine as (
      select distinct exam_id from exam_attempts
      where user_id = ${userId} and organization_id = ${ctx.organizationId} and status = 2
    ),
    ranked as (
      select a.id, a.exam_id, a.user_id, a.attempt_no, a.submitted_at, a.score, a.total_points, a.passed,
        percent_rank() over (partition by a.exam_id order by a.score) as pr,
        rank() over (partition by a.exam_id order by a.score desc) as place,
        count(*) over (partition by a.exam_id) as n
      from exam_attempts a
      where a.exam_id in (select exam_id from mine) and a.status = 2
    )`;
}

export interface PersonExamRecord {
  attemptId: number;
  examId: number;
  examName: string;
  attemptNo: number;
  submittedAt: number | null;
  score: number;
  totalPoints: number;
  passed: number | null;
  place: number;
  attempts: number;
  percentile: number;
  total: number;
}

export async function listPersonExams(
  db: DbOrTx,
  ctx: OrgScope,
  userId: number,
  page: { limit: number; offset: number },
) {
  const result = await db.execute(sql`${rankedAttemptsCte(ctx, userId)}
    select r.id::int as "attemptId", r.exam_id::int as "examId", e.name as "examName",
      r.attempt_no::int as "attemptNo", (extract(epoch from r.submitted_at) * 1000)::float8 as "submittedAt",
      coalesce(r.score, 0)::float8 as score, r.total_points::float8 as "totalPoints", r.passed::int as passed,
      r.place::int as place, r.n::int as attempts, (r.pr * 100)::float8 as percentile,
      (count(*) over ())::int as total
    from ranked r join exams e on e.id = r.exam_id
    where r.user_id = ${userId}
    order by r.submitted_at desc nulls last, r.id desc limit ${page.limit} offset ${page.offset}`);
  return rowsOf<PersonExamRecord>(result);
}

/** The person's exam summary: graded, passed, Σ score rate and average percentile. */
export async function personExamSummary(db: DbOrTx, ctx: OrgScope, userId: number) {
  const result = await db.execute(sql`${rankedAttemptsCte(ctx, userId)}
    select count(*)::int as graded, (count(*) filter (where passed = 1))::int as passed,
      coalesce(sum(case when total_points > 0 then score / total_points else 0 end), 0)::float8 as "rateSum",
      (avg(pr) * 100)::float8 as "averagePercentile"
    from ranked where user_id = ${userId}`);
  return rowsOf<{ graded: number; passed: number; rateSum: number; averagePercentile: number | null }>(
    result,
  )[0];
}

export async function personLearning(db: DbOrTx, ctx: OrgScope, userId: number) {
  const org = ctx.organizationId;
  const result = await db.execute(sql`select
      (select count(*)::int from course_members where user_id = ${userId} and organization_id = ${org}) as enrolled,
      (select count(*)::int from course_members where user_id = ${userId} and organization_id = ${org}
        and completed_at is not null) as completed,
      (select coalesce(sum(c.minutes), 0)::int from course_members m join courses c on c.id = m.course_id
        where m.user_id = ${userId} and m.organization_id = ${org} and m.completed_at is not null) as minutes,
      (select coalesce(sum(watched_seconds), 0)::int from course_progress
        where user_id = ${userId} and organization_id = ${org}) as "watchedSeconds",
      (select count(*)::int from study_task_assignees where user_id = ${userId} and organization_id = ${org})
        as "tasksAssigned",
      (select count(*)::int from study_task_assignees where user_id = ${userId} and organization_id = ${org}
        and completed_at is not null) as "tasksCompleted"`);
  return rowsOf<{
    enrolled: number;
    completed: number;
    minutes: number;
    watchedSeconds: number;
    tasksAssigned: number;
    tasksCompleted: number;
  }>(result)[0];
}

export async function listPersonCourses(
  db: DbOrTx,
  ctx: OrgScope,
  userId: number,
  page: { limit: number; offset: number },
) {
  const org = ctx.organizationId;
  const result = await db.execute(sql`
    with w as (
      select course_id, sum(watched_seconds)::int as seconds from course_progress
      where user_id = ${userId} and organization_id = ${org} group by course_id
    )
    select m.course_id::int as "courseId", c.name, m.progress_percent::int as "progressPercent",
      (extract(epoch from m.enrolled_at) * 1000)::float8 as "enrolledAt",
      (extract(epoch from m.completed_at) * 1000)::float8 as "completedAt",
      c.minutes::int as minutes, coalesce(w.seconds, 0)::int as "watchedSeconds", (count(*) over ())::int as total
    from course_members m join courses c on c.id = m.course_id left join w on w.course_id = m.course_id
    where m.user_id = ${userId} and m.organization_id = ${org}
    order by m.enrolled_at desc, m.course_id desc limit ${page.limit} offset ${page.offset}`);
  return rowsOf<{
    courseId: number;
    name: string;
    progressPercent: number;
    enrolledAt: number;
    completedAt: number | null;
    minutes: number;
    watchedSeconds: number;
    total: number;
  }>(result);
}

// ---------------------------------------------------------------------------------------------------------
// Courses
// ---------------------------------------------------------------------------------------------------------

export interface CourseRecord {
  courseId: number;
  name: string;
  status: string;
  enrolled: number;
  started: number;
  half: number;
  completed: number;
  averageRating: number | null;
  ratingCount: number;
  watchedSeconds: number;
  total: number;
}

/** A page of courses (newest first) with their funnel counts, ratings and watched time. */
export async function listCourses(
  db: DbOrTx,
  ctx: OrgScope,
  filter: { keyword?: string; courseId?: number },
  page: { limit: number; offset: number },
) {
  const org = ctx.organizationId;
  const like = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const result = await db.execute(sql`
    with pg as (
      select c.id, c.name, c.status, c.created_at, (count(*) over ())::int as total from courses c
      where c.organization_id = ${org}
        ${like === undefined ? sql`` : sql`and c.name ilike ${like}`}
        ${filter.courseId === undefined ? sql`` : sql`and c.id = ${filter.courseId}`}
      order by c.created_at desc, c.id desc limit ${page.limit} offset ${page.offset}
    ),
    mem as (
      select m.course_id, count(*)::int as enrolled,
        (count(*) filter (where m.completed_at is not null or m.started_at is not null or m.progress_percent > 0))::int
          as started,
        (count(*) filter (where m.completed_at is not null or m.progress_percent >= ${HALF_WAY_PERCENT}))::int as half,
        (count(m.completed_at))::int as completed
      from course_members m where m.course_id in (select id from pg) group by m.course_id
    ),
    ev as (
      select course_id, avg(rating)::float8 as average, count(*)::int as n from course_evaluations
      where course_id in (select id from pg) group by course_id
    ),
    wt as (
      select course_id, sum(watched_seconds)::int as seconds from course_progress
      where course_id in (select id from pg) group by course_id
    )
    select pg.id::int as "courseId", pg.name, pg.status, coalesce(mem.enrolled, 0) as enrolled,
      coalesce(mem.started, 0) as started, coalesce(mem.half, 0) as half, coalesce(mem.completed, 0) as completed,
      ev.average as "averageRating", coalesce(ev.n, 0) as "ratingCount", coalesce(wt.seconds, 0) as "watchedSeconds",
      pg.total
    from pg left join mem on mem.course_id = pg.id left join ev on ev.course_id = pg.id
      left join wt on wt.course_id = pg.id
    order by pg.created_at desc, pg.id desc`);
  return rowsOf<CourseRecord>(result);
}

/** Each section of a course in course order: learners who reached it, completed it, and stopped at it. */
export async function listSectionDrops(db: DbOrTx, courseId: number) {
  const result = await db.execute(sql`
    with pr as (
      select section_id, count(*)::int as reached, count(completed_at)::int as completed
      from course_progress where course_id = ${courseId} group by section_id
    ),
    st as (
      select last_section_id as section_id, count(*)::int as stopped from course_members
      where course_id = ${courseId} and completed_at is null and last_section_id is not null
      group by last_section_id
    )
    select s.id::int as "sectionId", ch.title as "chapterTitle", s.title, s.kind,
      coalesce(pr.reached, 0) as reached, coalesce(pr.completed, 0) as "completedCount",
      coalesce(st.stopped, 0) as "stoppedHere"
    from course_sections s join course_chapters ch on ch.id = s.chapter_id
      left join pr on pr.section_id = s.id left join st on st.section_id = s.id
    where s.course_id = ${courseId}
    order by ch.sort, ch.id, s.sort, s.id`);
  return rowsOf<{
    sectionId: number;
    chapterTitle: string;
    title: string;
    kind: string;
    reached: number;
    completedCount: number;
    stoppedHere: number;
  }>(result);
}

export async function listRatingCounts(db: DbOrTx, courseId: number) {
  const result = await db.execute(sql`
    select rating::int as rating, count(*)::int as n from course_evaluations
    where course_id = ${courseId} group by rating`);
  return rowsOf<{ rating: number; n: number }>(result);
}

/** Enrolments and completions of a course per Shanghai month since `from`. */
export async function listCourseMonths(db: DbOrTx, courseId: number, from: Date) {
  const month = (column: SQL) => sql`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const result = await db.execute(sql`
    select month, sum(enrolled)::int as enrolled, sum(completed)::int as completed from (
      select ${month(sql`enrolled_at`)} as month, 1 as enrolled, 0 as completed from course_members
      where course_id = ${courseId} and enrolled_at >= ${from}
      union all
      select ${month(sql`completed_at`)}, 0, 1 from course_members
      where course_id = ${courseId} and completed_at >= ${from}
    ) e group by month order by month`);
  return rowsOf<{ month: string; enrolled: number; completed: number }>(result);
}
