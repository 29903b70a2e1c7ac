import { describe, expect, it } from 'vitest';
import { dueText, itemsFromPicks, picksOf } from './study-task-rules';

describe('itemsFromPicks / picksOf', () => {
  it('orders courses, exams then practice sets and round-trips', () => {
    const items = itemsFromPicks({ courseIds: [3, 1], examIds: [7], practiceIds: [9] });
    expect(items).toEqual([
      { kind: 'course', refId: 3 },
      { kind: 'course', refId: 1 },
      { kind: 'exam', refId: 7 },
      { kind: 'practice', refId: 9 },
    ]);
    expect(picksOf(items)).toEqual({ courseIds: [3, 1], examIds: [7], practiceIds: [9] });
    expect(itemsFromPicks({})).toEqual([]);
  });
});

describe('dueText', () => {
  const day = 86_400_000;
  const due = 1_700_000_000_000;
  it('counts whole days left or late', () => {
    expect(dueText(due, due - 3 * day - 1)).toBe('还剩 3 天');
    expect(dueText(due, due - 1)).toBe('今天截止');
    expect(dueText(due, due)).toBe('已逾期');
    expect(dueText(due, due + 2 * day)).toBe('已逾期 2 天');
  });
});
