import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { QuestionType, measuresAbilities, type ExamineeState } from '@kaopei/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import {
  attemptQuestions,
  departments,
  examAttempts,
  examCandidates,
  examPapers,
  examQuestions,
  exams,
  knowledgeNodes,
  paperQuestions,
  papers,
  questions,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../core/context';
import { containsPattern } from '../../core/db-errors';
import type { RecordSortField } from '@kaopei/shared/contracts/exam';
import { OUTER_EXAM_ID } from './exam.repo';
import { recordAttemptAbilities } from '../post-exam/attempt-ability.repo';
import { attemptGraded } from './attempt-graded';

/**
 * The queries behind an exam's candidates, marking, results and reports. Functions taking an `examId`
 * or `attemptId` without a context act on an exam or attempt the caller has already found in its
 * organisation (`findExam`, `findAttempt`).
 */

type OrgCtx = Pick<RequestContext, 'organizationId'>;
type Paging = { limit: number; offset: number };

// ---------- attempts ----------

/** An attempt of the caller's organisation. */
export async function findAttempt(db: DbOrTx, ctx: OrgCtx, attemptId: number) {
  const [attempt] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.organizationId, ctx.organizationId)));
  return attempt;
}

/** An attempt already found in the caller's organisation, read again (after a change). */
export async function findAttemptById(db: DbOrTx, attemptId: number) {
  const [attempt] = await db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  return attempt;
}

/** Attempts with these ids (taken from candidates of an exam already found in the organisation). */
export async function listAttemptsById(db: DbOrTx, attemptIds: number[]) {
  return db.select().from(examAttempts).where(inArray(examAttempts.id, attemptIds));
}

// ---------- candidates ----------

const latestAttempt = sql`(select a.id from ${examAttempts} a where a.exam_id = ${examCandidates.examId} and a.user_id = ${examCandidates.userId} order by a.attempt_no desc limit 1)`;

/** A page of an exam's candidates (by name) with their latest attempt's id, and how many match. */
export async function listExamineeRecords(
  db: DbOrTx,
  examId: number,
  filter: { keyword?: string; state?: ExamineeState } & Paging,
) {
  const stateSql: Record<ExamineeState, ReturnType<typeof sql>> = {
    not_started: sql`${latestAttempt} is null`,
    in_progress: sql`exists (select 1 from ${examAttempts} a where a.id = ${latestAttempt} and a.status = 0)`,
    submitted: sql`exists (select 1 from ${examAttempts} a where a.id = ${latestAttempt} and a.status = 1)`,
    graded: sql`exists (select 1 from ${examAttempts} a where a.id = ${latestAttempt} and a.status = 2)`,
  };
  const pattern = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const where = and(
    eq(examCandidates.examId, examId),
    pattern
      ? or(ilike(users.realName, pattern), ilike(users.account, pattern), ilike(users.jobNumber, pattern))
      : undefined,
    filter.state ? stateSql[filter.state] : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        realName: users.realName,
        account: users.account,
        jobNumber: users.jobNumber,
        departmentName: departments.name,
        extraAttempts: examCandidates.extraAttempts,
        extraMinutes: examCandidates.extraMinutes,
        designatedPaperId: examCandidates.designatedPaperId,
        designatedPaperName: papers.name,
        attemptsUsed: sql<number>`(select count(*)::int from ${examAttempts} a where a.exam_id = ${examCandidates.examId} and a.user_id = ${examCandidates.userId})`,
        latestAttemptId: sql<number | null>`${latestAttempt}`,
      })
      .from(examCandidates)
      .innerJoin(users, eq(users.id, examCandidates.userId))
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .leftJoin(papers, eq(papers.id, examCandidates.designatedPaperId))
      .where(where)
      .orderBy(asc(users.realName), asc(users.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(examCandidates)
      .innerJoin(users, eq(users.id, examCandidates.userId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Active staff of the caller's organisation with these ids. */
export async function listActiveStaffIds(db: DbOrTx, ctx: OrgCtx, userIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(inArray(users.id, userIds), eq(users.organizationId, ctx.organizationId), eq(users.status, 0)),
    );
  return rows.map((row) => row.id);
}

/** Adds these people (the organisation's) as candidates; the ids of those not there before. */
export async function insertNewCandidates(
  db: DbOrTx,
  ctx: OrgCtx,
  examId: number,
  userIds: number[],
): Promise<number[]> {
  const added = await db
    .insert(examCandidates)
    .values(userIds.map((userId) => ({ examId, userId, organizationId: ctx.organizationId })))
    .onConflictDoNothing()
    .returning({ userId: examCandidates.userId });
  return added.map((row) => row.userId);
}

/** Which of these people are the exam's candidates. */
export async function listCandidateUserIds(db: DbOrTx, examId: number, userIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ userId: examCandidates.userId })
    .from(examCandidates)
    .where(and(eq(examCandidates.examId, examId), inArray(examCandidates.userId, userIds)));
  return rows.map((row) => row.userId);
}

/** One of these people who has started the exam, if any. */
export async function findStartedCandidate(db: DbOrTx, examId: number, userIds: number[]) {
  const [started] = await db
    .select({ realName: users.realName })
    .from(examAttempts)
    .innerJoin(users, eq(users.id, examAttempts.userId))
    .where(and(eq(examAttempts.examId, examId), inArray(examAttempts.userId, userIds)))
    .limit(1);
  return started;
}

export async function deleteCandidates(db: DbOrTx, examId: number, userIds: number[]): Promise<void> {
  await db
    .delete(examCandidates)
    .where(and(eq(examCandidates.examId, examId), inArray(examCandidates.userId, userIds)));
}

export async function findCandidate(db: DbOrTx, examId: number, userId: number) {
  const [candidate] = await db
    .select()
    .from(examCandidates)
    .where(and(eq(examCandidates.examId, examId), eq(examCandidates.userId, userId)));
  return candidate;
}

export async function updateCandidate(
  db: DbOrTx,
  examId: number,
  userId: number,
  values: { extraMinutes: number } | { extraAttempts: number },
): Promise<void> {
  await db
    .update(examCandidates)
    .set(values)
    .where(and(eq(examCandidates.examId, examId), eq(examCandidates.userId, userId)));
}

/** Moves the deadline of a person's open attempt of the exam by `minutes`. */
export async function extendOpenAttempt(
  db: DbOrTx,
  examId: number,
  userId: number,
  minutes: number,
): Promise<void> {
  await db
    .update(examAttempts)
    .set({ deadlineAt: sql`${examAttempts.deadlineAt} + make_interval(mins => ${minutes})` })
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, userId), eq(examAttempts.status, 0)));
}

