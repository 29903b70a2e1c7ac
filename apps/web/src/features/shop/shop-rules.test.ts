import { describe, expect, it } from 'vitest';
import { fenToYuan, yuanToFen } from '@kaopei/shared/contracts/shop';
import { itemLink, ownedText, priceText, timeText, validityText } from './shop-rules';

describe('shop rules', () => {
  it('turns yuan as typed into fen without float error, and back', () => {
    expect(yuanToFen('19.9')).toBe(1990);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('1.005')).toBeUndefined();
    expect(yuanToFen('-3')).toBeUndefined();
    expect(yuanToFen('abc')).toBeUndefined();
    expect(yuanToFen(20)).toBe(2000);
    expect(fenToYuan(1990)).toBe('19.90');
    expect(fenToYuan(7)).toBe('0.07');
    expect(priceText(100000)).toBe('¥1000.00');
  });

  it('says the validity and the ownership in words', () => {
    expect(validityText(null)).toBe('永久有效');
    expect(validityText(30)).toBe('购买后 30 天有效');
    expect(timeText(Date.UTC(2026, 0, 1, 0, 0))).toBe('2026-01-01 08:00');
    expect(ownedText(null)).toBe('已购买 · 永久有效');
  });

  it('opens a bought item where the learner uses it on the phone', () => {
    expect(itemLink('course', 5)).toBe('/m/courses/5');
    expect(itemLink('exam', 6)).toBe('/m/exams/6');
    expect(itemLink('task', 7)).toBe('/m/tasks/7');
  });
});
