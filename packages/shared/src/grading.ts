/**
 * Grading of a candidate's response to one question (issue 6). Objective types are graded at submit;
 * short answers and code wait for a marker (`score` null). Scores keep one decimal (spec §9).
 *
 * Responses, by question type:
 * - 判断: true / false (the spec's truthy set counts as true);
 * - 单选: the index of the chosen option in the question's own (unshuffled) order;
 * - 多选: the indexes of the chosen options;
 * - 填空: one string per blank;
 * - 简答: text; 编程: {language, code}.
 */
import { QuestionType } from './enums';
import { isBlank, isTrueAnswer, optionLetter } from './rules';

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

/** One decimal, as every score is shown (spec §9). */
export function roundScore(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Normalises a blank's text: whitespace trimmed and collapsed, case folded unless case-sensitive. */
export function normalizeBlank(text: string, caseSensitive: boolean): string {
  const collapsed = text.trim().replace(/\s+/g, ' ');
  return caseSensitive ? collapsed : collapsed.toLowerCase();
}

interface FillKey {
  blanks: { answers: string[] }[];
  caseSensitive?: boolean;
}

function isFillKey(value: unknown): value is FillKey {
  return typeof value === 'object' && value !== null && Array.isArray((value as FillKey).blanks);
}

function correctIndexes(question: GradableQuestion): number[] {
  return (question.options ?? []).flatMap((option, index) => (option.correct ? [index] : []));
}

/** Whether a response is empty (unanswered) for its type. */
export function isUnanswered(type: number, response: unknown): boolean {
  if (response === null || response === undefined) return true;
  if (type === QuestionType.MULTIPLE) return !Array.isArray(response) || response.length === 0;
  if (type === QuestionType.FILL) return !Array.isArray(response) || response.every((text) => isBlank(text));
  if (type === QuestionType.CODE) {
    const code = (response as { code?: unknown }).code;
    return typeof code !== 'string' || isBlank(code);
  }
  if (typeof response === 'string') return isBlank(response);
  return false;
}

/** The grade of `response` to `question` worth `points`. */
export function gradeResponse(
  question: GradableQuestion,
  response: unknown,
  points: number,
  options: GradingOptions = {},
): Grade {
  if (isUnanswered(question.type, response)) return { score: 0, correct: false };
  switch (question.type) {
    case QuestionType.TRUE_FALSE: {
      const expected = question.answer === true || isTrueAnswer(question.answer);
      const given = response === true || isTrueAnswer(response);
      const right = given === expected;
      return { score: right ? points : 0, correct: right };
    }
    case QuestionType.SINGLE: {
      const right = Number.isInteger(response) && correctIndexes(question).includes(response as number);
      return { score: right ? points : 0, correct: right };
    }
    case QuestionType.MULTIPLE: {
      const expected = new Set(correctIndexes(question));
      const chosen = new Set((response as unknown[]).map(Number));
      const wrong = [...chosen].some((index) => !expected.has(index));
      const hits = [...chosen].filter((index) => expected.has(index)).length;
      const right = !wrong && hits === expected.size;
      if (right) return { score: points, correct: true };
      if (!options.partialCredit || wrong || expected.size === 0) return { score: 0, correct: false };
      return { score: roundScore((points * hits) / expected.size), correct: false };
    }
    case QuestionType.FILL: {
      if (!isFillKey(question.answer)) return { score: null, correct: null };
      const { blanks, caseSensitive = false } = question.answer;
      const given = response as unknown[];
      const hits = blanks.filter((blank, index) => {
        const text = given[index];
        if (typeof text !== 'string') return false;
        const normalized = normalizeBlank(text, caseSensitive);
        return blank.answers.some((accepted) => normalizeBlank(accepted, caseSensitive) === normalized);
      }).length;
      if (blanks.length === 0) return { score: null, correct: null };
      return { score: roundScore((points * hits) / blanks.length), correct: hits === blanks.length };
    }
    default:
      // 简答 and 编程 (until the judge exists) are marked by hand.
      return { score: null, correct: null };
  }
}

/**
 * A candidate's response as a reader sees it: 判断 '正确'/'错误'; choices as option letters from A in the
 * question's own order (spec §3); fill-in blanks joined by '；'; code as its language; text as is.
 */
export function responseDisplay(question: Pick<GradableQuestion, 'type'>, response: unknown): string {
  if (isUnanswered(question.type, response)) return '未作答';
  switch (question.type) {
    case QuestionType.TRUE_FALSE:
      return response === true || isTrueAnswer(response) ? '正确' : '错误';
    case QuestionType.SINGLE:
      return typeof response === 'number' ? optionLetter(response) : '';
    case QuestionType.MULTIPLE:
      return (response as unknown[])
        .filter((key): key is number => typeof key === 'number' && key >= 0)
        .sort((a, b) => a - b)
        .map(optionLetter)
        .join(',');
    case QuestionType.FILL:
      return (response as unknown[]).map((text) => String(text ?? '')).join('；');
    case QuestionType.CODE: {
      const { language = '' } = response as { language?: string };
      return `${language} 代码`;
    }
    default:
      return String(response);
  }
}
