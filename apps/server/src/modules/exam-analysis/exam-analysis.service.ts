import {
  QuestionType,
  analyseItems,
  histogram,
  itemAcrossExams,
  median,
  questionTypeLabel,
  summariseScores,
  type ItemCell,
  type ItemStats,
} from '@kaopei/shared';
import type {
  AnalysedExamRow,
  ExamAnalysis,
  GroupSummary,
  ItemStatsView,
  QuestionAcrossRow,
} from '@kaopei/shared/contracts/exam-analysis';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { requireExam } from '../exam/exam.service';
import { rescoreObjective, type RescoreOutcome } from '../exam/exam-rescore.service';
import type { GradedAttempt } from '../exam/attempt-graded';
import {
  countCandidates,
  dropAnalysis,
  findCachedAnalysis,
  listAnalysedExams,
  listAnswers,
  listBestAttempts,
  listExamsOfQuestions,
  listPaperQuestions,
  listUsedQuestions,
  storeAnalysis,
  type AnalysedAttempt,
  type AnswerRow,
  type PaperQuestion,
} from './exam-analysis.repo';

type ExamRecord = Awaited<ReturnType<typeof requireExam>>;

const CHOICE: readonly number[] = [QuestionType.SINGLE, QuestionType.MULTIPLE];

/** Plain text of rich text, shortened for tables. */
export function plain(html: string, max = 80): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The candidates × questions matrix of the pure analysis. */
function buildMatrix(attempts: AnalysedAttempt[], paper: PaperQuestion[], answers: AnswerRow[]) {
  const row = new Map(attempts.map((a, i) => [a.id, i]));
  const column = new Map(paper.map((q, i) => [q.questionId, i]));
  const rows: (ItemCell | null)[][] = attempts.map(() => new Array<ItemCell | null>(paper.length).fill(null));
  for (const answer of answers) {
    const r = row.get(answer.attemptId);
    const c = column.get(answer.questionId);
    if (r === undefined || c === undefined) continue;
    // The answer is the cell (score, blank, choices): no second object per answer.
    (rows[r] as (ItemCell | null)[])[c] = answer;
  }
  const items = paper.map((q) => ({
    questionId: q.questionId,
    maxPoints: q.points,
    options: CHOICE.includes(q.content.type) ? (q.content.options ?? []) : null,
  }));
  return { items, rows };
}

/** Each question's mean answering time (seconds), over the answers that have one. */
function meanSeconds(answers: AnswerRow[]): Map<number, number> {
  const sums = new Map<number, { sum: number; n: number }>();
  for (const answer of answers) {
    if (answer.seconds === null) continue;
    const entry = sums.get(answer.questionId) ?? { sum: 0, n: 0 };
    entry.sum += answer.seconds;
    entry.n += 1;
    sums.set(answer.questionId, entry);
  }
  return new Map([...sums].map(([questionId, { sum, n }]) => [questionId, sum / n]));
}

function groupsBy(
  attempts: AnalysedAttempt[],
  key: (a: AnalysedAttempt) => string | null,
  passScore: number,
) {
  const groups = new Map<string, number[]>();
  for (const attempt of attempts) {
    const name = key(attempt) ?? '未设置';
    groups.set(name, [...(groups.get(name) ?? []), attempt.score]);
  }
  return [...groups.entries()]
    .map(([name, scores]): GroupSummary => ({ name, ...summariseScores(scores, passScore) }))
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name, 'zh'));
}

function itemView(
  stats: ItemStats,
  question: PaperQuestion,
  no: number,
  meanSeconds: number | null,
): ItemStatsView {
  return {
    ...stats,
    no,
    sectionName: question.sectionName,
    stem: plain(question.content.stem),
    type: question.content.type,
    typeLabel: questionTypeLabel(question.content.type),
    meanSeconds,
    options:
      stats.options?.map((option) => ({
        ...option,
        content: plain(question.content.options?.[option.index]?.content ?? '', 40),
      })) ?? null,
    bankId: question.bankId,
  };
}

