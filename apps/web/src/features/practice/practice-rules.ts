import { QuestionType } from '@kaopei/shared';

/** A learner's response while answering: true/false, an option index, option indexes; undefined when none. */
export type Response = boolean | number | number[] | undefined;

/** Whether a response can be submitted (multiple choice needs at least one option). */
export function canSubmit(type: number, response: Response): boolean {
  if (response === undefined) return false;
  if (type === QuestionType.MULTIPLE) return Array.isArray(response) && response.length > 0;
  if (type === QuestionType.SINGLE) return typeof response === 'number';
  if (type === QuestionType.TRUE_FALSE) return typeof response === 'boolean';
  return false;
}

/** How an option looks after the answer: the right ones green, a wrongly chosen one red. */
export function optionState(
  index: number,
  response: Response,
  correctOptions: readonly number[] | null,
): 'right' | 'wrong' | 'plain' {
  if (!correctOptions) return 'plain';
  if (correctOptions.includes(index)) return 'right';
  const chosen = Array.isArray(response) ? response.includes(index) : response === index;
  return chosen ? 'wrong' : 'plain';
}

const DAY_MS = 86_400_000;

/** When a reviewed question comes back: '明天（3月2日）', '3 天后（3月4日）', '今天'. Dates in China time. */
export function dueText(due: number, now: number): string {
  const day = (ms: number) => Math.floor((ms + 8 * 3600_000) / DAY_MS);
  const days = day(due) - day(now);
  const date = new Date(due + 8 * 3600_000);
  const label = `${date.getUTCMonth() + 1}月${date.getUTCDate()}日`;
  if (days <= 0) return '今天';
  if (days === 1) return `明天（${label}）`;
  return `${days} 天后（${label}）`;
}

/** '85.5%' or '—' before the first answer. */
export function accuracyText(accuracy: number | null): string {
  return accuracy === null ? '—' : `${accuracy}%`;
}

/** The practice form's source fields: ids picked per kind. */
export interface SourceFormValues {
  bank?: number[];
  knowledge?: number[];
  ability?: number[];
}

type SourceKind = keyof SourceFormValues;
const KINDS: SourceKind[] = ['bank', 'knowledge', 'ability'];

/** The form's picks as the contract's source list. */
export function sourcesFromForm(values: SourceFormValues): { kind: SourceKind; refId: number }[] {
  return KINDS.flatMap((kind) => (values[kind] ?? []).map((refId) => ({ kind, refId })));
}

/** A stored source list as the form's picks. */
export function sourcesToForm(
  sources: readonly { kind: SourceKind; refId: number }[],
): Required<SourceFormValues> {
  const values: Required<SourceFormValues> = { bank: [], knowledge: [], ability: [] };
  for (const source of sources) values[source.kind].push(source.refId);
  return values;
}
