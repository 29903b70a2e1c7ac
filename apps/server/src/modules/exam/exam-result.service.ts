import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { QuestionType, questionTypeLabel, roundScore, type ExamineeState } from '@kaopei/shared';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
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
import { badRequest, conflict, notFound } from '../../core/http';
import { containsPattern } from '../../core/db-errors';
import {
  ATTEMPT_STATUS_LABELS,
  closeAttempt,
  groupSections,
  orderedOptions,
  paperRows,
} from './exam-attempt.service';
import { EXAM_STATE_LABELS, OUTER_EXAM_ID, examState, requireExam, settingsOf } from './exam.service';
import type {
  ExamReport,
  ExamUsingQuestion,
  ExamineeRow,
  MarkResult,
  MarkingAnswer,
  MarkingOverview,
  MarkingQuestionKey,
  PersonalReport,
  QuestionRecord,
  RecordSortField,
  ResultRow,
} from '@kaopei/shared/contracts/exam';

export type {
  ExamReport,
  ExamUsingQuestion,
  ExamineeRow,
  MarkingAnswer,
  MarkingQuestion,
  PersonalReport,
  QuestionRecord,
  ResultRow,
} from '@kaopei/shared/contracts/exam';

const attemptNotFound = () => notFound('答卷不存在');

/** An attempt of an exam of the caller's organisation. */
async function requireOrgAttempt(db: DbOrTx, ctx: RequestContext, attemptId: number) {
  const [attempt] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.organizationId, ctx.organizationId)));
  if (!attempt) throw attemptNotFound();
  return attempt;
}

// ---------- candidates of an exam (exam/examinee) ----------

export type { ExamineeState } from '@kaopei/shared';
export const EXAMINEE_STATE_LABELS: Record<ExamineeState, string> = {
  not_started: '未开始',
  in_progress: '答题中',
  submitted: '待阅卷',
  graded: '已评分',
};

const latestAttempt = sql`(select a.id from ${examAttempts} a where a.exam_id = ${examCandidates.examId} and a.user_id = ${examCandidates.userId} order by a.attempt_no desc limit 1)`;

export async function listExaminees(
  db: Db,
  ctx: RequestContext,
  examId: number,
  filter: { keyword?: string; state?: ExamineeState; limit: number; offset: number },
): Promise<{ rows: ExamineeRow[]; total: number }> {
  await requireExam(db, ctx, examId);
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
  const attemptIds = rows
    .map((row) => row.latestAttemptId)
    .filter((id): id is number => id !== null)
    .map(Number);
  const attempts = attemptIds.length
    ? await db.select().from(examAttempts).where(inArray(examAttempts.id, attemptIds))
    : [];
  const byId = new Map(attempts.map((attempt) => [attempt.id, attempt]));
  return {
    rows: rows.map((row) => {
      const attempt = row.latestAttemptId !== null ? byId.get(Number(row.latestAttemptId)) : undefined;
      const state: ExamineeState = !attempt
        ? 'not_started'
        : attempt.status === 0
          ? 'in_progress'
          : attempt.status === 1
            ? 'submitted'
            : 'graded';
      return {
        ...row,
        attemptsUsed: Number(row.attemptsUsed),
        state,
        stateLabel: EXAMINEE_STATE_LABELS[state],
        latestAttemptId: attempt?.id ?? null,
        paperId: attempt?.paperId ?? null,
        startedAt: attempt?.startedAt.getTime() ?? null,
        deadlineAt: attempt?.deadlineAt.getTime() ?? null,
        submittedAt: attempt?.submittedAt?.getTime() ?? null,
        score: attempt?.score === null || attempt?.score === undefined ? null : Number(attempt.score),
      };
    }),
    total: Number(total?.n ?? 0),
  };
}

/** Staff of the organisation with these ids (404 for any other). */
async function requireStaff(db: DbOrTx, ctx: RequestContext, userIds: number[]): Promise<number[]> {
  const unique = [...new Set(userIds)];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.organizationId, ctx.organizationId), eq(users.status, 0)));
  if (found.length !== unique.length) throw notFound('考生不存在');
  return unique;
}

