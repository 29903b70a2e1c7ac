import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  isLikertAnswer,
  scoreScale,
  unansweredItems,
  type LikertAnswers,
  type LimitOffset,
} from '@kaopei/shared';
import type { MyMentalRow, MyPaper, MyResult, PsyLayout } from '@kaopei/shared/contracts/psych';
import type { Db, DbOrTx } from '../../db/client';
import { psyExamMembers, psyExams, psyResponses, users } from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { badRequest, notFound } from '../../core/http';
import { MENTAL_NOT_FOUND, statusOf, type MentalRecord } from './psych-exam.repo';

type Ctx = Pick<RequestContext, 'organizationId' | 'userId'>;
type Entry = { no: number; value: number };

const answeredSql = sql<number>`coalesce((select count(*) from jsonb_object_keys(${psyExamMembers.draft}))::int, 0)`;

/** The caller's mental exams, open ones first. */
export async function myMentalExams(db: DbOrTx, ctx: Ctx, paging: LimitOffset) {
  const where = and(
    eq(psyExamMembers.userId, ctx.userId),
    eq(psyExamMembers.organizationId, ctx.organizationId),
  );
  const now = new Date();
  const [records, [count]] = await Promise.all([
    db
      .select({ exam: psyExams, taken: psyExamMembers.taken, answered: answeredSql })
      .from(psyExamMembers)
      .innerJoin(psyExams, eq(psyExams.id, psyExamMembers.examId))
      .where(where)
      .orderBy(
        asc(sql`case when ${psyExams.startAt} <= ${now} and ${psyExams.endAt} >= ${now} then 0 else 1 end`),
        desc(psyExams.startAt),
      )
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(psyExamMembers)
      .where(where),
  ]);
  const rows: MyMentalRow[] = records.map(({ exam, taken, answered }) => ({
    mentalExamId: exam.id,
    name: exam.name,
    scaleName: exam.scaleName,
    itemCount: exam.definition.items.length,
    answeredCount: taken ? exam.definition.items.length : Number(answered),
    startAt: exam.startAt.getTime(),
    endAt: exam.endAt.getTime(),
    status: statusOf(exam),
    anonymous: exam.anonymous,
    showResult: exam.showResult,
    taken,
  }));
  return { rows, total: Number(count?.n ?? 0) };
}

/** The caller's membership of an exam of their organisation, or 404. */
async function requireMembership(db: DbOrTx, ctx: Ctx, mentalExamId: number) {
  const [row] = await db
    .select({ exam: psyExams, taken: psyExamMembers.taken, draft: psyExamMembers.draft })
    .from(psyExamMembers)
    .innerJoin(psyExams, eq(psyExams.id, psyExamMembers.examId))
    .where(
      and(
        eq(psyExamMembers.examId, mentalExamId),
        eq(psyExamMembers.userId, ctx.userId),
        eq(psyExams.organizationId, ctx.organizationId),
      ),
    );
  if (!row) throw notFound(MENTAL_NOT_FOUND);
  return row;
}

/** An open exam the caller has not yet submitted. */
async function requireOpen(db: DbOrTx, ctx: Ctx, mentalExamId: number) {
  const row = await requireMembership(db, ctx, mentalExamId);
  if (row.taken) throw badRequest('您已完成该测评');
  const status = statusOf(row.exam);
  if (status === 'pending') throw badRequest('测评尚未开始');
  if (status === 'ended') throw badRequest('测评已结束');
  return row;
}

export async function myPaper(db: DbOrTx, ctx: Ctx, mentalExamId: number): Promise<MyPaper> {
  const { exam, draft } = await requireOpen(db, ctx, mentalExamId);
  const { definition } = exam;
  return {
    mentalExamId: exam.id,
    name: exam.name,
    description: exam.description,
    instructions: exam.instructions,
    anonymous: exam.anonymous,
    layout: exam.layout as PsyLayout,
    endAt: exam.endAt.getTime(),
    points: definition.points,
    optionLabels: definition.optionLabels,
    items: definition.items.map((item) => ({ no: item.no, stem: item.stem })),
    answers: Object.entries(draft ?? {}).map(([no, value]) => ({ no: Number(no), value })),
  };
}

