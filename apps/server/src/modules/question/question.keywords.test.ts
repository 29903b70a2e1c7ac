import { describe, expect, it } from 'vitest';
import { isMultiTerm, keywordTerms, MAX_TERMS } from './question.keywords';

describe('keywordTerms', () => {
  it('splits a Chinese keyword into the smallest words a question must hold', () => {
    expect(keywordTerms('消防设备')).toEqual(['消防', '设备']);
    expect(keywordTerms('牛顿第一定律')).toEqual(['牛顿', '第一', '定律']);
    expect(keywordTerms('电气操作规程')).toEqual(['电气', '操作', '规程']);
  });

  it('keeps a single word whole and lower-cases Latin words', () => {
    expect(keywordTerms('安全')).toEqual(['安全']);
    expect(keywordTerms('  HashMap ')).toEqual(['hashmap']);
    expect(keywordTerms('律')).toEqual(['律']);
  });

  it('drops punctuation, spaces and stop words, unless nothing else is left', () => {
    expect(keywordTerms('关于安全生产的规定？')).toEqual(['关于', '安全', '生产', '规定']);
    expect(keywordTerms('TCP 协议, 三次握手')).toEqual(['tcp', '协议', '三次', '握手']);
    expect(keywordTerms('的')).toEqual(['的']);
    expect(keywordTerms('%%')).toEqual(['%%']);
  });

  it(`keeps at most ${MAX_TERMS} words`, () => {
    expect(keywordTerms('安全 生产 消防 设备 电气 操作 规程 应急 预案 培训')).toHaveLength(MAX_TERMS);
  });

  it('tells a keyword that matches as typed from one that matches word by word', () => {
    expect(isMultiTerm('安全', keywordTerms('安全'))).toBe(false);
    expect(isMultiTerm('HashMap', keywordTerms('HashMap'))).toBe(false);
    expect(isMultiTerm('消防设备', keywordTerms('消防设备'))).toBe(true);
    expect(isMultiTerm('100%', keywordTerms('100%'))).toBe(true);
  });
});