/** The id of a person's open attempt of the exam, if any. */
export async function findOpenAttemptId(
  db: DbOrTx,
  examId: number,
  userId: number,
): Promise<number | undefined> {
  const [open] = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, userId), eq(examAttempts.status, 0)));
  return open?.id;
}

/** A paper of the caller's organisation. */
export async function findPaper(db: DbOrTx, ctx: OrgCtx, paperId: number) {
  const [paper] = await db
    .select({ id: papers.id, questionCount: papers.questionCount, settings: papers.settings })
    .from(papers)
    .where(and(eq(papers.id, paperId), eq(papers.organizationId, ctx.organizationId)));
  return paper;
}

/** Sets the paper these candidates sit; the ids of the candidates changed. */
export async function designateCandidatesPaper(
  db: DbOrTx,
  examId: number,
  userIds: number[],
  paperId: number | null,
): Promise<number[]> {
  const updated = await db
    .update(examCandidates)
    .set({ designatedPaperId: paperId })
    .where(and(eq(examCandidates.examId, examId), inArray(examCandidates.userId, userIds)))
    .returning({ userId: examCandidates.userId });
  return updated.map((row) => row.userId);
}

// ---------- marking ----------

const SUBJECTIVE = [QuestionType.SHORT, QuestionType.CODE, QuestionType.FILL];

/** The exam's subjective questions with how many submitted answers each has and how many wait for marks. */
export async function listMarkingQuestions(db: DbOrTx, examId: number) {
  return db
    .select({
      questionId: examQuestions.questionId,
      content: examQuestions.content,
      answerCount: sql<number>`count(${attemptQuestions.attemptId})::int`,
      pending: sql<number>`count(${attemptQuestions.attemptId}) filter (where ${attemptQuestions.score} is null)::int`,
    })
    .from(examQuestions)
    .innerJoin(attemptQuestions, eq(attemptQuestions.questionId, examQuestions.questionId))
    .innerJoin(
      examAttempts,
      and(eq(examAttempts.id, attemptQuestions.attemptId), eq(examAttempts.examId, examQuestions.examId)),
    )
    .where(
      and(
        eq(examQuestions.examId, examId),
        sql`(${examQuestions.content}->>'type')::int in (${sql.join(
          SUBJECTIVE.map((t) => sql`${t}`),
          sql`, `,
        )})`,
        sql`${examAttempts.status} > 0`,
      ),
    )
    .groupBy(examQuestions.questionId, examQuestions.content)
    .orderBy(asc(examQuestions.questionId));
}

