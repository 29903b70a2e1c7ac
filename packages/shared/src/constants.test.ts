import { describe, expect, it } from 'vitest';
import {
  CODE_INDENT,
  CODE_LANGUAGES,
  DEFAULT_CODE_LANGUAGE,
  DEFAULT_JAVA_TEMPLATE,
  DIFFICULTY_THRESHOLDS,
  LOADING_TEXT,
  NO_MESSAGES,
  NOTICE_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  PERMISSION_WARNING,
  SILENT_BODY_CODES,
  isCodeLanguage,
} from './constants';

describe('constants', () => {
  it('keeps the spec values', () => {
    expect(NOTICE_PAGE_SIZE).toBe(5);
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 20, 50, 100]);
    expect(DIFFICULTY_THRESHOLDS).toEqual([3, 5, 7]);
    expect(SILENT_BODY_CODES).toEqual([7223, 9019, 9053]);
    expect(PERMISSION_WARNING).toBe('您没有权限访问！,系统会跳到首页');
    expect(NO_MESSAGES).toBe('暂无消息');
    expect(LOADING_TEXT).toBe('加载中....');
  });

  it('offers the six editor languages with java as the default', () => {
    expect(CODE_LANGUAGES.map((language) => language.label)).toEqual([
      'java',
      'JavaScript',
      'c',
      'c++',
      'python',
      'bash',
    ]);
    expect(DEFAULT_CODE_LANGUAGE).toBe('java');
    expect(isCodeLanguage('cpp')).toBe(true);
    expect(isCodeLanguage('c++')).toBe(false);
  });

  it('has a Java template with a Main class reading stdin, indented by CODE_INDENT spaces', () => {
    expect(DEFAULT_JAVA_TEMPLATE).toContain('public class Main {');
    expect(DEFAULT_JAVA_TEMPLATE).toContain('public static void main(String[] args) {');
    expect(DEFAULT_JAVA_TEMPLATE).toContain('new Scanner(System.in)');
    expect(DEFAULT_JAVA_TEMPLATE).not.toContain('\t');
    for (const line of DEFAULT_JAVA_TEMPLATE.split('\n')) {
      const indent = line.length - line.trimStart().length;
      expect(indent % CODE_INDENT).toBe(0);
    }
    const opened = DEFAULT_JAVA_TEMPLATE.split('{').length;
    const closed = DEFAULT_JAVA_TEMPLATE.split('}').length;
    expect(opened).toBe(closed);
  });
});
