import { QuestionType, isBlank, isTrueAnswer, isUnanswered, optionLetter } from '@kaopei/shared';
import type { ResultQuestion } from './api';

/** How answers and keys read on the candidate's pages (spec §3: '正确'/'错误', option letters from A). */

type Option = NonNullable<ResultQuestion['options']>[number];

export function isAnswered(type: number, answer: unknown): boolean {
  return !isUnanswered(type, answer);
}

/** Letter of the option with `key`, by its place in the candidate's order. */
export function letterOf(options: readonly Option[] | null, key: unknown): string | null {
  const index = (options ?? []).findIndex((option) => option.key === key);
  return index < 0 ? null : optionLetter(index);
}

export function lettersOf(options: readonly Option[] | null, keys: unknown): string {
  if (!Array.isArray(keys)) return '';
  return (options ?? [])
    .map((option, index) => (keys.includes(option.key) ? optionLetter(index) : null))
    .filter((letter): letter is string => letter !== null)
    .join(',');
}

export interface CodeAnswer {
  language: string;
  code: string;
}

export function asCodeAnswer(answer: unknown): CodeAnswer | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { language, code } = answer as Partial<CodeAnswer>;
  return typeof language === 'string' && typeof code === 'string' ? { language, code } : null;
}

/** One line describing a candidate's answer ('未作答' when empty); code is shown separately. */
export function describeAnswer(
  question: { type: number; options: readonly Option[] | null },
  answer: unknown,
): string {
  if (isUnanswered(question.type, answer)) return '未作答';
  switch (question.type) {
    case QuestionType.TRUE_FALSE:
      return isTrueAnswer(answer) ? '正确' : '错误';
    case QuestionType.SINGLE:
      return letterOf(question.options, answer) ?? '未作答';
    case QuestionType.MULTIPLE:
      return lettersOf(question.options, answer) || '未作答';
    case QuestionType.FILL:
      return (answer as unknown[])
        .map((text, index) => `第${index + 1}空：${isBlank(text) ? '（空）' : String(text)}`)
        .join('；');
    case QuestionType.CODE: {
      const code = asCodeAnswer(answer);
      return code ? `${code.language} 代码` : '未作答';
    }
    default:
      return typeof answer === 'string' ? answer : JSON.stringify(answer);
  }
}

/**
 * The released key as text: correct option letters, '正确'/'错误', each blank's accepted answers, the
 * reference answer. Null when there is nothing to show as text (code questions show their samples).
 */
export function describeKey(question: {
  type: number;
  options: readonly Option[] | null;
  key?: unknown;
}): string | null {
  if (question.options?.some((option) => option.correct !== undefined)) {
    const letters = question.options
      .map((option, index) => (option.correct ? optionLetter(index) : null))
      .filter((letter): letter is string => letter !== null);
    return letters.join(',') || null;
  }
  const key = question.key;
  if (key === undefined || key === null) return null;
  switch (question.type) {
    case QuestionType.TRUE_FALSE:
      return isTrueAnswer(key) ? '正确' : '错误';
    case QuestionType.FILL: {
      const blanks = (key as { blanks?: { answers?: unknown[] }[] }).blanks;
      if (!Array.isArray(blanks)) return null;
      return blanks
        .map((blank, index) => `第${index + 1}空：${(blank.answers ?? []).map(String).join(' / ')}`)
        .join('；');
    }
    case QuestionType.SHORT: {
      const reference = (key as { reference?: unknown }).reference;
      return typeof reference === 'string' ? reference : null;
    }
    case QuestionType.CODE:
      return null;
    default:
      return typeof key === 'string' ? key : null;
  }
}

/** Sample cases of a released code key. */
export function codeSamples(key: unknown): { input: string; output: string }[] {
  const samples = (key as { samples?: unknown } | null | undefined)?.samples;
  return Array.isArray(samples) ? (samples as { input: string; output: string }[]) : [];
}
