import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DEFAULT_JAVA_TEMPLATE, type CodeLanguage } from '@kaopei/shared';
import { CodeEditor } from './code-editor';
import { DEFAULT_TEMPLATES, type CodeByLanguage } from './templates';

// jsdom has no layout; CodeMirror measures ranges for its cursor and selection layers.
if (!('getClientRects' in Range.prototype)) {
  Object.assign(Range.prototype, {
    getClientRects: () => [],
    getBoundingClientRect: () => new DOMRect(),
  });
}

function editorText(): string {
  const content = document.querySelector('.cm-content');
  return Array.from(content?.querySelectorAll('.cm-line') ?? [])
    .map((line) => line.textContent ?? '')
    .join('\n');
}

describe('CodeEditor', () => {
  it('renders the six language tabs and shows the default Java template', async () => {
    render(<CodeEditor />);
    for (const label of ['java', 'JavaScript', 'c', 'c++', 'python', 'bash']) {
      expect(screen.getByRole('tab', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('tab', { name: 'java' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(editorText()).toBe(DEFAULT_JAVA_TEMPLATE));
    expect(editorText()).toContain('    public static void main');
    expect(screen.getByRole('textbox', { name: '代码编辑器' })).toHaveClass('cm-content');
  });

  it("switching language reports the language's template through onChange", () => {
    const onChange = vi.fn<(value: CodeByLanguage, language: CodeLanguage) => void>();
    const onLanguageChange = vi.fn();
    render(
      <CodeEditor
        value={{ java: 'class Main {}' }}
        onChange={onChange}
        onLanguageChange={onLanguageChange}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'python' }));
    expect(onLanguageChange).toHaveBeenCalledWith('python');
    expect(onChange).toHaveBeenCalledWith(
      { java: 'class Main {}', python: DEFAULT_TEMPLATES.python },
      'python',
    );
  });

  it('uses the given templates, keeps written code and offers only the allowed languages', async () => {
    function Harness() {
      const [value, setValue] = useState<CodeByLanguage>({});
      return (
        <CodeEditor
          value={value}
          onChange={setValue}
          languages={['java', 'bash']}
          templates={{ bash: 'echo hi\n' }}
        />
      );
    }
    render(<Harness />);
    expect(screen.queryByRole('tab', { name: 'python' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'bash' }));
    await waitFor(() => expect(editorText()).toBe('echo hi\n'));
    fireEvent.click(screen.getByRole('tab', { name: 'java' }));
    await waitFor(() => expect(editorText()).toBe(DEFAULT_JAVA_TEMPLATE));
  });

  it('is read-only when asked', () => {
    render(<CodeEditor readOnly value={{ java: 'x' }} />);
    expect(document.querySelector('.cm-content')).toHaveAttribute('contenteditable', 'false');
  });
});
