import { describe, expect, it } from 'vitest';
import { applicantProgress, salaryText, testScoreText } from './recruit-join-rules';

describe('salaryText', () => {
  it('reads a range, one end, or none', () => {
    expect(salaryText(8000, 12000)).toBe('8,000–12,000 元/月');
    expect(salaryText(8000, 8000)).toBe('8,000 元/月');
    expect(salaryText(8000, null)).toBe('8,000 元/月起');
    expect(salaryText(null, 12000)).toBe('最高 12,000 元/月');
    expect(salaryText(null, null)).toBe('薪资面议');
    expect(salaryText(0, null)).toBe('0 元/月起');
  });
});

describe('applicantProgress', () => {
  it('places each stage on the steps; 淘汰 ends without a step', () => {
    expect(applicantProgress('applied')).toEqual({ label: '投递', step: 0, status: 'process' });
    expect(applicantProgress('test')).toEqual({ label: '笔试', step: 2, status: 'process' });
    expect(applicantProgress('hired')).toEqual({ label: '已入职', step: 5, status: 'finish' });
    expect(applicantProgress('rejected')).toEqual({ label: '未通过', step: -1, status: 'error' });
  });
});

describe('testScoreText', () => {
  it('shows nothing before a test, waiting once sent, the score once graded', () => {
    expect(testScoreText({ testExamId: null, testScore: null, testTotal: null })).toBeNull();
    expect(testScoreText({ testExamId: 4, testScore: null, testTotal: null })).toBe('待完成或待评分');
    expect(testScoreText({ testExamId: 4, testScore: 20, testTotal: 20 })).toBe('20 / 20 分');
    expect(testScoreText({ testExamId: 4, testScore: 7.5, testTotal: null })).toBe('7.5 分');
    expect(testScoreText({ testExamId: 4, testScore: 0, testTotal: 10 })).toBe('0 / 10 分');
  });
});
