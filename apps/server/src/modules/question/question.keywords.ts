// The words of a search keyword. Chinese has no spaces, so a keyword such as 消防设备 is segmented into
// the words a question must contain (消防, 设备) by jieba's search mode; the keyword as typed is the
// phrase that ranks first (see searchIn in question.service.ts).
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

let jieba: Jieba | undefined;

/** The segmenter, built on first use: its 5 MB dictionary takes about 0.4 s to load. */
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/** Words too common to narrow a search; dropped unless the keyword has nothing else. */
const STOP_WORDS = new Set([
  '的',
  '了',
  '是',
  '在',
  '和',
  '与',
  '及',
  '或',
  '之',
  '对',
  '把',
  '被',
  '等',
  '中',
  '为',
]);
/** A keyword of more words than this is cut to its first ones (each word is one index lookup). */
export const MAX_TERMS = 8;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The words a question's stem must all contain to match `keyword`, lower-cased: jieba's search-mode
 * words (a long word also yields its parts) without punctuation and stop words, keeping only the
 * smallest ones (消防设备 yields 消防, 设备 and 消防设备; the last adds nothing). A keyword that is a
 * single word yields itself.
 */
export function keywordTerms(keyword: string): string[] {
  const words = segmenter()
    .cutForSearch(keyword.trim(), false)
    .map((word) => word.trim().toLowerCase())
    .filter((word) => HAS_LETTER_OR_DIGIT.test(word));
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  const unique = [...new Set(meaningful.length > 0 ? meaningful : words)];
  const smallest = unique.filter((word) => !unique.some((other) => other !== word && word.includes(other)));
  return smallest.length > 0 ? smallest.slice(0, MAX_TERMS) : [keyword.trim().toLowerCase()];
}

/** Whether `keyword` matches more loosely than as a phrase, so that results are ranked. */
export function isMultiTerm(keyword: string, terms: readonly string[]): boolean {
  return !(terms.length === 1 && terms[0] === keyword.trim().toLowerCase());
}
