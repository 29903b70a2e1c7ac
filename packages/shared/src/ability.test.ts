import { describe, expect, it } from 'vitest';
import {
  effectiveLevel,
  isAbilityLevel,
  levelFromScoreRate,
  matchBand,
  matchPost,
  modelWeightProblem,
  scoreRate,
} from './ability';

describe('levelFromScoreRate', () => {
  it('reaches a level exactly at its floor and not below it', () => {
    expect(levelFromScoreRate(0)).toBe(1);
    expect(levelFromScoreRate(39.9)).toBe(1);
    expect(levelFromScoreRate(40)).toBe(2);
    expect(levelFromScoreRate(59.9)).toBe(2);
    expect(levelFromScoreRate(60)).toBe(3);
    expect(levelFromScoreRate(74.9)).toBe(3);
    expect(levelFromScoreRate(75)).toBe(4);
    expect(levelFromScoreRate(89.9)).toBe(4);
    expect(levelFromScoreRate(90)).toBe(5);
    expect(levelFromScoreRate(100)).toBe(5);
  });
});

describe('scoreRate', () => {
  it('is a one-decimal percent, clamped, and 0 with nothing available', () => {
    expect(scoreRate(2, 3)).toBe(66.7);
    expect(scoreRate(5, 4)).toBe(100);
    expect(scoreRate(-1, 4)).toBe(0);
    expect(scoreRate(3, 0)).toBe(0);
  });
});

describe('isAbilityLevel', () => {
  it('admits whole levels 1–5 only', () => {
    expect([0, 1, 5, 6, 2.5].map(isAbilityLevel)).toEqual([false, true, true, false, false]);
  });
});

describe('effectiveLevel', () => {
  it('weighs the exam 70 % and the rating 30 % when both exist', () => {
    expect(effectiveLevel(4, 2)).toBe(3.4);
    expect(effectiveLevel(3, 3)).toBe(3);
  });
  it('takes the one source there is, or null', () => {
    expect(effectiveLevel(null, 4)).toBe(4);
    expect(effectiveLevel(2, null)).toBe(2);
    expect(effectiveLevel(null, null)).toBeNull();
  });
});

describe('modelWeightProblem', () => {
  it('accepts whole positive weights summing to 100, and an empty model', () => {
    expect(modelWeightProblem([40, 30, 30])).toBeNull();
    expect(modelWeightProblem([])).toBeNull();
  });
  it('names the total when it is not 100', () => {
    expect(modelWeightProblem([40, 30, 29])).toBe('能力权重合计必须为 100%，当前为 99%');
    expect(modelWeightProblem([60, 41])).toContain('101%');
  });
  it('refuses zero, negative and fractional weights', () => {
    expect(modelWeightProblem([100, 0])).toBe('能力权重必须是正整数');
    expect(modelWeightProblem([110, -10])).toBe('能力权重必须是正整数');
    expect(modelWeightProblem([50.5, 49.5])).toBe('能力权重必须是正整数');
  });
});

describe('matchPost', () => {
  const model = [
    { abilityId: 1, requiredLevel: 4, weight: 50 },
    { abilityId: 2, requiredLevel: 3, weight: 30 },
    { abilityId: 3, requiredLevel: 2, weight: 20 },
  ];

  it('is 100 when every requirement is met or exceeded', () => {
    const match = matchPost(
      model,
      new Map([
        [1, 4],
        [2, 5],
        [3, 2],
      ]),
    );
    expect(match.matchRate).toBe(100);
    expect(match.metCount).toBe(3);
    expect(match.abilities.map((a) => a.gap)).toEqual([0, 0, 0]);
  });

  it('weighs each ability by its share of the requirement met', () => {
    // 50 × 2/4 + 30 × 3/3 + 20 × 0 (never measured) = 55
    const match = matchPost(
      model,
      new Map([
        [1, 2],
        [2, 3],
      ]),
    );
    expect(match.matchRate).toBe(55);
    expect(match.unmeasuredCount).toBe(1);
    expect(match.metCount).toBe(1);
    expect(match.abilities[0]).toMatchObject({ level: 2, fit: 0.5, gap: 2, contribution: 25 });
    expect(match.abilities[2]).toMatchObject({ level: null, fit: 0, gap: 2, contribution: 0 });
  });

  it('counts a level exactly at the requirement as met', () => {
    const match = matchPost([{ abilityId: 1, requiredLevel: 3, weight: 100 }], new Map([[1, 3]]));
    expect(match.metCount).toBe(1);
    expect(match.matchRate).toBe(100);
  });

  it('handles fractional effective levels with one decimal', () => {
    const match = matchPost([{ abilityId: 1, requiredLevel: 4, weight: 100 }], new Map([[1, 3.4]]));
    expect(match.matchRate).toBe(85);
    expect(match.abilities[0]?.gap).toBe(0.6);
  });

  it('is 0 for an empty model', () => {
    expect(matchPost([], new Map()).matchRate).toBe(0);
  });
});

describe('matchBand', () => {
  it('bands at 90 and 70 inclusive', () => {
    expect([90, 89.9, 70, 69.9].map(matchBand)).toEqual(['胜任', '基本胜任', '基本胜任', '待提升']);
  });
});
