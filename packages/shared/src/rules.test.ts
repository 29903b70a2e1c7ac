import { describe, expect, it } from 'vitest';
import {
  bellTime,
  difficultyLabel,
  formatExamTime,
  formatScore,
  genderLabel,
  isBlank,
  isTrueAnswer,
  noticePageCount,
  optionLetter,
  relativeTime,
} from './rules';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);

describe('difficultyLabel', () => {
  it.each([
    [1, '简单'],
    [3, '简单'],
    [4, '中等'],
    [5, '中等'],
    [6, '困难'],
    [7, '困难'],
    [8, ''],
    [10, ''],
  ])('labels %i as %j', (d, label) => {
    expect(difficultyLabel(d)).toBe(label);
  });

  it('treats zero and negative as simple and NaN as empty', () => {
    expect(difficultyLabel(0)).toBe('简单');
    expect(difficultyLabel(-1)).toBe('简单');
    expect(difficultyLabel(Number.NaN)).toBe('');
  });
});

describe('isBlank', () => {
  it.each([null, undefined, '', ' ', '   ', '\t\n', '\u3000', '\r\n\t '])('treats %j as blank', (value) => {
    expect(isBlank(value)).toBe(true);
  });

  it.each(['a', ' a ', '\tx\n', '0', 0, false, [], {}])('treats %j as not blank', (value) => {
    expect(isBlank(value)).toBe(false);
  });
});

describe('isTrueAnswer', () => {
  it.each(['正确', '对', 'true', true, 'True', 'TRUE'])('accepts %j', (value) => {
    expect(isTrueAnswer(value)).toBe(true);
  });

  it.each([
    '错误',
    '错',
    'false',
    false,
    'yes',
    'Y',
    1,
    '1',
    'true ',
    ' true',
    'tRUE',
    ' 正确',
    '',
    null,
    undefined,
    {},
  ])('rejects %j', (value) => {
    expect(isTrueAnswer(value)).toBe(false);
  });
});

describe('relativeTime', () => {
  it.each([
    [0, '刚刚'],
    [59 * SECOND, '刚刚'],
    [60 * SECOND, '1分钟前'],
    [5 * MINUTE, '5分钟前'],
    [59 * MINUTE, '59分钟前'],
    [60 * MINUTE, '1小时前'],
    [23 * HOUR, '23小时前'],
    [24 * HOUR - 1, '23小时前'],
    [24 * HOUR, '1天前'],
    [29 * DAY, '29天前'],
    [30 * DAY, '1个月前'],
    [59 * DAY, '1个月前'],
    [60 * DAY, '2个月前'],
    [364 * DAY, '12个月前'],
    [365 * DAY, '1年前'],
    [2 * 365 * DAY, '2年前'],
  ])('shows %i ms ago as %s', (elapsed, text) => {
    expect(relativeTime(NOW - elapsed, NOW)).toBe(text);
  });

  it('treats future timestamps as just now', () => {
    expect(relativeTime(NOW + HOUR, NOW)).toBe('刚刚');
  });

  it('defaults now to the current time', () => {
    expect(relativeTime(Date.now() - 2 * HOUR)).toBe('2小时前');
  });
});

describe('bellTime', () => {
  it.each([
    [0, '刚刚'],
    [999, '刚刚'],
    [SECOND, '1秒前'],
    [59 * SECOND, '59秒前'],
    [60 * SECOND, '1分钟前'],
    [59 * MINUTE, '59分钟前'],
    [60 * MINUTE, '1小时前'],
    [23 * HOUR, '23小时前'],
    [24 * HOUR, '1天前'],
    [6 * DAY, '6天前'],
    [7 * DAY, '1周前'],
    [29 * DAY, '4周前'],
    [30 * DAY, '1个月前'],
    [364 * DAY, '12个月前'],
    [365 * DAY, '1年前'],
    [3 * 365 * DAY, '3年前'],
  ])('shows %i ms ago as %s', (elapsed, text) => {
    expect(bellTime(NOW - elapsed, NOW)).toBe(text);
  });

  it('treats future timestamps as just now', () => {
    expect(bellTime(NOW + MINUTE, NOW)).toBe('刚刚');
  });
});

describe('formatExamTime', () => {
  it.each([
    [0, '0分钟'],
    [1, '1分钟'],
    [0.5, '30秒'],
    [1.5, '1分钟30秒'],
    [59, '59分钟'],
    [60, '1小时'],
    [61, '1小时1分钟'],
    [90, '1小时30分钟'],
    [120, '2小时'],
    [1439, '23小时59分钟'],
    [1440, '1天'],
    [1441, '1天1分钟'],
    [1500, '1天1小时'],
    [1500.25, '1天1小时15秒'],
    [2 * 1440 + 3 * 60 + 4 + 5 / 60, '2天3小时4分钟5秒'],
  ])('formats %f minutes as %s', (minutes, text) => {
    expect(formatExamTime(minutes)).toBe(text);
  });

  it('rounds to whole seconds', () => {
    expect(formatExamTime(1 / 120)).toBe('1秒');
    expect(formatExamTime(1 / 1000)).toBe('0分钟');
  });

  it.each([-5, Number.NaN, Number.POSITIVE_INFINITY])('gives 0分钟 for %f', (minutes) => {
    expect(formatExamTime(minutes)).toBe('0分钟');
  });
});

describe('formatScore', () => {
  it.each([
    [85, '85.0'],
    [72.5, '72.5'],
    [0, '0.0'],
    [100, '100.0'],
    [59.94, '59.9'],
    [59.96, '60.0'],
    [-3, '-3.0'],
  ])('formats %f as %s', (n, text) => {
    expect(formatScore(n)).toBe(text);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('shows %s as -', (n) => {
    expect(formatScore(n)).toBe('-');
  });
});

describe('noticePageCount', () => {
  it.each([
    [0, 0],
    [1, 1],
    [4, 1],
    [5, 1],
    [6, 2],
    [10, 2],
    [11, 3],
  ])('has %i notices on %i pages', (total, pages) => {
    expect(noticePageCount(total)).toBe(pages);
  });

  it('accepts another page size', () => {
    expect(noticePageCount(21, 10)).toBe(3);
  });

  it('gives 0 for negative or invalid totals and rejects a non-positive page size', () => {
    expect(noticePageCount(-1)).toBe(0);
    expect(noticePageCount(Number.NaN)).toBe(0);
    expect(() => noticePageCount(10, 0)).toThrow(RangeError);
  });
});

describe('optionLetter', () => {
  it.each([
    [0, 'A'],
    [1, 'B'],
    [25, 'Z'],
    [26, 'AA'],
    [27, 'AB'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('maps %i to %s', (index, letter) => {
    expect(optionLetter(index)).toBe(letter);
  });

  it.each([-1, 1.5, Number.NaN])('rejects %f', (index) => {
    expect(() => optionLetter(index)).toThrow(RangeError);
  });
});

describe('genderLabel', () => {
  it('shows true as 男 and anything else as 女', () => {
    expect(genderLabel(true)).toBe('男');
    expect(genderLabel(false)).toBe('女');
    expect(genderLabel(null)).toBe('女');
    expect(genderLabel(1)).toBe('女');
  });
});
