import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import { QuestionType, isTrueAnswer } from '@kaopei/shared';
import { badRequest } from '../../core/http';
import {
  choiceOptionsSchema,
  codeAnswerSchema,
  fillAnswerSchema,
  shortAnswerSchema,
} from '@kaopei/shared/contracts/question';

/** Options and answer of a question as stored. */
export interface QuestionKey {
  options: { content: string; correct: boolean }[] | null;
  answer: unknown;
}

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

const FALSE_ANSWERS: ReadonlySet<string> = new Set(['错误', '错', 'false', 'False', 'FALSE']);

function parseWith<T extends z.ZodType>(schema: T, value: unknown, field: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${field}.${issue.path.join('.')}` : field;
  throw badRequest(`参数 ${where} 不正确：${issue?.message ?? '格式错误'}`);
}

/**
 * Checks a question's options and answer for its type and returns them as stored. Messages name the field.
 */
export function validateKey(type: QuestionType, options: unknown, answer: unknown): QuestionKey {
  switch (type) {
    case QuestionType.SINGLE:
    case QuestionType.MULTIPLE: {
      const list = parseWith(choiceOptionsSchema, options ?? null, 'options');
      const correct = list.filter((option) => option.correct).length;
      if (type === QuestionType.SINGLE && correct !== 1) {
        throw badRequest(`参数 options 不正确：单选题必须有且只有一个正确选项（当前 ${correct} 个）`);
      }
      if (type === QuestionType.MULTIPLE && correct < 2) {
        throw badRequest(`参数 options 不正确：多选题至少需要两个正确选项（当前 ${correct} 个）`);
      }
      return { options: list, answer: null };
    }
    case QuestionType.TRUE_FALSE: {
      if (answer === true || isTrueAnswer(answer)) return { options: null, answer: true };
      if (answer === false || (typeof answer === 'string' && FALSE_ANSWERS.has(answer))) {
        return { options: null, answer: false };
      }
      throw badRequest('参数 answer 不正确：判断题答案必须是 true/false（或 正确/错误）');
    }
    case QuestionType.FILL:
      return { options: null, answer: parseWith(fillAnswerSchema, answer ?? null, 'answer') };
    case QuestionType.SHORT:
      return { options: null, answer: parseWith(shortAnswerSchema, answer ?? null, 'answer') };
    case QuestionType.CODE: {
      const code = parseWith(codeAnswerSchema, answer ?? null, 'answer');
      const languages: string[] = [...new Set(code.languages)];
      const extra = Object.keys(code.templates).filter((language) => !languages.includes(language));
      if (extra.length > 0) {
        throw badRequest(`参数 answer.templates 不正确：${extra.join('、')} 不在所选语言中`);
      }
      return { options: null, answer: { ...code, languages } };
    }
  }
}