/** The exam's attempts waiting for marks, and all submitted. */
export async function countMarkingAttempts(db: DbOrTx, examId: number) {
  const [counts] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${examAttempts.status} = 1)::int`,
      submitted: sql<number>`count(*) filter (where ${examAttempts.status} > 0)::int`,
    })
    .from(examAttempts)
    .where(eq(examAttempts.examId, examId));
  return { pending: Number(counts?.pending ?? 0), submitted: Number(counts?.submitted ?? 0) };
}

/** A question's content as frozen for the exam. */
export async function findFrozenContent(db: DbOrTx, examId: number, questionId: number) {
  const [frozen] = await db
    .select({ content: examQuestions.content })
    .from(examQuestions)
    .where(and(eq(examQuestions.examId, examId), eq(examQuestions.questionId, questionId)));
  return frozen?.content;
}

/** A page of the submitted answers to one question of the exam (pending first), and how many there are. */
export async function listAnswersToMark(db: DbOrTx, examId: number, questionId: number, paging: Paging) {
  const where = and(
    eq(examAttempts.examId, examId),
    sql`${examAttempts.status} > 0`,
    eq(attemptQuestions.questionId, questionId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        attemptId: attemptQuestions.attemptId,
        realName: users.realName,
        questionId: attemptQuestions.questionId,
        answer: attemptQuestions.answer,
        score: attemptQuestions.score,
        points: attemptQuestions.points,
        markComment: attemptQuestions.markComment,
        markedAt: attemptQuestions.markedAt,
      })
      .from(attemptQuestions)
      .innerJoin(examAttempts, eq(examAttempts.id, attemptQuestions.attemptId))
      .innerJoin(users, eq(users.id, examAttempts.userId))
      .where(where)
      .orderBy(sql`${attemptQuestions.score} is not null`, asc(attemptQuestions.attemptId))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(attemptQuestions)
      .innerJoin(examAttempts, eq(examAttempts.id, attemptQuestions.attemptId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Recomputes a closed attempt's score, pending marks, pass and status from its questions: the one
 * rule for human marking and for scores the code judge writes.
 */
export async function refreshAttempt(tx: DbOrTx, attemptId: number): Promise<void> {
  const result = await tx.execute(sql`
    update ${examAttempts} a set
      score = s.score,
      pending_marks = s.pending,
      status = case when s.pending = 0 then 2 else 1 end,
      passed = case when s.pending = 0 then (s.score >= e.pass_score)::int else null end
    from (
      select coalesce(sum(score), 0) as score, count(*) filter (where score is null)::int as pending
      from ${attemptQuestions} where attempt_id = ${attemptId}::bigint
    ) s, ${exams} e
    where a.id = ${attemptId}::bigint and e.id = a.exam_id and a.status > 0
    returning a.status, a.exam_id, a.user_id, e.purpose`);
  const [after] = rowsOf<{ status: number | string; exam_id: unknown; user_id: unknown; purpose: string }>(
    result,
  );
  if (!after || Number(after.status) !== 2) return;
  // Post and evaluation exams keep their per-ability results in step with every rescore.
  if (measuresAbilities(after.purpose)) await recordAttemptAbilities(tx, attemptId);
  await attemptGraded(tx, {
    attemptId,
    examId: Number(after.exam_id),
    userId: Number(after.user_id),
    purpose: after.purpose,
  });
}

/** The points of one question of an attempt, if the attempt has it. */
export async function findAttemptQuestionPoints(db: DbOrTx, attemptId: number, questionId: number) {
  const [row] = await db
    .select({ points: attemptQuestions.points })
    .from(attemptQuestions)
    .where(and(eq(attemptQuestions.attemptId, attemptId), eq(attemptQuestions.questionId, questionId)));
  return row?.points;
}

/** A marker's score and comment on one answer. */
export async function updateAnswerMark(
  db: DbOrTx,
  attemptId: number,
  questionId: number,
  mark: { score: number; markComment: string | null; markedBy: number; markedAt: Date },
): Promise<void> {
  await db
    .update(attemptQuestions)
    .set(mark)
    .where(and(eq(attemptQuestions.attemptId, attemptId), eq(attemptQuestions.questionId, questionId)));
}

export async function updateAttemptComment(
  db: DbOrTx,
  attemptId: number,
  comment: string | null,
): Promise<void> {
  await db.update(examAttempts).set({ comment }).where(eq(examAttempts.id, attemptId));
}

// ---------- results and reports ----------

/** A page of each candidate's best submitted attempt, ranked by score (ties share a rank), as raw rows. */
export async function listBestResults(db: DbOrTx, examId: number, paging: Paging & { keyword?: string }) {
  const pattern = paging.keyword ? containsPattern(paging.keyword) : undefined;
  const best = sql`(
    select distinct on (a.user_id) a.*
    from ${examAttempts} a where a.exam_id = ${examId}::bigint and a.status > 0
    order by a.user_id, a.score desc nulls last, a.submitted_at asc
  )`;
  const result = await db.execute(sql`
    select b.id as attempt_id, b.user_id, u.real_name, u.account, d.name as department_name, b.attempt_no,
           b.status, b.score, b.total_points, b.passed, b.submitted_at, b.started_at, b.submit_reason, b.comment,
           case when b.status = 2 then rank() over (order by (b.status = 2) desc, b.score desc nulls last) end as rank,
           count(*) over () as total
    from ${best} b
    join ${users} u on u.id = b.user_id
    left join ${departments} d on d.id = u.department_id
    ${pattern ? sql`where (u.real_name ilike ${pattern} or u.account ilike ${pattern})` : sql``}
    order by (b.status = 2) desc, b.score desc nulls last, b.submitted_at asc, b.id
    limit ${paging.limit} offset ${paging.offset}`);
  return rowsOf(result);
}

/** The exam of an attempt already found in the caller's organisation. */
export async function findExamOfAttempt(db: DbOrTx, examId: number) {
  const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
  return exam;
}

/** The name and department of the person of an attempt already found in the caller's organisation. */
export async function findPersonOfAttempt(db: DbOrTx, userId: number) {
  const [person] = await db
    .select({ realName: users.realName, departmentName: departments.name })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(eq(users.id, userId));
  return person;
}

/** How many people have a graded attempt of the exam, and the rank of `score` among their attempts. */
export async function findRanking(db: DbOrTx, examId: number, score: number) {
  const [ranking] = await db
    .execute(
      sql`
    select (select count(distinct user_id) from ${examAttempts} where exam_id = ${examId}::bigint and status = 2)::int as rank_of,
           (select count(distinct user_id) from ${examAttempts} where exam_id = ${examId}::bigint and status = 2 and score > ${score})::int + 1 as rank`,
    )
    .then((result) => rowsOf<{ rank_of: number; rank: number }>(result));
  return ranking;
}

/** Names of knowledge points (ids taken from an exam's frozen questions). */
export async function listKnowledgeNames(db: DbOrTx, knowledgeIds: number[]) {
  return db
    .select({ id: knowledgeNodes.id, name: knowledgeNodes.name })
    .from(knowledgeNodes)
    .where(inArray(knowledgeNodes.id, knowledgeIds));
}

/** Each candidate's best graded attempt of the exam. */
export async function listBestGradedScores(db: DbOrTx, examId: number) {
  const best = await db.execute(sql`
    select distinct on (a.user_id) a.score, a.total_points, a.passed
    from ${examAttempts} a where a.exam_id = ${examId}::bigint and a.status = 2
    order by a.user_id, a.score desc`);
  return rowsOf<{ score: string; total_points: string; passed: number }>(best);
}

/** The exam's candidates, and the people who submitted. */
export async function countCandidatesAndSubmitted(db: DbOrTx, examId: number) {
  const [counts] = await db
    .select({
      candidates: sql<number>`(select count(*)::int from ${examCandidates} where ${examCandidates.examId} = ${examId})`,
      submitted: sql<number>`count(distinct ${examAttempts.userId}) filter (where ${examAttempts.status} > 0)::int`,
    })
    .from(examAttempts)
    .where(eq(examAttempts.examId, examId));
  return { candidates: Number(counts?.candidates ?? 0), submitted: Number(counts?.submitted ?? 0) };
}

/** The ten questions of the exam with the lowest average share of points in graded attempts. */
export async function listHardestQuestions(db: DbOrTx, examId: number) {
  return db
    .select({
      questionId: attemptQuestions.questionId,
      content: examQuestions.content,
      answered: sql<number>`count(*)::int`,
      ratio: sql<number>`avg(${attemptQuestions.score} / nullif(${attemptQuestions.points}, 0))::float8`,
    })
    .from(attemptQuestions)
    .innerJoin(examAttempts, eq(examAttempts.id, attemptQuestions.attemptId))
    .innerJoin(
      examQuestions,
      and(
        eq(examQuestions.examId, examAttempts.examId),
        eq(examQuestions.questionId, attemptQuestions.questionId),
      ),
    )
    .where(
      and(eq(examAttempts.examId, examId), eq(examAttempts.status, 2), isNotNull(attemptQuestions.score)),
    )
    .groupBy(attemptQuestions.questionId, examQuestions.content)
    .orderBy(sql`avg(${attemptQuestions.score} / nullif(${attemptQuestions.points}, 0)) asc nulls last`)
    .limit(10);
}

// ---------- where a question is used ----------

/** Whether the question is the caller's organisation's. */
export async function questionExists(db: DbOrTx, ctx: OrgCtx, questionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.organizationId, ctx.organizationId)));
  return row !== undefined;
}

/** The organisation's exams that use a question (frozen into it, or in one of its papers), with answer counts. */
export async function listExamsUsingQuestion(db: DbOrTx, ctx: OrgCtx, questionId: number) {
  return db
    .select({
      exam: exams,
      answered: sql<number>`(select count(*)::int from ${attemptQuestions} aq join ${examAttempts} a on a.id = aq.attempt_id
        where a.exam_id = ${OUTER_EXAM_ID} and aq.question_id = ${questionId}::bigint and a.status > 0)`,
      ratio: sql<
        number | null
      >`(select avg(aq.score / nullif(aq.points, 0))::float8 from ${attemptQuestions} aq join ${examAttempts} a on a.id = aq.attempt_id
        where a.exam_id = ${OUTER_EXAM_ID} and aq.question_id = ${questionId}::bigint and a.status > 0 and aq.score is not null)`,
    })
    .from(exams)
    .where(
      and(
        eq(exams.organizationId, ctx.organizationId),
        or(
          sql`exists (select 1 from ${examQuestions} where ${examQuestions.examId} = ${OUTER_EXAM_ID} and ${examQuestions.questionId} = ${questionId}::bigint)`,
          sql`exists (select 1 from ${examPapers} ep join ${paperQuestions} pq on pq.paper_id = ep.paper_id
            where ep.exam_id = ${OUTER_EXAM_ID} and pq.question_id = ${questionId}::bigint)`,
        ),
      ),
    )
    .orderBy(desc(exams.startAt), desc(exams.id));
}

/** A page of the submitted answers to a question across the organisation's exams, and how many there are. */
export async function listQuestionRecords(
  db: DbOrTx,
  ctx: OrgCtx,
  questionId: number,
  query: Paging & { sortField: RecordSortField; sortType: 'asc' | 'desc' },
) {
  const where = and(
    eq(examAttempts.organizationId, ctx.organizationId),
    eq(attemptQuestions.questionId, questionId),
    sql`${examAttempts.status} > 0`,
  );
  const column = {
    submittedAt: examAttempts.submittedAt,
    answeredAt: attemptQuestions.answeredAt,
    score: attemptQuestions.score,
  }[query.sortField];
  const direction = query.sortType === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        attemptId: examAttempts.id,
        examId: exams.id,
        examName: exams.name,
        userId: users.id,
        realName: users.realName,
        answer: attemptQuestions.answer,
        score: attemptQuestions.score,
        points: attemptQuestions.points,
        answeredAt: attemptQuestions.answeredAt,
        submittedAt: examAttempts.submittedAt,
      })
      .from(attemptQuestions)
      .innerJoin(examAttempts, eq(examAttempts.id, attemptQuestions.attemptId))
      .innerJoin(exams, eq(exams.id, examAttempts.examId))
      .innerJoin(users, eq(users.id, examAttempts.userId))
      .where(where)
      .orderBy(sql`${direction(column)} nulls last`, desc(examAttempts.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(attemptQuestions)
      .innerJoin(examAttempts, eq(examAttempts.id, attemptQuestions.attemptId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
