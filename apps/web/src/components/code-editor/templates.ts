import { DEFAULT_CODE_TEMPLATES, type CodeLanguage } from '@kaopei/shared';

/** Starting code of each language when a question gives none (packages/shared). */
export const DEFAULT_TEMPLATES = DEFAULT_CODE_TEMPLATES;

/** Code of each language; a missing language has not been written yet. */
export type CodeByLanguage = Partial<Record<CodeLanguage, string>>;

/** The template to start `language` from: the caller's, else the default. */
export function templateFor(language: CodeLanguage, templates?: CodeByLanguage): string {
  return templates?.[language] ?? DEFAULT_TEMPLATES[language];
}
