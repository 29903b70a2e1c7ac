import { sql } from 'drizzle-orm';
import { gradeResponse, roundScore } from '@kaopei/shared';
import type { ExamQuestionContent } from '../schema';
import { attemptQuestions, examAttemptEvents, examAttempts } from '../schema';
import { sectionsOf } from '../../modules/paper/paper.service';
import { listFrozenContent } from '../../modules/exam/exam-attempt.repo';
import type { Rng } from '../../modules/paper/paper.rng';
import { need, type Demo } from './demo';
import { DEMO_MISKEYED } from './question-data';

/**
 * Simulated candidates' attempts (issue 14): answers chosen by each person's ability, graded by the
 * question kinds' own grading (gradeResponse, as a submit does), short answers marked by the
 * administrator from the scoring points the answer covers, and the attempt closed with the same score
 * and pass rule as closeAttempt and refreshAttempt. Written in a few bulk inserts.
 */

export interface SimulatedExam {
  examId: number;
  paperId: number;
  passScore: number;
  durationMinutes: number;
  /** When the exam closes (deadlines are capped by it). */
  endAt: number;
  partialCredit: boolean;
}

interface PaperItem {
  questionId: number;
  points: number;
  sectionName: string;
  sectionSort: number;
  sort: number;
  content: ExamQuestionContent;
}

/** The paper's questions in order with their frozen content (frozen at publish). */
async function paperItems(demo: Demo, exam: SimulatedExam): Promise<PaperItem[]> {
  const sections = await sectionsOf(demo.db, exam.paperId);
  const ids = sections.flatMap((section) => section.questionVOS.map((q) => q.questionId));
  const frozen = new Map(
    (await listFrozenContent(demo.db, exam.examId, ids)).map((row) => [row.questionId, row.content]),
  );
  return sections.flatMap((section, sectionSort) =>
    section.questionVOS.map((q, sort) => {
      const content = frozen.get(q.questionId);
      if (!content) throw new Error(`demo attempts: question ${q.questionId} not frozen`);
      return {
        questionId: q.questionId,
        points: q.points,
        sectionName: section.name,
        sectionSort,
        sort,
        content,
      };
    }),
  );
}

/** A person's ability (share of questions they get right), normally spread around 72 %. */
function ability(rng: Rng): number {
  const normal = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  return Math.min(0.98, Math.max(0.2, 0.72 + 0.15 * normal));
}

/** The options as a knowing candidate sees them: the demo's miskeyed question by its true key. */
function trueOptions(content: ExamQuestionContent): { correct: boolean }[] {
  const options = content.options ?? [];
  if (!content.stem.includes(DEMO_MISKEYED.stem)) return options;
  return options.map((option, index) => ({
    ...option,
    correct: (DEMO_MISKEYED.trueKey as readonly number[]).includes(index),
  }));
}

function keyedIndex(content: ExamQuestionContent): number {
  return Math.max(0, (content.options ?? []).findIndex((option) => option.correct));
}

const WRONG_BLANKS = ['110', '220', '隔离法', 'let', 'useState', 'resolved'];

/** What a candidate of this ability answers (null: left blank) and, for a short answer, the mark. */
function respond(
  content: ExamQuestionContent,
  points: number,
  skill: number,
  rng: Rng,
): { answer: unknown; mark?: number } {
  if (rng() < 0.03) return { answer: null };
  const right = rng() < Math.min(0.97, Math.max(0.05, skill + (4 - content.difficulty) * 0.04));
  const options = trueOptions(content);
  const correct = options.flatMap((option, index) => (option.correct ? [index] : []));
  const wrong = options.flatMap((option, index) => (option.correct ? [] : [index]));
  const any = <T>(list: T[]): T => list[Math.floor(rng() * list.length)] as T;
  switch (content.type) {
    case 0:
      return { answer: right ? content.answer : !content.answer };
    case 1:
      // The miskeyed question's stored key is the misconception most weak candidates fall for.
      if (!right && options !== content.options && rng() < 0.6) return { answer: keyedIndex(content) };
      return { answer: right ? correct[0] : any(wrong) };
    case 2:
      if (right) return { answer: correct };
      // Missing one right option, or adding a wrong one.
      return {
        answer: rng() < 0.6 || wrong.length === 0 ? correct.slice(1) : [...correct, any(wrong)].sort(),
      };
    case 3: {
      const blanks = (content.answer as { blanks: { answers: string[] }[] }).blanks;
      return { answer: blanks.map((blank) => (right ? (blank.answers[0] ?? '') : any(WRONG_BLANKS))) };
    }
    case 4: {
      const key = content.answer as { scoringPoints: { content: string; points: number }[] };
      const covered = key.scoringPoints.filter(() => rng() < skill + 0.05);
      const worth = key.scoringPoints.reduce((sum, point) => sum + point.points, 0);
      const got = covered.reduce((sum, point) => sum + point.points, 0);
      const text =
        covered.length > 0 ? covered.map((point) => point.content).join('；') + '。' : '记不太清楚了。';
      // The marker gives the covered points' share of the question's points, in half points.
      return { answer: text, mark: Math.round(((points * got) / (worth || 1)) * 2) / 2 };
    }
    default:
      return { answer: null };
  }
}

export interface Sitting {
  userId: number;
  /** When the candidate started (ms). */
  startAt: number;
}

