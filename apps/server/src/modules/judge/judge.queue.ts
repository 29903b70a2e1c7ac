import { QuestionType, isCodeLanguage, isUnanswered } from '@kaopei/shared';
import type { ExamQuestionContent, JobInsert } from './judge.repo';

export const JOB_STATUS = { queued: 0, running: 1, done: 2, failed: 3 } as const;
/** Their names in replies: JOB_STATUS_NAMES (contracts/judge.ts), index = status. */

/** A code question's frozen key, as far as judging needs it. */
export interface CodeKey {
  languages: string[];
  testCases: { input: string; output: string; sample?: boolean }[];
  timeLimit: number;
  memoryLimit: number;
}

export function codeKeyOf(content: ExamQuestionContent): CodeKey | null {
  if (content.type !== QuestionType.CODE) return null;
  const key = (content.answer ?? {}) as Partial<CodeKey>;
  return {
    languages: Array.isArray(key.languages) ? key.languages : [],
    testCases: Array.isArray(key.testCases) ? key.testCases : [],
    timeLimit: typeof key.timeLimit === 'number' ? key.timeLimit : 1000,
    memoryLimit: typeof key.memoryLimit === 'number' ? key.memoryLimit : 256,
  };
}

/** A code answer as the candidate pages save it. */
export function codeAnswerOf(answer: unknown): { language: string; code: string } | null {
  if (!answer || typeof answer !== 'object') return null;
  const { language, code } = answer as { language?: unknown; code?: unknown };
  if (typeof language !== 'string' || typeof code !== 'string' || !isCodeLanguage(language)) return null;
  return { language, code };
}

/** The 'grade' jobs of an attempt being closed: one per answered code question (unanswered ones scored 0). */
export function codeGradingJobs(
  attempt: { id: number; organizationId: number; userId: number },
  rows: { questionId: number; answer: unknown; content: ExamQuestionContent }[],
): JobInsert[] {
  return rows.flatMap((row) => {
    if (row.content.type !== QuestionType.CODE || isUnanswered(row.content.type, row.answer)) return [];
    const answer = codeAnswerOf(row.answer);
    if (!answer) return [];
    return [
      {
        organizationId: attempt.organizationId,
        userId: attempt.userId,
        kind: 'grade',
        attemptId: attempt.id,
        questionId: row.questionId,
        language: answer.language,
        code: answer.code,
      },
    ];
  });
}
