/**
 * Psychological scales (issue 21, spec §2 pmt/list, exam/mental, exam/psy_result): the Likert item kind
 * and the pure scoring rules — reverse keys, sum or mean per dimension, norms (T score, percentile) and
 * level bands with their interpretation texts.
 *
 * The Likert item (量表题) is a kind for scales only. It is deliberately not one of the exam question
 * kinds (`questionKinds`, `QuestionType`): it has no right answer, so it can never enter a question bank,
 * an exam paper or an exam's grading.
 */

/** The Likert item kind: what the scale editor, the learner's screen and the scoring share. */
export const LIKERT_ITEM_KIND = {
  label: '量表题',
  /** Fewest and most answer points on a Likert item (2 = yes/no, 5 and 7 the usual). */
  minPoints: 2,
  maxPoints: 11,
} as const;

export type ScoringMethod = 'sum' | 'mean';
export const SCORING_METHOD_LABELS: Record<ScoringMethod, string> = { sum: '求和', mean: '平均' };

/** A level band on a dimension's score, `min` ≤ score ≤ `max`, with what it means for the person. */
export interface LevelBand {
  min: number;
  max: number;
  label: string;
  interpretation: string;
}

/** Published norms of a dimension's score (a reference group's mean and standard deviation). */
export interface DimensionNorm {
  mean: number;
  sd: number;
}

export interface ScaleDimension {
  key: string;
  name: string;
  method: ScoringMethod;
  description?: string | null | undefined;
  norm?: DimensionNorm | null | undefined;
  levels: LevelBand[];
}

export interface LikertItem {
  /** The item's number on the scale, from 1. */
  no: number;
  stem: string;
  /** The key of the dimension it measures. */
  dimension: string;
  /** Reverse-keyed: an answer of k counts as (points + 1 − k). */
  reverse: boolean;
}

/** Everything a scale's scoring needs; frozen into a mental exam when it is scheduled. */
export interface ScaleDefinition {
  /** Answer points per item: answers run from 1 to `points`. */
  points: number;
  /** One label per point, from 1 up. */
  optionLabels: string[];
  dimensions: ScaleDimension[];
  items: LikertItem[];
}

/** A person's answers: item number → chosen point (1..points). */
export type LikertAnswers = Record<number, number>;

export interface DimensionScore {
  key: string;
  name: string;
  method: ScoringMethod;
  /** Sum, or mean rounded to two decimals, of the keyed answers. */
  score: number;
  /** Lowest and highest score the dimension can take. */
  min: number;
  max: number;
  itemCount: number;
  /** T score (50 + 10z) and percentile (0–100) against the norm; null without a norm. */
  tScore: number | null;
  percentile: number | null;
  level: string | null;
  interpretation: string | null;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The keyed value of one answer: reversed items count (points + 1 − answer). */
export function keyedValue(answer: number, points: number, reverse: boolean): number {
  return reverse ? points + 1 - answer : answer;
}

/** Whether `value` is an answer of a `points`-point item. */
export function isLikertAnswer(value: unknown, points: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= points;
}

/** Items of the scale still unanswered, by number. */
export function unansweredItems(definition: ScaleDefinition, answers: LikertAnswers): number[] {
  return definition.items
    .filter((item) => !isLikertAnswer(answers[item.no], definition.points))
    .map((item) => item.no);
}

/** The standard normal distribution function (Abramowitz–Stegun 26.2.17, error < 7.5e-8). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const density = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
  const tail =
    density *
    t *
    (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? 1 - tail : tail;
}

/** The band a score falls in; a score between two bands (a mean of 2.55 between 2.5 and 2.6) takes the lower one. */
export function levelOf(levels: readonly LevelBand[], score: number): LevelBand | null {
  const sorted = [...levels].sort((a, b) => a.min - b.min);
  const exact = sorted.find((band) => score >= band.min && score <= band.max);
  if (exact) return exact;
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last || score < first.min || score > last.max) return null;
  return sorted.filter((band) => band.min <= score).pop() ?? null;
}

/** One dimension's score from a complete set of answers. */
export function scoreDimension(
  definition: ScaleDefinition,
  dimension: ScaleDimension,
  answers: LikertAnswers,
): DimensionScore {
  const items = definition.items.filter((item) => item.dimension === dimension.key);
  const keyed = items.map((item) => keyedValue(answers[item.no] ?? 0, definition.points, item.reverse));
  const sum = keyed.reduce((total, value) => total + value, 0);
  const count = items.length;
  const isMean = dimension.method === 'mean';
  const score = isMean ? (count === 0 ? 0 : round2(sum / count)) : sum;
  const min = isMean ? 1 : count;
  const max = isMean ? definition.points : count * definition.points;
  const norm = dimension.norm && dimension.norm.sd > 0 ? dimension.norm : null;
  const z = norm ? (score - norm.mean) / norm.sd : null;
  const band = levelOf(dimension.levels, score);
  return {
    key: dimension.key,
    name: dimension.name,
    method: dimension.method,
    score,
    min,
    max,
    itemCount: count,
    tScore: z === null ? null : round2(50 + 10 * z),
    percentile: z === null ? null : Math.round(normalCdf(z) * 1000) / 10,
    level: band?.label ?? null,
    interpretation: band?.interpretation ?? null,
  };
}