export async function addExaminees(
  db: Db,
  ctx: RequestContext,
  examId: number,
  userIds: number[],
): Promise<{ count: number }> {
  await requireExam(db, ctx, examId);
  const ids = await requireStaff(db, ctx, userIds);
  const added = await db
    .insert(examCandidates)
    .values(ids.map((userId) => ({ examId, userId, organizationId: ctx.organizationId })))
    .onConflictDoNothing()
    .returning({ userId: examCandidates.userId });
  return { count: added.length };
}

/** Removes candidates who have not started (all or nothing). */
export async function removeExaminees(
  db: Db,
  ctx: RequestContext,
  examId: number,
  userIds: number[],
): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    await requireExam(tx, ctx, examId);
    const unique = [...new Set(userIds)];
    const found = await tx
      .select({ userId: examCandidates.userId })
      .from(examCandidates)
      .where(and(eq(examCandidates.examId, examId), inArray(examCandidates.userId, unique)));
    if (found.length !== unique.length) throw notFound('考生不存在');
    const [started] = await tx
      .select({ realName: users.realName })
      .from(examAttempts)
      .innerJoin(users, eq(users.id, examAttempts.userId))
      .where(and(eq(examAttempts.examId, examId), inArray(examAttempts.userId, unique)))
      .limit(1);
    if (started) throw conflict(`考生「${started.realName}」已开始作答，不能移除`);
    await tx
      .delete(examCandidates)
      .where(and(eq(examCandidates.examId, examId), inArray(examCandidates.userId, unique)));
    return { count: unique.length };
  });
}

async function requireCandidate(db: DbOrTx, examId: number, userId: number) {
  const [candidate] = await db
    .select()
    .from(examCandidates)
    .where(and(eq(examCandidates.examId, examId), eq(examCandidates.userId, userId)));
  if (!candidate) throw notFound('考生不存在');
  return candidate;
}

/** Gives one person more time: their limit, and their open attempt's deadline, move by `minutes`. */
export async function extendTime(
  db: Db,
  ctx: RequestContext,
  examId: number,
  userId: number,
  minutes: number,
): Promise<{ extraMinutes: number }> {
  return db.transaction(async (tx) => {
    await requireExam(tx, ctx, examId);
    const candidate = await requireCandidate(tx, examId, userId);
    const extraMinutes = candidate.extraMinutes + minutes;
    await tx
      .update(examCandidates)
      .set({ extraMinutes })
      .where(and(eq(examCandidates.examId, examId), eq(examCandidates.userId, userId)));
    await tx
      .update(examAttempts)
      .set({ deadlineAt: sql`${examAttempts.deadlineAt} + make_interval(mins => ${minutes})` })
      .where(
        and(eq(examAttempts.examId, examId), eq(examAttempts.userId, userId), eq(examAttempts.status, 0)),
      );
    return { extraMinutes };
  });
}

/** Allows one person one more attempt. */
export async function grantAttempt(
  db: Db,
  ctx: RequestContext,
  examId: number,
  userId: number,
): Promise<{ extraAttempts: number }> {
  await requireExam(db, ctx, examId);
  const candidate = await requireCandidate(db, examId, userId);
  const extraAttempts = candidate.extraAttempts + 1;
  await db
    .update(examCandidates)
    .set({ extraAttempts })
    .where(and(eq(examCandidates.examId, examId), eq(examCandidates.userId, userId)));
  return { extraAttempts };
}

/** Closes one person's open attempt now, with the answers it has. */
export async function forceSubmit(
  db: Db,
  ctx: RequestContext,
  examId: number,
  userId: number,
): Promise<{ attemptId: number }> {
  await requireExam(db, ctx, examId);
  await requireCandidate(db, examId, userId);
  const [open] = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, userId), eq(examAttempts.status, 0)));
  if (!open) throw conflict('该考生没有正在进行的答卷');
  await closeAttempt(db, open.id, 'forced');
  return { attemptId: open.id };
}

