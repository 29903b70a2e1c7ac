import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_CONTRAST,
  PAGE_BACKGROUND,
  contrastRatio,
  readableShade,
  relativeLuminance,
  themePrimary,
} from './contrast';
import { EDITIONS } from './editions';

describe('contrast (WCAG 2.1)', () => {
  it('computes luminance and ratios as the standard defines them', () => {
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // antd's default blue on white: 4.1:1, short of AA for text.
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    // The ratio does not depend on the order.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#777777'), 10);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('keeps a colour that already reads, and darkens one that does not just enough', () => {
    expect(readableShade('#C41D2F')).toBe('#c41d2f');
    const blue = readableShade('#1677ff');
    expect(contrastRatio(blue, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    // One step lighter would not reach it: the shade is the lightest that does.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(blue.slice(i, i + 2), 16));
    const lighter = `#${[r, g, b]
      .map((c) =>
        Math.min(255, c! + 3)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    expect(contrastRatio(lighter, '#ffffff')).toBeLessThan(AA_TEXT_CONTRAST + 0.2);
    expect(() => readableShade('blue')).toThrow();
  });

  it('gives every edition a theme colour that reads on pages and cards, and white that reads on it', () => {
    for (const edition of Object.values(EDITIONS)) {
      const theme = themePrimary(edition.primaryColor);
      expect(contrastRatio(theme, PAGE_BACKGROUND), edition.key).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(theme, '#ffffff'), edition.key).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
    // Brand colours dark enough already are kept as they are.
    expect(themePrimary(EDITIONS.career.primaryColor)).toBe(EDITIONS.career.primaryColor);
  });
});
