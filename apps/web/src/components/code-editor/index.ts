export { CodeEditor, type CodeEditorProps } from './code-editor';
export { DEFAULT_TEMPLATES, templateFor, type CodeByLanguage } from './templates';
export { loadLanguage } from './languages';
