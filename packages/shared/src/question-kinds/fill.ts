/**
 * 填空题: the key is the blanks, each with its accepted answers, and whether case matters; the response is
 * one text per blank. Each right blank earns its share of the points.
 */
import { z } from 'zod';
import { QuestionType } from '../enums';
import { isBlank } from '../rules';
import { blankText, parsePart, splitCell } from './parts';
import type { QuestionKind } from './types';

export const fillAnswerSchema = z.object(
  {
    blanks: z
      .array(
        z.object({
          answers: z
            .array(blankText('填空答案'), { error: '每个空的可接受答案必须是列表' })
            .min(1, '每个空至少需要一个可接受的答案'),
        }),
        { error: '填空必须是数组' },
      )
      .min(1, '填空题至少需要一个空'),
    caseSensitive: z.boolean({ error: '区分大小写必须是 true 或 false' }).default(false),
  },
  { error: '填空题的答案必须给出每个空的可接受答案' },
);
export type FillAnswer = z.output<typeof fillAnswerSchema>;

/** Normalises a blank's text: whitespace trimmed and collapsed, case folded unless case-sensitive. */
export function normalizeBlank(text: string, caseSensitive: boolean): string {
  const collapsed = text.trim().replace(/\s+/g, ' ');
  return caseSensitive ? collapsed : collapsed.toLowerCase();
}

interface LooseFillKey {
  blanks: { answers?: unknown[] }[];
  caseSensitive?: boolean;
}

/** The key's blanks when it has them (frozen copies are read as stored). */
export function fillBlanks(answer: unknown): LooseFillKey['blanks'] | null {
  const blanks = (answer as { blanks?: unknown } | null | undefined)?.blanks;
  return Array.isArray(blanks) ? (blanks as LooseFillKey['blanks']) : null;
}

/** How many blanks a candidate fills (1 when the key names none). */
export function blankCountOf(answer: unknown): number {
  const blanks = fillBlanks(answer);
  return blanks && blanks.length > 0 ? blanks.length : 1;
}

export const fillKind = {
  type: QuestionType.FILL,
  label: '填空题',
  shortLabel: '填空',
  hasOptions: false,
  marked: true,
  answerSchema: fillAnswerSchema,
  responseSchema: z.array(z.string()),
  revealKey: (answer) => answer,
  revealedKeySchema: fillAnswerSchema,
  parseKey(_options, answer) {
    const parsed = parsePart(fillAnswerSchema, answer ?? null, 'answer');
    return parsed.ok ? { ok: true, key: { options: null, answer: parsed.data } } : parsed;
  },
  isUnanswered: (response) => !Array.isArray(response) || response.every((text) => isBlank(text)),
  grade(question, response, points) {
    const blanks = fillBlanks(question.answer);
    if (!blanks || blanks.length === 0) return { score: null, correct: null };
    const caseSensitive = (question.answer as { caseSensitive?: boolean }).caseSensitive ?? false;
    const given = response as unknown[];
    const hits = blanks.filter((blank, index) => {
      const text = given[index];
      if (typeof text !== 'string') return false;
      const normalized = normalizeBlank(text, caseSensitive);
      return (blank.answers ?? []).some(
        (accepted) => normalizeBlank(String(accepted), caseSensitive) === normalized,
      );
    }).length;
    return {
      score: Math.round(((points * hits) / blanks.length) * 10) / 10,
      correct: hits === blanks.length,
    };
  },
  formatKey(key, { numbered = false } = {}) {
    const blanks = fillBlanks(key.answer);
    if (!blanks) return '';
    return blanks
      .map((blank, index) => {
        const answers = (blank.answers ?? []).map(String);
        return numbered ? `第${index + 1}空：${answers.join(' / ')}` : answers.join('/');
      })
      .join('；');
  },
  formatResponse(response, { numbered = false } = {}) {
    const texts = Array.isArray(response) ? (response as unknown[]) : [response];
    if (!numbered) return texts.map((text) => String(text ?? '')).join('；');
    return texts
      .map((text, index) => `第${index + 1}空：${isBlank(text) ? '（空）' : String(text)}`)
      .join('；');
  },
  excel: {
    columns: [{ field: 'caseSensitive', header: '区分大小写', width: 10, note: '填空题：是/否，默认否' }],
    answerNote: '各空之间用 | 分隔，同一空的多个可接受答案用 / 分隔，如 北京/Beijing|上海',
    example: {
      stem: '示例：中国的首都是____，最大的城市是____。',
      answer: '北京/Beijing|上海',
      caseSensitive: '否',
      difficulty: '4',
    },
    read(values) {
      const caseText = values.caseSensitive ?? '否';
      if (!['是', '否'].includes(caseText))
        return { ok: false, problem: { field: '区分大小写', message: '只能填“是”或“否”' } };
      const blanks = splitCell(values.answer, /\|/).map((blank) => ({ answers: splitCell(blank, /\//) }));
      if (blanks.length === 0)
        return { ok: false, problem: { field: '答案', message: '填空题至少需要一个空的答案' } };
      return { ok: true, answer: { blanks, caseSensitive: caseText === '是' } };
    },
    write(key) {
      const fill = key.answer as FillAnswer;
      return {
        answer: fill.blanks.map((blank) => blank.answers.join('/')).join('|'),
        caseSensitive: fill.caseSensitive ? '是' : '否',
      };
    },
  },
} satisfies QuestionKind;
