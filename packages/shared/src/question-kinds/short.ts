/** 简答题: the key is a reference text with optional scoring points; the response is text; a marker scores. */
import { z } from 'zod';
import { QuestionType } from '../enums';
import { isBlank } from '../rules';
import { blankText, parsePart, splitCell } from './parts';
import type { QuestionKind } from './types';

export const shortAnswerSchema = z.object(
  {
    reference: blankText('answer.reference（参考答案）').max(20_000, '参考答案过长'),
    scoringPoints: z
      .array(
        z.object({
          content: blankText('得分点内容').max(2000, '得分点内容过长'),
          points: z.number({ error: '得分点分值必须是数字' }).min(0, '得分点分值不能为负').default(0),
        }),
        { error: '得分点必须是数组' },
      )
      .default([]),
  },
  { error: '简答题的答案必须给出参考答案或得分点' },
);
export type ShortAnswer = z.output<typeof shortAnswerSchema>;

export const shortKind = {
  type: QuestionType.SHORT,
  label: '简答题',
  shortLabel: '简答',
  hasOptions: false,
  marked: true,
  answerSchema: shortAnswerSchema,
  responseSchema: z.string(),
  revealKey: (answer) => answer,
  revealedKeySchema: shortAnswerSchema,
  parseKey(_options, answer) {
    const parsed = parsePart(shortAnswerSchema, answer ?? null, 'answer');
    return parsed.ok ? { ok: true, key: { options: null, answer: parsed.data } } : parsed;
  },
  isUnanswered: (response) => isBlank(response),
  grade: () => ({ score: null, correct: null }),
  formatKey(key) {
    const reference = (key.answer as { reference?: unknown } | null | undefined)?.reference;
    return typeof reference === 'string' ? reference : '';
  },
  formatResponse: (response) => String(response),
  excel: {
    columns: [
      {
        field: 'scoringPoints',
        header: '得分点',
        width: 24,
        note: '简答题：用 | 分隔，每个写「内容:分值」，如 人员安全:5|财产安全:5',
      },
    ],
    answerNote: '参考答案',
    example: {
      stem: '示例：简述安全生产的意义。',
      answer: '保障人员生命安全，减少财产损失。',
      scoringPoints: '人员安全:5|财产安全:5',
      difficulty: '6',
    },
    read(values) {
      const scoringPoints = splitCell(values.scoringPoints, /\|/).map((item) => {
        const match = /^(.*?)[:：]\s*(\d+(?:\.\d+)?)$/.exec(item);
        return match
          ? { content: (match[1] ?? '').trim(), points: Number(match[2]) }
          : { content: item, points: 0 };
      });
      return { ok: true, answer: { reference: values.answer ?? '', scoringPoints } };
    },
    write(key) {
      const short = key.answer as ShortAnswer;
      return {
        answer: short.reference,
        scoringPoints: short.scoringPoints.map((p) => `${p.content}:${p.points}`).join('|'),
      };
    },
  },
} satisfies QuestionKind;
