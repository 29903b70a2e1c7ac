import { randomInt } from 'node:crypto';
import {
  formatExamTime,
  revealedKey,
  gradeResponse,
  isUnanswered,
  measuresAbilities,
  questionTypeLabel,
  roundScore,
} from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import { attemptGraded } from './attempt-graded';
import type { RequestContext } from '../../core/context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../core/http';
import { isUniqueViolation } from '../../core/db-errors';
import { planPaperForCandidate } from '../paper/paper.random';
import {
  frozenByVersion,
  frozenQuestions,
  type FrozenQuestion,
  type FrozenQuestionView,
} from './exam-frozen';
import { codeGradingJobs } from '../judge/judge.queue';
import { recordAttemptAbilities } from '../post-exam/attempt-ability.repo';
import {
  closeAndScoreAttempt,
  findAttemptStatus,
  findCandidateState,
  findClosingStateInAnyOrg,
  findExamNameAndSettings,
  findExamOfAttempt,
  findOwnAttempt,
  findOwnCandidate,
  findOwnClosingState,
  findPublishedExam,
  insertAttemptWithQuestions,
  insertGradingJobs,
  listAttemptsByIds,
  listExpiredAttemptsInAnyOrg,
  listMyExamRows,
  listOwnAttempts,
  listPaperRows,
  saveAttemptAnswers,
  type AttemptRecord,
  type ExamQuestionContent,
  type ExamRecord,
} from './exam-attempt.repo';
import type {
  AnswerInput,
  AttemptResult,
  AttemptView,
  ExamIntro,
  MyExamRow,
  SaveResult,
  SubmitSummary,
} from '@kaopei/shared/contracts/exam-candidate';
import type { ReleaseWhen } from '@kaopei/shared/contracts/exam';
import { examState, settingsOf } from './exam.service';

export type {
  AttemptResult,
  AttemptView,
  ExamIntro,
  MyExamRow,
  ResultQuestion,
  SaveResult,
  SubmitSummary,
} from '@kaopei/shared/contracts/exam-candidate';

/** Saves that were in flight at the deadline are still accepted this long after it. */
export const SAVE_GRACE_MS = 30_000;
/**
 * A save marks the candidate seen (the monitor's online dot) when the last mark is older than this, so the
 * page may skip a heartbeat after a save (apps/web candidate/anti-cheat.ts heartbeatDue).
 */
export const SEEN_EVERY_MS = 5_000;
/** A response larger than this (JSON) is refused: code answers are the largest. */
const MAX_ANSWER_BYTES = 64 * 1024;

export const ATTEMPT_STATUS_LABELS: Record<number, string> = { 0: '答题中', 1: '待阅卷', 2: '已评分' };

const attemptNotFound = () => notFound('答卷不存在');

// ---------- candidate's exam list ----------

