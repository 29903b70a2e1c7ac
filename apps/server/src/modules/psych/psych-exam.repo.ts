import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { LimitOffset } from '@kaopei/shared';
import type { BodyOut } from '@kaopei/shared/contracts/common';
import type { MentalExamRow, MentalStatus, PsyLayout, psychContracts } from '@kaopei/shared/contracts/psych';
import type { Db, DbOrTx } from '../../db/client';
import { departments, psyExamMembers, psyExams, users } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { badRequest, notFound } from '../../core/http';
import { containsPattern } from '../../core/db-errors';
import { departmentWithDescendants } from '../notice/notice.service';
import { requireScale } from './psych-scale.repo';

type Ctx = Pick<RequestContext, 'organizationId' | 'userId'>;
export type MentalRecord = typeof psyExams.$inferSelect;

export const MENTAL_NOT_FOUND = '心理测评不存在';

export function statusOf(record: Pick<MentalRecord, 'startAt' | 'endAt'>, now = Date.now()): MentalStatus {
  if (now < record.startAt.getTime()) return 'pending';
  return now > record.endAt.getTime() ? 'ended' : 'open';
}

export function toExamRow(record: MentalRecord, counts: { members: number; taken: number }): MentalExamRow {
  return {
    mentalExamId: record.id,
    name: record.name,
    description: record.description,
    scaleId: record.scaleId,
    scaleName: record.scaleName,
    itemCount: record.definition.items.length,
    startAt: record.startAt.getTime(),
    endAt: record.endAt.getTime(),
    status: statusOf(record),
    anonymous: record.anonymous,
    showResult: record.showResult,
    minGroupSize: record.minGroupSize,
    layout: record.layout as PsyLayout,
    memberCount: counts.members,
    takenCount: counts.taken,
    departmentIds: record.audience.departmentIds,
    includeSubDepartments: record.audience.includeSubDepartments,
    userIds: record.audience.userIds,
    createdAt: record.createdAt.getTime(),
  };
}

/** The caller's organisation's mental exam, or 404. */
export async function requireMental(db: DbOrTx, ctx: Pick<Ctx, 'organizationId'>, mentalExamId: number) {
  const [record] = await db
    .select()
    .from(psyExams)
    .where(and(eq(psyExams.id, mentalExamId), eq(psyExams.organizationId, ctx.organizationId)));
  if (!record) throw notFound(MENTAL_NOT_FOUND);
  return record;
}

async function memberCounts(db: DbOrTx, examIds: number[]) {
  if (examIds.length === 0) return new Map<number, { members: number; taken: number }>();
  const rows = await db
    .select({
      examId: psyExamMembers.examId,
      members: sql<number>`count(*)::int`,
      taken: sql<number>`count(*) filter (where ${psyExamMembers.taken})::int`,
    })
    .from(psyExamMembers)
    .where(inArray(psyExamMembers.examId, examIds))
    .groupBy(psyExamMembers.examId);
  return new Map(rows.map((r) => [Number(r.examId), { members: Number(r.members), taken: Number(r.taken) }]));
}

const NO_COUNTS = { members: 0, taken: 0 };

export async function mentalRow(db: DbOrTx, record: MentalRecord): Promise<MentalExamRow> {
  const counts = await memberCounts(db, [record.id]);
  return toExamRow(record, counts.get(record.id) ?? NO_COUNTS);
}

