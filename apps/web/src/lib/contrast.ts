/**
 * Text on a colour the user chose (tag colours): black or white, whichever contrasts more with it by
 * WCAG 2.1's relative luminance. One of the two always reaches 4.5:1 (the worst case is about 4.58:1),
 * as GitHub's labels do it.
 */

/** WCAG relative luminance of a `#rgb` or `#rrggbb` colour; null for anything else (a preset name). */
export function relativeLuminance(hex: string): number | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1] as string;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two luminances. */
export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** '#000000' or '#ffffff', whichever reads better on `hex`; undefined when it is not a hex colour. */
export function readableTextOn(hex: string): '#000000' | '#ffffff' | undefined {
  const luminance = relativeLuminance(hex);
  if (luminance === null) return undefined;
  return contrastRatio(luminance, 0) >= contrastRatio(luminance, 1) ? '#000000' : '#ffffff';
}
