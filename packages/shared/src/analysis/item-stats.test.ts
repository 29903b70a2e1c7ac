import { describe, expect, it } from 'vitest';
import {
  analyseItems,
  histogram,
  itemAcrossExams,
  reliability,
  scoreGroups,
  summariseScores,
  type ItemCell,
  type ItemMatrix,
} from './item-stats';

const cell = (score: number, choices: number[] | null = null, blank = false): ItemCell => ({
  score,
  choices,
  blank,
});
const spec = (questionId: number, maxPoints = 1) => ({ questionId, maxPoints, options: null });

/*
 * Five candidates × three right/wrong questions of one point:
 *
 *        Q1 Q2 Q3  total
 *   A     1  1  1   3
 *   B     1  1  0   2
 *   C     1  0  1   2
 *   D     0  1  0   1
 *   E     0  0  0   0
 *
 * 27 % of 5 = 1.35 → groups of one: upper A, lower E.
 * p: Q1 3/5 = .6, Q2 .6, Q3 2/5 = .4; each question: upper 1 − lower 0 = D 1.
 * Q1 point-biserial with total: x = 11100 (mean .6), y = 3,2,2,1,0 (mean 1.6);
 *   Σdxdy = .56+.16+.16+.36+.96 = 2.2, Σdx² = 1.2, Σdy² = 5.2 → r = 2.2/√6.24 = .88071.
 * Q1 corrected: rest = 2,1,1,1,0 (mean 1) → Σdxdy = .4+.6 = 1, Σdy² = 2 → r = 1/√2.4 = .64550.
 * Q3: x = 10100 (mean .4): Σdxdy = .84−.16+.24+.24+.64 = 1.8 → r = 1.8/√6.24 = .72058.
 * KR-20: Σpq = .24·3 = .72, total variance 5.2/5 = 1.04 → 3/2·(1 − .72/1.04) = .461538.
 * SEM = √1.04 · √(1 − .461538) = √.56 = .748331.
 */
const fiveByThree: ItemMatrix = {
  items: [spec(1), spec(2), spec(3)],
  rows: [
    [cell(1), cell(1), cell(1)],
    [cell(1), cell(1), cell(0)],
    [cell(1), cell(0), cell(1)],
    [cell(0), cell(1), cell(0)],
    [cell(0), cell(0), cell(0, null, true)],
  ],
};

describe('analyseItems: a 5 × 3 right/wrong matrix computed by hand', () => {
  const result = analyseItems(fiveByThree);

  it('finds facility, the upper–lower index and the blank rate', () => {
    expect(result.n).toBe(5);
    expect(result.groupSize).toBe(1);
    expect(result.items.map((i) => i.p)).toEqual([0.6, 0.6, 0.4]);
    expect(result.items.map((i) => i.discrimination)).toEqual([1, 1, 1]);
    expect(result.items[2]?.blankRate).toBeCloseTo(0.2, 10);
    expect(result.items[0]?.blankRate).toBe(0);
  });

  it('correlates each question with the total and with the rest', () => {
    expect(result.items[0]?.pointBiserial).toBeCloseTo(0.88071, 4);
    expect(result.items[0]?.correctedItemTotal).toBeCloseTo(0.6455, 4);
    expect(result.items[2]?.pointBiserial).toBeCloseTo(0.72058, 4);
  });

  it('gives KR-20 and the standard error of measurement', () => {
    expect(result.reliability?.method).toBe('KR-20');
    expect(result.reliability?.value).toBeCloseTo(0.461538, 5);
    expect(result.reliability?.n).toBe(5);
    expect(result.totalSd).toBeCloseTo(Math.sqrt(1.04), 10);
    expect(result.sem).toBeCloseTo(0.748331, 5);
  });

  it('flags none of these well-behaved questions', () => {
    expect(result.items.map((i) => i.flags)).toEqual([[], [], []]);
  });
});

/*
 * The same five with a fourth question, a 单选 keyed A (options A–D) that the strong candidates answer B:
 *   A: B (0)  B: B (0)  C: A (1)  D: A (1)  E: A (1)
 * Totals 3, 2, 3, 2, 1 → upper A (first of the tied 3s), lower E.
 * Q4: p = 3/5 = .6, upper 0 − lower 1 = D −1 → negative discrimination; C and D chosen by nobody.
 * Option A: C, D (middle) and E (lower) → 3 = 0 / 2 / 1; option B: A (upper), B (middle) → 2 = 1 / 1 / 0.
 */
