/**
 * Colour contrast as WCAG 2.1 defines it (1.4.3, 1.4.11): relative luminance of sRGB colours and the
 * ratio (L1 + 0.05) / (L2 + 0.05). Used to keep every edition's theme colour readable: text and white
 * text on the colour need 4.5:1.
 */

/** WCAG 2.1 AA for normal text. */
export const AA_TEXT_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [high, low] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour itself when it reaches `minimum` against `background`, else the lightest shade of it (mixed
 * towards black in 1 % steps, keeping its hue) that does.
 */
export function readableShade(hex: string, background = '#ffffff', minimum = AA_TEXT_CONTRAST): string {
  for (let step = 0; step <= 100; step += 1) {
    const shade = darker(hex, step / 100);
    if (contrastRatio(shade, background) >= minimum) return step === 0 ? hex.toLowerCase() : shade;
  }
  return '#000000';
}

/** The colour mixed towards black by `fraction` (0: itself, 1: black), keeping its hue. */
export function darker(hex: string, fraction: number): string {
  return toHex(channels(hex).map((c) => c * (1 - fraction)));
}

/** The background of pages (antd Layout bodyBg); cards and tables are white. */
export const PAGE_BACKGROUND = '#f5f7fa';

/**
 * The theme colour an edition's brand colour becomes: readable as text on pages and cards, and white
 * text readable on it (buttons), at 4.5:1 either way.
 */
export function themePrimary(brand: string): string {
  return readableShade(brand, PAGE_BACKGROUND);
}

/**
 * A user's colour (a tag's: `#rgb`, `#rrggbb`, or `#rrggbbaa` shown over white) as `#rrggbb`; null for
 * anything else.
 */
export function opaqueHex(color: string): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim());
  if (!match) return null;
  const digits = match[1]!;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const alpha = full.length === 8 ? parseInt(full.slice(6), 16) / 255 : 1;
  const rgb = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) * alpha + 255 * (1 - alpha));
  return toHex(rgb);
}

/**
 * Text on a colour the user chose (tags): black or white, whichever contrasts more with it. One of the two
 * always reaches 4.5:1 (at worst about 4.58:1). Undefined when `color` is not a hex colour.
 */
export function readableTextOn(color: string): '#000000' | '#ffffff' | undefined {
  const hex = opaqueHex(color);
  if (hex === null) return undefined;
  return contrastRatio(hex, '#000000') >= contrastRatio(hex, '#ffffff') ? '#000000' : '#ffffff';
}