/** exam/paperDesignated: these candidates sit this paper (null: back to the exam's papers). */
export async function designatePaper(
  db: Db,
  ctx: RequestContext,
  examId: number,
  userIds: number[],
  paperId: number | null,
): Promise<{ count: number }> {
  await requireExam(db, ctx, examId);
  if (paperId !== null) {
    const [paper] = await db
      .select({ id: papers.id, questionCount: papers.questionCount, settings: papers.settings })
      .from(papers)
      .where(and(eq(papers.id, paperId), eq(papers.organizationId, ctx.organizationId)));
    if (!paper) throw notFound('试卷不存在');
    if (paper.questionCount === 0 && !paper.settings?.drawPerCandidate) throw badRequest('该试卷还没有试题');
  }
  const unique = [...new Set(userIds)];
  const updated = await db
    .update(examCandidates)
    .set({ designatedPaperId: paperId })
    .where(and(eq(examCandidates.examId, examId), inArray(examCandidates.userId, unique)))
    .returning({ userId: examCandidates.userId });
  if (updated.length !== unique.length) throw notFound('考生不存在');
  return { count: updated.length };
}

// ---------- marking (exam/check) ----------

const SUBJECTIVE = [QuestionType.SHORT, QuestionType.CODE, QuestionType.FILL];

