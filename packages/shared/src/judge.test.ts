import { describe, expect, it } from 'vitest';
import { judgeVerdictLabel, normalizeOutput, outputMatches, overallVerdict } from './judge';

describe('judge output comparison', () => {
  it('ignores trailing whitespace per line and trailing blank lines', () => {
    expect(normalizeOutput('1 2  \r\n3\t\n\n\n')).toBe('1 2\n3');
    expect(outputMatches('3\n', '3')).toBe(true);
    expect(outputMatches('a  \nb\n\n', 'a\nb')).toBe(true);
  });
  it('keeps leading whitespace and inner blank lines significant', () => {
    expect(outputMatches(' 3', '3')).toBe(false);
    expect(outputMatches('a\n\nb', 'a\nb')).toBe(false);
  });
});

describe('judge verdicts', () => {
  it('labels verdicts in Chinese and nothing for unknown ones', () => {
    expect(judgeVerdictLabel('accepted')).toBe('通过');
    expect(judgeVerdictLabel('time_limit')).toBe('运行超时');
    expect(judgeVerdictLabel('nope')).toBe('');
    expect(judgeVerdictLabel(null)).toBe('');
  });
  it('is accepted only when every case is, else the first failure', () => {
    expect(overallVerdict([{ verdict: 'accepted' }, { verdict: 'accepted' }])).toBe('accepted');
    expect(
      overallVerdict([{ verdict: 'accepted' }, { verdict: 'time_limit' }, { verdict: 'wrong_answer' }]),
    ).toBe('time_limit');
  });
});
