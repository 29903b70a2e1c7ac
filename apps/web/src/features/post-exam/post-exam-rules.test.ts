import { describe, expect, it } from 'vitest';
import { initialTypeRules, metText } from './post-exam-rules';
import type { CandidateResult, PostModel, ResultAbility } from './api';

const ability = (abilityId: number, typeCounts: [number, number][]) => ({
  abilityId,
  name: `能力${abilityId}`,
  dimensionName: '专业知识',
  requiredLevel: 3,
  weight: 50,
  targetDifficulty: 5,
  questionCount: typeCounts.reduce((sum, [, count]) => sum + count, 0),
  typeCounts: typeCounts.map(([type, count]) => ({ type, label: '', count })),
});

describe('post paper rules', () => {
  it('starts from the supply over all abilities: half of each type, at most 10, types in order', () => {
    const model: PostModel = {
      postId: 1,
      name: '岗位',
      problem: null,
      abilities: [
        ability(1, [
          [1, 15],
          [0, 3],
          [4, 1],
        ]),
        ability(2, [
          [1, 9],
          [0, 2],
        ]),
      ],
    };
    expect(initialTypeRules(model)).toEqual([
      { type: 0, count: 2, points: 2 },
      { type: 1, count: 10, points: 5 },
    ]);
  });

  it('falls back to ten single choice questions when nothing is on offer', () => {
    expect(initialTypeRules({ postId: 1, name: '岗位', problem: '无', abilities: [] })).toEqual([
      { type: 1, count: 10, points: 5 },
    ]);
  });

  it('counts met abilities over those with a requirement, or a dash without results', () => {
    const abilities = [
      { requiredLevel: 3 },
      { requiredLevel: null },
      { requiredLevel: 2 },
    ] as ResultAbility[];
    const candidate = { metCount: 1, abilities: [{}] } as CandidateResult;
    expect(metText(candidate, abilities)).toBe('1 / 2');
    expect(metText({ ...candidate, abilities: [] }, abilities)).toBe('-');
  });
});