/** The exam's questions that markers look at (short answer, code, fill-in), with progress. */
export async function markingOverview(db: Db, ctx: RequestContext, examId: number): Promise<MarkingOverview> {
  await requireExam(db, ctx, examId);
  const rows = await db
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
  const [counts] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${examAttempts.status} = 1)::int`,
      submitted: sql<number>`count(*) filter (where ${examAttempts.status} > 0)::int`,
    })
    .from(examAttempts)
    .where(eq(examAttempts.examId, examId));
  return {
    questions: rows.map((row) => ({
      questionId: row.questionId,
      type: row.content.type,
      typeLabel: questionTypeLabel(row.content.type),
      stem: row.content.stem,
      answerCount: Number(row.answerCount),
      pending: Number(row.pending),
    })),
    pendingAttempts: Number(counts?.pending ?? 0),
    submittedAttempts: Number(counts?.submitted ?? 0),
  };
}

/** Every submitted answer to one question, across candidates (pending first). */
export async function answersToMark(
  db: Db,
  ctx: RequestContext,
  examId: number,
  questionId: number,
  paging: { limit: number; offset: number },
): Promise<{
  rows: MarkingAnswer[];
  total: number;
  question: MarkingQuestionKey;
}> {
  const exam = await requireExam(db, ctx, examId);
  const [frozen] = await db
    .select({ content: examQuestions.content })
    .from(examQuestions)
    .where(and(eq(examQuestions.examId, examId), eq(examQuestions.questionId, questionId)));
  if (!frozen) throw notFound('试题不在本场考试中');
  const blind = settingsOf(exam).blindMarking;
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
  return {
    rows: rows.map((row) => ({
      attemptId: row.attemptId,
      candidate: blind ? `考生 ${row.attemptId}` : row.realName,
      questionId: row.questionId,
      answer: row.answer ?? null,
      score: row.score === null ? null : Number(row.score),
      points: Number(row.points),
      markComment: row.markComment,
      markedAt: row.markedAt?.getTime() ?? null,
    })),
    total: Number(total?.n ?? 0),
    question: {
      stem: frozen.content.stem,
      type: frozen.content.type,
      key: frozen.content.answer,
      analysis: frozen.content.analysis,
    },
  };
}

/**
 * Recomputes a closed attempt's score, pending marks, pass and status from its questions: the one
 * rule for human marking and for scores the code judge writes.
 */
export async function refreshAttempt(tx: DbOrTx, attemptId: number): Promise<void> {
  await tx.execute(sql`
    update ${examAttempts} a set
      score = s.score,
      pending_marks = s.pending,
      status = case when s.pending = 0 then 2 else 1 end,
      passed = case when s.pending = 0 then (s.score >= e.pass_score)::int else null end
    from (
      select coalesce(sum(score), 0) as score, count(*) filter (where score is null)::int as pending
      from ${attemptQuestions} where attempt_id = ${attemptId}::bigint
    ) s, ${exams} e
    where a.id = ${attemptId}::bigint and e.id = a.exam_id and a.status > 0`);
}

/** A marker's score (within the question's points) and comment for one answer. */
export async function markAnswer(
  db: Db,
  ctx: RequestContext,
  input: { attemptId: number; questionId: number; score: number; comment?: string | null },
): Promise<MarkResult> {
  return db.transaction(async (tx) => {
    const attempt = await requireOrgAttempt(tx, ctx, input.attemptId);
    if (attempt.status === 0) throw conflict('考生尚未交卷，不能阅卷');
    const [row] = await tx
      .select({ points: attemptQuestions.points })
      .from(attemptQuestions)
      .where(
        and(
          eq(attemptQuestions.attemptId, input.attemptId),
          eq(attemptQuestions.questionId, input.questionId),
        ),
      );
    if (!row) throw notFound('试题不在这份答卷中');
    const points = Number(row.points);
    if (input.score > points) throw badRequest(`参数 score 不正确：得分不能超过本题分值 ${points}`);
    await tx
      .update(attemptQuestions)
      .set({
        score: roundScore(input.score),
        markComment: input.comment ?? null,
        markedBy: ctx.userId,
        markedAt: new Date(),
      })
      .where(
        and(
          eq(attemptQuestions.attemptId, input.attemptId),
          eq(attemptQuestions.questionId, input.questionId),
        ),
      );
    await refreshAttempt(tx, input.attemptId);
    const [after] = await tx.select().from(examAttempts).where(eq(examAttempts.id, input.attemptId));
    return {
      attemptId: input.attemptId,
      status: after?.status ?? attempt.status,
      score: after?.score === null || after?.score === undefined ? null : Number(after.score),
      pendingMarks: after?.pendingMarks ?? 0,
    };
  });
}

export async function commentAttempt(
  db: Db,
  ctx: RequestContext,
  attemptId: number,
  comment: string | null,
): Promise<{ attemptId: number }> {
  await requireOrgAttempt(db, ctx, attemptId);
  await db.update(examAttempts).set({ comment }).where(eq(examAttempts.id, attemptId));
  return { attemptId };
}

// ---------- results (exam/result) ----------

/** Each candidate's best submitted attempt, ranked by score (ties share a rank). */
export async function examResults(
  db: Db,
  ctx: RequestContext,
  examId: number,
  paging: { limit: number; offset: number; keyword?: string },
): Promise<{ rows: ResultRow[]; total: number }> {
  await requireExam(db, ctx, examId);
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
  const rows = rowsOf(result);
  const toDate = (value: unknown) => (value ? new Date(value as string).getTime() : null);
  return {
    rows: rows.map((row) => {
      const started = toDate(row.started_at);
      const submitted = toDate(row.submitted_at);
      const status = Number(row.status);
      return {
        rank: row.rank === null ? null : Number(row.rank),
        attemptId: Number(row.attempt_id),
        userId: Number(row.user_id),
        realName: String(row.real_name),
        account: String(row.account),
        departmentName: (row.department_name as string | null) ?? null,
        attemptNo: Number(row.attempt_no),
        status,
        statusLabel: ATTEMPT_STATUS_LABELS[status] ?? '',
        score: row.score === null ? null : Number(row.score),
        totalPoints: Number(row.total_points),
        passed: row.passed === null ? null : Number(row.passed) === 1,
        timeUsedSeconds: started && submitted ? Math.round((submitted - started) / 1000) : null,
        submittedAt: submitted,
        submitReason: (row.submit_reason as string | null) ?? null,
        comment: (row.comment as string | null) ?? null,
      };
    }),
    total: rows.length > 0 ? Number(rows[0]?.total) : 0,
  };
}

// ---------- reports ----------

/** An individual's report: score, rank, per-section and per-knowledge-point mastery, every answer against the key. */
export async function personalReport(
  db: DbOrTx,
  attemptId: number,
  organizationId: number,
): Promise<PersonalReport> {
  const [attempt] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.organizationId, organizationId)));
  if (!attempt) throw attemptNotFound();
  if (attempt.status === 0) throw conflict('考生尚未交卷');
  const [exam] = await db.select().from(exams).where(eq(exams.id, attempt.examId));
  const [person] = await db
    .select({ realName: users.realName, departmentName: departments.name })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(eq(users.id, attempt.userId));
  const rows = await paperRows(db, attempt);
  const [ranking] = await db
    .execute(
      sql`
    select (select count(distinct user_id) from ${examAttempts} where exam_id = ${attempt.examId}::bigint and status = 2)::int as rank_of,
           (select count(distinct user_id) from ${examAttempts} where exam_id = ${attempt.examId}::bigint and status = 2 and score > ${attempt.score ?? 0})::int + 1 as rank`,
    )
    .then((result) => rowsOf<{ rank_of: number; rank: number }>(result));
  const sectionMap = new Map<string, { name: string; score: number; points: number }>();
  const knowledgeMap = new Map<number, { score: number; points: number }>();
  for (const row of rows) {
    const key = `${row.sectionSort}`;
    const section = sectionMap.get(key) ?? { name: row.sectionName, score: 0, points: 0 };
    section.score += row.score ?? 0;
    section.points += row.points;
    sectionMap.set(key, section);
    for (const knowledgeId of row.content.knowledgeIds ?? []) {
      const entry = knowledgeMap.get(knowledgeId) ?? { score: 0, points: 0 };
      entry.score += row.score ?? 0;
      entry.points += row.points;
      knowledgeMap.set(knowledgeId, entry);
    }
  }
  const names = knowledgeMap.size
    ? await db
        .select({ id: knowledgeNodes.id, name: knowledgeNodes.name })
        .from(knowledgeNodes)
        .where(inArray(knowledgeNodes.id, [...knowledgeMap.keys()]))
    : [];
  const nameOf = new Map(names.map((node) => [node.id, node.name]));
  const graded = attempt.status === 2;
  return {
    attemptId: attempt.id,
    examId: attempt.examId,
    examName: exam?.name ?? '',
    realName: person?.realName ?? '',
    departmentName: person?.departmentName ?? null,
    status: attempt.status,
    statusLabel: ATTEMPT_STATUS_LABELS[attempt.status] ?? '',
    score: attempt.score === null ? null : Number(attempt.score),
    totalPoints: Number(attempt.totalPoints),
    passScore: Number(exam?.passScore ?? 0),
    passed: attempt.passed === null ? null : attempt.passed === 1,
    rank: graded ? Number(ranking?.rank ?? 1) : null,
    rankOf: Number(ranking?.rank_of ?? 0),
    timeUsedSeconds: attempt.submittedAt
      ? Math.round((attempt.submittedAt.getTime() - attempt.startedAt.getTime()) / 1000)
      : null,
    submittedAt: attempt.submittedAt?.getTime() ?? null,
    comment: attempt.comment,
    sections: [...sectionMap.values()].map((s) => ({
      ...s,
      score: roundScore(s.score),
      points: roundScore(s.points),
    })),
    knowledge: [...knowledgeMap.entries()]
      .filter(([id]) => nameOf.has(id))
      .map(([knowledgeId, entry]) => ({
        knowledgeId,
        name: nameOf.get(knowledgeId) ?? '',
        score: roundScore(entry.score),
        points: roundScore(entry.points),
        mastery: entry.points > 0 ? Math.round((entry.score / entry.points) * 100) : 0,
      })),
    questions: groupSections(rows, (row, number) => ({
      questionId: row.questionId,
      number,
      type: row.content.type,
      typeLabel: questionTypeLabel(row.content.type),
      stem: row.content.stem,
      options: orderedOptions(row),
      answer: row.answer ?? null,
      key: row.content.options ? null : row.content.answer,
      analysis: row.content.analysis,
      points: row.points,
      score: row.score,
      markComment: row.markComment,
    })),
  };
}

/** A link to one report that works without signing in, until it expires. */
export function signReportToken(
  secret: string,
  attemptId: number,
  organizationId: number,
  expiresAt: number,
): string {
  const payload = `${attemptId}.${organizationId}.${expiresAt}`;
  const mac = createHmac('sha256', secret).update(`report:${payload}`).digest('base64url');
  return `${Buffer.from(payload).toString('base64url')}.${mac}`;
}

/** The attempt and organisation a report token names, if it is genuine and unexpired. */
export function verifyReportToken(
  secret: string,
  token: string,
  now = Date.now(),
): { attemptId: number; organizationId: number } | null {
  const [encoded, mac] = token.split('.');
  if (!encoded || !mac) return null;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = createHmac('sha256', secret).update(`report:${payload}`).digest('base64url');
  const a = Buffer.from(mac);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  const [attemptId, organizationId, expiresAt] = payload.split('.').map(Number);
  if (!attemptId || !organizationId || !expiresAt || expiresAt < now) return null;
  return { attemptId, organizationId };
}

/** The whole exam: distribution, pass rate, hardest questions (each candidate's best attempt). */
export async function examReport(db: Db, ctx: RequestContext, examId: number): Promise<ExamReport> {
  const exam = await requireExam(db, ctx, examId);
  const best = await db.execute(sql`
    select distinct on (a.user_id) a.score, a.total_points, a.passed
    from ${examAttempts} a where a.exam_id = ${examId}::bigint and a.status = 2
    order by a.user_id, a.score desc`);
  const graded = rowsOf<{ score: string; total_points: string; passed: number }>(best).map((row) => ({
    score: Number(row.score),
    total: Number(row.total_points),
    passed: Number(row.passed) === 1,
  }));
  const [counts] = await db
    .select({
      candidates: sql<number>`(select count(*)::int from ${examCandidates} where ${examCandidates.examId} = ${examId})`,
      submitted: sql<number>`count(distinct ${examAttempts.userId}) filter (where ${examAttempts.status} > 0)::int`,
    })
    .from(examAttempts)
    .where(eq(examAttempts.examId, examId));
  const total = Math.max(...graded.map((row) => row.total), 0);
  const bands = Array.from({ length: 10 }, (_, i) => ({
    label: total > 0 ? `${roundScore((total * i) / 10)}–${roundScore((total * (i + 1)) / 10)}` : `${i * 10}%`,
    count: 0,
  }));
  for (const row of graded) {
    const ratio = row.total > 0 ? row.score / row.total : 0;
    const band = bands[Math.min(9, Math.floor(ratio * 10))];
    if (band) band.count += 1;
  }
  const hardest = await db
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
  const scores = graded.map((row) => row.score);
  const passCount = graded.filter((row) => row.passed).length;
  return {
    examId,
    name: exam.name,
    candidateCount: Number(counts?.candidates ?? 0),
    submittedCount: Number(counts?.submitted ?? 0),
    gradedCount: graded.length,
    passCount,
    passRate: graded.length ? Math.round((passCount / graded.length) * 1000) / 10 : null,
    averageScore: scores.length ? roundScore(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    maxScore: scores.length ? Math.max(...scores) : null,
    minScore: scores.length ? Math.min(...scores) : null,
    distribution: bands,
    hardestQuestions: hardest.map((row) => ({
      questionId: row.questionId,
      stem: row.content.stem,
      typeLabel: questionTypeLabel(row.content.type),
      answered: Number(row.answered),
      averageRatio: Math.round(Number(row.ratio ?? 0) * 1000) / 10,
    })),
  };
}

// ---------- where a question is used (the question list's 被引用 / 作答记录) ----------

/** A question of the caller's organisation (404 otherwise). */
async function requireOwnQuestion(db: DbOrTx, ctx: RequestContext, questionId: number): Promise<void> {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.organizationId, ctx.organizationId)));
  if (!row) throw notFound('试题不存在');
}

/** Exams that use a question: frozen into a published exam, or in a paper of a draft exam. */
export async function examsUsingQuestion(
  db: Db,
  ctx: RequestContext,
  questionId: number,
): Promise<ExamUsingQuestion[]> {
  await requireOwnQuestion(db, ctx, questionId);
  const rows = await db
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
  return rows.map(({ exam, answered, ratio }) => {
    const state = examState(exam);
    return {
      examId: exam.id,
      name: exam.name,
      state,
      stateLabel: EXAM_STATE_LABELS[state],
      startAt: exam.startAt?.getTime() ?? null,
      endAt: exam.endAt?.getTime() ?? null,
      answered: Number(answered),
      averageRatio: ratio === null ? null : Math.round(Number(ratio) * 1000) / 10,
    };
  });
}

/** Every submitted answer to a question across the organisation's exams, paged and sorted. */
export async function questionRecords(
  db: Db,
  ctx: RequestContext,
  questionId: number,
  query: {
    limit: number;
    offset: number;
    sortField: RecordSortField;
    sortType: 'asc' | 'desc';
  },
): Promise<{ rows: QuestionRecord[]; total: number }> {
  await requireOwnQuestion(db, ctx, questionId);
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
  return {
    rows: rows.map((row) => {
      const score = row.score === null ? null : Number(row.score);
      return {
        ...row,
        answer: row.answer ?? null,
        score,
        points: Number(row.points),
        correct: score === null ? null : score >= Number(row.points),
        answeredAt: row.answeredAt?.getTime() ?? null,
        submittedAt: row.submittedAt?.getTime() ?? null,
      };
    }),
    total: Number(total?.n ?? 0),
  };
}
