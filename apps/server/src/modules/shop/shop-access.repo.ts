import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { grantPurchasedCourses, settlePurchasedCourses } from '../learn/course-purchase.repo';
import { assignBuyer, withdrawBuyer } from '../study-task/study-task-purchase';

/**
 * What a paid order gives: its courses until the order's access ends (learn/course-purchase.repo), its
 * exams (the buyer becomes a candidate; the exam's own schedule and attempts govern it then), or its study
 * tasks (the buyer is assigned them: study-task/study-task-purchase).
 */

export interface GrantOrder {
  organizationId: number;
  userId: number;
  productKind: string;
  accessUntil: Date | null;
}

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

/** Grants the product's items; returns the ids the order granted (stored as the order's ref_ids). */
export async function grantOrder(db: DbOrTx, order: GrantOrder, refIds: number[]): Promise<number[]> {
  const scope = { organizationId: order.organizationId, userId: order.userId };
  if (order.productKind === 'course') {
    await grantPurchasedCourses(db, scope, refIds, order.accessUntil);
    // Every course of the product counts as granted by this order (for settling a later refund).
    return refIds;
  }
  if (order.productKind === 'task') return assignBuyer(db, scope, refIds);
  if (refIds.length === 0) return [];
  // Exams: only the candidate rows this order added are its own (a refund removes those alone).
  const rows = rowsOf<{ exam_id: unknown }>(
    await db.execute(sql`
      insert into exam_candidates (exam_id, user_id, organization_id)
      select e.id, ${order.userId}::bigint, ${order.organizationId}::bigint from exams e
      where e.organization_id = ${order.organizationId}::bigint and e.id = any(${idArray(refIds)})
      on conflict do nothing
      returning exam_id`),
  );
  return rows.map((row) => Number(row.exam_id));
}

/** Takes back what a refunded order granted (its status is already 'refunded'). */
export async function revokeOrder(db: DbOrTx, order: GrantOrder, refIds: number[]): Promise<void> {
  if (order.productKind === 'course') {
    await settlePurchasedCourses(db, order.userId, refIds);
    return;
  }
  if (order.productKind === 'task') return withdrawBuyer(db, order.userId, refIds);
  if (refIds.length === 0) return;
  // An exam already started is left alone (its attempt is a record); one not started is taken back.
  await db.execute(sql`
    delete from exam_candidates c
    where c.user_id = ${order.userId}::bigint and c.exam_id = any(${idArray(refIds)})
      and not exists (select 1 from exam_attempts a where a.exam_id = c.exam_id and a.user_id = c.user_id)`);
}
