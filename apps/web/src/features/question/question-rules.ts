import { QuestionType, answerDisplay } from '@kaopei/shared';
import type { QuestionRow } from './api';

/** The answer in one line: letters and 正确/错误 from the shared rule, the key text for other types. */
export function answerText(row: Pick<QuestionRow, 'type' | 'options' | 'answer'>): string {
  if (
    row.type === QuestionType.TRUE_FALSE ||
    row.type === QuestionType.SINGLE ||
    row.type === QuestionType.MULTIPLE
  )
    return answerDisplay(row.type, { options: row.options ?? [], answer: row.answer });
  const answer = row.answer as Record<string, unknown> | null;
  if (!answer) return '';
  if (Array.isArray(answer.blanks)) {
    return (answer.blanks as { answers: string[] }[]).map((b) => b.answers.join('/')).join('；');
  }
  if (typeof answer.reference === 'string') return answer.reference;
  if (Array.isArray(answer.languages)) return `${(answer.languages as string[]).join(', ')}`;
  return '';
}
