import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { roundScore } from '@kaopei/shared';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import type { GradedRow, PaperItem } from './offline-import';
import { inOrg, type RequestContext } from '../../core/context';
import {
  attemptQuestions,
  examAttempts,
  examQuestions,
  users,
  examPapers,
  exams,
  papers,
  paperQuestions,
  questionBanks,
  questionCalibration,
  questions,
} from '../../db/schema';

export type { ExamQuestionContent } from '../../db/schema';

/** Objective kinds, graded at submit: 判断, 单选, 多选, 填空. */
export const OBJECTIVE_TYPES = [0, 1, 2, 3];

export async function findBank(db: Db, ctx: RequestContext, bankId: number) {
  const [bank] = await db
    .select({ id: questionBanks.id, name: questionBanks.name })
    .from(questionBanks)
    .where(and(eq(questionBanks.id, bankId), inOrg(questionBanks.organizationId, ctx)));
  return bank;
}

/**
 * Every graded objective answer to the bank's questions in closed attempts of the organisation, one
 * row per (attempt, question), ordered by attempt: `right` is full marks.
 */
export async function listBankResponses(db: Db, ctx: RequestContext, bankId: number) {
  const result = await db.execute(sql`
    select aq.attempt_id, aq.question_id, (aq.score >= aq.points) as right
    from attempt_questions aq
    join exam_attempts ea on ea.id = aq.attempt_id
    join questions q on q.id = aq.question_id
    where q.organization_id = ${ctx.organizationId} and q.bank_id = ${bankId}
      and ea.organization_id = ${ctx.organizationId} and ea.status in (1, 2)
      and aq.score is not null and aq.points > 0
      and q.type in (${sql.join(
        OBJECTIVE_TYPES.map((t) => sql`${t}`),
        sql`, `,
      )})
    order by aq.attempt_id`);
  return rowsOf<{ attempt_id: string; question_id: string; right: boolean | string }>(result).map((r) => ({
    attemptId: Number(r.attempt_id),
    questionId: Number(r.question_id),
    right: r.right === true || r.right === 't',
  }));
}

export interface CalibrationInsert {
  questionId: number;
  organizationId: number;
  bankId: number;
  a: number;
  b: number;
  seA: number;
  seB: number;
  n: number;
  pValue: number;
  notes: string[];
}

/** Replaces the bank's calibration with `rows` (one transaction). */
export async function replaceCalibration(
  db: Db,
  ctx: RequestContext,
  bankId: number,
  rows: CalibrationInsert[],
) {
  await db.transaction(async (tx) => {
    await tx
      .delete(questionCalibration)
      .where(and(inOrg(questionCalibration.organizationId, ctx), eq(questionCalibration.bankId, bankId)));
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(questionCalibration).values(rows.slice(i, i + 500));
    }
  });
}

