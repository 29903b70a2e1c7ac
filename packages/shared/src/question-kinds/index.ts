/**
 * The question kinds (issue 12): each kind described once — labels, key and response schemas, grading,
 * display and Excel cells — in its own file. Adding a kind: write its file, add it to `questionKinds`
 * (and to the response/answer/revealed-key unions below), its number to `QuestionType` (enums.ts); see
 * docs/architecture.md "Adding a question kind". Everything else goes through `kindOf`.
 */
import { z } from 'zod';
import { UNKNOWN_QUESTION_TYPE_LABEL, type QuestionType } from '../enums';
import { multipleKind, singleKind } from './choice';
import { codeKind } from './code';
import { fillKind } from './fill';
import { shortKind } from './short';
import { trueFalseKind } from './true-false';
import type {
  Grade,
  GradableQuestion,
  GradingOptions,
  KeyDisplayOptions,
  KeyResult,
  KeyView,
  QuestionKind,
  ResponseDisplayOptions,
} from './types';

export * from './types';
export { numberCell, splitCell } from './parts';
export { choiceOptionsSchema, correctLetters, EXCEL_OPTION_COLUMNS, type ChoiceOption } from './choice';
export { fillAnswerSchema, normalizeBlank, fillBlanks, blankCountOf, type FillAnswer } from './fill';
export { shortAnswerSchema, type ShortAnswer } from './short';
export {
  codeAnswerSchema,
  codeResponseSchema,
  asCodeResponse,
  codeInfoOf,
  type CodeAnswer,
  type CodeResponse,
} from './code';
export { trueFalseText } from './true-false';

/** Every kind, in numeric order of its type. */
export const questionKinds: readonly QuestionKind[] = [
  trueFalseKind,
  singleKind,
  multipleKind,
  fillKind,
  shortKind,
  codeKind,
];

const BY_TYPE = new Map<number, QuestionKind>(questionKinds.map((kind) => [kind.type, kind]));

/** The kind of a question type; undefined for a number outside the registry. */
export function kindOf(type: number): QuestionKind | undefined {
  return BY_TYPE.get(type);
}

/** Labels by type ('判断题'). */
export const QUESTION_TYPE_LABELS: Readonly<Record<QuestionType, string>> = Object.fromEntries(
  questionKinds.map((kind) => [kind.type, kind.label]),
) as Record<QuestionType, string>;

/** The label of a question type; 默认大题 for a type outside the registry. */
export function questionTypeLabel(type: number): string {
  return kindOf(type)?.label ?? UNKNOWN_QUESTION_TYPE_LABEL;
}

/** The kind of a type the caller has already checked (a contract's `questionTypeSchema`). */
export function kindOfType(type: QuestionType): QuestionKind {
  const kind = BY_TYPE.get(type);
  if (!kind) throw new RangeError(`unknown question type ${String(type)}`);
  return kind;
}

/** The kind whose label ('判断题') this is. */
export function kindByLabel(label: string): QuestionKind | undefined {
  return questionKinds.find((kind) => kind.label === label);
}

/** Whether a question type's key is its options (choice kinds). */
export function hasOptions(type: number): boolean {
  return kindOf(type)?.hasOptions ?? false;
}

/** Checks a question's options and answer for its type and returns them as stored. */
export function parseQuestionKey(type: QuestionType, options: unknown, answer: unknown): KeyResult {
  return kindOfType(type).parseKey(options, answer);
}

/** Whether a response is empty (unanswered) for its type. */
export function isUnanswered(type: number, response: unknown): boolean {
  if (response === null || response === undefined) return true;
  const kind = kindOf(type);
  if (kind) return kind.isUnanswered(response);
  return typeof response === 'string' && !/\S/.test(response);
}

/** The grade of `response` to `question` worth `points` (an unknown type waits for a marker). */
export function gradeResponse(
  question: GradableQuestion,
  response: unknown,
  points: number,
  options: GradingOptions = {},
): Grade {
  if (isUnanswered(question.type, response)) return { score: 0, correct: false };
  const kind = kindOf(question.type);
  return kind ? kind.grade(question, response, points, options) : { score: null, correct: null };
}

/** A response in one line, '未作答' when empty (options: see `ResponseDisplayOptions`). */
export function responseDisplay(
  question: Pick<GradableQuestion, 'type'>,
  response: unknown,
  options?: ResponseDisplayOptions,
): string {
  if (isUnanswered(question.type, response)) return '未作答';
  const kind = kindOf(question.type);
  return kind ? kind.formatResponse(response, options) : String(response);
}

/** A key in one line ('' for an unknown type). */
export function keyDisplay(type: number, key: KeyView, options?: KeyDisplayOptions): string {
  return kindOf(type)?.formatKey(key, options) ?? '';
}

/**
 * What a candidate may save for a question: null (cleared) or the response of some kind. One union,
 * built once: the save is the hottest call of an exam.
 */
export const RESPONSE_MESSAGE = '答案应为 true/false、选项、文本、文本数组或 {language, code}';
const responseUnion = z.union(
  [
    z.null(),
    trueFalseKind.responseSchema,
    singleKind.responseSchema,
    multipleKind.responseSchema,
    fillKind.responseSchema,
    shortKind.responseSchema,
    codeKind.responseSchema,
  ],
  { error: RESPONSE_MESSAGE },
);
export type QuestionResponse = z.output<typeof responseUnion>;
/**
 * Checked at run time against the union; typed `unknown` to its users until the database columns and
 * the candidate's outbox carry `QuestionResponse` too (a value read from jsonb is `unknown`).
 */
export const responseSchema: z.ZodType<unknown> = responseUnion;

/** A question's `answer` as stored: null for choice kinds (the key is in the options), else its kind's. */
const storedAnswerUnion = z.union([
  z.null(),
  trueFalseKind.answerSchema,
  fillKind.answerSchema,
  shortKind.answerSchema,
  codeKind.answerSchema,
]);
export type StoredAnswer = z.output<typeof storedAnswerUnion>;
/** Checked at run time; typed `unknown` to its users like `responseSchema`. */
export const storedAnswerSchema: z.ZodType<unknown> = storedAnswerUnion;

/** What a candidate may see of a question's key once answers are released: null or some kind's. */
const revealedKeyUnion = z.union([
  z.null(),
  trueFalseKind.revealedKeySchema,
  fillKind.revealedKeySchema,
  shortKind.revealedKeySchema,
  codeKind.revealedKeySchema,
]);
export type RevealedKey = z.output<typeof revealedKeyUnion>;
/** Checked at run time; typed `unknown` to its users like `responseSchema`. */
export const revealedKeySchema: z.ZodType<unknown> = revealedKeyUnion;

/** What a candidate may see of a stored key once answers are released (never a code question's hidden tests). */
export function revealedKey(type: number, answer: unknown): unknown {
  return kindOf(type)?.revealKey(answer) ?? null;
}
