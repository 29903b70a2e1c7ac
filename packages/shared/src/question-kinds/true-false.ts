/** 判断题: the key is true or false; the response true or false (the spec's truthy words count as true). */
import { z } from 'zod';
import { QuestionType } from '../enums';
import { isTrueAnswer } from '../rules';
import type { QuestionKind } from './types';

const FALSE_ANSWERS: ReadonlySet<string> = new Set(['错误', '错', 'false', 'False', 'FALSE']);

/** '正确' / '错误' for a true/false value (the truthy words of `isTrueAnswer` count as true). */
export function trueFalseText(value: unknown): string {
  return isTrueAnswer(value) ? '正确' : '错误';
}

export const trueFalseKind = {
  type: QuestionType.TRUE_FALSE,
  label: '判断题',
  shortLabel: '判断',
  hasOptions: false,
  marked: false,
  answerSchema: z.boolean({ error: '判断题答案必须是 true/false（或 正确/错误）' }),
  responseSchema: z.boolean(),
  revealKey: (answer) => answer,
  revealedKeySchema: z.boolean(),
  parseKey(_options, answer) {
    if (isTrueAnswer(answer)) return { ok: true, key: { options: null, answer: true } };
    if (answer === false || (typeof answer === 'string' && FALSE_ANSWERS.has(answer)))
      return { ok: true, key: { options: null, answer: false } };
    return {
      ok: false,
      problem: { field: 'answer', message: '判断题答案必须是 true/false（或 正确/错误）' },
    };
  },
  isUnanswered: (response) => typeof response === 'string' && !/\S/.test(response),
  grade(question, response, points) {
    const right = isTrueAnswer(response) === isTrueAnswer(question.answer);
    return { score: right ? points : 0, correct: right };
  },
  formatKey: (key) => trueFalseText(key.answer),
  formatResponse: (response) => trueFalseText(response),
  excel: {
    columns: [],
    answerNote: '正确/错误',
    example: { stem: '示例：地球是圆的。', answer: '正确', difficulty: '2', defaultPoints: '5' },
    read(values) {
      const answer = values.answer ?? '';
      if (!answer)
        return { ok: false, problem: { field: '答案', message: '判断题答案不能为空（正确/错误）' } };
      return { ok: true, answer };
    },
    write: (key) => ({ answer: key.answer === true ? '正确' : '错误' }),
  },
} satisfies QuestionKind;
