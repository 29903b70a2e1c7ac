import { createHmac, timingSafeEqual } from 'node:crypto';
import { hasOptions, questionTypeLabel, roundScore, type ExamineeState } from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import {
  ATTEMPT_STATUS_LABELS,
  closeAttempt,
  groupSections,
  orderedOptions,
  paperRows,
} from './exam-attempt.service';
import { EXAM_STATE_LABELS, examState, requireExam, settingsOf } from './exam.service';
import {
  countCandidatesAndSubmitted,
  countMarkingAttempts,
  deleteCandidates,
  designateCandidatesPaper,
  extendOpenAttempt,
  findAttempt,
  findAttemptById,
  findAttemptQuestionPoints,
  findCandidate,
  findExamOfAttempt,
  findFrozenContent,
  findOpenAttemptId,
  findPaper,
  findPersonOfAttempt,
  findRanking,
  findStartedCandidate,
  insertNewCandidates,
  listActiveStaffIds,
  listAnswersToMark,
  listAttemptsById,
  listBestGradedScores,
  listBestResults,
  listCandidateUserIds,
  listExamineeRecords,
  listExamsUsingQuestion,
  listHardestQuestions,
  listKnowledgeNames,
  listMarkingQuestions,
  listQuestionRecords,
  questionExists,
  refreshAttempt,
  updateAnswerMark,
  updateAttemptComment,
  updateCandidate,
} from './exam-result.repo';
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

/** The judge worker recomputes an attempt after scoring code through this service. */
export { refreshAttempt } from './exam-result.repo';

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
  const attempt = await findAttempt(db, ctx, attemptId);
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

export async function listExaminees(
  db: Db,
  ctx: RequestContext,
  examId: number,
  filter: { keyword?: string; state?: ExamineeState; limit: number; offset: number },
): Promise<{ rows: ExamineeRow[]; total: number }> {
  await requireExam(db, ctx, examId);
  const { rows, total } = await listExamineeRecords(db, examId, filter);
  const attemptIds = rows
    .map((row) => row.latestAttemptId)
    .filter((id): id is number => id !== null)
    .map(Number);
  const attempts = attemptIds.length ? await listAttemptsById(db, attemptIds) : [];
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
    total,
  };
}

/** Staff of the organisation with these ids (404 for any other). */
async function requireStaff(db: DbOrTx, ctx: RequestContext, userIds: number[]): Promise<number[]> {
  const unique = [...new Set(userIds)];
  const found = await listActiveStaffIds(db, ctx, unique);
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
  const added = await insertNewCandidates(db, ctx, examId, ids);
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
    const found = await listCandidateUserIds(tx, examId, unique);
    if (found.length !== unique.length) throw notFound('考生不存在');
    const started = await findStartedCandidate(tx, examId, unique);
    if (started) throw conflict(`考生「${started.realName}」已开始作答，不能移除`);
    await deleteCandidates(tx, examId, unique);
    return { count: unique.length };
  });
}

async function requireCandidate(db: DbOrTx, examId: number, userId: number) {
  const candidate = await findCandidate(db, examId, userId);
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
    await updateCandidate(tx, examId, userId, { extraMinutes });
    await extendOpenAttempt(tx, examId, userId, minutes);
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
  await updateCandidate(db, examId, userId, { extraAttempts });
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
  const openId = await findOpenAttemptId(db, examId, userId);
  if (openId === undefined) throw conflict('该考生没有正在进行的答卷');
  await closeAttempt(db, openId, 'forced');
  return { attemptId: openId };
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
    const paper = await findPaper(db, ctx, paperId);
    if (!paper) throw notFound('试卷不存在');
    if (paper.questionCount === 0 && !paper.settings?.drawPerCandidate) throw badRequest('该试卷还没有试题');
  }
  const unique = [...new Set(userIds)];
  const updated = await designateCandidatesPaper(db, examId, unique, paperId);
  if (updated.length !== unique.length) throw notFound('考生不存在');
  return { count: updated.length };
}

// ---------- marking (exam/check) ----------

/** The exam's questions that markers look at (short answer, code, fill-in), with progress. */
export async function markingOverview(db: Db, ctx: RequestContext, examId: number): Promise<MarkingOverview> {
  await requireExam(db, ctx, examId);
  const rows = await listMarkingQuestions(db, examId);
  const counts = await countMarkingAttempts(db, examId);
  return {
    questions: rows.map((row) => ({
      questionId: row.questionId,
      type: row.content.type,
      typeLabel: questionTypeLabel(row.content.type),
      stem: row.content.stem,
      answerCount: Number(row.answerCount),
      pending: Number(row.pending),
    })),
    pendingAttempts: counts.pending,
    submittedAttempts: counts.submitted,
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
  const frozen = await findFrozenContent(db, examId, questionId);
  if (!frozen) throw notFound('试题不在本场考试中');
  const blind = settingsOf(exam).blindMarking;
  const { rows, total } = await listAnswersToMark(db, examId, questionId, paging);
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
    total,
    question: {
      stem: frozen.stem,
      type: frozen.type,
      key: frozen.answer,
      analysis: frozen.analysis,
    },
  };
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
    const stored = await findAttemptQuestionPoints(tx, input.attemptId, input.questionId);
    if (stored === undefined) throw notFound('试题不在这份答卷中');
    const points = Number(stored);
    if (input.score > points) throw badRequest(`得分不能超过本题分值 ${points}`);
    await updateAnswerMark(tx, input.attemptId, input.questionId, {
      score: roundScore(input.score),
      markComment: input.comment ?? null,
      markedBy: ctx.userId,
      markedAt: new Date(),
    });
    await refreshAttempt(tx, input.attemptId);
    const after = await findAttemptById(tx, input.attemptId);
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
  await updateAttemptComment(db, attemptId, comment);
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
  const rows = await listBestResults(db, examId, paging);
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
  const attempt = await findAttempt(db, { organizationId }, attemptId);
  if (!attempt) throw attemptNotFound();
  if (attempt.status === 0) throw conflict('考生尚未交卷');
  const exam = await findExamOfAttempt(db, attempt.examId);
  const person = await findPersonOfAttempt(db, attempt.userId);
  const rows = await paperRows(db, attempt);
  const ranking = await findRanking(db, attempt.examId, attempt.score ?? 0);
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
  const names = knowledgeMap.size ? await listKnowledgeNames(db, [...knowledgeMap.keys()]) : [];
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
      key: hasOptions(row.content.type) ? null : row.content.answer,
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
  const graded = (await listBestGradedScores(db, examId)).map((row) => ({
    score: Number(row.score),
    total: Number(row.total_points),
    passed: Number(row.passed) === 1,
  }));
  const counts = await countCandidatesAndSubmitted(db, examId);
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
  const hardest = await listHardestQuestions(db, examId);
  const scores = graded.map((row) => row.score);
  const passCount = graded.filter((row) => row.passed).length;
  return {
    examId,
    name: exam.name,
    candidateCount: counts.candidates,
    submittedCount: counts.submitted,
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
  if (!(await questionExists(db, ctx, questionId))) throw notFound('试题不存在');
}

/** Exams that use a question: frozen into a published exam, or in a paper of a draft exam. */
export async function examsUsingQuestion(
  db: Db,
  ctx: RequestContext,
  questionId: number,
): Promise<ExamUsingQuestion[]> {
  await requireOwnQuestion(db, ctx, questionId);
  const rows = await listExamsUsingQuestion(db, ctx, questionId);
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
  const { rows, total } = await listQuestionRecords(db, ctx, questionId, query);
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
    total,
  };
}
