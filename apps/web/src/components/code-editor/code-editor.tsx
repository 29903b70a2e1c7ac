import { useEffect, useRef, useState } from 'react';
import { Tabs } from 'antd';
import { basicSetup } from 'codemirror';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { indentUnit } from '@codemirror/language';
import { CODE_INDENT, CODE_LANGUAGES, DEFAULT_CODE_LANGUAGE, type CodeLanguage } from '@kaopei/shared';
import { loadLanguage } from './languages';
import { templateFor, type CodeByLanguage } from './templates';

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

const INDENT = ' '.repeat(CODE_INDENT);
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

  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const languageCompartment = useRef(new Compartment());
  const readOnlyCompartment = useRef(new Compartment());
  // The latest props for CodeMirror's update listener, which is created once.
  const latest = useRef({ value, onChange, language });
  const syncing = useRef(false);
  useEffect(() => {
    latest.current = { value, onChange, language };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: code,
        extensions: [
          basicSetup,
          indentUnit.of(INDENT),
          EditorState.tabSize.of(CODE_INDENT),
          languageCompartment.current.of([]),
          readOnlyCompartment.current.of([
            EditorState.readOnly.of(readOnly),
            EditorView.editable.of(!readOnly),
          ]),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            // Documents pushed from props are not edits; only the user's changes report.
            if (syncing.current) return;
            const current = latest.current;
            current.onChange?.(
              { ...current.value, [current.language]: update.state.doc.toString() },
              current.language,
            );
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The view is created once; later prop changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keep the document in step with the controlled value.
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const current = view.state.doc.toString();
    if (current === code) return;
    syncing.current = true;
    try {
      view.dispatch({ changes: { from: 0, to: current.length, insert: code } });
    } finally {
      syncing.current = false;
    }
  }, [code]);

  useEffect(() => {
    let cancelled = false;
    loadLanguage(language).then(
      (support) => {
        if (!cancelled)
          viewRef.current?.dispatch({ effects: languageCompartment.current.reconfigure(support) });
      },
      () => {
        // Without its grammar the editor still works as plain text.
      },
    );
    return () => {
      cancelled = true;
    };
  }, [language]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: readOnlyCompartment.current.reconfigure([
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
      ]),
    });
  }, [readOnly]);

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
