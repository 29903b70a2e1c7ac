import { and, eq, inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { QuestionType, questionTypeLabel } from '@kaopei/shared';
import type { DbOrTx } from '../../db/client';
import { examQuestions, type ExamQuestionContent } from '../../db/schema';
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
  code: {
    languages: string[];
    templates: Record<string, string>;
    samples: { input: string; output: string }[];
  } | null;
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
  if (content.type !== QuestionType.CODE) return null;
  const key = (content.answer ?? {}) as {
    languages?: string[];
    templates?: Record<string, string>;
    testCases?: { input: string; output: string; sample?: boolean }[];
  };
  return {
    languages: key.languages ?? [],
    templates: key.templates ?? {},
    samples: (key.testCases ?? [])
      .filter((test) => test.sample)
      .map(({ input, output }) => ({ input, output })),
  };
}

function blankCount(content: ExamQuestionContent): number | null {
  if (content.type !== QuestionType.FILL) return null;
  const blanks = (content.answer as { blanks?: unknown[] } | null)?.blanks;
  return Array.isArray(blanks) ? blanks.length : 1;
}

/**
 * Views by exam, question and row version (the row's xmin). A frozen row is never updated: it is only
 * deleted and frozen anew when the papers of an exam nobody has started change, which gives it a new
 * xmin, so a cached view is never stale, on this instance or any other.
 */
const cache = new LRUCache<string, FrozenQuestionView>({ max: 20_000 });

async function versions(db: DbOrTx, examId: number, questionIds: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ questionId: examQuestions.questionId, version: sql<string>`${examQuestions}.xmin::text` })
    .from(examQuestions)
    .where(and(eq(examQuestions.examId, examId), inArray(examQuestions.questionId, questionIds)));
  return new Map(rows.map((row) => [row.questionId, row.version]));
}

/**
 * The candidate's views of an exam's questions, freezing those not frozen yet (a question deleted
 * before it was frozen has none). Every start and every reload of 5,000 candidates reads the same 50
 * questions: this reads their versions, and their content only the first time on each instance.
 */
export async function frozenViews(
  db: DbOrTx,
  examId: number,
  questionIds: number[],
): Promise<Map<number, FrozenQuestionView>> {
  const wanted = [...new Set(questionIds)];
  if (wanted.length === 0) return new Map();
  let found = await versions(db, examId, wanted);
  if (found.size < wanted.length) {
    await freezeQuestions(
      db,
      examId,
      wanted.filter((id) => !found.has(id)),
    );
    found = await versions(db, examId, wanted);
  }
  const views = new Map<number, FrozenQuestionView>();
  const unread: number[] = [];
  for (const [questionId, version] of found) {
    const hit = cache.get(`${examId}:${questionId}:${version}`);
    if (hit) views.set(questionId, hit);
    else unread.push(questionId);
  }
  if (unread.length > 0) {
    const rows = await db
      .select({
        questionId: examQuestions.questionId,
        version: sql<string>`${examQuestions}.xmin::text`,
        content: examQuestions.content,
      })
      .from(examQuestions)
      .where(and(eq(examQuestions.examId, examId), inArray(examQuestions.questionId, unread)));
    for (const row of rows) {
      const view = frozenQuestionView(row.content);
      cache.set(`${examId}:${row.questionId}:${row.version}`, view);
      views.set(row.questionId, view);
    }
  }
  return views;
}
