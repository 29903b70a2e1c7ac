import { describe, expect, it } from 'vitest';
import { defaultPassScore, passScoreProblem } from './exam';

describe('the pass mark against the paper total', () => {
  it('defaults to 60 % of the smallest paper total, one decimal', () => {
    expect(defaultPassScore([{ totalScore: 10 }])).toBe(6);
    expect(defaultPassScore([{ totalScore: 100 }, { totalScore: 85.5 }])).toBe(51.3);
    expect(defaultPassScore([])).toBe(0);
  });

  it('may equal the total but not pass it, for every paper', () => {
    const ten = [{ name: '十分卷', totalScore: 10 }];
    expect(passScoreProblem(10, ten)).toBeNull();
    expect(passScoreProblem(10.1, ten)).toBe('及格分不能超过试卷总分 10 分');
    expect(passScoreProblem(60, ten)).toBe('及格分不能超过试卷总分 10 分');
    const ab = [
      { name: 'A 卷', totalScore: 100 },
      { name: 'B 卷', totalScore: 90 },
    ];
    expect(passScoreProblem(90, ab)).toBeNull();
    expect(passScoreProblem(95, ab)).toBe('及格分不能超过试卷「B 卷」的总分 90 分');
  });
});
