import { describe, expect, it } from 'vitest';
import type { MyExamRow } from '../../candidate/api';
import { latestFirst, RECENT_RESULTS, resultText } from './recent-results-panel';

function row(overrides: Partial<MyExamRow>): MyExamRow {
  return {
    examId: 1,
    name: '安全考试',
    description: null,
    coverUrl: null,
    state: 'ended',
    startAt: 0,
    endAt: 1000,
    durationMinutes: 30,
    durationText: '30分钟',
    attemptsAllowed: 1,
    attemptsUsed: 1,
    passScore: 60,
    openAttemptId: null,
    lastAttemptId: 9,
    lastStatus: 2,
    bestScore: 75,
    ...overrides,
  };
}

describe('resultText', () => {
  it('passes a score equal to the pass mark', () => {
    expect(resultText(row({ bestScore: 60 }))).toEqual({
      text: '60.0 分',
      tag: { color: 'success', label: '及格' },
    });
  });
  it('fails a score just below it', () => {
    expect(resultText(row({ bestScore: 59.5 })).tag?.label).toBe('不及格');
  });
  it('says why there is no score', () => {
    expect(resultText(row({ lastStatus: 1, bestScore: null })).text).toBe('待阅卷');
    expect(resultText(row({ bestScore: null })).text).toBe('成绩未公布');
    expect(resultText(row({ lastAttemptId: null, lastStatus: null, bestScore: null })).text).toBe('未参加');
  });
});

describe('latestFirst', () => {
  it('keeps the most recent exams, newest first', () => {
    const rows = Array.from({ length: 8 }, (_, i) => row({ examId: i, endAt: i * 1000 }));
    const shown = latestFirst(rows);
    expect(shown).toHaveLength(RECENT_RESULTS);
    expect(shown.map((r) => r.examId)).toEqual([7, 6, 5, 4, 3]);
  });
});
