import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { ExamState } from '@kaopei/shared';
import type { DbOrTx } from '../../db/client';
import {
  departments,
  examAttempts,
  examCandidates,
  examPapers,
  examQuestions,
  exams,
  paperQuestions,
  papers,
  questionKnowledge,
  questions,
  userTags,
  users,
  type ExamQuestionContent,
} from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';

/**
 * The queries of exams and their papers, candidates and frozen questions. Functions taking an `examId`
 * without a context act on an exam the caller has already found in its organisation (`findExam`).
 */

type OrgCtx = Pick<RequestContext, 'organizationId'>;

export type ExamRecord = typeof exams.$inferSelect;
/** The columns an exam is created or changed with (the organisation and author come from the context). */
export type ExamValues = Omit<typeof exams.$inferInsert, 'id' | 'organizationId' | 'createdBy'>;

/**
 * The outer query's exam id inside a correlated subquery. Drizzle leaves columns unqualified in
 * single-table selects, where a bare "id" would bind to the subquery's own table.
 */
export const OUTER_EXAM_ID = sql.raw('"exams"."id"');

/** An exam of the caller's organisation, optionally locked for update. */
export async function findExam(
  db: DbOrTx,
  ctx: OrgCtx,
  examId: number,
  lock = false,
): Promise<ExamRecord | undefined> {
  const query = db
    .select()
    .from(exams)
    .where(and(eq(exams.id, examId), eq(exams.organizationId, ctx.organizationId)));
  const [exam] = lock ? await query.for('update') : await query;
  return exam;
}

export interface ExamSearch {
  keyword?: string;
  state?: ExamState;
  limit: number;
  offset: number;
}

/** A page of the organisation's exams, newest first, and how many match. */
export async function searchExamRecords(
  db: DbOrTx,
  ctx: OrgCtx,
  search: ExamSearch,
): Promise<{ records: ExamRecord[]; total: number }> {
  const now = new Date();
  const stateCondition: Record<ExamState, SQL> = {
    draft: sql`${exams.status} = 0`,
    upcoming: sql`${exams.status} = 1 and ${exams.startAt} > ${now}`,
    ongoing: sql`${exams.status} = 1 and ${exams.startAt} <= ${now} and ${exams.endAt} > ${now}`,
    ended: sql`${exams.status} = 1 and ${exams.endAt} <= ${now}`,
  };
  const where = and(
    eq(exams.organizationId, ctx.organizationId),
    search.keyword ? ilike(exams.name, containsPattern(search.keyword)) : undefined,
    search.state ? stateCondition[search.state] : undefined,
  );
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(exams)
      .where(where)
      .orderBy(desc(exams.createdAt), desc(exams.id))
      .limit(search.limit)
      .offset(search.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(exams)
      .where(where),
  ]);
  return { records, total: Number(total?.n ?? 0) };
}

/** The papers of these exams (already found in the caller's organisation), by paper id. */
export async function listPapersOfExams(db: DbOrTx, examIds: number[]) {
  return db
    .select({
      examId: examPapers.examId,
      paperId: papers.id,
      name: papers.name,
      totalScore: papers.totalScore,
      questionCount: papers.questionCount,
    })
    .from(examPapers)
    .innerJoin(papers, eq(papers.id, examPapers.paperId))
    .where(inArray(examPapers.examId, examIds))
    .orderBy(asc(papers.id));
}

/** Candidates, people who started and people who submitted, per exam (already found in the organisation). */
export async function countPeopleOfExams(db: DbOrTx, examIds: number[]) {
  return db
    .select({
      examId: exams.id,
      candidates: sql<number>`(select count(*)::int from ${examCandidates} where ${examCandidates.examId} = ${OUTER_EXAM_ID})`,
      started: sql<number>`(select count(distinct ${examAttempts.userId})::int from ${examAttempts} where ${examAttempts.examId} = ${OUTER_EXAM_ID})`,
      submitted: sql<number>`(select count(distinct ${examAttempts.userId})::int from ${examAttempts} where ${examAttempts.examId} = ${OUTER_EXAM_ID} and ${examAttempts.status} > 0)`,
    })
    .from(exams)
    .where(inArray(exams.id, examIds));
}

/** The papers of the caller's organisation with these ids. */
export async function listPapers(db: DbOrTx, ctx: OrgCtx, paperIds: number[]) {
  return db
    .select({
      id: papers.id,
      name: papers.name,
      questionCount: papers.questionCount,
      totalScore: papers.totalScore,
      settings: papers.settings,
    })
    .from(papers)
    .where(and(inArray(papers.id, paperIds), eq(papers.organizationId, ctx.organizationId)));
}

/** A new exam of the caller's organisation, written by the caller; its id. */
export async function insertExam(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId' | 'userId'>,
  values: ExamValues,
): Promise<number> {
  const [exam] = await db
    .insert(exams)
    .values({ organizationId: ctx.organizationId, createdBy: ctx.userId, ...values })
    .returning({ id: exams.id });
  if (!exam) throw new Error('exam insert failed');
  return exam.id;
}

export async function insertExamPapers(db: DbOrTx, examId: number, paperIds: number[]): Promise<void> {
  await db.insert(examPapers).values(paperIds.map((paperId) => ({ examId, paperId })));
}

/** Gives a new exam the papers of another. */
export async function copyExamPapers(db: DbOrTx, fromExamId: number, toExamId: number): Promise<void> {
  await db.execute(
    sql`insert into ${examPapers} (exam_id, paper_id) select ${toExamId}::bigint, paper_id from ${examPapers} where exam_id = ${fromExamId}::bigint`,
  );
}

