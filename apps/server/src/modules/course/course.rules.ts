import sanitizeHtml from 'sanitize-html';

/** Pure rules of the course catalogue: what an intro may contain, how figures are rounded. */

const INTRO_SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'span',
    'a',
    'img',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/** The intro as stored: sanitised HTML, or null when nothing readable is left. */
export function sanitizeIntro(html: string | null | undefined): string | null {
  if (html == null) return null;
  const clean = sanitizeHtml(html, INTRO_SANITIZE).trim();
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '');
  return text === '' && !/<img\b/i.test(clean) ? null : clean;
}

/** part ÷ whole as a percent with one decimal (0 when whole is 0). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** A mean with one decimal (0 when there is nothing to average). */
export function meanOf(sum: number, n: number): number {
  return n > 0 ? Math.round((sum / n) * 10) / 10 : 0;
}

/** The name of a copy: 「（副本）」 appended, the whole kept within the name's limit. */
export function copyName(name: string, max: number): string {
  const suffix = '（副本）';
  return name.slice(0, max - suffix.length) + suffix;
}
