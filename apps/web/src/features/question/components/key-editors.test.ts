import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES, QuestionType, parseQuestionKey } from '@kaopei/shared';
import { EMPTY_KEY, KEY_EDITORS, choiceOptionsProblem, type KeyFormValues } from './key-editors';

const STORED: Record<
  QuestionType,
  { options: { content: string; correct: boolean }[] | null; answer: unknown }
> = {
  [QuestionType.TRUE_FALSE]: { options: null, answer: false },
  [QuestionType.SINGLE]: {
    options: [
      { content: '甲', correct: false },
      { content: '乙', correct: true },
    ],
    answer: null,
  },
  [QuestionType.MULTIPLE]: {
    options: [
      { content: '甲', correct: true },
      { content: '乙', correct: true },
    ],
    answer: null,
  },
  [QuestionType.FILL]: { options: null, answer: { blanks: [{ answers: ['北京'] }], caseSensitive: true } },
  [QuestionType.SHORT]: {
    options: null,
    answer: { reference: '参考', scoringPoints: [{ content: '要点', points: 2 }] },
  },
  [QuestionType.CODE]: {
    options: null,
    answer: {
      languages: ['python'],
      templates: { python: 'print()' },
      testCases: [{ input: '1', output: '1', sample: true }],
      timeLimit: 2000,
      memoryLimit: 128,
    },
  },
};

describe('KEY_EDITORS', () => {
  it.each(QUESTION_TYPES)(
    'edits the stored key of type %i and gives it back as the server stores it',
    (type) => {
      const editor = KEY_EDITORS[type];
      const values: KeyFormValues = { ...EMPTY_KEY, ...editor.toForm(STORED[type]) };
      const input = editor.fromForm(values);
      const parsed = parseQuestionKey(type, input.options, input.answer);
      expect(parsed).toEqual({ ok: true, key: STORED[type] });
    },
  );

  it('drops empty fill alternatives and the templates of languages no longer chosen', () => {
    const fill = KEY_EDITORS[QuestionType.FILL].fromForm({
      ...EMPTY_KEY,
      fill: { blanks: [{ answers: ['a', ''] }], caseSensitive: false },
    });
    expect(fill.answer).toEqual({ blanks: [{ answers: ['a'] }], caseSensitive: false });
    const code = KEY_EDITORS[QuestionType.CODE].fromForm({
      ...EMPTY_KEY,
      languages: ['java'],
      templates: { java: 'class A {}', python: 'pass' },
    });
    expect((code.answer as { templates: unknown }).templates).toEqual({ java: 'class A {}' });
  });
});

describe('a new choice question', () => {
  it('starts with no option marked correct, and the field says so until one is', () => {
    expect(EMPTY_KEY.options.every((option) => !option.correct)).toBe(true);
    const filled = EMPTY_KEY.options.map((option, index) => ({ ...option, content: `选项${index}` }));
    expect(choiceOptionsProblem(true, filled)).toBe('单选题必须有且只有一个正确选项（当前 0 个）');
    const one = filled.map((option, index) => ({ ...option, correct: index === 1 }));
    expect(choiceOptionsProblem(true, one)).toBeNull();
    expect(choiceOptionsProblem(false, one)).toBe('多选题至少需要两个正确选项（当前 1 个）');
    const two = filled.map((option, index) => ({ ...option, correct: index < 2 }));
    expect(choiceOptionsProblem(false, two)).toBeNull();
  });
});
