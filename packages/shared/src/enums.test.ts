import { describe, expect, it } from 'vitest';
import {
  PAPER_DIFFICULTY_LABELS,
  PaperDifficulty,
  PaperType,
  QUESTION_TYPES,
  QuestionType,
  TagType,
  UserStatus,
  fromReadingB,
  isPaperDifficulty,
  isQuestionType,
  paperDifficultyLabel,
  paperTypeLabel,
  tagTypeLabel,
  userStatusLabel,
} from './enums';
import { questionTypeLabel } from './question-kinds';

describe('QuestionType (reading A)', () => {
  it('uses the canonical numbering', () => {
    expect(QuestionType).toEqual({ TRUE_FALSE: 0, SINGLE: 1, MULTIPLE: 2, FILL: 3, SHORT: 4, CODE: 5 });
    expect(QUESTION_TYPES).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it.each([
    [0, '判断题'],
    [1, '单选题'],
    [2, '多选题'],
    [3, '填空题'],
    [4, '简答题'],
    [5, '编程题'],
  ])('labels type %i as %s', (type, label) => {
    expect(questionTypeLabel(type)).toBe(label);
  });

  it.each([-1, 6, 9, 1.5, Number.NaN])('labels unknown type %s as 默认大题', (type) => {
    expect(questionTypeLabel(type)).toBe('默认大题');
  });

  it('recognises canonical types only', () => {
    expect(isQuestionType(3)).toBe(true);
    expect(isQuestionType(6)).toBe(false);
    expect(isQuestionType('3')).toBe(false);
  });
});

describe('fromReadingB', () => {
  it.each([
    [0, QuestionType.SINGLE],
    [1, QuestionType.MULTIPLE],
    [2, QuestionType.TRUE_FALSE],
    [3, QuestionType.FILL],
    [4, QuestionType.CODE],
    [5, QuestionType.SHORT],
  ])('maps reading-B %i to canonical %i', (b, canonical) => {
    expect(fromReadingB(b)).toBe(canonical);
  });

  it('maps reading B onto all six canonical types exactly once', () => {
    expect([0, 1, 2, 3, 4, 5].map(fromReadingB).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it.each([6, -1, 2.5, Number.NaN])('rejects unknown value %s with a Chinese message', (b) => {
    expect(() => fromReadingB(b)).toThrow(/未知的旧版题型编号/);
  });
});

describe('TagType', () => {
  it('has the spec numbering and labels', () => {
    expect(TagType).toEqual({ QUESTION_BANK: 1, QUESTION: 2, POST: 3, USER: 4, ORGANIZATION: 5, COURSE: 6 });
    expect([1, 2, 3, 4, 5, 6].map(tagTypeLabel)).toEqual(['题库', '试题', '岗位', '用户', '组织', '课程']);
  });

  it('gives an empty label for unknown values', () => {
    expect(tagTypeLabel(0)).toBe('');
    expect(tagTypeLabel(7)).toBe('');
  });
});

describe('PaperType', () => {
  it('has the spec numbering', () => {
    expect(PaperType).toEqual({ MANUAL: 0, POST_RANDOM: 4, POST_AUTO: 6, POST_JOB: 9 });
  });

  it('labels each type distinctly and unknown ones as empty', () => {
    const labels = [0, 4, 6, 9].map(paperTypeLabel);
    expect(labels.every((label) => label.length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(4);
    expect(paperTypeLabel(1)).toBe('');
    expect(paperTypeLabel(10)).toBe('');
  });
});

describe('PaperDifficulty', () => {
  it('lists SIMPLE, MEDIUM, HARD with Chinese labels', () => {
    expect(PaperDifficulty).toEqual(['SIMPLE', 'MEDIUM', 'HARD']);
    expect(PAPER_DIFFICULTY_LABELS).toEqual({ SIMPLE: '简单', MEDIUM: '中等', HARD: '困难' });
    expect(paperDifficultyLabel('MEDIUM')).toBe('中等');
  });

  it('rejects other strings', () => {
    expect(isPaperDifficulty('simple')).toBe(false);
    expect(paperDifficultyLabel('EASY')).toBe('');
  });
});

describe('UserStatus', () => {
  it('labels active and left staff', () => {
    expect(UserStatus).toEqual({ ACTIVE: 0, LEFT: 1 });
    expect(userStatusLabel(UserStatus.ACTIVE)).toBe('在职');
    expect(userStatusLabel(UserStatus.LEFT)).toBe('离职');
    expect(userStatusLabel(2)).toBe('');
  });
});
