import type { CandidateResult, PostModel, ResultAbility } from './api';

/** Pure helpers of the post-exam pages (unit-tested). */

export interface TypeRuleValue {
  type: number;
  count: number;
  points: number;
}

/**
 * Starting type rules of a post paper from the model's question supply: each type on offer (at least
 * two questions over the abilities), about half of it and at most 10; true/false 2 points, others 5.
 */
export function initialTypeRules(model: PostModel): TypeRuleValue[] {
  const supply = new Map<number, number>();
  for (const ability of model.abilities)
    for (const t of ability.typeCounts) supply.set(t.type, (supply.get(t.type) ?? 0) + t.count);
  const rules = [...supply.entries()]
    .filter(([, count]) => count >= 2)
    .sort(([a], [b]) => a - b)
    .map(([type, count]) => ({
      type,
      count: Math.min(10, Math.floor(count / 2)),
      points: type === 0 ? 2 : 5,
    }));
  return rules.length > 0 ? rules.slice(0, 6) : [{ type: 1, count: 10, points: 5 }];
}

/** "met / required" of a candidate: abilities at or above the requirement over abilities with one. */
export function metText(candidate: CandidateResult, abilities: ResultAbility[]): string {
  if (candidate.abilities.length === 0) return '-';
  return `${candidate.metCount} / ${abilities.filter((a) => a.requiredLevel !== null).length}`;
}
