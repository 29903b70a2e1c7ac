import { describe, expect, it } from 'vitest';
import { bandColor, levelText, numberParam } from './match-format';

describe('match display helpers', () => {
  it('says 未测评 for a missing level and names the level otherwise', () => {
    expect(levelText(null)).toBe('未测评');
    expect(levelText(undefined)).toBe('未测评');
    expect(levelText(3.4)).toBe('3.4 级');
  });

  it('colours the three bands', () => {
    expect(bandColor('胜任')).toBe('green');
    expect(bandColor('基本胜任')).toBe('gold');
    expect(bandColor('待提升')).toBe('red');
  });

  it('reads positive whole ids from the query string only', () => {
    expect(numberParam('12')).toBe(12);
    expect(numberParam(null)).toBeUndefined();
    expect(numberParam('0')).toBeUndefined();
    expect(numberParam('1.5')).toBeUndefined();
    expect(numberParam('abc')).toBeUndefined();
  });
});
