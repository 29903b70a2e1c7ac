import type { Extension } from '@codemirror/state';
import type { CodeLanguage } from '@kaopei/shared';

/**
 * Language support is imported on demand so the editor chunk carries only the core; each language
 * package becomes its own chunk, loaded the first time its tab opens.
 */
const loaders: Record<CodeLanguage, () => Promise<Extension>> = {
  java: async () => (await import('@codemirror/lang-java')).java(),
  javascript: async () => (await import('@codemirror/lang-javascript')).javascript(),
  c: async () => (await import('@codemirror/lang-cpp')).cpp(),
  cpp: async () => (await import('@codemirror/lang-cpp')).cpp(),
  python: async () => (await import('@codemirror/lang-python')).python(),
  bash: async () => {
    const [{ StreamLanguage }, { shell }] = await Promise.all([
      import('@codemirror/language'),
      import('@codemirror/legacy-modes/mode/shell'),
    ]);
    return StreamLanguage.define(shell);
  },
};

const cache = new Map<CodeLanguage, Promise<Extension>>();

export function loadLanguage(language: CodeLanguage): Promise<Extension> {
  let pending = cache.get(language);
  if (!pending) {
    pending = loaders[language]();
    // A failed chunk load may succeed later: do not cache the failure.
    pending.catch(() => cache.delete(language));
    cache.set(language, pending);
  }
  return pending;
}
