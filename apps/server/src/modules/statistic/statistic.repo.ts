import { and, desc, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context';
import type { Db } from '../../db/client';
import { activityLog, users } from '../../db/schema';

type OrgScope = Pick<RequestContext, 'organizationId'>;

/** The console's counts of the caller's organisation, in one round trip. */
export async function countConsoleTotals(db: Db, ctx: OrgScope) {
  const org = ctx.organizationId;
  const result = (await db.execute(sql`select
        (select count(*) from users where organization_id = ${org} and status = 0 and kind = 'member') as staff,
        (select count(*) from departments where organization_id = ${org}) as departments,
        (select count(*) from question_banks where organization_id = ${org}) as banks,
        (select count(*) from papers where organization_id = ${org}) as papers,
        (select count(*) from exams where organization_id = ${org}) as exams`)) as unknown as {
    rows: { staff: string; departments: string; banks: string; papers: string; exams: string }[];
  };
  return result.rows[0];
}

/** The organisation's ten latest activity lines (only `actorId`'s when given), with the actor's name. */
export async function listRecentActivity(db: Db, ctx: OrgScope, actorId?: number) {
  return db
    .select({
      id: activityLog.id,
      action: activityLog.action,
      detail: activityLog.detail,
      actorName: users.realName,
      createdAt: activityLog.createdAt,
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.actorId))
    .where(
      and(
        eq(activityLog.organizationId, ctx.organizationId),
        actorId === undefined ? undefined : eq(activityLog.actorId, actorId),
      ),
    )
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(10);
}

/** The organisation's staff (members; not candidates from open links) counted by status. */
export async function countStaffByStatus(db: Db, ctx: OrgScope) {
  return db
    .select({ status: users.status, count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.organizationId, ctx.organizationId), eq(users.kind, 'member')))
    .groupBy(users.status);
}
