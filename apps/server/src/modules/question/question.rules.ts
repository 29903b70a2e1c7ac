import sanitizeHtml from 'sanitize-html';
import { parseQuestionKey, type QuestionType, type StoredKey } from '@kaopei/shared';
import { badRequest } from '../../core/http';

/** Options and answer of a question as stored. */
export type QuestionKey = StoredKey;

const SANITIZE: sanitizeHtml.IOptions = {
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
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
  ],
  allowedAttributes: { img: ['src', 'alt', 'title', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'data'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
};

/** Sanitised stem HTML and its plain text. */
export function sanitizeStem(html: string): { stem: string; stemText: string } {
  const stem = sanitizeHtml(html, SANITIZE).trim();
  const stemText = sanitizeHtml(stem.replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return { stem, stemText };
}

/**
 * Checks a question's options and answer for its type (the kind's rules, `question-kinds/`) and returns
 * them as stored. Messages name the field.
 */
export function validateKey(type: QuestionType, options: unknown, answer: unknown): StoredKey {
  const result = parseQuestionKey(type, options, answer);
  if (!result.ok) throw badRequest(result.problem.message, result.problem.field);
  return result.key;
}
