import { describe, expect, it } from 'vitest';
import { QuestionType } from './enums';
import {
  DEFAULT_SECTION_NAME,
  distributionCounts,
  isPicked,
  moveQuestion,
  moveSection,
  paperDifficultyOf,
  paperTotals,
  questionDifficultyLevel,
  questionTotals,
  roundPoints,
  setPoints,
  togglePick,
  type PaperDraft,
} from './paper';

const empty: PaperDraft = { name: '试卷', sectionVOS: [] };
const single = (questionId: number, difficulty = 5) => ({
  questionId,
  questionType: QuestionType.SINGLE,
  difficulty,
});

describe('togglePick (spec §4)', () => {
  it('the first pick creates the default section with 10 points', () => {
    const paper = togglePick(empty, single(1));
    expect(paper.sectionVOS).toEqual([
      {
        name: DEFAULT_SECTION_NAME,
        questionVOS: [{ questionId: 1, questionType: 1, difficulty: 5, points: 10 }],
      },
    ]);
    expect(DEFAULT_SECTION_NAME).toBe('默认大题');
  });

  it('later picks go to the last section, or the chosen one', () => {
    let paper = togglePick(empty, single(1));
    paper = { ...paper, sectionVOS: [...paper.sectionVOS, { name: '第二部分', questionVOS: [] }] };
    paper = togglePick(paper, single(2));
    paper = togglePick(paper, single(3), { sectionIndex: 0 });
    expect(paper.sectionVOS.map((s) => s.questionVOS.map((q) => q.questionId))).toEqual([[1, 3], [2]]);
  });

  it('picking a selected question again deselects it and keeps the sections', () => {
    let paper = togglePick(empty, single(1));
    paper = togglePick(paper, single(2));
    paper = togglePick(paper, single(1));
    expect(isPicked(paper, 1)).toBe(false);
    expect(paper.sectionVOS).toHaveLength(1);
    expect(paper.sectionVOS[0]?.questionVOS.map((q) => q.questionId)).toEqual([2]);
  });

  it('classify-by-type uses the section named after the type label, creating it when missing', () => {
    let paper = togglePick(empty, single(1), { classifyByType: true });
    paper = togglePick(
      paper,
      { questionId: 2, questionType: QuestionType.TRUE_FALSE },
      { classifyByType: true },
    );
    paper = togglePick(paper, single(3), { classifyByType: true });
    paper = togglePick(paper, { questionId: 4, questionType: 42 }, { classifyByType: true });
    expect(paper.sectionVOS.map((s) => [s.name, s.questionVOS.map((q) => q.questionId)])).toEqual([
      ['单选题', [1, 3]],
      ['判断题', [2]],
      ['默认大题', [4]],
    ]);
  });

  it('keeps given points rounded to one decimal and never mutates the input', () => {
    const before = togglePick(empty, single(1));
    const snapshot = JSON.stringify(before);
    const after = togglePick(before, { ...single(2), points: 2.26 });
    expect(JSON.stringify(before)).toBe(snapshot);
    expect(after.sectionVOS[0]?.questionVOS[1]?.points).toBe(2.3);
  });
});

describe('points, moves and totals', () => {
  const built = [
    single(1, 2),
    single(2, 4),
    { questionId: 3, questionType: QuestionType.SHORT, difficulty: 9 },
  ].reduce((paper, q) => togglePick(paper, q, { classifyByType: true }), empty);

  it('setPoints rounds and refuses non-positive points', () => {
    const paper = setPoints(built, 3, 15.55);
    expect(paper.sectionVOS[1]?.questionVOS[0]?.points).toBe(15.6);
    expect(() => setPoints(built, 3, 0)).toThrow('分值必须大于 0');
    expect(roundPoints(0.05)).toBe(0.1);
  });

  it('moves sections and questions', () => {
    expect(moveSection(built, 1, 0).sectionVOS.map((s) => s.name)).toEqual(['简答题', '单选题']);
    const moved = moveQuestion(
      built,
      { sectionIndex: 0, questionIndex: 1 },
      { sectionIndex: 1, questionIndex: 0 },
    );
    expect(moved.sectionVOS.map((s) => s.questionVOS.map((q) => q.questionId))).toEqual([[1], [2, 3]]);
    const within = moveQuestion(
      built,
      { sectionIndex: 0, questionIndex: 1 },
      { sectionIndex: 0, questionIndex: 0 },
    );
    expect(within.sectionVOS[0]?.questionVOS.map((q) => q.questionId)).toEqual([2, 1]);
  });

  it('totals: count, score, type mix with zeros, average difficulty and paper difficulty', () => {
    const totals = paperTotals(setPoints(built, 3, 20));
    expect(totals.questionCount).toBe(3);
    expect(totals.totalScore).toBe(40);
    expect(totals.typeMix).toHaveLength(6);
    expect(totals.typeMix.find((m) => m.type === QuestionType.SINGLE)).toEqual({
      type: 1,
      label: '单选题',
      count: 2,
      points: 20,
    });
    expect(totals.typeMix.find((m) => m.type === QuestionType.CODE)?.count).toBe(0);
    expect(totals.averageDifficulty).toBe(5);
    expect(totals.difficulty).toBe('MEDIUM');
  });

  it('sums one-decimal points exactly and reports unknown types after the six', () => {
    const totals = questionTotals([
      { questionType: 1, points: 0.1 },
      { questionType: 1, points: 0.2 },
      { questionType: 77, points: 1.1 },
    ]);
    expect(totals.totalScore).toBe(1.4);
    expect(totals.typeMix.at(-1)).toEqual({ type: 77, label: '默认大题', count: 1, points: 1.1 });
    expect(totals.averageDifficulty).toBeNull();
    expect(totals.difficulty).toBeNull();
    expect(paperTotals(empty).totalScore).toBe(0);
  });

  it.each([
    [1, 'SIMPLE'],
    [3.49, 'SIMPLE'],
    [3.5, 'MEDIUM'],
    [5.49, 'MEDIUM'],
    [5.5, 'HARD'],
    [10, 'HARD'],
  ])('average %s is %s', (avg, level) => {
    expect(paperDifficultyOf(avg)).toBe(level);
  });

  it('question levels follow the label thresholds, 8–10 counting as HARD', () => {
    expect([1, 3, 4, 5, 6, 7, 8, 10].map(questionDifficultyLevel)).toEqual([
      'SIMPLE',
      'SIMPLE',
      'MEDIUM',
      'MEDIUM',
      'HARD',
      'HARD',
      'HARD',
      'HARD',
    ]);
  });
});

describe('distributionCounts', () => {
  it('turns percentages into counts by largest remainder', () => {
    expect(distributionCounts(10, { SIMPLE: 33.3, MEDIUM: 33.3, HARD: 33.4 })).toEqual({
      SIMPLE: 3,
      MEDIUM: 3,
      HARD: 4,
    });
    expect(distributionCounts(7, { SIMPLE: 50, MEDIUM: 50, HARD: 0 })).toEqual({
      SIMPLE: 4,
      MEDIUM: 3,
      HARD: 0,
    });
  });
});
