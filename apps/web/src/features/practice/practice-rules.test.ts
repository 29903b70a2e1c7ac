import { describe, expect, it } from 'vitest';
import {
  accuracyText,
  canSubmit,
  dueText,
  optionState,
  sourcesFromForm,
  sourcesToForm,
} from './practice-rules';

describe('practice rules', () => {
  it('lets a response be submitted only when it fits the question', () => {
    expect(canSubmit(0, true)).toBe(true);
    expect(canSubmit(0, false)).toBe(true);
    expect(canSubmit(0, undefined)).toBe(false);
    expect(canSubmit(1, 0)).toBe(true);
    expect(canSubmit(1, [0])).toBe(false);
    expect(canSubmit(2, [])).toBe(false);
    expect(canSubmit(2, [0, 2])).toBe(true);
    expect(canSubmit(4, 'text' as unknown as number)).toBe(false);
  });

  it('marks the right options and a wrong choice after the answer', () => {
    expect(optionState(0, 1, [0])).toBe('right');
    expect(optionState(1, 1, [0])).toBe('wrong');
    expect(optionState(2, 1, [0])).toBe('plain');
    expect(optionState(1, [1, 2], [0, 2])).toBe('wrong');
    expect(optionState(2, [1, 2], [0, 2])).toBe('right');
    expect(optionState(0, 0, null)).toBe('plain');
  });

  it('says when a question comes back, by China calendar days', () => {
    const now = Date.parse('2026-03-01T08:00:00Z');
    expect(dueText(Date.parse('2026-03-02T08:00:00Z'), now)).toBe('明天（3月2日）');
    expect(dueText(Date.parse('2026-03-04T08:00:00Z'), now)).toBe('3 天后（3月4日）');
    expect(dueText(Date.parse('2026-03-01T15:00:00Z'), now)).toBe('今天');
    // 23:30 UTC is already the next day in China.
    expect(dueText(Date.parse('2026-03-01T23:30:00Z'), now)).toBe('明天（3月2日）');
  });

  it('shows accuracy or a dash', () => {
    expect(accuracyText(null)).toBe('—');
    expect(accuracyText(66.7)).toBe('66.7%');
  });
});

describe('practice form sources', () => {
  it('turns the picks per kind into a source list and back', () => {
    const sources = sourcesFromForm({ bank: [3, 4], ability: [9] });
    expect(sources).toEqual([
      { kind: 'bank', refId: 3 },
      { kind: 'bank', refId: 4 },
      { kind: 'ability', refId: 9 },
    ]);
    expect(sourcesToForm(sources)).toEqual({ bank: [3, 4], knowledge: [], ability: [9] });
  });
});
