import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn, relativeLuminance } from './contrast';

describe('readableTextOn', () => {
  it('puts white on dark colours and black on light ones', () => {
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#ffffff')).toBe('#000000');
    expect(readableTextOn('#ffd666')).toBe('#000000');
    expect(readableTextOn('#722ed1')).toBe('#ffffff');
    expect(readableTextOn('#FFF')).toBe('#000000');
  });

  it("chooses black on antd's default blue, where white text is only 4.0:1", () => {
    const blue = relativeLuminance('#1677ff') as number;
    expect(contrastRatio(blue, 1)).toBeLessThan(4.5);
    expect(readableTextOn('#1677ff')).toBe('#000000');
  });

  it('reaches 4.5:1 on every colour of a coarse grid', () => {
    const steps = ['00', '33', '66', '77', '88', '99', 'cc', 'ff'];
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          const hex = `#${r}${g}${b}`;
          const luminance = relativeLuminance(hex) as number;
          const text = readableTextOn(hex) === '#000000' ? 0 : 1;
          expect(contrastRatio(luminance, text), hex).toBeGreaterThanOrEqual(4.5);
        }
  });

  it('leaves preset names and bad input alone', () => {
    expect(readableTextOn('blue')).toBeUndefined();
    expect(readableTextOn('#12345')).toBeUndefined();
    expect(relativeLuminance('')).toBeNull();
  });
});
