import {
  QuestionType,
  asCodeResponse,
  isUnanswered,
  keyDisplay,
  optionLetter,
  responseDisplay,
  type CodeResponse,
} from '@kaopei/shared';
import type { ResultQuestion } from './api';

/**
 * How answers and keys read on the candidate's pages (spec §3: '正确'/'错误', option letters from A): the
 * kinds' display helpers, with letters by the options' places as the candidate saw them.
 */

type Option = NonNullable<ResultQuestion['options']>[number];

export function isAnswered(type: number, answer: unknown): boolean {
  return !isUnanswered(type, answer);
}

/** Letter of the option with `key`, by its place in the candidate's order. */
export function letterOf(options: readonly Option[] | null, key: unknown): string | null {
  const index = (options ?? []).findIndex((option) => option.key === key);
  return index < 0 ? null : optionLetter(index);
}

export type CodeAnswer = CodeResponse;

export const asCodeAnswer = asCodeResponse;

/** One line describing a candidate's answer ('未作答' when empty); code is shown separately. */
export function describeAnswer(
  question: { type: number; options: readonly Option[] | null },
  answer: unknown,
): string {
  const text = responseDisplay(question, answer, {
    letterOf: (key) => letterOf(question.options, key),
    numbered: true,
  });
  return text === '' ? '未作答' : text;
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
    return keyDisplay(question.type, { options: question.options }) || null;
  }
  const key = question.key;
  // A code key is its sample cases, which the page shows as such.
  if (key === undefined || key === null || question.type === QuestionType.CODE) return null;
  return keyDisplay(question.type, { answer: key }, { numbered: true }) || null;
}

/** Sample cases of a released code key. */
export function codeSamples(key: unknown): { input: string; output: string }[] {
  const samples = (key as { samples?: unknown } | null | undefined)?.samples;
  return Array.isArray(samples) ? (samples as { input: string; output: string }[]) : [];
}
