import { sql } from 'drizzle-orm';
import { rowsOf } from '../client';
import { refreshCourseProgress } from '../../modules/learn/course-progress.repo';
import { DEMO_COURSES } from './courses';
import { DAY_MS, need, type Demo } from './demo';

/** Comments of the simulated staff's ratings (a null: rated without a comment). */
const COMMENTS = [
  '讲解清楚，案例很实用',
  '内容扎实，节奏稍快',
  null,
  '希望多一些练习题',
  '很有收获，推荐同事学习',
  null,
  '视频清晰，资料齐全',
];

interface SectionRow {
  id: unknown;
  kind: string;
  duration_seconds: unknown;
}

/** The course's sections in course order. */
async function sectionsOf(demo: Demo, courseId: number): Promise<SectionRow[]> {
  return rowsOf<SectionRow>(
    await demo.db.execute(sql`
      select s.id, s.kind, s.duration_seconds from course_sections s
      join course_chapters ch on ch.id = s.chapter_id
      where s.course_id = ${courseId}::bigint
      order by ch.sort, ch.id, s.sort, s.id`),
  );
}

/**
 * zhangsan's own progress: one course completed (and rated), one half-way with a resume position in the
 * video he was watching, one not started.
 */
async function seedZhangsan(demo: Demo, zhangsan: number): Promise<void> {
  const plans: { course: string; completeFirst: number; partial: boolean }[] = [
    { course: DEMO_COURSES.security, completeFirst: Number.MAX_SAFE_INTEGER, partial: false },
    { course: DEMO_COURSES.typescript, completeFirst: 2, partial: true },
  ];
  for (const [n, plan] of plans.entries()) {
    const courseId = demo.courses.get(plan.course);
    if (courseId === undefined) continue;
    const sections = (await sectionsOf(demo, courseId)).filter((s) => s.kind !== 'exam');
    const rows = sections.flatMap((s, index) => {
      const duration = Number(s.duration_seconds);
      const day = new Date(demo.now - (6 - index - n) * DAY_MS);
      if (index < plan.completeFirst) {
        const watched = s.kind === 'video' ? duration : 0;
        return [{ id: Number(s.id), position: watched, watched, at: day, done: true }];
      }
      if (plan.partial && index === plan.completeFirst && s.kind === 'video') {
        const position = Math.floor(duration / 2);
        return [{ id: Number(s.id), position, watched: position, at: day, done: false }];
      }
      return [];
    });
    if (rows.length === 0) continue;
    await demo.db.execute(sql`
      insert into course_progress (section_id, user_id, course_id, organization_id, position_seconds,
        watched_ranges, watched_seconds, last_report_at, completed_at, updated_at)
      select (r->>'id')::bigint, ${zhangsan}::bigint, ${courseId}::bigint, ${demo.organizationId}::bigint,
        (r->>'position')::int,
        case when (r->>'watched')::int > 0 then jsonb_build_array(jsonb_build_array(0, (r->>'watched')::int))
          else '[]'::jsonb end,
        (r->>'watched')::int, (r->>'at')::timestamptz,
        case when (r->>'done')::boolean then (r->>'at')::timestamptz end, (r->>'at')::timestamptz
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) r
      on conflict do nothing`);
    const last = rows[rows.length - 1]!;
    await demo.db.execute(sql`
      update course_members set last_section_id = ${last.id}::bigint,
        last_studied_at = ${last.at.toISOString()}::timestamptz,
        started_at = ${rows[0]!.at.toISOString()}::timestamptz
      where course_id = ${courseId}::bigint and user_id = ${zhangsan}::bigint`);
  }
  const completed = demo.courses.get(DEMO_COURSES.security);
  if (completed !== undefined) {
    await demo.db.execute(sql`
      insert into course_evaluations (organization_id, course_id, user_id, rating, comment, created_at, updated_at)
      values (${demo.organizationId}::bigint, ${completed}::bigint, ${zhangsan}::bigint, 5,
        '案例贴近日常工作，学完马上能用', ${new Date(demo.now - DAY_MS).toISOString()}::timestamptz,
        ${new Date(demo.now - DAY_MS).toISOString()}::timestamptz)
      on conflict do nothing`);
  }
}

/**
 * The other members' progress, set-based: each member of a demo course gets a level (0–99, from the
 * ids); sections before level × sections ÷ 100 are completed (videos fully watched), the next video
 * half-watched; exam sections are never completed this way (they need a passed attempt). Members
 * with a low level have not started. Those past 40 rate the course.
 */