/** Exams the caller is a candidate of: upcoming, ongoing (incl. in progress) or finished. */
export async function myExams(
  db: Db,
  ctx: RequestContext,
  tab: 'upcoming' | 'ongoing' | 'finished',
): Promise<MyExamRow[]> {
  const rows = await listMyExamRows(db, ctx);
  const lastIds = rows.map((row) => row.lastAttemptId).filter((id): id is number => id !== null);
  const lastAttempts = lastIds.length ? await listAttemptsByIds(db, lastIds.map(Number)) : [];
  const byId = new Map(lastAttempts.map((attempt) => [attempt.id, attempt]));
  const now = Date.now();
  return rows
    .map(({ exam, extraAttempts, attemptsUsed, openAttemptId, lastAttemptId }) => {
      const state = examState(exam, now);
      const last = lastAttemptId !== null ? byId.get(Number(lastAttemptId)) : undefined;
      const allowed = exam.attemptsAllowed + extraAttempts;
      const used = Number(attemptsUsed);
      const done = state === 'ended' || (used >= allowed && openAttemptId === null);
      const row: MyExamRow & { tab: 'upcoming' | 'ongoing' | 'finished' } = {
        examId: exam.id,
        name: exam.name,
        description: exam.description,
        coverUrl: exam.coverUrl,
        state,
        startAt: exam.startAt?.getTime() ?? null,
        endAt: exam.endAt?.getTime() ?? null,
        durationMinutes: exam.durationMinutes,
        durationText: formatExamTime(exam.durationMinutes),
        attemptsAllowed: allowed,
        attemptsUsed: used,
        passScore: Number(exam.passScore),
        openAttemptId: openAttemptId === null ? null : Number(openAttemptId),
        lastAttemptId: last?.id ?? null,
        lastStatus: last?.status ?? null,
        bestScore:
          last && released(settingsOf(exam).showScore, exam, last, now) ? numberOrNull(last.score) : null,
        tab: done ? 'finished' : state === 'upcoming' ? 'upcoming' : 'ongoing',
      };
      return row;
    })
    .filter((row) => row.tab === tab)
    .map(({ tab: _tab, ...row }) => row);
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** Whether a candidate may see something released `when`, for this attempt. */
export function released(
  when: ReleaseWhen,
  exam: Pick<ExamRecord, 'endAt'>,
  attempt: Pick<AttemptRecord, 'status'>,
  now = Date.now(),
): boolean {
  if (attempt.status === 0) return false;
  switch (when) {
    case 'immediately':
      return true;
    case 'after_marking':
      return attempt.status === 2;
    case 'after_end':
      return attempt.status === 2 && exam.endAt !== null && now >= exam.endAt.getTime();
    default:
      return false;
  }
}

// ---------- starting ----------

/** The caller's exam, published, and the caller one of its candidates (404 / 403 otherwise). */
async function requireCandidateExam(
  db: DbOrTx,
  ctx: RequestContext,
  examId: number,
): Promise<{ exam: ExamRecord; candidate: NonNullable<Awaited<ReturnType<typeof findOwnCandidate>>> }> {
  const exam = await findPublishedExam(db, ctx, examId);
  if (!exam) throw notFound('考试不存在或未发布');
  const candidate = await findOwnCandidate(db, ctx, examId);
  if (!candidate) throw forbidden('您不在本场考试的考生名单中');
  return { exam, candidate };
}

/** What a candidate reads before starting: rules of the exam and their own attempts. */
export async function examIntro(db: Db, ctx: RequestContext, examId: number): Promise<ExamIntro> {
  const { exam, candidate } = await requireCandidateExam(db, ctx, examId);
  const attempts = await listOwnAttempts(db, ctx, examId);
  const settings = settingsOf(exam);
  const now = Date.now();
  return {
    examId: exam.id,
    name: exam.name,
    description: exam.description,
    coverUrl: exam.coverUrl,
    state: examState(exam, now),
    startAt: exam.startAt?.getTime() ?? null,
    endAt: exam.endAt?.getTime() ?? null,
    durationMinutes: exam.durationMinutes,
    durationText: formatExamTime(exam.durationMinutes),
    passScore: Number(exam.passScore),
    attemptsAllowed: exam.attemptsAllowed + candidate.extraAttempts,
    attemptsUsed: attempts.length,
    lateEntryMinutes: exam.lateEntryMinutes,
    openAttemptId: attempts.find((attempt) => attempt.status === 0)?.id ?? null,
    attempts: attempts.map((attempt) => ({
      attemptId: attempt.id,
      attemptNo: attempt.attemptNo,
      status: attempt.status,
      statusLabel: ATTEMPT_STATUS_LABELS[attempt.status] ?? '',
      score: released(settings.showScore, exam, attempt, now) ? numberOrNull(attempt.score) : null,
      submittedAt: attempt.submittedAt?.getTime() ?? null,
    })),
    serverNow: now,
  };
}

function shuffle<T>(list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** The exam with the caller's place in it: candidate row (null if none), attempts and the exam's papers. */
type CandidateState = Awaited<ReturnType<typeof candidateState>>;

async function candidateState(db: Db, ctx: RequestContext, examId: number) {
  const row = await findCandidateState(db, ctx, examId);
  if (!row) throw notFound('考试不存在或未发布');
  if (!row.candidate) throw forbidden('您不在本场考试的考生名单中');
  return {
    exam: row.exam,
    candidate: row.candidate,
    mine: row.mine.map((a) => ({ id: Number(a.id), status: a.status, deadlineAt: Date.parse(a.deadlineAt) })),
    paperVersions: new Map(Object.entries(row.paperVersions).map(([id, version]) => [Number(id), version])),
    frozenVersions: new Map(Object.entries(row.frozenVersions).map(([id, version]) => [Number(id), version])),
  };
}

/** Whether the candidate may start a new attempt now: the exam open, not too late, attempts left. */
function assertMayStart(
  exam: CandidateState['exam'],
  candidate: CandidateState['candidate'],
  attemptsUsed: number,
  now: number,
): void {
  const state = examState(exam, now);
  if (state === 'upcoming') throw conflict('考试尚未开始');
  if (state === 'ended') throw conflict('考试已结束');
  if (
    exam.lateEntryMinutes !== null &&
    exam.startAt &&
    now > exam.startAt.getTime() + exam.lateEntryMinutes * 60_000
  ) {
    throw conflict(`开考 ${exam.lateEntryMinutes} 分钟后不能再进入考试`);
  }
  if (attemptsUsed >= exam.attemptsAllowed + candidate.extraAttempts) throw conflict('考试次数已用完');
}

/** The candidate's own questions: the plan's frozen questions, shuffled per the paper and the exam. */
function candidateRows(
  plan: Awaited<ReturnType<typeof planPaperForCandidate>>,
  frozen: Map<number, FrozenQuestion>,
  settings: ReturnType<typeof settingsOf>,
): CandidateRow[] {
  return plan.sections.flatMap((section, sectionSort) => {
    const present = section.items.filter((item) => frozen.has(item.questionId));
    const list = settings.shuffleQuestions ? shuffle(present) : present;
    return list.map((item, sort) => {
      const view = (frozen.get(item.questionId) as FrozenQuestion).view;
      const options = view.options;
      let optionOrder = options ? options.map((_, index) => index) : null;
      if (optionOrder && (plan.shuffleOptions || settings.shuffleOptions)) optionOrder = shuffle(optionOrder);
      return {
        questionId: item.questionId,
        sectionName: section.name,
        sectionSort,
        sort,
        points: item.points,
        optionOrder,
        answer: null,
        answerSeq: 0,
        flagged: 0,
        view,
      };
    });
  });
}

/**
 * Starts an attempt (or returns the open one): the candidate's own paper — a designated paper, or one
 * of the exam's papers in turn — drawn, frozen and shuffled per the paper's and the exam's settings.
 *
 * The hot path of an exam's first minute (bench/exam-load.bench.ts): reads outside any transaction, the
 * questions' content from the frozen-question cache, the attempt and its questions written by one
 * statement, and the response built from what is at hand rather than read back.
 */
export async function startAttempt(db: Db, ctx: RequestContext, examId: number): Promise<AttemptView> {
  const { exam, candidate, mine, paperVersions, frozenVersions } = await candidateState(db, ctx, examId);
  const paperIds = [...paperVersions.keys()].sort((a, b) => a - b);
  const now = Date.now();
  const resumable = mine.find((attempt) => attempt.status === 0 && attempt.deadlineAt + SAVE_GRACE_MS > now);
  if (resumable) return attemptView(db, ctx, resumable.id);
  const attemptsUsed = mine.length;
  assertMayStart(exam, candidate, attemptsUsed, now);

  const paperId = candidate.designatedPaperId ?? paperIds[(ctx.userId + attemptsUsed) % paperIds.length];
  if (paperId === undefined) throw conflict('考试没有试卷，请联系管理员');
  const plan = await planPaperForCandidate(
    db,
    exam.organizationId,
    paperId,
    `${examId}:${ctx.userId}:${attemptsUsed}`,
    paperVersions.get(paperId),
  );
  const frozen = await frozenQuestions(
    db,
    examId,
    plan.sections.flatMap((section) => section.items.map((item) => item.questionId)),
    frozenVersions,
  );
  const rows = candidateRows(plan, frozen, settingsOf(exam));
  if (rows.length === 0) throw conflict('试卷没有试题，请联系管理员');

  const deadline =
    Math.min(now + exam.durationMinutes * 60_000, exam.endAt?.getTime() ?? Infinity) +
    candidate.extraMinutes * 60_000;
  const totalPoints = roundScore(rows.reduce((sum, row) => sum + row.points, 0));
  const attemptNo = attemptsUsed + 1;
  const questionValues = rows.map((row) => ({
    question_id: row.questionId,
    section_name: row.sectionName,
    section_sort: row.sectionSort,
    sort: row.sort,
    points: row.points,
    option_order: row.optionOrder,
  }));
  let created: { id: string | number } | undefined;
  try {
    // One statement (atomic on its own): the attempt and its questions.
    created = await insertAttemptWithQuestions(
      db,
      ctx,
      { examId, attemptNo, paperId, startedAt: now, deadlineAt: deadline, totalPoints },
      questionValues,
    );
  } catch (error) {
    // Another device started the same attempt a moment ago: resume that one.
    if (isUniqueViolation(error)) throw new AppError(409, '考试已在另一设备开始，请刷新');
    throw error;
  }
  if (!created) throw new Error('attempt insert failed');
  return candidateView(
    {
      id: Number(created.id),
      examId,
      attemptNo,
      status: 0,
      startedAt: new Date(now),
      deadlineAt: new Date(deadline),
      totalPoints,
      tabSwitches: 0,
      fullscreenExits: 0,
      warnings: 0,
      snapshots: 0,
    },
    exam,
    rows,
  );
}

// ---------- the candidate's paper ----------

async function requireOwnAttempt(db: DbOrTx, ctx: RequestContext, attemptId: number): Promise<AttemptRecord> {
  const attempt = await findOwnAttempt(db, ctx, attemptId);
  if (!attempt) throw attemptNotFound();
  return attempt;
}

interface PaperRow {
  questionId: number;
  sectionName: string;
  sectionSort: number;
  sort: number;
  points: number;
  optionOrder: number[] | null;
  answer: unknown;
  answerSeq: number;
  flagged: number;
  score: number | null;
  markComment: string | null;
  /** Shared with the frozen-question cache: read-only. */
  content: ExamQuestionContent;
  view: FrozenQuestionView;
}

/** An attempt's questions in the candidate's order with their frozen content. */
export async function paperRows(
  db: DbOrTx,
  attempt: Pick<AttemptRecord, 'id' | 'examId'>,
): Promise<PaperRow[]> {
  const rows = await listPaperRows(db, attempt);
  const frozen = await frozenByVersion(
    db,
    attempt.examId,
    new Map(rows.map((row) => [row.questionId, row.version])),
  );
  return rows.flatMap(({ version: _version, ...row }) => {
    const question = frozen.get(row.questionId);
    if (!question) return [];
    return [
      {
        ...row,
        points: Number(row.points),
        score: numberOrNull(row.score),
        optionOrder: row.optionOrder ?? null,
        content: question.content,
        view: question.view,
      },
    ];
  });
}

/** Groups rows into sections, numbering questions across the paper. */
export function groupSections<R extends Pick<PaperRow, 'sectionName' | 'sectionSort'>, T>(
  rows: R[],
  view: (row: R, number: number) => T,
): { name: string; questions: T[] }[] {
  const sections: { name: string; questions: T[] }[] = [];
  let current: { name: string; sort: number; questions: T[] } | undefined;
  rows.forEach((row, index) => {
    if (!current || current.sort !== row.sectionSort) {
      current = { name: row.sectionName, sort: row.sectionSort, questions: [] };
      sections.push(current);
    }
    current.questions.push(view(row, index + 1));
  });
  return sections.map(({ name, questions }) => ({ name, questions }));
}

/** The options in the candidate's order, keyed by their original index. */
export function orderedOptions(
  row: Pick<PaperRow, 'optionOrder' | 'content'>,
): { key: number; content: string; correct: boolean }[] | null {
  const options = row.content.options;
  if (!options) return null;
  const order = row.optionOrder ?? options.map((_, index) => index);
  return order.flatMap((key) => {
    const option = options[key];
    return option ? [{ key, content: option.content, correct: option.correct }] : [];
  });
}

/** An attempt's question as the candidate's paper shows it. */
type CandidateRow = Pick<
  PaperRow,
  | 'questionId'
  | 'sectionName'
  | 'sectionSort'
  | 'sort'
  | 'points'
  | 'optionOrder'
  | 'answer'
  | 'answerSeq'
  | 'flagged'
  | 'view'
>;

/** The candidate's view of their attempt: never a correct flag, key or analysis. */
export async function attemptView(db: Db, ctx: RequestContext, attemptId: number): Promise<AttemptView> {
  const attempt = await requireOwnAttempt(db, ctx, attemptId);
  const [exam, rows] = await Promise.all([
    findExamNameAndSettings(db, attempt.examId),
    paperRows(db, attempt),
  ]);
  return candidateView(attempt, { name: exam?.name ?? '', settings: exam?.settings ?? {} }, rows);
}

function candidateView(
  attempt: Pick<
    AttemptRecord,
    | 'id'
    | 'examId'
    | 'attemptNo'
    | 'status'
    | 'startedAt'
    | 'deadlineAt'
    | 'totalPoints'
    | 'tabSwitches'
    | 'fullscreenExits'
    | 'warnings'
    | 'snapshots'
  >,
  exam: Pick<ExamRecord, 'name' | 'settings'>,
  rows: CandidateRow[],
): AttemptView {
  const settings = settingsOf(exam);
  return {
    attemptId: attempt.id,
    examId: attempt.examId,
    examName: exam.name,
    attemptNo: attempt.attemptNo,
    status: attempt.status,
    statusLabel: ATTEMPT_STATUS_LABELS[attempt.status] ?? '',
    startedAt: attempt.startedAt.getTime(),
    deadlineAt: attempt.deadlineAt.getTime(),
    serverNow: Date.now(),
    saveGraceMs: SAVE_GRACE_MS,
    totalPoints: Number(attempt.totalPoints),
    questionCount: rows.length,
    sections: groupSections(rows, (row, number) => {
      const { view } = row;
      const options = view.options;
      return {
        questionId: row.questionId,
        number,
        type: view.type,
        typeLabel: view.typeLabel,
        stem: view.stem,
        options: options
          ? (row.optionOrder ?? options.map((_, index) => index)).flatMap((key) => {
              const content = options[key];
              return content === undefined ? [] : [{ key, content }];
            })
          : null,
        blankCount: view.blankCount,
        code: view.code,
        points: row.points,
        answer: row.answer ?? null,
        answerSeq: row.answerSeq,
        flagged: row.flagged === 1,
      };
    }),
    antiCheat: {
      leaveLimit: settings.leaveLimit,
      requireFullscreen: settings.requireFullscreen,
      blockCopyPaste: settings.blockCopyPaste,
      webcamSnapshots: settings.webcamSnapshots,
      snapshotIntervalSeconds: settings.snapshotIntervalSeconds,
    },
    counts: {
      tabSwitches: attempt.tabSwitches,
      fullscreenExits: attempt.fullscreenExits,
      warnings: attempt.warnings,
      snapshots: attempt.snapshots,
    },
  };
}

// ---------- saving ----------

/**
 * A response of a sane size. Its shape (one of the kinds' response schemas) is checked by the save
 * contract (`responseSchema`); its type-specific meaning is the grader's business.
 */
function checkResponse(answer: unknown): unknown {
  if (answer === undefined) return null;
  const json = JSON.stringify(answer);
  if (json === undefined) throw badRequest('无法识别的答案');
  if (Buffer.byteLength(json) > MAX_ANSWER_BYTES) throw badRequest('答案过长（不超过 64KB）');
  return answer;
}

export interface SaveOutcome {
  result: SaveResult;
  /** For the monitors: the attempt's exam and how many of its questions are answered now. */
  progress: { examId: number; answered: number };
}

/**
 * Saves answers of an open attempt, idempotently: a save whose seq is not above the stored one is
 * ignored (a retry, or an older save arriving late). Accepted until the deadline plus SAVE_GRACE_MS.
 * All or nothing: a question not in the paper saves none. One statement, the save's hot path
 * (bench/exam-load.bench.ts): it also marks the candidate seen and reports the stored seqs and the
 * progress the monitors show; the attempt is read again only to explain a refusal.
 */
export async function saveAnswers(
  db: Db,
  ctx: RequestContext,
  attemptId: number,
  answers: AnswerInput[],
): Promise<SaveOutcome> {
  if (answers.length === 0) throw badRequest('请提供答案');
  const latest = new Map<number, AnswerInput>();
  for (const item of answers) {
    const seen = latest.get(item.questionId);
    if (!seen || item.seq > seen.seq)
      latest.set(item.questionId, { ...item, answer: checkResponse(item.answer) });
  }
  const input = [...latest.values()].map((item) => ({
    question_id: item.questionId,
    answer: JSON.stringify(item.answer ?? null),
    seq: item.seq,
    flagged: item.flagged === undefined ? null : item.flagged ? 1 : 0,
  }));
  const summary = await saveAttemptAnswers(db, ctx, attemptId, input, {
    count: latest.size,
    graceSeconds: SAVE_GRACE_MS / 1000,
    seenEverySeconds: SEEN_EVERY_MS / 1000,
  });
  if (!summary || Number(summary.open) === 0) {
    const attempt = await requireOwnAttempt(db, ctx, attemptId);
    if (attempt.status !== 0) throw conflict('已交卷，答案不能再修改');
    throw conflict('考试时间已到，答案未保存');
  }
  if (Number(summary.known) !== latest.size) throw badRequest('题目不在这份试卷中');
  return {
    result: {
      // The stored seq of each question sent (a lower seq sent again reports the newer stored one).
      saved: summary.saved.map(([questionId, seq]) => ({ questionId: Number(questionId), seq: Number(seq) })),
      deadlineAt: Math.round(Number(summary.deadline_ms)),
      serverNow: Date.now(),
    },
    progress: { examId: Number(summary.exam_id), answered: Number(summary.answered) },
  };
}

// ---------- submitting and grading ----------

/** cheating: the leave limit (tab switches plus full-screen exits) was passed (exam-monitor.service.ts). */
export type SubmitReason = 'manual' | 'timeout' | 'forced' | 'cheating';

type ClosingState = NonNullable<Awaited<ReturnType<typeof findClosingStateInAnyOrg>>>;

export interface CloseOutcome {
  status: number;
  unanswered: number;
}

/**
 * Closes an attempt with the answers it has and grades the objective questions. Idempotent: an attempt
 * already submitted is left as it is (null). The caller has checked who may do this. The close is one
 * statement guarded by status = 0 (so two closers cannot both grade), with the answered code questions'
 * judge jobs in the same transaction when there are any.
 */
export async function closeAttempt(
  db: Db,
  attemptId: number,
  reason: SubmitReason,
  /** What closingState read, when the caller has just read it. */
  read?: ClosingState,
): Promise<CloseOutcome | null> {
  const found = read ?? (await findClosingStateInAnyOrg(db, attemptId));
  if (!found || found.attempt.status !== 0) return null;
  const { attempt } = found;
  const settings = settingsOf(found);
  const rows = await paperRows(db, attempt);
  const graded = rows.map((row) => ({
    question_id: row.questionId,
    score: gradeResponse(row.content, row.answer, row.points, { partialCredit: settings.partialCredit })
      .score,
  }));
  const pending = graded.filter((row) => row.score === null).length;
  const score = roundScore(graded.reduce((sum, row) => sum + (row.score ?? 0), 0));
  const status = pending > 0 ? 1 : 2;
  const now = new Date();
  const submittedAt = reason === 'timeout' && attempt.deadlineAt < now ? attempt.deadlineAt : now;
  const passed = pending > 0 ? null : score >= Number(found.passScore) ? 1 : 0;
  const close = (q: DbOrTx) =>
    closeAndScoreAttempt(q, attemptId, { status, submittedAt, reason, score, pending, passed, graded });
  // Answered code questions are judged by the queue's workers, which then score them.
  const jobs = codeGradingJobs(attempt, rows);
  // Post and evaluation exams record the result per ability with the close (general and course exams skip it).
  const measured = status === 2 && measuresAbilities(found.purpose);
  const closed =
    jobs.length === 0 && !measured
      ? await close(db)
      : await db.transaction(async (tx) => {
          if (!(await close(tx))) return false;
          if (jobs.length > 0) await insertGradingJobs(tx, jobs);
          if (measured) await recordAttemptAbilities(tx, attemptId);
          return true;
        });
  if (!closed) return null;
  if (status === 2)
    await attemptGraded(db, {
      attemptId,
      examId: attempt.examId,
      userId: attempt.userId,
      purpose: found.purpose,
    });
  return { status, unanswered: rows.filter((row) => isUnanswered(row.content.type, row.answer)).length };
}

/** The candidate submits their own attempt (also after the deadline, within the grace period). */
export async function submitAttempt(db: Db, ctx: RequestContext, attemptId: number): Promise<SubmitSummary> {
  const found = await findOwnClosingState(db, ctx, attemptId);
  if (!found) throw attemptNotFound();
  const { attempt } = found;
  let outcome: CloseOutcome | null = null;
  if (attempt.status === 0) {
    const late = Date.now() > attempt.deadlineAt.getTime() + SAVE_GRACE_MS;
    outcome = await closeAttempt(db, attemptId, late ? 'timeout' : 'manual', found);
  }
  if (!outcome) {
    // Submitted before (a retry, or the sweep or an invigilator got there first).
    const after = await findAttemptStatus(db, attemptId);
    const rows = await paperRows(db, attempt);
    outcome = {
      status: after?.status ?? attempt.status,
      unanswered: rows.filter((row) => isUnanswered(row.content.type, row.answer)).length,
    };
  }
  return {
    attemptId,
    status: outcome.status,
    statusLabel: ATTEMPT_STATUS_LABELS[outcome.status] ?? '',
    unanswered: outcome.unanswered,
  };
}

/**
 * Closes every open attempt past its deadline and grace period, whether or not a browser is still
 * there. Runs periodically on every instance; closeAttempt's row lock makes concurrent runs safe.
 */
export async function closeExpiredAttempts(
  db: Db,
  limit = 200,
  onClosed?: (attempt: { id: number; examId: number; userId: number }) => Promise<void>,
): Promise<number> {
  const expired = await listExpiredAttemptsInAnyOrg(db, SAVE_GRACE_MS / 1000, limit);
  for (const attempt of expired) {
    await closeAttempt(db, attempt.id, 'timeout');
    await onClosed?.(attempt);
  }
  return expired.length;
}

// ---------- the candidate's result ----------

/**
 * A candidate's result, as the exam's release settings allow: one shape per release (the contract's
 * `attemptResult` strips whatever a shape leaves out).
 */
export async function attemptResult(db: Db, ctx: RequestContext, attemptId: number): Promise<AttemptResult> {
  const attempt = await requireOwnAttempt(db, ctx, attemptId);
  if (attempt.status === 0) throw conflict('尚未交卷');
  const exam = await findExamOfAttempt(db, attempt.examId);
  if (!exam) throw attemptNotFound();
  const settings = settingsOf(exam);
  const now = Date.now();
  const scoreReleased = released(settings.showScore, exam, attempt, now);
  const answersReleased = released(settings.showAnswers, exam, attempt, now);
  const rows = await paperRows(db, attempt);
  const base = {
    attemptId: attempt.id,
    examId: exam.id,
    examName: exam.name,
    status: attempt.status,
    statusLabel: ATTEMPT_STATUS_LABELS[attempt.status] ?? '',
    submittedAt: attempt.submittedAt?.getTime() ?? null,
    timeUsedSeconds: attempt.submittedAt
      ? Math.round((attempt.submittedAt.getTime() - attempt.startedAt.getTime()) / 1000)
      : null,
    totalPoints: Number(attempt.totalPoints),
    passScore: Number(exam.passScore),
  };
  const totals = {
    score: numberOrNull(attempt.score),
    passed: attempt.passed !== null ? attempt.passed === 1 : null,
    comment: attempt.comment,
  };
  const noTotals = { score: null, passed: null, comment: null };
  const sections = <Q>(view: (row: PaperRow) => Q) =>
    groupSections(rows, (row, number) => ({
      questionId: row.questionId,
      number,
      type: row.content.type,
      typeLabel: questionTypeLabel(row.content.type),
      stem: row.content.stem,
      points: row.points,
      answer: row.answer ?? null,
      ...view(row),
    }));
  const scores = (row: PaperRow) => ({ score: row.score, markComment: row.markComment });
  const noScores = { score: null, markComment: null };
  const answers = (row: PaperRow) => ({
    options: orderedOptions(row),
    key: revealedKey(row.content.type, row.content.answer),
    analysis: settings.showAnalysis ? row.content.analysis : null,
  });
  const noAnswers = (row: PaperRow) => ({
    options: orderedOptions(row)?.map(({ key, content }) => ({ key, content })) ?? null,
  });
  if (scoreReleased && answersReleased)
    return {
      ...base,
      ...totals,
      scoreReleased,
      answersReleased,
      sections: sections((row) => ({ ...scores(row), ...answers(row) })),
    };
  if (scoreReleased)
    return {
      ...base,
      ...totals,
      scoreReleased,
      answersReleased: false,
      sections: sections((row) => ({ ...scores(row), ...noAnswers(row) })),
    };
  if (answersReleased)
    return {
      ...base,
      ...noTotals,
      scoreReleased: false,
      answersReleased,
      sections: sections((row) => ({ ...noScores, ...answers(row) })),
    };
  return {
    ...base,
    ...noTotals,
    scoreReleased: false,
    answersReleased: false,
    sections: sections((row) => ({ ...noScores, ...noAnswers(row) })),
  };
}