/** Every dimension's score; throws when an item is unanswered (the caller checks first). */
export function scoreScale(definition: ScaleDefinition, answers: LikertAnswers): DimensionScore[] {
  const missing = unansweredItems(definition, answers);
  if (missing.length > 0) throw new Error(`第 ${missing.join('、')} 题未作答`);
  return definition.dimensions.map((dimension) => scoreDimension(definition, dimension, answers));
}

/**
 * What is wrong with a scale definition, in Chinese naming the place (empty when it is sound): labels
 * per point, unique dimension keys, items on known dimensions numbered 1..n, every dimension with
 * items, and level bands inside the score range without overlaps.
 */
export function scaleProblems(definition: ScaleDefinition): string[] {
  const problems: string[] = [];
  const { points } = definition;
  if (definition.optionLabels.length !== points)
    problems.push(`选项文字应有 ${points} 个（每个分值一个），现有 ${definition.optionLabels.length} 个`);
  const keys = new Set<string>();
  for (const dimension of definition.dimensions) {
    if (keys.has(dimension.key)) problems.push(`维度代码「${dimension.key}」重复`);
    keys.add(dimension.key);
  }
  definition.items.forEach((item, index) => {
    if (item.no !== index + 1) problems.push(`第 ${index + 1} 题的题号应为 ${index + 1}`);
    if (!keys.has(item.dimension)) problems.push(`第 ${index + 1} 题的维度「${item.dimension}」不存在`);
  });
  for (const dimension of definition.dimensions) {
    const count = definition.items.filter((item) => item.dimension === dimension.key).length;
    if (count === 0) problems.push(`维度「${dimension.name}」没有题目`);
    const low = dimension.method === 'mean' ? 1 : count;
    const high = dimension.method === 'mean' ? points : count * points;
    const bands = [...dimension.levels].sort((a, b) => a.min - b.min);
    bands.forEach((band, index) => {
      if (band.min > band.max) problems.push(`维度「${dimension.name}」的等级「${band.label}」下限大于上限`);
      if (count > 0 && (band.min < low || band.max > high))
        problems.push(`维度「${dimension.name}」的等级「${band.label}」超出得分范围 ${low}–${high}`);
      const previous = bands[index - 1];
      if (previous && band.min <= previous.max)
        problems.push(`维度「${dimension.name}」的等级「${previous.label}」与「${band.label}」重叠`);
    });
  }
  return problems;
}

/** Departments with fewer responses than this are not shown on their own in group views (default). */
export const DEFAULT_MIN_GROUP_SIZE = 3;

/** Counts per level of one group's scores on a dimension, in the bands' order, plus those in no band. */
export function levelDistribution(
  levels: readonly LevelBand[],
  scores: readonly number[],
): { label: string; count: number }[] {
  const sorted = [...levels].sort((a, b) => a.min - b.min);
  const counts = sorted.map((band) => ({ label: band.label, count: 0 }));
  let none = 0;
  for (const score of scores) {
    const band = levelOf(sorted, score);
    const index = band ? sorted.indexOf(band) : -1;
    const slot = counts[index];
    if (slot) slot.count += 1;
    else none += 1;
  }
  return none > 0 ? [...counts, { label: '未分级', count: none }] : counts;
}

export interface GroupInput {
  key: number | null;
  name: string;
  /** Each response's scores by dimension key. */
  scores: Record<string, number>[];
}

export interface GroupSummary {
  name: string;
  count: number;
  dimensions: { key: string; mean: number; levels: { label: string; count: number }[] }[];
}

/**
 * The group view's rows: one per department with at least `minSize` responses; smaller departments are
 * pooled into 其他部门（合并）, shown only when the pool itself reaches `minSize`; `hidden` counts the
 * responses left out, so a small department's answers can never be read off a row.
 */
export function summariseGroups(
  dimensions: readonly ScaleDimension[],
  groups: readonly GroupInput[],
  minSize: number,
): { rows: GroupSummary[]; hidden: number } {
  const shown = groups.filter((group) => group.scores.length >= minSize);
  const pooled = groups.filter((group) => group.scores.length < minSize).flatMap((group) => group.scores);
  const summary = (name: string, scores: Record<string, number>[]): GroupSummary => ({
    name,
    count: scores.length,
    dimensions: dimensions.map((dimension) => {
      const values = scores.map((s) => s[dimension.key] ?? 0);
      const mean = values.length === 0 ? 0 : round2(values.reduce((a, b) => a + b, 0) / values.length);
      return { key: dimension.key, mean, levels: levelDistribution(dimension.levels, values) };
    }),
  });
  const rows = shown.map((group) => summary(group.name, group.scores));
  let hidden = 0;
  if (pooled.length >= minSize) rows.push(summary('其他部门（合并）', pooled));
  else hidden = pooled.length;
  return { rows, hidden };
}
