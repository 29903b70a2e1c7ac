import { LRUCache } from 'lru-cache';
import { QuestionType, codeInfoOf, fillBlanks, questionTypeLabel } from '@kaopei/shared';
import type { CodeInfo } from '@kaopei/shared/contracts/exam-candidate';
import type { DbOrTx } from '../../db/client';
import { listFrozenContent, listFrozenVersions, type ExamQuestionContent } from './exam-attempt.repo';
import { freezeQuestions } from './exam.service';

/**
 * What a candidate may see of an exam's frozen question (exam_questions): never a correct flag, key or
 * analysis. Options are in their original order; an attempt's option_order says how to show them.
 */
export interface FrozenQuestionView {
  type: number;
  typeLabel: string;
  stem: string;
  options: string[] | null;
  /** Fill-in-blank: how many blanks. */
  blankCount: number | null;
  /** Code: languages, starting templates and the sample cases (never the hidden ones). */
  code: CodeInfo | null;
}

export function frozenQuestionView(content: ExamQuestionContent): FrozenQuestionView {
  return {
    type: content.type,
    typeLabel: questionTypeLabel(content.type),
    stem: content.stem,
    options: content.options?.map((option) => option.content) ?? null,
    blankCount: blankCount(content),
    code: codeInfo(content),
  };
}

export function codeInfo(content: ExamQuestionContent): FrozenQuestionView['code'] {
  return content.type === QuestionType.CODE ? codeInfoOf(content.answer) : null;
}

function blankCount(content: ExamQuestionContent): number | null {
  return content.type === QuestionType.FILL ? (fillBlanks(content.answer)?.length ?? 1) : null;
}

/** A frozen question: its content (keys included: never send it as it is) and the candidate's view of it. */
export interface FrozenQuestion {
  content: ExamQuestionContent;
  view: FrozenQuestionView;
}

/**
 * Frozen questions by exam, question and row version (the row's xmin). A frozen row is never updated: it
 * is only deleted and frozen anew when the papers of an exam nobody has started change, which gives it a
 * new xmin, so a cached entry is never stale, on this instance or any other. Entries are shared: read-only.
 */
const cache = new LRUCache<string, FrozenQuestion>({ max: 20_000 });

async function versions(db: DbOrTx, examId: number, questionIds: number[]): Promise<Map<number, string>> {
  const rows = await listFrozenVersions(db, examId, questionIds);
  return new Map(rows.map((row) => [row.questionId, row.version]));
}

/**
 * The frozen questions of these versions (question id → xmin): from the cache, reading only the content
 * this instance has not seen. A version gone meanwhile (the exam's papers changed) is read as it is now.
 */
export async function frozenByVersion(
  db: DbOrTx,
  examId: number,
  found: Map<number, string>,
): Promise<Map<number, FrozenQuestion>> {
  const frozen = new Map<number, FrozenQuestion>();
  const unread: number[] = [];
  for (const [questionId, version] of found) {
    const hit = cache.get(`${examId}:${questionId}:${version}`);
    if (hit) frozen.set(questionId, hit);
    else unread.push(questionId);
  }
  if (unread.length > 0) {
    const rows = await listFrozenContent(db, examId, unread);
    for (const row of rows) {
      const entry = { content: row.content, view: frozenQuestionView(row.content) };
      cache.set(`${examId}:${row.questionId}:${row.version}`, entry);
      frozen.set(row.questionId, entry);
    }
  }
  return frozen;
}

/**
 * An exam's questions as frozen, freezing those not frozen yet (a question deleted before it was frozen
 * has none). Every start of 5,000 candidates asks for the same 50 questions: this reads their versions,
 * and their content only the first time on each instance.
 */
export async function frozenQuestions(
  db: DbOrTx,
  examId: number,
  questionIds: number[],
  /** The exam's frozen versions, when the caller has just read them. */
  known?: Map<number, string>,
): Promise<Map<number, FrozenQuestion>> {
  const wanted = [...new Set(questionIds)];
  if (wanted.length === 0) return new Map();
  let found =
    known && wanted.every((id) => known.has(id))
      ? new Map(wanted.map((id) => [id, known.get(id) as string]))
      : await versions(db, examId, wanted);
  if (found.size < wanted.length) {
    await freezeQuestions(
      db,
      examId,
      wanted.filter((id) => !found.has(id)),
    );
    found = await versions(db, examId, wanted);
  }
  return frozenByVersion(db, examId, found);
}
