import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { refreshCourseProgress } from './course-progress.repo';

/**
 * Courses bought on the store (issue 21): a purchase makes the buyer a member with source 'purchase'
 * and an end of access (course_members.access_until; null = permanent). A member row past its end no
 * longer counts (learn.repo ACTIVE_MEMBER): the course leaves 我的课程 and no longer opens, and its
 * progress is kept should the learner buy it again. Members enrolled otherwise are left as they are.
 */

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

/** Grants the courses (of the organisation) to the buyer until `until` (null: permanent); returns their ids. */
export async function grantPurchasedCourses(
  db: DbOrTx,
  scope: { organizationId: number; userId: number },
  courseIds: readonly number[],
  until: Date | null,
): Promise<number[]> {
  if (courseIds.length === 0) return [];
  const rows = rowsOf<{ course_id: unknown }>(
    await db.execute(sql`
      insert into course_members (course_id, user_id, organization_id, source, access_until)
      select c.id, ${scope.userId}::bigint, ${scope.organizationId}::bigint, 'purchase',
        ${until ? until.toISOString() : null}::timestamptz
      from courses c where c.organization_id = ${scope.organizationId}::bigint and c.id = any(${idArray(courseIds)})
      on conflict (course_id, user_id) do update set
        access_until = case
          when course_members.access_until is null or excluded.access_until is null then null
          else greatest(course_members.access_until, excluded.access_until) end
      where course_members.source = 'purchase'
      returning course_id`),
  );
  const granted = rows.map((row) => Number(row.course_id));
  for (const courseId of granted) await refreshCourseProgress(db, courseId, [scope.userId]);
  return granted;
}

/**
 * After a refund: each purchased course's access is what the buyer's other paid orders still give
 * (`shop_orders.ref_ids` names the courses an order granted), or ends now.
 */
export async function settlePurchasedCourses(
  db: DbOrTx,
  userId: number,
  courseIds: readonly number[],
): Promise<void> {
  if (courseIds.length === 0) return;
  await db.execute(sql`
    update course_members m set access_until = (
      select case when count(*) = 0 then now() when bool_or(o.access_until is null) then null
        else max(o.access_until) end
      from shop_orders o
      where o.user_id = m.user_id and o.status = 'paid' and o.product_kind = 'course'
        and o.ref_ids @> to_jsonb(m.course_id))
    where m.user_id = ${userId}::bigint and m.source = 'purchase' and m.course_id = any(${idArray(courseIds)})`);
}
