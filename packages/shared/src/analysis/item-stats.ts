/**
 * Classical test theory over one exam's answers (issue 19, analysis/exam): score distribution, each
 * question's difficulty (facility p), discrimination (upper–lower 27 % index, point-biserial, corrected
 * item-total correlation), distractors by score group, blank rate, the exam's reliability (KR-20 when
 * every question is scored right/wrong, Cronbach's alpha otherwise) and the standard error of
 * measurement, and the flags of questions to review.
 *
 * Pure: the input is a matrix of per-candidate, per-question cells; nothing here knows the database.
 * Other analyses (IRT, staff) may call it with their own matrices.
 */

/** One question of the matrix. */
export interface ItemSpec {
  questionId: number;
  /** The question's full points. */
  maxPoints: number;
  /** For choice questions: which options are keyed right (by index, as stored); null otherwise. */
  options: { correct: boolean }[] | null;
}

/** One candidate's answer to one question; null when the question was not on the candidate's paper. */
export interface ItemCell {
  score: number;
  /** Left unanswered. */
  blank: boolean;
  /** The option indexes chosen (choice questions), else null. */
  choices: number[] | null;
}

export interface ItemMatrix {
  items: ItemSpec[];
  /** One row per candidate, one cell per item in the order of `items`. */
  rows: (ItemCell | null)[][];
}

export type ScoreGroup = 'upper' | 'middle' | 'lower';

export interface OptionStats {
  index: number;
  /** A, B, C … */
  label: string;
  correct: boolean;
  /** Candidates who chose the option, overall and by score group. */
  count: number;
  upper: number;
  middle: number;
  lower: number;
  /** count / candidates who were given the question, 0–1. */
  share: number;
}

export type ItemFlag =
  'negative_discrimination' | 'low_discrimination' | 'too_easy' | 'too_hard' | 'unused_distractor';

export interface ItemStats {
  questionId: number;
  maxPoints: number;
  /** Candidates who were given the question. */
  n: number;
  meanScore: number | null;
  /** Facility: mean score / full points, 0–1 (for right/wrong questions the share who got it right). */
  p: number | null;
  /** Facility in the upper and lower 27 % by total score. */
  pUpper: number | null;
  pLower: number | null;
  /** pUpper − pLower. */
  discrimination: number | null;
  /** Correlation of the question's score with the total score. */
  pointBiserial: number | null;
  /** Correlation with the total of the other questions (the question itself left out). */
  correctedItemTotal: number | null;
  blankRate: number | null;
  options: OptionStats[] | null;
  flags: ItemFlag[];
}

export interface Reliability {
  method: 'KR-20' | 'alpha';
  value: number;
  /** Candidates with every question on their paper (only they enter the coefficient). */
  n: number;
}

export interface ItemAnalysis {
  /** Candidates (rows). */
  n: number;
  /** Size of the upper (and of the lower) group. */
  groupSize: number;
  items: ItemStats[];
  reliability: Reliability | null;
  /** SD of the total × √(1 − reliability). */
  sem: number | null;
  totalSd: number | null;
}

/** Where the flags switch on (documented in the page's tooltips). */
export const ITEM_FLAG_LIMITS = {
  /** Below this upper–lower index the question barely separates strong from weak candidates. */
  lowDiscrimination: 0.2,
  tooEasy: 0.9,
  tooHard: 0.2,
  groupShare: 0.27,
} as const;

export const ITEM_FLAG_LABELS: Record<ItemFlag, string> = {
  negative_discrimination: '负区分度',
  low_discrimination: '区分度过低',
  too_easy: '过易',
  too_hard: '过难',
  unused_distractor: '干扰项无人选',
};

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: readonly number[]) => (values.length ? sum(values) / values.length : null);

/** Population variance (divides by n), as KR-20 and alpha use it. */
function variance(values: readonly number[]): number | null {
  const m = mean(values);
  if (m === null) return null;
  return sum(values.map((v) => (v - m) * (v - m))) / values.length;
}

