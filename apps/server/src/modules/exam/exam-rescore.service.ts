import { QuestionType, gradeResponse } from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { requireExam } from './exam.service';
import { refreshAttempt } from './exam-result.repo';
import {
  listFrozenWithLive,
  listSubmittedAnswers,
  updateAnswerScores,
  updateFrozenContent,
  type ExamQuestionContent,
  type FrozenWithLive,
} from './exam-rescore.repo';

/** Types graded by rule at submit: their answers can be graded again against a corrected key. */
const OBJECTIVE: readonly number[] = [
  QuestionType.TRUE_FALSE,
  QuestionType.SINGLE,
  QuestionType.MULTIPLE,
  QuestionType.FILL,
];

export interface RescoreOutcome {
  questions: number;
  answers: number;
  attempts: number;
}

/**
 * The frozen content with the live question's key (correct flags and answer), when the question is still
 * of the same type and option count; what the candidates saw (stem, option texts) stays as frozen.
 */
function withCurrentKey(row: FrozenWithLive): ExamQuestionContent | null {
  const { content } = row;
  if (row.liveType !== content.type) return null;
  const liveOptions = row.liveOptions ?? [];
  if ((content.options ?? []).length !== liveOptions.length) return null;
  return {
    ...content,
    options: content.options
      ? content.options.map((option, i) => ({ ...option, correct: liveOptions[i]?.correct === true }))
      : null,
    answer: row.liveAnswer,
  };
}

/** Takes the current keys into the exam's frozen objective questions; returns the content by question. */
async function refreezeKeys(tx: DbOrTx, examId: number, organizationId: number) {
  const contents = new Map<number, ExamQuestionContent>();
  let changed = 0;
  for (const row of await listFrozenWithLive(tx, examId, organizationId)) {
    if (!OBJECTIVE.includes(row.content.type)) continue;
    const current = withCurrentKey(row) ?? row.content;
    if (JSON.stringify(current) !== JSON.stringify(row.content)) {
      changed += 1;
      await updateFrozenContent(tx, examId, row.questionId, current);
    }
    contents.set(row.questionId, current);
  }
  return { contents, changed };
}

/**
 * 重新判分 (issue 19): grades every submitted answer to the exam's objective questions again, against
 * each question's current key (a wrong key fixed in the question editor), and recomputes the attempts
 * whose score changed by the one rule (refreshAttempt: score, pass, the graded listeners — course
 * progress, review book, the exam analysis cache). Subjective marks are left as the markers gave them.
 */
export async function rescoreObjective(db: Db, ctx: RequestContext, examId: number): Promise<RescoreOutcome> {
  const exam = await requireExam(db, ctx, examId);
  const settings = exam.settings ?? {};
  return db.transaction(async (tx) => {
    const { contents, changed } = await refreezeKeys(tx, examId, ctx.organizationId);
    if (contents.size === 0) return { questions: 0, answers: 0, attempts: 0 };
    const updates: { attempt_id: number; question_id: number; score: number }[] = [];
    for (const row of await listSubmittedAnswers(tx, examId, [...contents.keys()])) {
      const content = contents.get(row.questionId);
      if (!content) continue;
      const graded = gradeResponse(content, row.answer, row.points, {
        partialCredit: settings.partialCredit,
      });
      if (graded.score === null || graded.score === row.score) continue;
      updates.push({ attempt_id: row.attemptId, question_id: row.questionId, score: graded.score });
    }
    await updateAnswerScores(tx, updates);
    const attempts = [...new Set(updates.map((u) => u.attempt_id))];
    for (const attemptId of attempts) await refreshAttempt(tx, attemptId);
    return { questions: changed, answers: updates.length, attempts: attempts.length };
  });
}
