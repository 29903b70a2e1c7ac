import { describe, expect, it } from 'vitest';
import { QuestionType } from './enums';
import { gradeResponse, isUnanswered, normalizeBlank, responseDisplay, roundScore } from './grading';

const choice = (type: number, correct: boolean[]) => ({
  type,
  options: correct.map((flag) => ({ correct: flag })),
  answer: null,
});

describe('gradeResponse', () => {
  it('grades true/false with the spec truthy set', () => {
    const q = { type: QuestionType.TRUE_FALSE, options: null, answer: true };
    expect(gradeResponse(q, true, 5)).toEqual({ score: 5, correct: true });
    expect(gradeResponse(q, '正确', 5)).toEqual({ score: 5, correct: true });
    expect(gradeResponse(q, 'TRUE', 5)).toEqual({ score: 5, correct: true });
    expect(gradeResponse(q, false, 5)).toEqual({ score: 0, correct: false });
    expect(gradeResponse({ ...q, answer: false }, false, 5)).toEqual({ score: 5, correct: true });
    expect(gradeResponse({ ...q, answer: false }, '对', 5)).toEqual({ score: 0, correct: false });
  });

  it('grades single choice by the original option index', () => {
    const q = choice(QuestionType.SINGLE, [false, true, false]);
    expect(gradeResponse(q, 1, 10)).toEqual({ score: 10, correct: true });
    expect(gradeResponse(q, 0, 10)).toEqual({ score: 0, correct: false });
    expect(gradeResponse(q, '1', 10)).toEqual({ score: 0, correct: false });
  });

  it('grades multiple choice all-or-nothing, or with partial credit when the exam allows it', () => {
    const q = choice(QuestionType.MULTIPLE, [true, false, true, true]);
    expect(gradeResponse(q, [3, 0, 2], 9)).toEqual({ score: 9, correct: true });
    expect(gradeResponse(q, [0, 2], 9)).toEqual({ score: 0, correct: false });
    expect(gradeResponse(q, [0, 2], 9, { partialCredit: true })).toEqual({ score: 6, correct: false });
    expect(gradeResponse(q, [0], 10, { partialCredit: true })).toEqual({ score: 3.3, correct: false });
    // A wrong option earns nothing, even with partial credit.
    expect(gradeResponse(q, [0, 1], 9, { partialCredit: true })).toEqual({ score: 0, correct: false });
  });

  it('grades fill-in-blank per blank with alternatives, case and whitespace rules', () => {
    const q = {
      type: QuestionType.FILL,
      options: null,
      answer: { blanks: [{ answers: ['北京', '北京市'] }, { answers: ['Beijing'] }], caseSensitive: false },
    };
    expect(gradeResponse(q, ['北京市', '  beijing '], 10)).toEqual({ score: 10, correct: true });
    expect(gradeResponse(q, ['上海', 'BEIJING'], 10)).toEqual({ score: 5, correct: false });
    const strict = { ...q, answer: { ...q.answer, caseSensitive: true } };
    expect(gradeResponse(strict, ['北京', 'beijing'], 10)).toEqual({ score: 5, correct: false });
    expect(gradeResponse(q, ['北京'], 3)).toEqual({ score: 1.5, correct: false });
  });

  it('leaves short answers and code to a marker, and gives 0 for no answer at all', () => {
    const short = { type: QuestionType.SHORT, options: null, answer: { reference: 'x', scoringPoints: [] } };
    expect(gradeResponse(short, '我的回答', 10)).toEqual({ score: null, correct: null });
    expect(gradeResponse(short, '   ', 10)).toEqual({ score: 0, correct: false });
    const code = { type: QuestionType.CODE, options: null, answer: {} };
    expect(gradeResponse(code, { language: 'java', code: 'class A {}' }, 10)).toEqual({
      score: null,
      correct: null,
    });
    expect(gradeResponse(code, { language: 'java', code: '' }, 10)).toEqual({ score: 0, correct: false });
  });
});

describe('helpers', () => {
  it('rounds to one decimal and normalises blanks', () => {
    expect(roundScore(3.333)).toBe(3.3);
    expect(roundScore(2.25)).toBe(2.3);
    expect(normalizeBlank('  A   b ', false)).toBe('a b');
    expect(normalizeBlank('  A   b ', true)).toBe('A b');
  });

  it('knows an unanswered response per type', () => {
    expect(isUnanswered(QuestionType.MULTIPLE, [])).toBe(true);
    expect(isUnanswered(QuestionType.FILL, ['', ' '])).toBe(true);
    expect(isUnanswered(QuestionType.FILL, ['', 'x'])).toBe(false);
    expect(isUnanswered(QuestionType.SINGLE, 0)).toBe(false);
    expect(isUnanswered(QuestionType.TRUE_FALSE, false)).toBe(false);
    expect(isUnanswered(QuestionType.SHORT, null)).toBe(true);
  });
});

describe('responseDisplay', () => {
  it('shows responses the way answers are shown (spec §3)', () => {
    expect(responseDisplay({ type: QuestionType.TRUE_FALSE }, true)).toBe('正确');
    expect(responseDisplay({ type: QuestionType.TRUE_FALSE }, false)).toBe('错误');
    expect(responseDisplay({ type: QuestionType.SINGLE }, 1)).toBe('B');
    expect(responseDisplay({ type: QuestionType.MULTIPLE }, [2, 0])).toBe('A,C');
    expect(responseDisplay({ type: QuestionType.FILL }, ['北京', '上海'])).toBe('北京；上海');
    expect(responseDisplay({ type: QuestionType.SHORT }, '安全第一')).toBe('安全第一');
    expect(responseDisplay({ type: QuestionType.CODE }, { language: 'python', code: 'x' })).toBe(
      'python 代码',
    );
    expect(responseDisplay({ type: QuestionType.SHORT }, null)).toBe('未作答');
  });
});
