import { useState } from 'react';
import { Tabs } from 'antd';
import { CODE_LANGUAGES, DEFAULT_CODE_LANGUAGE, type CodeLanguage } from '@kaopei/shared';
import { templateFor, type CodeByLanguage } from './templates';
import { useCodeMirror } from './use-code-mirror';

export interface CodeEditorProps {
  /**
   * Code per language (controlled). A language missing here shows its template; opening its tab
   * reports the template through `onChange`, so the stored value always holds what was shown.
   */
  value?: CodeByLanguage;
  onChange?: (value: CodeByLanguage, language: CodeLanguage) => void;
  /** The open tab (controlled); otherwise the editor keeps it, starting at `defaultLanguage`. */
  language?: CodeLanguage;
  defaultLanguage?: CodeLanguage;
  onLanguageChange?: (language: CodeLanguage) => void;
  /** Tabs to offer, e.g. the languages a question allows (default: all six, spec §2). */
  languages?: readonly CodeLanguage[];
  /** Starting code per language (e.g. a question's templates); defaults to DEFAULT_TEMPLATES. */
  templates?: CodeByLanguage;
  readOnly?: boolean;
  /** CSS height of the editing area. */
  height?: number | string;
}

const ALL_LANGUAGES: readonly CodeLanguage[] = CODE_LANGUAGES.map((language) => language.id);
const LABELS = new Map<CodeLanguage, string>(CODE_LANGUAGES.map((language) => [language.id, language.label]));

function firstLanguage(languages: readonly CodeLanguage[], preferred?: CodeLanguage): CodeLanguage {
  if (preferred && languages.includes(preferred)) return preferred;
  if (languages.includes(DEFAULT_CODE_LANGUAGE)) return DEFAULT_CODE_LANGUAGE;
  return languages[0] ?? DEFAULT_CODE_LANGUAGE;
}

/** CodeMirror 6 with the spec's language tabs (java, JavaScript, c, c++, python, bash), indent 4. */
export function CodeEditor({
  value,
  onChange,
  language: languageProp,
  defaultLanguage,
  onLanguageChange,
  languages = ALL_LANGUAGES,
  templates,
  readOnly = false,
  height = 320,
}: CodeEditorProps) {
  const [ownLanguage, setOwnLanguage] = useState<CodeLanguage>(() =>
    firstLanguage(languages, defaultLanguage),
  );
  const language = firstLanguage(languages, languageProp ?? ownLanguage);
  const code = value?.[language] ?? templateFor(language, templates);

  const hostRef = useCodeMirror({ code, language, readOnly, value, onChange });

  const switchTo = (next: CodeLanguage) => {
    if (next === language) return;
    if (languageProp === undefined) setOwnLanguage(next);
    onLanguageChange?.(next);
    if (!readOnly && value?.[next] === undefined) {
      onChange?.({ ...value, [next]: templateFor(next, templates) }, next);
    }
  };

  return (
    <div className="kp-code-editor" data-testid="code-editor">
      <Tabs
        size="small"
        activeKey={language}
        onChange={(key) => switchTo(key as CodeLanguage)}
        items={languages.map((id) => ({ key: id, label: LABELS.get(id) ?? id }))}
      />
      <div
        ref={hostRef}
        data-language={language}
        style={{ height, overflow: 'auto', border: '1px solid #d9d9d9', borderRadius: 6 }}
      />
    </div>
  );
}
