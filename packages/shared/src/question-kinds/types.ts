/**
 * What every question kind declares (issue 12): one object per kind in this folder, registered in
 * `index.ts`. Nothing outside this folder switches on a question type for its key, response, grading,
 * display or Excel columns.
 */
import type { z } from 'zod';
import type { QuestionType } from '../enums';

/** A choice as stored and edited: its text and whether it is correct. */
export interface KeyOption {
  content: string;
  correct: boolean;
}

/** A question's key as stored: choice kinds keep it in `options`, the others in `answer`. */
export interface StoredKey {
  options: KeyOption[] | null;
  answer: unknown;
}

/** The key as a reader gets it (either part may be missing; choice flags may be loose). */
export interface KeyView {
  options?: readonly { correct?: boolean | number | null }[] | null;
  answer?: unknown;
}

export interface GradableQuestion {
  type: number;
  options: readonly { correct: boolean }[] | null;
  answer: unknown;
}

export interface GradingOptions {
  /** Multiple choice: a subset of the correct options earns its share; any wrong option earns 0. */
  partialCredit?: boolean;
}

export interface Grade {
  /** null: a marker decides. */
  score: number | null;
  /** Whether the response is entirely right (null while unmarked). */
  correct: boolean | null;
}

/** A key that does not fit its kind: the API field it concerns ('options', 'answer.blanks.0') and why. */
export interface KeyProblem {
  field: string;
  message: string;
}

export type KeyResult = { ok: true; key: StoredKey } | { ok: false; problem: KeyProblem };

/** The cells of one Excel row, by column field (see `excel.ts`). */
export type ExcelValues = Partial<Record<string, string>>;

/** A column of the question sheet: its cell field, header, width and the template's note on it. */
export interface ExcelColumn {
  field: string;
  header: string;
  width: number;
  note: string;
}

/** A row's cells as a kind reads them: options and answer as the API would receive them, or a problem. */
export type ExcelRead =
  { ok: true; options?: KeyOption[]; answer: unknown } | { ok: false; problem: KeyProblem };

export interface ResponseDisplayOptions {
  /**
   * The letter of a chosen option key (default: the key is the option's index in the question's own
   * order). Pages that show options shuffled pass the letter of the key's place as the candidate saw it.
   */
  letterOf?: (key: unknown) => string | null;
  /** Blanks one by one ('第1空：北京；第2空：（空）') rather than joined ('北京；'). */
  numbered?: boolean;
}

export interface KeyDisplayOptions {
  /** Blanks one by one ('第1空：北京 / Beijing；第2空：上海') rather than joined ('北京/Beijing；上海'). */
  numbered?: boolean;
}

/** R: the response schema, K: the revealed key's schema (precise in each kind, for the contracts' types). */
export interface QuestionKind<R extends z.ZodType = z.ZodType, K extends z.ZodType = z.ZodType> {
  type: QuestionType;
  /** '判断题'. */
  label: string;
  /** '判断'. */
  shortLabel: string;
  /** Whether the key is a list of options with correct flags (letters from A). */
  hasOptions: boolean;
  /** Whether a marker scores it (false: graded at submit). */
  marked: boolean;
  /** The `answer` part of the key as stored and edited (null for choice kinds: their key is the options). */
  answerSchema: z.ZodType | null;
  /** The candidate's response, as saved. */
  responseSchema: R;
  /** What a candidate may see of the stored `answer` once answers are released (null: nothing more). */
  revealKey(answer: unknown): unknown;
  /** The shape of `revealKey`'s result. */
  revealedKeySchema: K;
  /** Checks options and answer as edited and returns them as stored. */
  parseKey(options: unknown, answer: unknown): KeyResult;
  /** Whether a (non-null) response is empty. */
  isUnanswered(response: unknown): boolean;
  /** The grade of an answered response worth `points`. */
  grade(question: GradableQuestion, response: unknown, points: number, options: GradingOptions): Grade;
  /** The key in one line ('正确', 'A,C', '北京/Beijing；上海', the reference text). */
  formatKey(key: KeyView, options?: KeyDisplayOptions): string;
  /** An answered response in one line ('正确', 'B', 'a；b', 'java 代码'). */
  formatResponse(response: unknown, options?: ResponseDisplayOptions): string;
  /** Excel columns besides the shared ones, with the kind's reading and writing of a row. */
  excel: {
    /** Columns of its own, after 答案 (填空's 区分大小写, 编程's 测试用例 ...). */
    columns: readonly ExcelColumn[];
    /** What its 答案 cell holds (the template's notes). */
    answerNote: string;
    /** The template's example row, without 题型 (its stem starts with 示例：). */
    example: ExcelValues;
    /** The row's 选项/答案 (and kind-specific) cells as options and answer. */
    read(values: ExcelValues): ExcelRead;
    /** The stored key as cells. */
    write(key: StoredKey): ExcelValues;
  };
}
