/**
 * Competency rules (issue 16; the model is written down in docs/decisions.md "Positions and ability
 * models"): proficiency levels 1–5, the level an exam result reaches, a person's effective level from the
 * two sources (exam, manager rating), and the person–post match.
 */

export const MIN_ABILITY_LEVEL = 1;
export const MAX_ABILITY_LEVEL = 5;
export const ABILITY_LEVELS = [1, 2, 3, 4, 5] as const;

/** Default names of the five proficiency levels (an ability's own anchors may rename them). */
export const ABILITY_LEVEL_NAMES: Record<number, string> = {
  1: '入门',
  2: '初级',
  3: '中级',
  4: '高级',
  5: '专家',
};

/** The four default dimensions of a new organisation's library. */
export const DEFAULT_ABILITY_DIMENSIONS = ['专业知识', '专业技能', '通用素质', '领导力'] as const;

/** Required mastery of a knowledge point in a post's knowledge map. */
export const KNOWLEDGE_MASTERY: Record<number, string> = { 1: '了解', 2: '熟悉', 3: '掌握', 4: '精通' };

/**
 * Lowest score rate (percent of the points on an ability's questions) that reaches each level: below 40 %
 * is level 1, 40 % level 2, 60 % level 3, 75 % level 4, 90 % level 5.
 */
export const LEVEL_SCORE_RATES = [0, 40, 60, 75, 90] as const;

/** Weight of the exam when both an exam result and a manager rating exist (the rating has the rest). */
export const EXAM_SOURCE_WEIGHT = 0.7;

/** A model's weights are whole percents that sum to exactly this. */
export const MODEL_WEIGHT_TOTAL = 100;

/** Exam purposes whose results are recorded per ability (post and evaluation exams; not general or course ones). */
export const ABILITY_EXAM_PURPOSES = ['post', 'evaluation'] as const;

/** Whether an exam of this purpose records its results per ability. */
export function measuresAbilities(purpose: string): boolean {
  return (ABILITY_EXAM_PURPOSES as readonly string[]).includes(purpose);
}

/** The level a score rate (0–100) reaches; the boundary itself reaches the level (60 % → 3). */
export function levelFromScoreRate(rate: number): number {
  let level = MIN_ABILITY_LEVEL;
  LEVEL_SCORE_RATES.forEach((floor, index) => {
    if (rate >= floor) level = index + 1;
  });
  return level;
}

/** Percent of `max` earned, one decimal; 0 when nothing was available. */
export function scoreRate(score: number, max: number): number {
  if (max <= 0) return 0;
  return Math.round((Math.max(0, Math.min(score, max)) / max) * 1000) / 10;
}

export function isAbilityLevel(value: number): boolean {
  return Number.isInteger(value) && value >= MIN_ABILITY_LEVEL && value <= MAX_ABILITY_LEVEL;
}

/**
 * The level matching uses, one decimal: 70 % exam and 30 % rating when both exist, else whichever
 * exists; null when the ability was never measured.
 */
export function effectiveLevel(examLevel: number | null, ratingLevel: number | null): number | null {
  if (examLevel !== null && ratingLevel !== null) {
    return Math.round((examLevel * EXAM_SOURCE_WEIGHT + ratingLevel * (1 - EXAM_SOURCE_WEIGHT)) * 10) / 10;
  }
  return examLevel ?? ratingLevel;
}

/** Why a model's weights are refused, or null when they are whole, positive and sum to 100. */
export function modelWeightProblem(weights: readonly number[]): string | null {
  if (weights.length === 0) return null;
  if (weights.some((w) => !Number.isInteger(w) || w <= 0)) return '能力权重必须是正整数';
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total !== MODEL_WEIGHT_TOTAL) return `能力权重合计必须为 100%，当前为 ${total}%`;
  return null;
}

export interface ModelRequirement {
  abilityId: number;
  requiredLevel: number;
  weight: number;
}

export interface AbilityMatch {
  abilityId: number;
  requiredLevel: number;
  weight: number;
  /** The person's effective level; null when never measured (counts as 0). */
  level: number | null;
  /** Share of the requirement met, 0–1 (exceeding the requirement counts as 1). */
  fit: number;
  /** Levels missing to the requirement, one decimal; 0 when met. */
  gap: number;
  /** Points this ability adds to the match rate (weight × fit), one decimal. */
  contribution: number;
}

export interface PostMatch {
  /** 0–100, one decimal: Σ weight × fit over the model's weights. */
  matchRate: number;
  /** Abilities meeting their required level. */
  metCount: number;
  /** Abilities never measured. */
  unmeasuredCount: number;
  abilities: AbilityMatch[];
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** How well a person's levels (ability id → effective level) meet a post's model. */
export function matchPost(
  model: readonly ModelRequirement[],
  levels: ReadonlyMap<number, number | null>,
): PostMatch {
  const totalWeight = model.reduce((sum, r) => sum + r.weight, 0);
  let weightedFit = 0;
  const abilities = model.map((r): AbilityMatch => {
    const level = levels.get(r.abilityId) ?? null;
    const fit = level === null ? 0 : Math.min(level / r.requiredLevel, 1);
    weightedFit += r.weight * fit;
    return {
      abilityId: r.abilityId,
      requiredLevel: r.requiredLevel,
      weight: r.weight,
      level,
      fit: Math.round(fit * 1000) / 1000,
      gap: oneDecimal(Math.max(r.requiredLevel - (level ?? 0), 0)),
      contribution: totalWeight === 0 ? 0 : oneDecimal((r.weight * fit * 100) / totalWeight),
    };
  });
  return {
    matchRate: totalWeight === 0 ? 0 : oneDecimal((weightedFit * 100) / totalWeight),
    metCount: abilities.filter((a) => a.level !== null && a.level >= a.requiredLevel).length,
    unmeasuredCount: abilities.filter((a) => a.level === null).length,
    abilities,
  };
}

/** Match-rate bands shown on rankings and the portrait. */
export function matchBand(rate: number): '胜任' | '基本胜任' | '待提升' {
  if (rate >= 90) return '胜任';
  if (rate >= 70) return '基本胜任';
  return '待提升';
}