/** Computes one exam's analysis from its stored answers (each candidate's best graded attempt). */
export async function computeAnalysis(db: DbOrTx, exam: ExamRecord): Promise<ExamAnalysis> {
  const [attempts, paper, answers, candidateCount] = await Promise.all([
    listBestAttempts(db, exam.id),
    listPaperQuestions(db, exam.id, exam.organizationId),
    listAnswers(db, exam.id),
    countCandidates(db, exam.id),
  ]);
  const seconds = meanSeconds(answers);
  const passScore = Number(exam.passScore);
  const scores = attempts.map((a) => a.score);
  const fullScore = Math.max(0, ...attempts.map((a) => a.totalPoints));
  const analysis = analyseItems(buildMatrix(attempts, paper, answers));
  const minutes = attempts.flatMap((a) => (a.minutes === null ? [] : [a.minutes]));
  return {
    examId: exam.id,
    name: exam.name,
    passScore,
    fullScore,
    startAt: exam.startAt?.getTime() ?? null,
    endAt: exam.endAt?.getTime() ?? null,
    computedAt: Date.now(),
    candidateCount,
    summary: summariseScores(scores, passScore),
    histogram: histogram(scores, fullScore, 10),
    byDepartment: groupsBy(attempts, (a) => a.departmentName, passScore),
    byPost: groupsBy(attempts, (a) => a.postName, passScore),
    minutes: {
      mean: minutes.length ? minutes.reduce((x, y) => x + y, 0) / minutes.length : null,
      median: median(minutes),
    },
    reliability: analysis.reliability,
    sem: analysis.sem,
    groupSize: analysis.groupSize,
    items: analysis.items.map((stats, i) =>
      itemView(stats, paper[i] as PaperQuestion, i + 1, seconds.get(stats.questionId) ?? null),
    ),
  };
}

/** The cached analysis, computed and stored when missing. */
async function cachedAnalysis(db: Db, exam: ExamRecord): Promise<ExamAnalysis> {
  const cached = await findCachedAnalysis(db, exam.id);
  if (cached) return cached as unknown as ExamAnalysis;
  const fresh = await computeAnalysis(db, exam);
  await storeAnalysis(db, exam.id, exam.organizationId, fresh as unknown as Record<string, unknown>);
  return fresh;
}

export async function examAnalysis(db: Db, ctx: RequestContext, examId: number): Promise<ExamAnalysis> {
  return cachedAnalysis(db, await requireExam(db, ctx, examId));
}

/** Recomputes and stores one exam's analysis. */
export async function refreshAnalysis(db: Db, ctx: RequestContext, examId: number): Promise<ExamAnalysis> {
  const exam = await requireExam(db, ctx, examId);
  const fresh = await computeAnalysis(db, exam);
  await storeAnalysis(db, exam.id, exam.organizationId, fresh as unknown as Record<string, unknown>);
  return fresh;
}

/** 重新判分 against the current keys, then the analysis is dropped (recomputed on the next read). */
export async function rescoreExam(db: Db, ctx: RequestContext, examId: number): Promise<RescoreOutcome> {
  const outcome = await rescoreObjective(db, ctx, examId);
  await dropAnalysis(db, examId);
  return outcome;
}

/** attempt-graded listener: a newly graded (or re-marked) attempt makes the cached analysis stale. */
export async function dropAnalysisOnGrade(db: DbOrTx, attempt: GradedAttempt): Promise<void> {
  await dropAnalysis(db, attempt.examId);
}

export async function analysedExams(
  db: Db,
  ctx: RequestContext,
  filter: { keyword?: string; limit: number; offset: number },
): Promise<{ rows: AnalysedExamRow[]; total: number }> {
  const rows = await listAnalysedExams(db, ctx.organizationId, filter);
  const time = (value: unknown) => (value ? new Date(value as string).getTime() : null);
  const ratio = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((row) => ({
      examId: Number(row.id),
      name: String(row.name),
      startAt: time(row.start_at),
      endAt: time(row.end_at),
      gradedCount: Number(row.graded),
      meanRatio: ratio(row.mean_ratio),
      passRate: ratio(row.pass_rate),
      analysedAt: time(row.computed_at),
    })),
  };
}

/**
 * A page of questions used by exams, each with its figures over every exam that used it (from each
 * exam's cached analysis, computed when missing), pooled by candidates.
 */
export async function questionsAcrossExams(
  db: Db,
  ctx: RequestContext,
  filter: { keyword?: string; bankId?: number; limit: number; offset: number },
): Promise<{ rows: QuestionAcrossRow[]; total: number }> {
  const page = await listUsedQuestions(db, ctx.organizationId, filter);
  const uses = await listExamsOfQuestions(
    db,
    ctx.organizationId,
    page.map((q) => q.questionId),
  );
  const analyses = new Map<number, ExamAnalysis>();
  for (const examId of new Set(uses.map((u) => u.examId)))
    analyses.set(examId, await cachedAnalysis(db, await requireExam(db, ctx, examId)));
  const rows = page.map((question) => {
    const exams = uses
      .filter((use) => use.questionId === question.questionId)
      .flatMap((use) => {
        const item = analyses.get(use.examId)?.items.find((i) => i.questionId === question.questionId);
        return item && item.n > 0
          ? [
              {
                examId: use.examId,
                name: use.name,
                n: item.n,
                p: item.p,
                discrimination: item.discrimination,
              },
            ]
          : [];
      });
    const pooled = itemAcrossExams(exams);
    return {
      questionId: question.questionId,
      stem: plain(question.stem),
      typeLabel: questionTypeLabel(question.type),
      bankId: question.bankId,
      bankName: question.bankName,
      ...pooled,
      exams,
    };
  });
  return { rows, total: Number(page[0]?.total ?? 0) };
}
