import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import {
  attemptQuestions,
  examAttempts,
  examQuestions,
  questions,
  type ExamQuestionContent,
} from '../../db/schema';

export type { ExamQuestionContent };

export interface FrozenWithLive {
  questionId: number;
  content: ExamQuestionContent;
  liveType: number | null;
  liveOptions: { content: string; correct: boolean }[] | null;
  liveAnswer: unknown;
}

/** The exam's frozen questions beside the live question of the organisation (null when deleted). */
export async function listFrozenWithLive(tx: DbOrTx, examId: number, organizationId: number) {
  const result = await tx.execute(sql`
    select eq.question_id, eq.content, q.type as live_type, q.options as live_options, q.answer as live_answer
    from ${examQuestions} eq
    left join ${questions} q on q.id = eq.question_id and q.organization_id = ${organizationId}::bigint
    where eq.exam_id = ${examId}::bigint`);
  return rowsOf<Record<string, unknown>>(result).map((row): FrozenWithLive => ({
    questionId: Number(row.question_id),
    content: row.content as ExamQuestionContent,
    liveType: row.live_type === null || row.live_type === undefined ? null : Number(row.live_type),
    liveOptions: (row.live_options as FrozenWithLive['liveOptions']) ?? null,
    liveAnswer: row.live_answer ?? null,
  }));
}

export async function updateFrozenContent(
  tx: DbOrTx,
  examId: number,
  questionId: number,
  content: ExamQuestionContent,
): Promise<void> {
  await tx.execute(sql`
    update ${examQuestions} set content = ${JSON.stringify(content)}::jsonb
    where exam_id = ${examId}::bigint and question_id = ${questionId}::bigint`);
}

/** Every submitted answer to these questions of the exam (jsonb arrives parsed on both drivers). */
export async function listSubmittedAnswers(tx: DbOrTx, examId: number, questionIds: number[]) {
  const ids = sql.join(
    questionIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    select aq.attempt_id, aq.question_id, aq.answer, aq.points, aq.score
    from ${attemptQuestions} aq join ${examAttempts} a on a.id = aq.attempt_id
    where a.exam_id = ${examId}::bigint and a.status > 0 and aq.question_id in (${ids})`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    attemptId: Number(row.attempt_id),
    questionId: Number(row.question_id),
    answer: row.answer ?? null,
    points: Number(row.points),
    score: row.score === null || row.score === undefined ? null : Number(row.score),
  }));
}

/** New scores of answers, in one statement. */
export async function updateAnswerScores(
  tx: DbOrTx,
  updates: { attempt_id: number; question_id: number; score: number }[],
): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(sql`
    update ${attemptQuestions} aq set score = r.score
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as r(attempt_id bigint, question_id bigint, score numeric)
    where aq.attempt_id = r.attempt_id and aq.question_id = r.question_id`);
}