describe('analyseItems: a miskeyed question', () => {
  const options = [{ correct: true }, { correct: false }, { correct: false }, { correct: false }];
  const picks = [1, 1, 0, 0, 0];
  const matrix: ItemMatrix = {
    items: [...fiveByThree.items, { questionId: 4, maxPoints: 1, options }],
    rows: fiveByThree.rows.map((row, i) => [...row, cell(picks[i] === 0 ? 1 : 0, [picks[i] as number])]),
  };
  const q4 = analyseItems(matrix).items[3];

  it('finds negative discrimination and the unpicked distractors', () => {
    expect(q4?.p).toBe(0.6);
    expect(q4?.discrimination).toBe(-1);
    expect(q4?.flags).toEqual(['negative_discrimination', 'unused_distractor']);
  });

  it('counts each option by score group', () => {
    expect(q4?.options?.map((o) => [o.label, o.correct, o.count, o.upper, o.middle, o.lower])).toEqual([
      ['A', true, 3, 0, 2, 1],
      ['B', false, 2, 1, 1, 0],
      ['C', false, 0, 0, 0, 0],
      ['D', false, 0, 0, 0, 0],
    ]);
    expect(q4?.options?.[1]?.share).toBeCloseTo(0.4, 10);
  });
});

describe('reliability', () => {
  /*
   * Two questions of 2 points: rows (2,1) (1,1) (0,0).
   * Item variances: Q1 2,1,0 → 2/3; Q2 1,1,0 → 2/9. Totals 3,2,0 → variance 14/9.
   * alpha = 2 · (1 − (8/9)/(14/9)) = 6/7.
   */
  it("uses Cronbach's alpha when questions have partial scores", () => {
    const rel = reliability({
      items: [spec(1, 2), spec(2, 2)],
      rows: [
        [cell(2), cell(1)],
        [cell(1), cell(1)],
        [cell(0), cell(0)],
      ],
    });
    expect(rel?.method).toBe('alpha');
    expect(rel?.value).toBeCloseTo(6 / 7, 10);
  });

  it('leaves out candidates whose paper lacked a question, and needs two of them', () => {
    const items = [spec(1), spec(2)];
    // Two complete rows (1,1) and (0,0): item variances 1/4 each, total variance 1 → 2·(1 − 1/2) = 1.
    const rel = reliability({
      items,
      rows: [
        [cell(1), null],
        [cell(1), cell(1)],
        [cell(0), cell(0)],
      ],
    });
    expect(rel).toEqual({ method: 'KR-20', value: 1, n: 2 });
    expect(
      reliability({
        items,
        rows: [
          [cell(1), null],
          [cell(1), cell(1)],
        ],
      }),
    ).toBeNull();
  });
});

describe('scoreGroups', () => {
  it('takes 27 % rounded, at least one, at most half', () => {
    expect(scoreGroups([5, 4, 3, 2, 1, 0, 6, 7, 8, 9]).size).toBe(3);
    expect(scoreGroups([1, 0]).groups).toEqual(['upper', 'lower']);
    expect(scoreGroups([1]).size).toBe(0);
  });
});

describe('summariseScores and histogram', () => {
  it('gives mean, median, SD and pass rate', () => {
    const s = summariseScores([3, 2, 2, 1, 0], 2);
    expect(s.mean).toBeCloseTo(1.6, 10);
    expect(s.median).toBe(2);
    expect(s.sd).toBeCloseTo(Math.sqrt(1.04), 10);
    expect(s.passRate).toBeCloseTo(0.6, 10);
    expect(summariseScores([4, 1, 3, 2], 5)).toMatchObject({ median: 2.5, passCount: 0, min: 1, max: 4 });
    expect(summariseScores([], 1)).toMatchObject({ mean: null, passRate: null });
  });

  it('puts the full score in the last band', () => {
    expect(histogram([3, 2, 2, 1, 0], 3, 3).map((b) => b.count)).toEqual([1, 1, 3]);
  });
});

describe('itemAcrossExams', () => {
  it('weights each exam by its candidates and skips unused ones', () => {
    // p = (.5·100 + .7·300)/400 = .65, D = (.3·100 + .1·300)/400 = .15.
    const pooled = itemAcrossExams([
      { examId: 1, n: 100, p: 0.5, discrimination: 0.3 },
      { examId: 2, n: 300, p: 0.7, discrimination: 0.1 },
      { examId: 3, n: 0, p: null, discrimination: null },
    ]);
    expect(pooled.usage).toBe(2);
    expect(pooled.n).toBe(400);
    expect(pooled.p).toBeCloseTo(0.65, 10);
    expect(pooled.discrimination).toBeCloseTo(0.15, 10);
  });
});