/** The answers as item → point, refusing items the scale does not have and points out of range. */
function checkedAnswers(exam: MentalRecord, entries: Entry[]): LikertAnswers {
  const { definition } = exam;
  const answers: LikertAnswers = {};
  for (const { no, value } of entries) {
    if (no > definition.items.length) throw badRequest(`量表没有第 ${no} 题`, 'answers');
    if (!isLikertAnswer(value, definition.points))
      throw badRequest(`第 ${no} 题的作答必须是 1 到 ${definition.points} 之间的选项`, 'answers');
    answers[no] = value;
  }
  return answers;
}

export async function saveAnswers(db: DbOrTx, ctx: Ctx, mentalExamId: number, entries: Entry[]) {
  const { exam } = await requireOpen(db, ctx, mentalExamId);
  const answers = checkedAnswers(exam, entries);
  const [row] = await db
    .update(psyExamMembers)
    .set({ draft: sql`coalesce(${psyExamMembers.draft}, '{}'::jsonb) || ${JSON.stringify(answers)}::jsonb` })
    .where(
      and(
        eq(psyExamMembers.examId, exam.id),
        eq(psyExamMembers.userId, ctx.userId),
        eq(psyExamMembers.taken, false),
      ),
    )
    .returning({ draft: psyExamMembers.draft });
  if (!row) throw badRequest('您已完成该测评');
  return { answeredCount: Object.keys(row.draft ?? {}).length };
}

/** Midnight (China time) of the day: all an anonymous response keeps of when it was given. */
export function dayOf(date: Date): Date {
  const offset = 8 * 3600_000;
  return new Date(Math.floor((date.getTime() + offset) / 86_400_000) * 86_400_000 - offset);
}

/**
 * Submits: every item answered, scored with the frozen definition. The membership is marked taken and
 * its draft cleared in the same transaction; an anonymous response gets no user id and only the day.
 */
export async function submitAnswers(
  db: Db,
  ctx: Ctx,
  mentalExamId: number,
  entries: Entry[],
): Promise<MyResult> {
  const { exam, draft } = await requireOpen(db, ctx, mentalExamId);
  const answers = { ...(draft ?? {}), ...checkedAnswers(exam, entries) };
  const missing = unansweredItems(exam.definition, answers);
  if (missing.length > 0)
    throw badRequest(`还有 ${missing.length} 题未作答：第 ${missing.slice(0, 10).join('、')} 题`, 'answers');
  const scores = scoreScale(exam.definition, answers);
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(psyExamMembers)
      .set({ taken: true, draft: null })
      .where(
        and(
          eq(psyExamMembers.examId, exam.id),
          eq(psyExamMembers.userId, ctx.userId),
          eq(psyExamMembers.taken, false),
        ),
      )
      .returning({ examId: psyExamMembers.examId });
    if (!claimed) throw badRequest('您已完成该测评');
    const [person] = await tx
      .select({ departmentId: users.departmentId })
      .from(users)
      .where(eq(users.id, ctx.userId));
    const now = new Date();
    await tx.insert(psyResponses).values({
      organizationId: ctx.organizationId,
      examId: exam.id,
      userId: exam.anonymous ? null : ctx.userId,
      departmentId: person?.departmentId ?? null,
      answers,
      scores,
      submittedAt: exam.anonymous ? dayOf(now) : now,
    });
  });
  return {
    mentalExamId: exam.id,
    name: exam.name,
    anonymous: exam.anonymous,
    hidden: !exam.showResult,
    scores: exam.showResult ? scores : [],
  };
}

export async function myResult(db: DbOrTx, ctx: Ctx, mentalExamId: number): Promise<MyResult> {
  const { exam, taken } = await requireMembership(db, ctx, mentalExamId);
  if (!taken) throw badRequest('您还没有完成该测评');
  const base = { mentalExamId: exam.id, name: exam.name, anonymous: exam.anonymous };
  if (exam.anonymous) return { ...base, hidden: true, scores: [] };
  if (!exam.showResult) return { ...base, hidden: true, scores: [] };
  const [response] = await db
    .select({ scores: psyResponses.scores })
    .from(psyResponses)
    .where(and(eq(psyResponses.examId, exam.id), eq(psyResponses.userId, ctx.userId)))
    .limit(1);
  if (!response) throw notFound('测评结果不存在');
  return { ...base, hidden: false, scores: response.scores };
}
