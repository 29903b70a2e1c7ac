import { describe, expect, it } from 'vitest';
import { levelColor, percentText, progressOf, valueText } from './target-format';

describe('target figures as shown', () => {
  it('shows values with one decimal and the unit', () => {
    expect(valueText('hours', 2)).toBe('2.0 小时');
    expect(valueText('credits', 3.5)).toBe('3.5 分');
    expect(valueText('courses', 3)).toBe('3 门');
    expect(valueText('pass_rate', 66.7)).toBe('66.7%');
    expect(valueText('pass_rate', null)).toBe('—');
    expect(percentText(100)).toBe('100.0%');
  });
  it('colours the lowest level red and the highest green', () => {
    expect(levelColor(0, 3)).toBe('red');
    expect(levelColor(2, 3)).toBe('green');
    expect(levelColor(1, 3)).toBe('orange');
  });
  it('caps the progress bar', () => {
    expect(progressOf(130)).toBe(100);
    expect(progressOf(40.5)).toBe(40.5);
  });
});
