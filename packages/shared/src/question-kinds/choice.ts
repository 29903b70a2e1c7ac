/**
 * 单选题 and 多选题: the key is the options with their correct flags (letters from A in the question's own
 * order); the response is the chosen option's index (单选) or the indexes (多选) in that order.
 */
import { z } from 'zod';
import { QuestionType } from '../enums';
import { optionLetter } from '../rules';
import { blankText, parsePart, splitCell } from './parts';
import type {
  ExcelValues,
  Grade,
  GradableQuestion,
  KeyOption,
  KeyView,
  QuestionKind,
  StoredKey,
} from './types';

/** How many 选项 columns the Excel import and export have (选项A–H). */
export const EXCEL_OPTION_COLUMNS = 8;

export const choiceOptionsSchema = z
  .array(
    z.object({
      content: blankText('选项内容').max(5000, '选项内容不能超过 5000 个字符'),
      correct: z.boolean({ error: '选项是否正确必须是 true 或 false' }).default(false),
    }),
    { error: '选项必须是数组' },
  )
  .min(2, '选项至少需要 2 个')
  .max(26, '选项最多 26 个');
export type ChoiceOption = z.output<typeof choiceOptionsSchema>[number];

/** Letters of the correct options ('A,C'). */
export function correctLetters(options: KeyView['options']): string {
  return (options ?? [])
    .map((option, index) => (option.correct ? optionLetter(index) : null))
    .filter((letter): letter is string => letter !== null)
    .join(',');
}

function correctIndexes(question: GradableQuestion): number[] {
  return (question.options ?? []).flatMap((option, index) => (option.correct ? [index] : []));
}

const defaultLetter = (key: unknown): string | null =>
  typeof key === 'number' && Number.isSafeInteger(key) && key >= 0 ? optionLetter(key) : null;

function readChoices(values: ExcelValues, multiple: boolean) {
  const contents: string[] = [];
  for (let i = 0; i < EXCEL_OPTION_COLUMNS; i++) {
    const text = values[`option${i}`];
    if (text) contents.push(text);
  }
  const letters = splitCell((values.answer ?? '').toUpperCase(), /[,，、\s]+/).flatMap((part) =>
    /^[A-Z]+$/.test(part) && part.length > 1 && multiple ? [...part] : [part],
  );
  if (letters.length === 0)
    return { ok: false as const, problem: { field: '答案', message: '请填写正确选项的字母' } };
  const bad = letters.find((letter) => !contents.some((_, i) => optionLetter(i) === letter));
  if (bad) return { ok: false as const, problem: { field: '答案', message: `答案“${bad}”不是已填写的选项` } };
  const options: KeyOption[] = contents.map((content, i) => ({
    content,
    correct: letters.includes(optionLetter(i)),
  }));
  return { ok: true as const, options, answer: undefined };
}

function writeChoices(key: StoredKey): ExcelValues {
  const list = key.options ?? [];
  const values: ExcelValues = { answer: correctLetters(list) };
  list.slice(0, EXCEL_OPTION_COLUMNS).forEach((option, i) => {
    values[`option${i}`] = option.content;
  });
  return values;
}

function gradeMultiple(
  question: GradableQuestion,
  response: unknown,
  points: number,
  partial: boolean,
): Grade {
  const expected = new Set(correctIndexes(question));
  const chosen = new Set((response as unknown[]).map(Number));
  const wrong = [...chosen].some((index) => !expected.has(index));
  const hits = [...chosen].filter((index) => expected.has(index)).length;
  if (!wrong && hits === expected.size) return { score: points, correct: true };
  if (!partial || wrong || expected.size === 0) return { score: 0, correct: false };
  return { score: Math.round(((points * hits) / expected.size) * 10) / 10, correct: false };
}

const SINGLE_EXAMPLE: ExcelValues = {
  stem: '示例：1+1 等于几？',
  option0: '1',
  option1: '2',
  option2: '3',
  answer: 'B',
  analysis: '基础算术',
  difficulty: '3',
};

const MULTIPLE_EXAMPLE: ExcelValues = {
  stem: '示例：下列哪些是偶数？',
  option0: '2',
  option1: '3',
  option2: '4',
  answer: 'A,C',
  difficulty: '5',
};

function choiceKind<R extends z.ZodType>(multiple: boolean, responseSchema: R): QuestionKind<R, z.ZodNull> {
  const rule = multiple ? '多选题至少需要两个正确选项' : '单选题必须有且只有一个正确选项';
  return {
    type: multiple ? QuestionType.MULTIPLE : QuestionType.SINGLE,
    label: multiple ? '多选题' : '单选题',
    shortLabel: multiple ? '多选' : '单选',
    hasOptions: true,
    marked: false,
    answerSchema: null,
    responseSchema,
    // The key is the options' correct flags, shown with the options.
    revealKey: () => null,
    revealedKeySchema: z.null(),
    parseKey(options) {
      const parsed = parsePart(choiceOptionsSchema, options ?? null, 'options');
      if (!parsed.ok) return parsed;
      const correct = parsed.data.filter((option) => option.correct).length;
      if (multiple ? correct < 2 : correct !== 1)
        return { ok: false, problem: { field: 'options', message: `${rule}（当前 ${correct} 个）` } };
      return { ok: true, key: { options: parsed.data, answer: null } };
    },
    isUnanswered: (response) => (multiple ? !Array.isArray(response) || response.length === 0 : false),
    grade(question, response, points, options) {
      if (multiple) return gradeMultiple(question, response, points, options.partialCredit === true);
      const right = Number.isInteger(response) && correctIndexes(question).includes(response as number);
      return { score: right ? points : 0, correct: right };
    },
    formatKey: (key) => correctLetters(key.options),
    formatResponse(response, { letterOf } = {}) {
      if (!multiple) return (letterOf ?? defaultLetter)(response) ?? '';
      if (letterOf) {
        return (Array.isArray(response) ? response : [response])
          .map(letterOf)
          .filter((letter): letter is string => letter !== null)
          .sort(byLetter)
          .join(',');
      }
      return (response as unknown[])
        .filter((key): key is number => typeof key === 'number' && key >= 0)
        .sort((a, b) => a - b)
        .map(optionLetter)
        .join(',');
    },
    excel: {
      columns: [],
      answerNote: multiple ? '至少两个字母如 A,C' : '一个字母如 B',
      example: multiple ? MULTIPLE_EXAMPLE : SINGLE_EXAMPLE,
      read: (values) => readChoices(values, multiple),
      write: writeChoices,
    },
  };
}

/** Letters in option order (B before AA). */
function byLetter(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

export const singleKind = choiceKind(false, z.number());
export const multipleKind = choiceKind(true, z.array(z.number()));