async function seedStaff(demo: Demo, courseIds: number[], zhangsan: number): Promise<void> {
  const ids = `{${courseIds.join(',')}}`;
  await demo.db.execute(sql`
    with sec as (
      select s.id, s.course_id, s.kind, s.duration_seconds,
        (row_number() over (partition by s.course_id order by ch.sort, ch.id, s.sort, s.id) - 1)::int as idx,
        (count(*) over (partition by s.course_id))::int as n
      from course_sections s join course_chapters ch on ch.id = s.chapter_id
      where s.course_id = any(${ids}::bigint[])
    ),
    mem as (
      select m.course_id, m.user_id, ((m.user_id * 37 + m.course_id * 11) % 100)::int as level
      from course_members m
      where m.course_id = any(${ids}::bigint[]) and m.user_id <> ${zhangsan}::bigint
    ),
    plan as (
      select mem.user_id, mem.level, sec.*, least(sec.n, (mem.level * (sec.n + 1)) / 100) as k,
        ((sec.duration_seconds * (mem.user_id % 7 + 2)) / 10)::int as partial
      from mem join sec on sec.course_id = mem.course_id
      where mem.level >= 10
    )
    insert into course_progress (section_id, user_id, course_id, organization_id, position_seconds,
      watched_ranges, watched_seconds, last_report_at, completed_at, updated_at)
    select id, user_id, course_id, ${demo.organizationId}::bigint,
      case when idx < k then duration_seconds else partial end,
      case when kind <> 'video' then '[]'::jsonb
        when idx < k then jsonb_build_array(jsonb_build_array(0, duration_seconds))
        else jsonb_build_array(jsonb_build_array(0, partial)) end,
      case when kind <> 'video' then 0 when idx < k then duration_seconds else partial end,
      ${new Date(demo.now).toISOString()}::timestamptz - ((n - idx) || ' days')::interval - ((user_id % 24) || ' hours')::interval,
      case when idx < k then ${new Date(demo.now).toISOString()}::timestamptz - ((n - idx) || ' days')::interval end,
      ${new Date(demo.now).toISOString()}::timestamptz - ((n - idx) || ' days')::interval
    from plan
    where kind <> 'exam' and (idx < k or (idx = k and kind = 'video'))
    on conflict do nothing`);
  // The last section each studied, and when.
  await demo.db.execute(sql`
    update course_members m set last_section_id = p.section_id, last_studied_at = p.last_report_at
    from (
      select distinct on (course_id, user_id) course_id, user_id, section_id, last_report_at
      from course_progress
      where course_id = any(${ids}::bigint[]) and user_id <> ${zhangsan}::bigint
      order by course_id, user_id, last_report_at desc
    ) p
    where m.course_id = p.course_id and m.user_id = p.user_id`);
  for (const courseId of courseIds) await refreshCourseProgress(demo.db, courseId);
  await demo.db.execute(sql`
    insert into course_evaluations (organization_id, course_id, user_id, rating, comment, created_at, updated_at)
    select ${demo.organizationId}::bigint, m.course_id, m.user_id,
      case when m.user_id % 11 = 0 then 2 when m.user_id % 5 = 0 then 3 else 4 + (m.user_id % 2) end,
      (${`{${COMMENTS.map((c) => (c === null ? 'NULL' : `"${c}"`)).join(',')}}`}::text[])[1 + (m.user_id % ${COMMENTS.length})],
      coalesce(m.last_studied_at, m.started_at), coalesce(m.last_studied_at, m.started_at)
    from course_members m
    where m.course_id = any(${ids}::bigint[]) and m.user_id <> ${zhangsan}::bigint
      and m.started_at is not null and ((m.user_id * 37 + m.course_id * 11) % 100) >= 40
    on conflict do nothing`);
}

/** Demo data of issue 17: learners' progress, completions and ratings. */
export async function seedDemoCourseProgress(demo: Demo): Promise<void> {
  const zhangsan = need(demo.people, 'zhangsan');
  const courseIds = Object.values(DEMO_COURSES)
    .map((name) => demo.courses.get(name))
    .filter((id): id is number => id !== undefined);
  if (courseIds.length === 0) return;
  await seedZhangsan(demo, zhangsan);
  // Refreshes every member's summary (zhangsan's too) from what was written.
  await seedStaff(demo, courseIds, zhangsan);
}