export async function pageCalibrations(
  db: Db,
  ctx: RequestContext,
  bankId: number,
  page?: { offset: number; limit: number },
) {
  const where = and(inOrg(questionCalibration.organizationId, ctx), eq(questionCalibration.bankId, bankId));
  const query = db
    .select({
      questionId: questionCalibration.questionId,
      bankId: questionCalibration.bankId,
      stem: sql<string>`left(${questions.stemText}, 200)`,
      type: questions.type,
      difficulty: questions.difficulty,
      a: questionCalibration.a,
      b: questionCalibration.b,
      seA: questionCalibration.seA,
      seB: questionCalibration.seB,
      n: questionCalibration.n,
      pValue: questionCalibration.pValue,
      notes: questionCalibration.notes,
      calibratedAt: questionCalibration.calibratedAt,
    })
    .from(questionCalibration)
    .innerJoin(questions, eq(questions.id, questionCalibration.questionId))
    .where(where)
    .orderBy(asc(questionCalibration.b), asc(questionCalibration.questionId));
  const [rows, [total]] = await Promise.all([
    page ? query.limit(page.limit).offset(page.offset) : query,
    db.select({ value: count() }).from(questionCalibration).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findPaper(db: Db, ctx: RequestContext, paperId: number) {
  const [paper] = await db
    .select({ id: papers.id })
    .from(papers)
    .where(and(eq(papers.id, paperId), inOrg(papers.organizationId, ctx)));
  return paper;
}

/** The paper's questions with their calibration (null when not calibrated). */
export function paperCalibrations(db: Db, ctx: RequestContext, paperId: number) {
  return db
    .select({ questionId: paperQuestions.questionId, a: questionCalibration.a, b: questionCalibration.b })
    .from(paperQuestions)
    .leftJoin(
      questionCalibration,
      and(
        eq(questionCalibration.questionId, paperQuestions.questionId),
        inOrg(questionCalibration.organizationId, ctx),
      ),
    )
    .where(eq(paperQuestions.paperId, paperId));
}

export async function findExam(db: DbOrTx, ctx: RequestContext, examId: number) {
  const [exam] = await db
    .select({ id: exams.id, passScore: exams.passScore, settings: exams.settings })
    .from(exams)
    .where(and(eq(exams.id, examId), inOrg(exams.organizationId, ctx)));
  return exam;
}

export function examPaperIds(db: DbOrTx, examId: number) {
  return db.select({ paperId: examPapers.paperId }).from(examPapers).where(eq(examPapers.examId, examId));
}

/** Calibrated b of questions (for paper generation). */
export async function calibratedDifficulties(db: DbOrTx, organizationId: number, questionIds: number[]) {
  if (questionIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ questionId: questionCalibration.questionId, b: questionCalibration.b })
    .from(questionCalibration)
    .where(
      and(
        eq(questionCalibration.organizationId, organizationId),
        inArray(questionCalibration.questionId, questionIds),
      ),
    );
  return new Map(rows.map((r) => [r.questionId, r.b]));
}

export function frozenContents(db: DbOrTx, examId: number, questionIds: number[]) {
  return db
    .select({ questionId: examQuestions.questionId, content: examQuestions.content })
    .from(examQuestions)
    .where(and(eq(examQuestions.examId, examId), inArray(examQuestions.questionId, questionIds)));
}

/** Staff of the organisation whose account (lower-cased) or name is one of the given. */
export function findPeople(db: DbOrTx, ctx: RequestContext, accounts: string[], names: string[]) {
  return db
    .select({ id: users.id, account: users.account, realName: users.realName })
    .from(users)
    .where(
      and(
        eq(users.organizationId, ctx.organizationId),
        or(inArray(sql`lower(${users.account})`, accounts), inArray(users.realName, names)),
      ),
    );
}

/** Writes graded offline attempts (attempt numbers after the person's last) with their answers. */
export async function insertOfflineAttempts(
  db: Db,
  ctx: RequestContext,
  exam: { examId: number; paperId: number; passScore: number; items: PaperItem[] },
  rows: GradedRow[],
) {
  if (rows.length === 0) return;
  const totalPoints = roundScore(exam.items.reduce((s, item) => s + item.points, 0));
  const now = new Date();
  await db.transaction(async (tx) => {
    const previous = await tx
      .select({ userId: examAttempts.userId, last: sql<number>`max(${examAttempts.attemptNo})` })
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.examId, exam.examId),
          inArray(
            examAttempts.userId,
            rows.map((r) => r.userId),
          ),
        ),
      )
      .groupBy(examAttempts.userId);
    const lastNo = new Map(previous.map((p) => [p.userId, Number(p.last)]));
    const inserted = await tx
      .insert(examAttempts)
      .values(
        rows.map((r) => ({
          examId: exam.examId,
          organizationId: ctx.organizationId,
          userId: r.userId,
          attemptNo: (lastNo.get(r.userId) ?? 0) + 1,
          paperId: exam.paperId,
          status: 2,
          startedAt: now,
          deadlineAt: now,
          submittedAt: now,
          submitReason: 'offline',
          totalPoints,
          score: r.score,
          passed: r.score >= exam.passScore ? 1 : 0,
          comment: '线下考试导入',
        })),
      )
      .returning({ id: examAttempts.id, userId: examAttempts.userId });
    const idOf = new Map(inserted.map((a) => [a.userId, a.id]));
    const answerRows = rows.flatMap((r) =>
      r.questions.map((q) => ({
        attemptId: idOf.get(r.userId)!,
        questionId: q.item.questionId,
        sectionName: q.item.sectionName,
        sectionSort: q.item.sectionSort,
        sort: q.item.sort,
        points: q.item.points,
        answer: q.answer,
        score: q.score,
        markedBy: ctx.userId,
        markedAt: now,
      })),
    );
    for (let i = 0; i < answerRows.length; i += 1000) {
      await tx.insert(attemptQuestions).values(answerRows.slice(i, i + 1000));
    }
  });
}

const OPTION_LIMIT = 200;

/** Banks (with calibrated counts), papers and published exams (with closed attempts) of the organisation. */
export async function listOptions(db: Db, ctx: RequestContext) {
  const org = ctx.organizationId;
  const [banks, paperRows, examRows] = await Promise.all([
    db.execute(sql`
      select b.id, b.name, (select count(*) from question_calibration c where c.organization_id = ${org}
        and c.bank_id = b.id) as calibrated
      from question_banks b where b.organization_id = ${org} order by b.id desc limit ${OPTION_LIMIT}`),
    db
      .select({ id: papers.id, name: papers.name })
      .from(papers)
      .where(inOrg(papers.organizationId, ctx))
      .orderBy(sql`${papers.id} desc`)
      .limit(OPTION_LIMIT),
    db.execute(sql`
      select e.id, e.name, (select count(*) from exam_attempts a where a.exam_id = e.id
        and a.status in (1, 2)) as attempts
      from exams e where e.organization_id = ${org} and e.status = 1
      order by e.id desc limit ${OPTION_LIMIT}`),
  ]);
  type Row = { id: string | number; name: string };
  return {
    banks: rowsOf<Row & { calibrated: string | number }>(banks).map((b) => ({
      id: Number(b.id),
      name: b.name,
      calibrated: Number(b.calibrated),
    })),
    papers: paperRows,
    exams: rowsOf<Row & { attempts: string | number }>(examRows).map((e) => ({
      id: Number(e.id),
      name: e.name,
      attempts: Number(e.attempts),
    })),
  };
}
