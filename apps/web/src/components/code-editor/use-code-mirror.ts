import { useEffect, useRef } from 'react';
import { basicSetup } from 'codemirror';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { indentUnit } from '@codemirror/language';
import { CODE_INDENT, type CodeLanguage } from '@kaopei/shared';
import { loadLanguage } from './languages';
import type { CodeByLanguage } from './templates';

const INDENT = ' '.repeat(CODE_INDENT);

interface CodeMirrorOptions {
  /** The document to show (the controlled value, or the language's template). */
  code: string;
  language: CodeLanguage;
  readOnly: boolean;
  value: CodeByLanguage | undefined;
  onChange: ((value: CodeByLanguage, language: CodeLanguage) => void) | undefined;
}

/**
 * One CodeMirror 6 view in the returned host element, created once: the document follows `code`, the
 * grammar follows `language` (loaded lazily), and only the user's edits report through `onChange`.
 */
export function useCodeMirror({ code, language, readOnly, value, onChange }: CodeMirrorOptions) {
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
          // The editable area is a textbox and needs a name (WCAG 4.1.2).
          EditorView.contentAttributes.of({ 'aria-label': '代码编辑器' }),
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

  return hostRef;
}
