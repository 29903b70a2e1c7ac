import { describe, expect, it } from 'vitest';
import { answerText } from './question-rules';

describe('answerText', () => {
  it('shows choice letters and 正确/错误 through the shared rule', () => {
    const options = [
      { content: '甲', correct: true },
      { content: '乙', correct: false },
      { content: '丙', correct: true },
    ];
    expect(answerText({ type: 2, options, answer: null })).toBe('A,C');
    expect(answerText({ type: 1, options: options.slice(1), answer: null })).toBe('B');
    expect(answerText({ type: 0, options: null, answer: true })).toBe('正确');
    expect(answerText({ type: 0, options: null, answer: false })).toBe('错误');
  });

  it('summarises fill-in, short-answer and code keys', () => {
    const fill = { blanks: [{ answers: ['北京', 'Beijing'] }, { answers: ['上海'] }], caseSensitive: false };
    expect(answerText({ type: 3, options: null, answer: fill })).toBe('北京/Beijing；上海');
    expect(answerText({ type: 4, options: null, answer: { reference: '保障安全', scoringPoints: [] } })).toBe(
      '保障安全',
    );
    expect(answerText({ type: 5, options: null, answer: { languages: ['java', 'python'] } })).toBe(
      'java, python',
    );
    expect(answerText({ type: 4, options: null, answer: null })).toBe('');
  });
});
