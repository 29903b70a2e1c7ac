import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_CONTRAST,
  PAGE_BACKGROUND,
  contrastRatio,
  darker,
  opaqueHex,
  readableTextOn,
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

describe('readableTextOn (tags in a colour the user chose)', () => {
  it('puts white on dark colours and black on light ones', () => {
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#ffffff')).toBe('#000000');
    expect(readableTextOn('#ffd666')).toBe('#000000');
    expect(readableTextOn('#722ed1')).toBe('#ffffff');
    expect(readableTextOn('#FFF')).toBe('#000000');
  });

  it("chooses black on antd's default blue, where white is only 4.1:1", () => {
    expect(contrastRatio('#1677ff', '#ffffff')).toBeLessThan(AA_TEXT_CONTRAST);
    expect(readableTextOn('#1677ff')).toBe('#000000');
  });

  it('reaches 4.5:1 on every colour of a grid', () => {
    const steps = ['00', '33', '66', '77', '88', '99', 'cc', 'ff'];
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          const hex = `#${r}${g}${b}`;
          expect(contrastRatio(hex, readableTextOn(hex)!), hex).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
        }
  });

  it('shows a colour with alpha over white, and leaves preset names alone', () => {
    expect(opaqueHex('#00000080')).toBe('#7f7f7f');
    expect(opaqueHex('#abc')).toBe('#aabbcc');
    expect(readableTextOn('#1677ff33')).toBe('#000000');
    expect(readableTextOn('blue')).toBeUndefined();
    expect(readableTextOn('#12345')).toBeUndefined();
  });
});

describe('darker (the theme colour on hover)', () => {
  it('keeps the hue and only ever raises contrast with white', () => {
    expect(darker('#146ce8', 0)).toBe('#146ce8');
    expect(darker('#ffffff', 1)).toBe('#000000');
    expect(darker('#808080', 0.5)).toBe('#404040');
    const primary = themePrimary('#1677ff');
    expect(contrastRatio(darker(primary, 0.15), '#ffffff')).toBeGreaterThan(
      contrastRatio(primary, '#ffffff'),
    );
  });
});
