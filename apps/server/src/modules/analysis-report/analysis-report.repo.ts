import { and, count, desc, eq, ilike, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { RequestContext } from '../../core/context';
import type { Db, DbOrTx } from '../../db/client';
import { analysisReportSchedules as schedules, departments, exams, users } from '../../db/schema';
import { containsPattern } from '../../core/db-errors';

/** The schedules of 分析报告 (analysis_report_schedules), always scoped by organisation. */

type OrgScope = Pick<RequestContext, 'organizationId'>;
export type ScheduleRecord = typeof schedules.$inferSelect;
export type ScheduleValues = Pick<
  typeof schedules.$inferInsert,
  'name' | 'kind' | 'examId' | 'departmentId' | 'dayOfMonth' | 'recipientIds' | 'enabled'
>;

const inOrg = (ctx: OrgScope) => eq(schedules.organizationId, ctx.organizationId);

/** A page of schedules (newest first) with the name of their exam or department. */
export async function listSchedules(
  db: Db,
  ctx: OrgScope,
  filter: { keyword?: string; limit: number; offset: number },
) {
  const where = and(
    inOrg(ctx),
    filter.keyword
      ? ilike(schedules.name, containsPattern(filter.keyword))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ schedule: schedules, examName: exams.name, departmentName: departments.name })
      .from(schedules)
      .leftJoin(exams, eq(exams.id, schedules.examId))
      .leftJoin(departments, eq(departments.id, schedules.departmentId))
      .where(where)
      .orderBy(desc(schedules.createdAt), desc(schedules.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(schedules).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findSchedule(db: DbOrTx, ctx: OrgScope, id: number) {
  const [row] = await db
    .select({ schedule: schedules, examName: exams.name, departmentName: departments.name })
    .from(schedules)
    .leftJoin(exams, eq(exams.id, schedules.examId))
    .leftJoin(departments, eq(departments.id, schedules.departmentId))
    .where(and(inOrg(ctx), eq(schedules.id, id)));
  return row;
}

export async function insertSchedule(db: DbOrTx, ctx: RequestContext, values: ScheduleValues) {
  const [row] = await db
    .insert(schedules)
    .values({ ...values, organizationId: ctx.organizationId, createdBy: ctx.userId })
    .returning({ id: schedules.id });
  if (!row) throw new Error('schedule insert failed');
  return row.id;
}

/** Saves a schedule; a changed definition or day sends again this month (the claim is cleared). */
export async function updateSchedule(db: DbOrTx, ctx: OrgScope, id: number, values: ScheduleValues) {
  const rows = await db
    .update(schedules)
    .set({ ...values, lastRunMonth: null, updatedAt: new Date() })
    .where(and(inOrg(ctx), eq(schedules.id, id)))
    .returning({ id: schedules.id });
  return rows.length;
}

export async function deleteSchedule(db: DbOrTx, ctx: OrgScope, id: number) {
  const rows = await db
    .delete(schedules)
    .where(and(inOrg(ctx), eq(schedules.id, id)))
    .returning({ id: schedules.id });
  return rows.length;
}

/** The organisation's active staff among `ids`, with their e-mail. */
export async function listActiveStaff(db: DbOrTx, ctx: OrgScope, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ userId: users.id, realName: users.realName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.organizationId, ctx.organizationId),
        eq(users.kind, 'member'),
        eq(users.status, 0),
        inArray(users.id, [...ids]),
      ),
    )
    .orderBy(users.id);
}

/**
 * Claims every enabled schedule due in `month` (its day has come, `day` being today's, and it has not run
 * this month): the claim is the update itself, so of two instances running the job only one gets a row.
 */
export async function claimDueSchedules(
  db: DbOrTx,
  month: string,
  day: number,
  organizationId?: number,
): Promise<ScheduleRecord[]> {
  return db
    .update(schedules)
    .set({ lastRunMonth: month })
    .where(
      and(
        organizationId === undefined ? undefined : eq(schedules.organizationId, organizationId),
        eq(schedules.enabled, true),
        lte(schedules.dayOfMonth, day),
        or(isNull(schedules.lastRunMonth), ne(schedules.lastRunMonth, month)),
      ),
    )
    .returning();
}

export async function recordOutcome(
  db: DbOrTx,
  id: number,
  outcome: { status: 'sent' | 'failed'; message: string | null; at: Date },
) {
  await db
    .update(schedules)
    .set({ lastStatus: outcome.status, lastMessage: outcome.message, lastSentAt: outcome.at })
    .where(eq(schedules.id, id));
}