/** Pearson correlation; null when either side does not vary. */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i += 1) {
    mx += xs[i] as number;
    my += ys[i] as number;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

export function optionLabel(index: number): string {
  return String.fromCharCode(65 + index);
}

/**
 * Score groups by total: the upper and lower 27 % (at least one candidate each, rounded), the rest
 * middle. Ties are broken by row order, so the groups always have the same size.
 */
export function scoreGroups(totals: readonly number[]): { groups: ScoreGroup[]; size: number } {
  const n = totals.length;
  const size =
    n < 2 ? 0 : Math.max(1, Math.min(Math.floor(n / 2), Math.round(n * ITEM_FLAG_LIMITS.groupShare)));
  const order = totals
    .map((total, index) => ({ total, index }))
    .sort((a, b) => b.total - a.total || a.index - b.index);
  const groups: ScoreGroup[] = new Array<ScoreGroup>(n).fill('middle');
  order.forEach((entry, rank) => {
    if (rank < size) groups[entry.index] = 'upper';
    else if (rank >= n - size) groups[entry.index] = 'lower';
  });
  return { groups, size };
}

function optionStats(
  spec: ItemSpec,
  cells: (ItemCell | null)[],
  groups: ScoreGroup[],
  n: number,
): OptionStats[] | null {
  if (!spec.options) return null;
  const stats = spec.options.map((option, index) => ({
    index,
    label: optionLabel(index),
    correct: option.correct,
    count: 0,
    upper: 0,
    middle: 0,
    lower: 0,
    share: 0,
  }));
  cells.forEach((cell, row) => {
    for (const choice of cell?.choices ?? []) {
      const option = stats[choice];
      if (!option) continue;
      option.count += 1;
      option[groups[row] as ScoreGroup] += 1;
    }
  });
  for (const option of stats) option.share = n ? option.count / n : 0;
  return stats;
}

export function itemFlags(
  item: Pick<ItemStats, 'n' | 'p' | 'discrimination' | 'correctedItemTotal' | 'options'>,
): ItemFlag[] {
  const flags: ItemFlag[] = [];
  if (item.n === 0) return flags;
  const d = item.discrimination;
  const r = item.correctedItemTotal;
  if ((d !== null && d < 0) || (r !== null && r < 0)) flags.push('negative_discrimination');
  else if (d !== null && d < ITEM_FLAG_LIMITS.lowDiscrimination) flags.push('low_discrimination');
  if (item.p !== null && item.p > ITEM_FLAG_LIMITS.tooEasy) flags.push('too_easy');
  if (item.p !== null && item.p < ITEM_FLAG_LIMITS.tooHard) flags.push('too_hard');
  if (item.options?.some((option) => !option.correct && option.count === 0)) flags.push('unused_distractor');
  return flags;
}

/** One question's statistics: single passes over its column, no per-answer objects (5,000 × 50 in time). */
function analyseItem(
  spec: ItemSpec,
  column: (ItemCell | null)[],
  totals: number[],
  groups: ScoreGroup[],
): ItemStats {
  let n = 0;
  let blanks = 0;
  const sums = { all: 0, upper: 0, lower: 0, nUpper: 0, nLower: 0 };
  const scores: number[] = [];
  const withTotal: number[] = [];
  const rest: number[] = [];
  column.forEach((cell, row) => {
    if (!cell) return;
    n += 1;
    if (cell.blank) blanks += 1;
    sums.all += cell.score;
    const group = groups[row];
    if (group === 'upper') {
      sums.upper += cell.score;
      sums.nUpper += 1;
    } else if (group === 'lower') {
      sums.lower += cell.score;
      sums.nLower += 1;
    }
    const total = totals[row] as number;
    scores.push(cell.score);
    withTotal.push(total);
    rest.push(total - cell.score);
  });
  const ratio = (sum: number, count: number) =>
    count && spec.maxPoints > 0 ? sum / count / spec.maxPoints : null;
  const pUpper = ratio(sums.upper, sums.nUpper);
  const pLower = ratio(sums.lower, sums.nLower);
  const stats = {
    questionId: spec.questionId,
    maxPoints: spec.maxPoints,
    n,
    meanScore: n ? sums.all / n : null,
    p: ratio(sums.all, n),
    pUpper,
    pLower,
    discrimination: pUpper !== null && pLower !== null ? pUpper - pLower : null,
    pointBiserial: correlation(scores, withTotal),
    correctedItemTotal: correlation(scores, rest),
    blankRate: n ? blanks / n : null,
    options: optionStats(spec, column, groups, n),
  };
  return { ...stats, flags: itemFlags(stats) };
}

/** KR-20 (all questions right/wrong) or Cronbach's alpha over the candidates who had every question. */
export function reliability(matrix: ItemMatrix): Reliability | null {
  const k = matrix.items.length;
  if (k < 2) return null;
  const complete = matrix.rows.filter((row) => row.every((cell) => cell !== null)) as ItemCell[][];
  if (complete.length < 2) return null;
  const totalVariance = variance(complete.map((row) => sum(row.map((cell) => cell.score))));
  if (!totalVariance) return null;
  const itemVariances = matrix.items.map(
    (_, i) => variance(complete.map((row) => (row[i] as ItemCell).score)) ?? 0,
  );
  const dichotomous = complete.every((row) =>
    row.every((cell, i) => cell.score === 0 || cell.score === (matrix.items[i] as ItemSpec).maxPoints),
  );
  const value = (k / (k - 1)) * (1 - sum(itemVariances) / totalVariance);
  return { method: dichotomous ? 'KR-20' : 'alpha', value, n: complete.length };
}

/** The whole item analysis of one exam's matrix. */
export function analyseItems(matrix: ItemMatrix): ItemAnalysis {
  const totals = matrix.rows.map((row) => sum(row.map((cell) => cell?.score ?? 0)));
  const { groups, size } = scoreGroups(totals);
  const items = matrix.items.map((spec, i) =>
    analyseItem(
      spec,
      matrix.rows.map((row) => row[i] ?? null),
      totals,
      groups,
    ),
  );
  const rel = reliability(matrix);
  const totalVariance = variance(totals);
  const totalSd = totalVariance === null ? null : Math.sqrt(totalVariance);
  return {
    n: matrix.rows.length,
    groupSize: size,
    items,
    reliability: rel,
    sem: rel && totalSd !== null ? totalSd * Math.sqrt(Math.max(0, 1 - rel.value)) : null,
    totalSd,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Score distribution
// ---------------------------------------------------------------------------------------------------------

export interface ScoreSummary {
  n: number;
  mean: number | null;
  median: number | null;
  /** Population standard deviation. */
  sd: number | null;
  min: number | null;
  max: number | null;
  passCount: number;
  /** 0–1, null without candidates. */
  passRate: number | null;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Mean, median, SD, range and pass rate of a list of scores. */
export function summariseScores(scores: readonly number[], passScore: number): ScoreSummary {
  const v = variance(scores);
  const passCount = scores.filter((s) => s >= passScore).length;
  return {
    n: scores.length,
    mean: mean(scores),
    median: median(scores),
    sd: v === null ? null : Math.sqrt(v),
    min: scores.length ? Math.min(...scores) : null,
    max: scores.length ? Math.max(...scores) : null,
    passCount,
    passRate: scores.length ? passCount / scores.length : null,
  };
}

export interface HistogramBin {
  /** Inclusive lower bound; the last bin also holds the full score. */
  from: number;
  to: number;
  count: number;
}

/** `bins` equal bands from 0 to the full score. */
export function histogram(scores: readonly number[], fullScore: number, bins = 10): HistogramBin[] {
  const width = fullScore > 0 ? fullScore / bins : 1;
  const result = Array.from({ length: bins }, (_, i) => ({ from: i * width, to: (i + 1) * width, count: 0 }));
  for (const score of scores) {
    const bin = result[Math.max(0, Math.min(bins - 1, Math.floor(score / width)))];
    if (bin) bin.count += 1;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// One question across several exams
// ---------------------------------------------------------------------------------------------------------

export interface ItemUse {
  examId: number;
  n: number;
  p: number | null;
  discrimination: number | null;
}

export interface ItemAcrossExams {
  /** Exams that used the question (with at least one candidate). */
  usage: number;
  /** Candidates over every exam. */
  n: number;
  /** Candidate-weighted facility and upper–lower index over the exams. */
  p: number | null;
  discrimination: number | null;
}

/** One question's statistics pooled over the exams that used it, weighted by candidates. */
export function itemAcrossExams(uses: readonly ItemUse[]): ItemAcrossExams {
  const used = uses.filter((use) => use.n > 0);
  const weighted = (pick: (use: ItemUse) => number | null) => {
    const known = used.filter((use) => pick(use) !== null);
    const n = sum(known.map((use) => use.n));
    return n ? sum(known.map((use) => (pick(use) as number) * use.n)) / n : null;
  };
  return {
    usage: used.length,
    n: sum(used.map((use) => use.n)),
    p: weighted((use) => use.p),
    discrimination: weighted((use) => use.discrimination),
  };
}
