/** Pieces the kinds share: schema parsing with field names, Excel cell splitting, blank text. */
import { z } from 'zod';
import type { KeyProblem } from './types';

/** A schema's verdict on one part of a key, the problem naming the API field (`answer.blanks.0.answers`). */
export function parsePart<T extends z.ZodType>(
  schema: T,
  value: unknown,
  field: string,
): { ok: true; data: z.output<T> } | { ok: false; problem: KeyProblem } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${field}.${issue.path.join('.')}` : field;
  return { ok: false, problem: { field: where, message: issue?.message ?? '格式错误' } };
}

/** Trimmed non-empty text, messages naming the field. */
export const blankText = (field: string) =>
  z
    .string({ error: `${field} 必须是文本` })
    .trim()
    .min(1, `${field} 不能为空`);

/** A cell split at `separator`, parts trimmed, empty parts dropped. */
export function splitCell(text: string | undefined, separator: RegExp): string[] {
  return (text ?? '')
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** A numeric cell, `fallback` when empty; a problem when it is not a number. */
export function numberCell(
  values: Partial<Record<string, string>>,
  field: string,
  label: string,
  fallback: number,
): { ok: true; value: number } | { ok: false; problem: KeyProblem } {
  const text = values[field];
  if (text === undefined) return { ok: true, value: fallback };
  const value = Number(text);
  if (!Number.isFinite(value))
    return { ok: false, problem: { field: label, message: `必须是数字（当前为“${text}”）` } };
  return { ok: true, value };
}