type SimulatedAttempt = ReturnType<typeof sit>;

/** One candidate's sitting: answers, grades and marks, times, and how often they left the page. */
function sit(
  exam: SimulatedExam,
  items: PaperItem[],
  sitting: Sitting,
  rng: Rng,
  marking: { by: number; at: number },
) {
  const skill = ability(rng);
  const deadline = Math.min(sitting.startAt + exam.durationMinutes * 60_000, exam.endAt);
  const timedOut = skill < 0.5 && rng() < 0.3;
  const used = timedOut ? deadline - sitting.startAt : (0.45 + 0.5 * rng()) * (deadline - sitting.startAt);
  const questions = items.map((item, index) => {
    const { answer, mark } = respond(item.content, item.points, skill, rng);
    const graded = gradeResponse(item.content, answer, item.points, { partialCredit: exam.partialCredit });
    return {
      questionId: item.questionId,
      sectionName: item.sectionName,
      sectionSort: item.sectionSort,
      sort: item.sort,
      points: item.points,
      answer,
      answerSeq: answer === null ? 0 : 1,
      answeredAt: answer === null ? null : new Date(sitting.startAt + ((index + 1) / items.length) * used),
      score: graded.score ?? mark ?? 0,
      // A human marked what the grading left open.
      ...(graded.score === null ? { markedBy: marking.by, markedAt: new Date(marking.at) } : {}),
    };
  });
  const score = roundScore(questions.reduce((sum, q) => sum + q.score, 0));
  const leaves = rng() < 0.04 ? 1 + Math.floor(rng() * 3) : 0;
  return { sitting, deadline, submittedAt: sitting.startAt + used, timedOut, score, questions, leaves };
}

/** The tab switches of the candidates who left the page, as the monitor records them. */
function leaveEvents(
  demo: Demo,
  examId: number,
  attempts: SimulatedAttempt[],
  idOf: (userId: number) => number,
) {
  return attempts.flatMap((a) =>
    Array.from({ length: a.leaves }, (_, i) => ({
      attemptId: idOf(a.sitting.userId),
      examId,
      organizationId: demo.organizationId,
      kind: 'tab_switch',
      createdAt: new Date(a.sitting.startAt + (i + 1) * 4 * 60_000),
    })),
  );
}

/** Writes one graded attempt per sitting (marked at `markedAt`); returns the attempt ids by user. */
export async function simulateAttempts(
  demo: Demo,
  exam: SimulatedExam,
  sittings: Sitting[],
  rng: Rng,
  markedAt: number,
): Promise<Map<number, number>> {
  const items = await paperItems(demo, exam);
  const totalPoints = roundScore(items.reduce((sum, item) => sum + item.points, 0));
  const marking = { by: need(demo.people, 'admin'), at: markedAt };
  const attempts = sittings.map((sitting) => sit(exam, items, sitting, rng, marking));
  const rows = await demo.db
    .insert(examAttempts)
    .values(
      attempts.map((a) => ({
        examId: exam.examId,
        organizationId: demo.organizationId,
        userId: a.sitting.userId,
        paperId: exam.paperId,
        // Closed and graded, by the rule of closeAttempt and refreshAttempt.
        status: 2,
        startedAt: new Date(a.sitting.startAt),
        deadlineAt: new Date(a.deadline),
        submittedAt: new Date(a.submittedAt),
        submitReason: a.timedOut ? 'timeout' : 'manual',
        totalPoints,
        score: a.score,
        passed: a.score >= exam.passScore ? 1 : 0,
        tabSwitches: a.leaves,
        lastSeenAt: new Date(a.submittedAt),
      })),
    )
    .returning({ id: examAttempts.id, userId: examAttempts.userId });
  const ids = new Map(rows.map((row) => [row.userId, row.id]));
  const idOf = (userId: number) => {
    const id = ids.get(userId);
    if (id === undefined) throw new Error('demo attempt insert lost a row');
    return id;
  };
  const answerRows = attempts.flatMap((a) =>
    a.questions.map((q) => ({
      attempt_id: idOf(a.sitting.userId),
      question_id: q.questionId,
      section_name: q.sectionName,
      section_sort: q.sectionSort,
      sort: q.sort,
      points: q.points,
      answer: q.answer,
      answer_seq: q.answerSeq,
      answered_at: q.answeredAt?.toISOString() ?? null,
      score: q.score,
      marked_by: q.markedBy ?? null,
      marked_at: q.markedAt?.toISOString() ?? null,
    })),
  );
  // Thousands of rows as one JSON parameter (as the exam start writes an attempt's questions): a
  // multi-row VALUES list of as many parameters takes several times longer on PGlite.
  await demo.db.execute(sql`
    insert into ${attemptQuestions} (attempt_id, question_id, section_name, section_sort, sort, points, answer,
      answer_seq, answered_at, score, marked_by, marked_at)
    select * from jsonb_to_recordset(${JSON.stringify(answerRows)}::jsonb) as r(attempt_id bigint,
      question_id bigint, section_name varchar, section_sort int, sort int, points numeric, answer jsonb,
      answer_seq int, answered_at timestamptz, score numeric, marked_by bigint, marked_at timestamptz)`);
  const events = leaveEvents(demo, exam.examId, attempts, idOf);
  if (events.length > 0) await demo.db.insert(examAttemptEvents).values(events);
  return ids;
}
