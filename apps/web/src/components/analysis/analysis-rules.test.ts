import { describe, expect, it } from 'vitest';
import { bandLabels, coef, flagColor, flagLabel, percent, score1 } from './analysis-rules';

describe('analysis display rules', () => {
  it('shows scores with one decimal, shares as percentages and coefficients with two', () => {
    expect(score1(16)).toBe('16.0');
    expect(score1(7.25)).toBe('7.3');
    expect(score1(null)).toBe('—');
    expect(percent(0.8)).toBe('80.0%');
    expect(percent(2 / 3)).toBe('66.7%');
    expect(coef(-1)).toBe('-1.00');
    expect(coef(0.46154)).toBe('0.46');
  });

  it('names flags and bands', () => {
    expect(flagLabel('negative_discrimination')).toBe('负区分度');
    expect(flagColor('negative_discrimination')).toBe('red');
    expect(flagColor('too_easy')).toBe('orange');
    expect(
      bandLabels([
        { from: 0, to: 10 },
        { from: 10, to: 20 },
      ]),
    ).toEqual(['0.0–10.0', '10.0–20.0']);
  });
});

describe('unknown figures', () => {
  it('show as — in every format, and zero as a number', () => {
    for (const format of [score1, percent, coef]) {
      expect(format(null)).toBe('—');
      expect(format(undefined)).toBe('—');
    }
    expect(score1(0)).toBe('0.0');
    expect(percent(0)).toBe('0.0%');
    expect(coef(0)).toBe('0.00');
  });
});
