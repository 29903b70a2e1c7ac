import { describe, expect, it } from 'vitest';
import { answerText, knowledgeOptions } from './question-rules';

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

describe('knowledgeOptions', () => {
  const own = [{ id: 1, name: '安全', children: [{ id: 2, name: '消防', children: [] }] }];
  const platform = [{ id: 9, name: '通用', children: [] }];

  it('maps the organisation tree to tree-select options', () => {
    expect(knowledgeOptions(own, [])).toEqual([
      {
        title: '安全',
        value: 1,
        key: 1,
        children: [{ title: '消防', value: 2, key: 2, children: [] }],
      },
    ]);
  });

  it('adds the platform tree under unselectable headings, once', () => {
    const options = knowledgeOptions(own, platform);
    expect(options.map((o) => [o.title, o.selectable])).toEqual([
      ['本组织知识点', false],
      ['平台知识点', false],
    ]);
    expect(options[1]?.children.map((o) => o.value)).toEqual([9]);
    // A platform user: both trees are the same.
    expect(knowledgeOptions(platform, platform).map((o) => o.value)).toEqual([9]);
  });
});
