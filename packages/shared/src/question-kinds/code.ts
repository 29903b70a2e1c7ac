/**
 * 编程题: the key is the languages, starting templates, test cases (samples shown to candidates) and
 * limits; the response is {language, code}. The judge runs it; until then a marker scores.
 */
import { z } from 'zod';
import { CODE_LANGUAGES, isCodeLanguage } from '../constants';
import { QuestionType } from '../enums';
import { isBlank } from '../rules';
import { numberCell, parsePart, splitCell } from './parts';
import type { QuestionKind } from './types';

const languageIds = CODE_LANGUAGES.map((language) => language.id).join('、');

export const codeAnswerSchema = z.object(
  {
    languages: z
      .array(z.string().refine(isCodeLanguage, `编程语言只能是 ${languageIds}`), {
        error: '编程语言必须是列表',
      })
      .min(1, '编程题至少选择一种语言'),
    templates: z
      .record(z.string(), z.string({ error: '代码模板必须是文本' }).max(50_000, '代码模板过长'))
      .default({}),
    testCases: z
      .array(
        z.object({
          input: z.string({ error: '测试用例输入必须是文本' }).max(100_000, '测试用例输入过长'),
          output: z.string({ error: '测试用例输出必须是文本' }).max(100_000, '测试用例输出过长'),
          sample: z.boolean({ error: '测试用例是否为样例必须是 true 或 false' }).default(false),
        }),
        { error: '测试用例必须是数组' },
      )
      .min(1, '编程题至少需要一个测试用例'),
    timeLimit: z
      .number({ error: '时间限制必须是数字' })
      .int('时间限制必须是整数毫秒')
      .min(100, '时间限制至少 100 毫秒')
      .max(60_000, '时间限制不能超过 60000 毫秒')
      .default(1000),
    memoryLimit: z
      .number({ error: '内存限制必须是数字' })
      .int('内存限制必须是整数 MB')
      .min(16, '内存限制至少 16 MB')
      .max(4096, '内存限制不能超过 4096 MB')
      .default(256),
  },
  { error: '编程题的答案必须给出语言和测试用例' },
);
export type CodeAnswer = z.output<typeof codeAnswerSchema>;

export const codeResponseSchema = z.object({ language: z.string(), code: z.string() });
export type CodeResponse = z.output<typeof codeResponseSchema>;

/** A response as {language, code}, or null when it is not one. */
export function asCodeResponse(response: unknown): CodeResponse | null {
  if (typeof response !== 'object' || response === null) return null;
  const { language, code } = response as Partial<CodeResponse>;
  return typeof language === 'string' && typeof code === 'string' ? { language, code } : null;
}

/** What a candidate sees of a code key: languages, templates and the sample cases (never the hidden ones). */
export function codeInfoOf(answer: unknown): {
  languages: string[];
  templates: Record<string, string>;
  samples: { input: string; output: string }[];
} {
  const key = (answer ?? {}) as {
    languages?: string[];
    templates?: Record<string, string>;
    testCases?: { input: string; output: string; sample?: boolean }[];
  };
  return {
    languages: key.languages ?? [],
    templates: key.templates ?? {},
    samples: (key.testCases ?? [])
      .filter((test) => test.sample)
      .map(({ input, output }) => ({ input, output })),
  };
}

export const codeKind = {
  type: QuestionType.CODE,
  label: '编程题',
  shortLabel: '编程',
  hasOptions: false,
  marked: true,
  answerSchema: codeAnswerSchema,
  responseSchema: codeResponseSchema,
  // Never the hidden test cases: the languages and the samples.
  revealKey(answer) {
    const { languages, samples } = codeInfoOf(answer);
    return { languages, samples };
  },
  revealedKeySchema: z.object({
    languages: z.array(z.string()),
    samples: z.array(z.object({ input: z.string(), output: z.string() })),
  }),
  parseKey(_options, answer) {
    const parsed = parsePart(codeAnswerSchema, answer ?? null, 'answer');
    if (!parsed.ok) return parsed;
    const languages: string[] = [...new Set(parsed.data.languages)];
    const extra = Object.keys(parsed.data.templates).filter((language) => !languages.includes(language));
    if (extra.length > 0)
      return {
        ok: false,
        problem: { field: 'answer.templates', message: `${extra.join('、')} 不在所选语言中` },
      };
    return { ok: true, key: { options: null, answer: { ...parsed.data, languages } } };
  },
  isUnanswered(response) {
    const code = (response as { code?: unknown }).code;
    return typeof code !== 'string' || isBlank(code);
  },
  grade: () => ({ score: null, correct: null }),
  formatKey(key) {
    const languages = (key.answer as { languages?: unknown } | null | undefined)?.languages;
    return Array.isArray(languages) ? languages.join(', ') : '';
  },
  formatResponse(response) {
    const { language = '' } = response as { language?: string };
    return `${language} 代码`;
  },
  excel: {
    columns: [
      { field: 'languages', header: '编程语言', width: 16, note: `编程题：用逗号分隔，可选 ${languageIds}` },
      {
        field: 'testCases',
        header: '测试用例',
        width: 30,
        note: '编程题：用 | 分隔，每个写「输入 => 输出」，以 * 开头的为样例，如 *1 2 => 3|2 3 => 5',
      },
      { field: 'timeLimit', header: '时间限制(ms)', width: 12, note: '编程题：毫秒，默认 1000' },
      { field: 'memoryLimit', header: '内存限制(MB)', width: 12, note: '编程题：MB，默认 256' },
    ],
    answerNote: '可留空',
    example: {
      stem: '示例：原样输出输入的每一行。',
      answer: '',
      languages: 'java,python',
      testCases: '*hello => hello|abc => abc',
      timeLimit: '1000',
      memoryLimit: '256',
      difficulty: '7',
    },
    read(values) {
      const testCases = splitCell(values.testCases, /\|/).map((item) => {
        const sample = item.startsWith('*');
        const [input = '', output = ''] = (sample ? item.slice(1) : item)
          .split('=>')
          .map((part) => part.trim());
        return { input, output, sample };
      });
      if (testCases.length === 0)
        return { ok: false, problem: { field: '测试用例', message: '编程题至少需要一个测试用例' } };
      const timeLimit = numberCell(values, 'timeLimit', '时间限制(ms)', 1000);
      if (!timeLimit.ok) return timeLimit;
      const memoryLimit = numberCell(values, 'memoryLimit', '内存限制(MB)', 256);
      if (!memoryLimit.ok) return memoryLimit;
      const languages = splitCell(values.languages, /[,，、\s]+/);
      const answer = {
        languages,
        templates: {},
        testCases,
        timeLimit: timeLimit.value,
        memoryLimit: memoryLimit.value,
      };
      return { ok: true, answer };
    },
    write(key) {
      const code = key.answer as CodeAnswer;
      return {
        languages: code.languages.join(','),
        testCases: code.testCases.map((c) => `${c.sample ? '*' : ''}${c.input} => ${c.output}`).join('|'),
        timeLimit: String(code.timeLimit),
        memoryLimit: String(code.memoryLimit),
      };
    },
  },
} satisfies QuestionKind;