export async function listMental(db: DbOrTx, ctx: Ctx, keyword: string | undefined, paging: LimitOffset) {
  const where = and(
    eq(psyExams.organizationId, ctx.organizationId),
    keyword
      ? or(
          ilike(psyExams.name, containsPattern(keyword)),
          ilike(psyExams.scaleName, containsPattern(keyword)),
        )
      : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select()
      .from(psyExams)
      .where(where)
      .orderBy(desc(psyExams.startAt), desc(psyExams.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(psyExams)
      .where(where),
  ]);
  const counts = await memberCounts(
    db,
    records.map((r) => r.id),
  );
  return {
    rows: records.map((r) => toExamRow(r, counts.get(r.id) ?? NO_COUNTS)),
    total: Number(count?.n ?? 0),
  };
}

/** Active members of the organisation in the departments (with sub-departments when asked) or named. */
async function resolveMembers(db: Db, ctx: Ctx, body: BodyOut<typeof psychContracts.examAdd>) {
  const departmentIds = [...new Set(body.departmentIds)];
  if (departmentIds.length > 0) {
    const found = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.organizationId, ctx.organizationId), inArray(departments.id, departmentIds)));
    if (found.length !== departmentIds.length) throw badRequest('部门不存在或不属于本组织', 'departmentIds');
  }
  const userIds = [...new Set(body.userIds)];
  const scope = body.includeSubDepartments
    ? await departmentWithDescendants(db, ctx.organizationId, departmentIds)
    : departmentIds;
  const active = and(
    eq(users.organizationId, ctx.organizationId),
    eq(users.status, 0),
    eq(users.kind, 'member'),
  );
  if (userIds.length > 0) {
    const named = await db
      .select({ id: users.id })
      .from(users)
      .where(and(active, inArray(users.id, userIds)));
    if (named.length !== userIds.length) throw badRequest('员工不存在或不属于本组织', 'userIds');
  }
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        active,
        or(
          scope.length > 0 ? inArray(users.departmentId, scope) : undefined,
          userIds.length > 0 ? inArray(users.id, userIds) : undefined,
        ),
      ),
    );
  if (rows.length === 0) throw badRequest('所选部门没有在职员工', 'departmentIds');
  return rows.map((row) => row.id);
}

/** Schedules a scale: freezes its definition and resolves the members once. */
export async function addMental(db: Db, ctx: Ctx, body: BodyOut<typeof psychContracts.examAdd>) {
  const scale = await requireScale(db, ctx, body.scaleId);
  const memberIds = await resolveMembers(db, ctx, body);
  return db.transaction(async (tx) => {
    const [record] = await tx
      .insert(psyExams)
      .values({
        organizationId: ctx.organizationId,
        scaleId: scale.id,
        name: body.name,
        description: body.description || null,
        scaleName: scale.name,
        instructions: scale.instructions,
        definition: scale.definition,
        startAt: new Date(body.startAt),
        endAt: new Date(body.endAt),
        anonymous: body.anonymous,
        showResult: body.showResult,
        minGroupSize: body.minGroupSize,
        layout: body.layout,
        audience: {
          departmentIds: body.departmentIds,
          includeSubDepartments: body.includeSubDepartments,
          userIds: body.userIds,
        },
        createdBy: ctx.userId,
      })
      .returning();
    if (!record) throw new Error('mental exam insert failed');
    await tx
      .insert(psyExamMembers)
      .values(memberIds.map((userId) => ({ examId: record.id, userId, organizationId: ctx.organizationId })));
    return toExamRow(record, { members: memberIds.length, taken: 0 });
  });
}

export async function modifyMental(db: DbOrTx, ctx: Ctx, body: BodyOut<typeof psychContracts.examModify>) {
  await requireMental(db, ctx, body.mentalExamId);
  const [record] = await db
    .update(psyExams)
    .set({
      name: body.name,
      description: body.description || null,
      startAt: new Date(body.startAt),
      endAt: new Date(body.endAt),
      showResult: body.showResult,
      minGroupSize: body.minGroupSize,
      layout: body.layout,
      updatedAt: new Date(),
    })
    .where(and(eq(psyExams.id, body.mentalExamId), eq(psyExams.organizationId, ctx.organizationId)))
    .returning();
  if (!record) throw notFound(MENTAL_NOT_FOUND);
  return mentalRow(db, record);
}

export async function deleteMental(db: DbOrTx, ctx: Ctx, mentalExamId: number): Promise<null> {
  await requireMental(db, ctx, mentalExamId);
  await db
    .delete(psyExams)
    .where(and(eq(psyExams.id, mentalExamId), eq(psyExams.organizationId, ctx.organizationId)));
  return null;
}
