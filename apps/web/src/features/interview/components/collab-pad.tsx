import { useEffect, useRef, type ReactNode } from 'react';
import { basicSetup } from 'codemirror';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { indentUnit } from '@codemirror/language';
import { yCollab } from 'y-codemirror.next';
import type * as Y from 'yjs';
import { CODE_INDENT, type CodeLanguage } from '@kaopei/shared';
import { loadLanguage } from '../../../components/code-editor';

/**
 * The shared code pad: the project's CodeMirror set-up (components/code-editor: its grammars, indent 4)
 * bound to a Yjs text, so every keystroke reaches the other side and theirs appear here.
 */
export function CollabPad({
  text,
  language,
  height = 320,
}: {
  text: Y.Text;
  language: CodeLanguage;
  height?: number;
}): ReactNode {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const grammar = useRef(new Compartment());

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: text.toString(),
        extensions: [
          basicSetup,
          indentUnit.of(' '.repeat(CODE_INDENT)),
          EditorState.tabSize.of(CODE_INDENT),
          grammar.current.of([]),
          yCollab(text, null),
          EditorView.contentAttributes.of({ 'aria-label': '代码板' }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [text]);

  useEffect(() => {
    let cancelled = false;
    loadLanguage(language).then(
      (support) => {
        if (!cancelled) viewRef.current?.dispatch({ effects: grammar.current.reconfigure(support) });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [language]);

  return (
    <div
      ref={hostRef}
      data-testid="code-pad"
      style={{ height, overflow: 'auto', border: '1px solid #d9d9d9', borderRadius: 6 }}
    />
  );
}