export async function listExamPaperIds(db: DbOrTx, examId: number): Promise<number[]> {
  const rows = await db
    .select({ paperId: examPapers.paperId })
    .from(examPapers)
    .where(eq(examPapers.examId, examId));
  return rows.map((row) => row.paperId);
}

export async function deleteExamPapers(db: DbOrTx, examId: number): Promise<void> {
  await db.delete(examPapers).where(eq(examPapers.examId, examId));
}

export async function deleteExamQuestions(db: DbOrTx, examId: number): Promise<void> {
  await db.delete(examQuestions).where(eq(examQuestions.examId, examId));
}

/** Whether anybody has started the exam. */
export async function examHasAttempts(db: DbOrTx, examId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(eq(examAttempts.examId, examId))
    .limit(1);
  return row !== undefined;
}

export async function updateExam(db: DbOrTx, examId: number, values: Partial<ExamValues>): Promise<void> {
  await db.update(exams).set(values).where(eq(exams.id, examId));
}

/** The exams of the caller's organisation with these ids. */
export async function listExamNames(db: DbOrTx, ctx: OrgCtx, examIds: number[]) {
  return db
    .select({ id: exams.id, name: exams.name })
    .from(exams)
    .where(and(inArray(exams.id, examIds), eq(exams.organizationId, ctx.organizationId)));
}

/** Deletes exams (all already found in the caller's organisation). */
export async function deleteExamsById(db: DbOrTx, examIds: number[]): Promise<void> {
  await db.delete(exams).where(inArray(exams.id, examIds));
}

/** The departments of the caller's organisation with these ids. */
export async function listDepartmentIds(db: DbOrTx, ctx: OrgCtx, departmentIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.organizationId, ctx.organizationId), inArray(departments.id, departmentIds)));
  return rows.map((row) => row.id);
}

/** Active staff of the organisation in these departments, or with these ids, or carrying these tags. */
export async function listAudienceUserIds(
  db: DbOrTx,
  ctx: OrgCtx,
  audience: { departmentIds: number[]; userIds: number[]; tagIds: number[] },
): Promise<number[]> {
  const choices: SQL[] = [];
  if (audience.departmentIds.length > 0) choices.push(inArray(users.departmentId, audience.departmentIds));
  if (audience.userIds.length > 0) choices.push(inArray(users.id, audience.userIds));
  if (audience.tagIds.length > 0) {
    choices.push(
      sql`exists (select 1 from ${userTags} where ${userTags.userId} = ${users.id} and ${inArray(userTags.tagId, audience.tagIds)})`,
    );
  }
  if (choices.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, ctx.organizationId),
        eq(users.status, 0),
        sql`(${sql.join(choices, sql` or `)})`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Staff of the caller's organisation with these ids, whatever their status. */
export async function listStaffIds(db: DbOrTx, ctx: OrgCtx, userIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.organizationId, ctx.organizationId)));
  return rows.map((row) => row.id);
}

/** Adds these people as the exam's candidates; those already there stay as they are. */
export async function insertCandidates(
  db: DbOrTx,
  ctx: OrgCtx,
  examId: number,
  userIds: number[],
): Promise<void> {
  await db
    .insert(examCandidates)
    .values(userIds.map((userId) => ({ examId, userId, organizationId: ctx.organizationId })))
    .onConflictDoNothing();
}

export async function countCandidates(db: DbOrTx, examId: number): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(examCandidates)
    .where(eq(examCandidates.examId, examId));
  return Number(count?.n ?? 0);
}

/** The questions of these papers (already checked to be the organisation's). */
export async function listPaperQuestionIds(db: DbOrTx, paperIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ questionId: paperQuestions.questionId })
    .from(paperQuestions)
    .where(inArray(paperQuestions.paperId, paperIds));
  return rows.map((row) => row.questionId);
}

/** Which of these questions already have content frozen for the exam (an index-only probe). */
export async function listFrozenQuestionIds(
  db: DbOrTx,
  examId: number,
  questionIds: number[],
): Promise<number[]> {
  const rows = await db
    .select({ questionId: examQuestions.questionId })
    .from(examQuestions)
    .where(and(eq(examQuestions.examId, examId), inArray(examQuestions.questionId, questionIds)));
  return rows.map((row) => row.questionId);
}

/**
 * Freezes the current content of these questions (taken from the exam's papers) for the exam; rows
 * already there are kept. One read and one insert.
 */
export async function insertFrozenQuestions(
  db: DbOrTx,
  examId: number,
  questionIds: number[],
): Promise<void> {
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      stem: questions.stem,
      options: questions.options,
      answer: questions.answer,
      analysis: questions.analysis,
      difficulty: questions.difficulty,
      knowledgeIds: sql<
        number[]
      >`coalesce((select array_agg(${questionKnowledge.knowledgeId}) from ${questionKnowledge} where ${questionKnowledge.questionId} = ${questions.id}), '{}')`,
    })
    .from(questions)
    .where(inArray(questions.id, questionIds));
  await db
    .insert(examQuestions)
    .values(
      rows.map((row) => ({
        examId,
        questionId: row.id,
        content: {
          type: row.type,
          stem: row.stem,
          options: (row.options as ExamQuestionContent['options']) ?? null,
          answer: row.answer ?? null,
          analysis: row.analysis,
          difficulty: row.difficulty,
          knowledgeIds: (row.knowledgeIds ?? []).map(Number),
        } satisfies ExamQuestionContent,
      })),
    )
    .onConflictDoNothing();
}
