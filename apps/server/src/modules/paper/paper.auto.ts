/**
 * Intelligent paper generation as an integer program (design.md §7): one integer variable per bucket
 * of interchangeable questions (type × knowledge points covered × difficulty), bounded by the bucket's
 * size, solved by HiGHS; then the questions are drawn at random inside each bucket. The model has a
 * few hundred variables whatever the bank's size. When no paper satisfies the rules, the same model
 * with a slack variable per rule tells which rules cannot be met and how close the best paper gets.
 * No database access here: the service builds the buckets with one query.
 */
import loadHighs from 'highs';
import {
  PAPER_DIFFICULTY_LABELS,
  PaperDifficulty,
  distributionCounts,
  questionDifficultyLevel,
  questionTotals,
  questionTypeLabel,
  roundPoints,
  type PaperTotals,
} from '@kaopei/shared';
import type { BestPaperSummary, Violation } from '@kaopei/shared/contracts/paper';
import { sample, type Rng } from './paper.rng';

/** Questions that are interchangeable for every rule. `knowledge` are the knowledge rules' ids it covers. */
export interface Bucket {
  type: number;
  difficulty: number;
  knowledge: number[];
  ids: number[];
  /** Post papers: the abilities of the model its questions measure. */
  abilities?: number[];
}

export interface AutoTypeRule {
  type: number;
  count: number;
  points: number;
}

export interface AutoKnowledgeRule {
  knowledgeId: number;
  minCount: number;
  /** For messages. */
  name?: string;
}

/**
 * Post papers (post-exam): at least `minPoints` on questions measuring the ability, and those questions'
 * difficulty as near `targetDifficulty` as the other rules allow.
 */
export interface AutoAbilityRule {
  abilityId: number;
  minPoints: number;
  targetDifficulty?: number;
  /** For messages. */
  name?: string;
}

export type AutoDifficulty =
  | { mode: 'average'; target: number; tolerance: number }
  /** Percentages of the question count per level (summing to 100). */
  | { mode: 'distribution'; SIMPLE: number; MEDIUM: number; HARD: number };

export interface AutoModelRules {
  /** When given it must equal Σ count × points of the type rules. */
  totalScore?: number;
  typeRules: AutoTypeRule[];
  knowledgeRules: AutoKnowledgeRule[];
  abilityRules?: AutoAbilityRule[];
  difficulty?: AutoDifficulty;
  /** How many different papers (A/B…). */
  variants: number;
  /** At most this many questions of each paper may appear in the earlier ones. */
  maxOverlap: number;
}

export interface GeneratedQuestion {
  questionId: number;
  type: number;
  difficulty: number;
  points: number;
  knowledgeIds: number[];
  /** Post papers: the model's abilities the question measures. */
  abilityIds?: number[];
}

export interface GeneratedPaper {
  questions: GeneratedQuestion[];
  totals: PaperTotals;
  /** Questions shared with earlier papers of the same request. */
  overlap: number;
}

export interface AutoResult {
  feasible: boolean;
  papers: GeneratedPaper[];
  violations: Violation[];
  /** With violations: the paper closest to the rules. */
  best?: BestPaperSummary;
  bucketCount: number;
  solveMs: number;
}

// ---------- solver loading ----------

type Highs = Awaited<ReturnType<typeof loadHighs>>;
let highsPromise: Promise<Highs> | undefined;

function highs(): Promise<Highs> {
  highsPromise ??= loadHighs();
  return highsPromise;
}

// ---------- helpers ----------

export function typeRuleScore(rules: readonly AutoTypeRule[]): number {
  return rules.reduce((sum, rule) => sum + Math.round(rule.count * rule.points * 10), 0) / 10;
}

function knowledgeLabel(rule: AutoKnowledgeRule): string {
  return rule.name ?? `#${rule.knowledgeId}`;
}

function abilityLabel(rule: AutoAbilityRule): string {
  return rule.name ?? `#${rule.abilityId}`;
}

function fmt(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function typeRuleText(rule: AutoTypeRule): string {
  return `${questionTypeLabel(rule.type)} ${rule.count} 道`;
}

// ---------- the model ----------

interface Column {
  name: string;
  bucket: number;
  /** x: fresh questions; y: questions already used by an earlier paper of this request. */
  reused: boolean;
  upper: number;
}

interface Model {
  text: string;
  columns: Column[];
}

function term(coefficient: number, name: string): string {
  const c = Math.round(coefficient * 1e6) / 1e6;
  if (c === 0) return '';
  return `${c < 0 ? '-' : '+'} ${Math.abs(c)} ${name}`;
}

/** Writes a constraint over many terms on several lines (the LP reader dislikes very long lines). */
function row(name: string, terms: string[], sense: string, rhs: number): string {
  const parts = terms.filter(Boolean);
  const lines: string[] = [];
  for (let i = 0; i < parts.length; i += 8) lines.push(parts.slice(i, i + 8).join(' '));
  return ` ${name}: ${lines.join('\n   ')} ${sense} ${Math.round(rhs * 1e6) / 1e6}`;
}

const WEIGHT = {
  type: 1000,
  knowledge: 100,
  ability: 100,
  distribution: 100,
  overlap: 50,
  difficulty: 10,
} as const;

/** The rows, slack columns and objective terms of an LP model while it is being written. */
interface ModelParts {
  columns: Column[];
  rows: string[];
  slacks: string[];
  objective: string[];
  /** `weight(bucket)` times each column whose bucket meets `predicate`. */
  of: (predicate: (bucket: Bucket) => boolean, weight?: (bucket: Bucket) => number) => string[];
}

/** One integer column per bucket of a wanted type: fresh questions (x) and reused ones (y) apart. */
function modelColumns(
  buckets: readonly Bucket[],
  fresh: readonly number[],
  reused: readonly number[],
  rules: AutoModelRules,
): Column[] {
  const columns: Column[] = [];
  const typeSet = new Set(rules.typeRules.map((rule) => rule.type));
  buckets.forEach((bucket, index) => {
    if (!typeSet.has(bucket.type)) return;
    const freshCount = fresh[index] ?? 0;
    const reusedCount = reused[index] ?? 0;
    if (freshCount > 0) columns.push({ name: `x${index}`, bucket: index, reused: false, upper: freshCount });
    if (reusedCount > 0) columns.push({ name: `y${index}`, bucket: index, reused: true, upper: reusedCount });
  });
  return columns;
}

/** Each type's count, and each knowledge point's minimum; slacks absorb what cannot be met. */
function addCountRows(model: ModelParts, rules: AutoModelRules): void {
  const { rows, slacks, objective, of } = model;
  rules.typeRules.forEach((rule, index) => {
    rows.push(row(`t${index}`, [...of((b) => b.type === rule.type), `+ 1 ut${index}`], '=', rule.count));
    slacks.push(`ut${index}`);
    objective.push(`+ ${WEIGHT.type} ut${index}`);
  });
  rules.knowledgeRules.forEach((rule, index) => {
    const terms = [...of((b) => b.knowledge.includes(rule.knowledgeId)), `+ 1 uk${index}`];
    rows.push(row(`k${index}`, terms, '>=', rule.minCount));
    slacks.push(`uk${index}`);
    objective.push(`+ ${WEIGHT.knowledge} uk${index}`);
  });
}

/**
 * Points on each ability's questions at least its minimum; among feasible papers, each ability's
 * questions as near its target difficulty as possible (a deviation column per ability, in the objective).
 */
function addAbilityRows(model: ModelParts, rules: AutoModelRules): string[] {
  const { rows, slacks, objective, of } = model;
  const pointsOf = new Map(rules.typeRules.map((rule) => [rule.type, rule.points]));
  const deviations: string[] = [];
  (rules.abilityRules ?? []).forEach((rule, index) => {
    const measures = (b: Bucket) => b.abilities?.includes(rule.abilityId) ?? false;
    const points = [...of(measures, (b) => pointsOf.get(b.type) ?? 0), `+ 1 ua${index}`];
    rows.push(row(`a${index}`, points, '>=', rule.minPoints));
    slacks.push(`ua${index}`);
    objective.push(`+ ${WEIGHT.ability} ua${index}`);
    const target = rule.targetDifficulty;
    if (target === undefined) return;
    const spread = of(measures, (b) => b.difficulty - target);
    if (spread.filter(Boolean).length === 0) return;
    rows.push(row(`dap${index}`, [...spread, `- 1 dva${index}`], '<=', 0));
    rows.push(row(`dan${index}`, [...spread, `+ 1 dva${index}`], '>=', 0));
    objective.push(`+ 1 dva${index}`);
    deviations.push(`dva${index}`);
  });
  return deviations;
}

/** An average difficulty within the tolerance, and among feasible papers the one closest to the target. */
function addAverageRows(model: ModelParts, target: number, tolerance: number, relaxed: boolean): void {
  const { rows, slacks, objective, of } = model;
  const all = () => true;
  // |Σ n_b (d_b − target)| ≤ tolerance · Σ n_b, written as two rows; `ud` absorbs what cannot be met.
  rows.push(row('dhi', [...of(all, (b) => b.difficulty - target - tolerance), '- 1 ud'], '<=', 0));
  rows.push(row('dlo', [...of(all, (b) => b.difficulty - target + tolerance), '+ 1 ud'], '>=', 0));
  slacks.push('ud');
  objective.push(`+ ${WEIGHT.difficulty} ud`);
  rows.push(row('devp', [...of(all, (b) => b.difficulty - target), '- 1 dev'], '<=', 0));
  rows.push(row('devn', [...of(all, (b) => b.difficulty - target), '+ 1 dev'], '>=', 0));
  objective.push(`+ ${relaxed ? 0.01 : 1} dev`);
}

/** So many questions of each difficulty level; over and under slacks on each level. */
function addDistributionRows(
  model: ModelParts,
  rules: AutoModelRules,
  difficulty: Extract<AutoModelRules['difficulty'], { mode: 'distribution' }>,
): void {
  const { rows, slacks, objective, of } = model;
  const total = rules.typeRules.reduce((sum, rule) => sum + rule.count, 0);
  const counts = distributionCounts(total, difficulty);
  PaperDifficulty.forEach((level, index) => {
    const terms = [
      ...of((b) => questionDifficultyLevel(b.difficulty) === level),
      `+ 1 ulp${index}`,
      `- 1 uln${index}`,
    ];
    rows.push(row(`l${index}`, terms, '=', counts[level]));
    slacks.push(`ulp${index}`, `uln${index}`);
    objective.push(`+ ${WEIGHT.distribution} ulp${index}`, `+ ${WEIGHT.distribution} uln${index}`);
  });
}

/** At most `maxOverlap` reused questions, and fresh ones preferred even within it. */
function addOverlapRows(model: ModelParts, maxOverlap: number): void {
  const reusedColumns = model.columns.filter((column) => column.reused);
  if (reusedColumns.length === 0) return;
  model.rows.push(row('ov', [...reusedColumns.map((c) => `+ 1 ${c.name}`), '- 1 uo'], '<=', maxOverlap));
  model.slacks.push('uo');
  model.objective.push(`+ ${WEIGHT.overlap} uo`);
  model.objective.push(...reusedColumns.map((c) => `+ 0.001 ${c.name}`));
}

/**
 * The integer program for one paper in CPLEX LP format. Strict models bound every slack to 0 (any
 * solution meets every rule); relaxed ones let slacks grow at their weights to report the nearest paper.
 */
function buildModel(
  buckets: readonly Bucket[],
  fresh: readonly number[],
  reused: readonly number[],
  rules: AutoModelRules,
  relaxed: boolean,
): Model {
  const columns = modelColumns(buckets, fresh, reused, rules);
  const model: ModelParts = {
    columns,
    rows: [],
    slacks: [],
    objective: [],
    of: (predicate, weight = () => 1) =>
      columns.flatMap((column) => {
        const bucket = buckets[column.bucket] as Bucket;
        return predicate(bucket) ? [term(weight(bucket), column.name)] : [];
      }),
  };
  addCountRows(model, rules);
  const deviations = addAbilityRows(model, rules);
  const difficulty = rules.difficulty;
  if (difficulty?.mode === 'average') addAverageRows(model, difficulty.target, difficulty.tolerance, relaxed);
  else if (difficulty?.mode === 'distribution') addDistributionRows(model, rules, difficulty);
  addOverlapRows(model, rules.maxOverlap);
  const slackBound = relaxed ? '' : ' <= 0';
  const bounds = [
    ...columns.map((column) => ` 0 <= ${column.name} <= ${column.upper}`),
    ...model.slacks.map((name) => ` 0 <= ${name}${slackBound}`),
  ];
  if (difficulty?.mode === 'average') bounds.push(' 0 <= dev');
  bounds.push(...deviations.map((name) => ` 0 <= ${name}`));
  const text = [
    'Minimize',
    ` obj: ${model.objective.length > 0 ? model.objective.join('\n   ') : '0 ut0'}`,
    'Subject To',
    ...model.rows,
    'Bounds',
    ...bounds,
    ...(columns.length > 0 ? ['General', ` ${columns.map((c) => c.name).join(' ')}`] : []),
    'End',
  ].join('\n');
  return { text, columns };
}

interface Solved {
  status: 'optimal' | 'infeasible';
  values: Map<string, number>;
}

async function solve(text: string): Promise<Solved> {
  const solver = await highs();
  let result: ReturnType<Highs['solve']>;
  try {
    result = solver.solve(text, { output_flag: false, time_limit: 10, mip_rel_gap: 1e-6 });
  } catch (error) {
    // A native failure may leave the WebAssembly instance unusable: load a fresh one next time.
    highsPromise = undefined;
    throw error;
  }
  if (result.Status === 'Infeasible') return { status: 'infeasible', values: new Map() };
  const values = new Map<string, number>();
  for (const [name, column] of Object.entries(result.Columns)) {
    const primal = (column as { Primal?: number }).Primal;
    if (typeof primal === 'number') values.set(name, primal);
  }
  if (result.Status !== 'Optimal' && values.size === 0) {
    throw new Error(`HiGHS ended with status ${result.Status}`);
  }
  return { status: 'optimal', values };
}

// ---------- checking ----------

/** Every stated rule checked on a finished paper (the generator's own safety net and the tests' oracle). */
export function checkPaper(
  paper: readonly GeneratedQuestion[],
  rules: AutoModelRules,
  variant: number,
  earlier: ReadonlySet<number> = new Set(),
): Violation[] {
  const violations: Violation[] = [];
  const ids = new Set(paper.map((q) => q.questionId));
  if (ids.size !== paper.length) {
    violations.push({
      rule: 'type',
      variant,
      required: paper.length,
      achievable: ids.size,
      message: '试卷中有重复的试题',
    });
  }
  rules.typeRules.forEach((rule, index) => {
    const ofType = paper.filter((q) => q.type === rule.type);
    if (ofType.length !== rule.count || ofType.some((q) => q.points !== roundPoints(rule.points))) {
      violations.push({
        rule: 'type',
        index,
        variant,
        required: rule.count,
        achievable: ofType.length,
        message: `题型规则「${typeRuleText(rule)}」未满足`,
      });
    }
  });
  const types = new Set(rules.typeRules.map((rule) => rule.type));
  if (paper.some((q) => !types.has(q.type))) {
    violations.push({ rule: 'type', variant, required: 0, achievable: 1, message: '试卷中有未要求的题型' });
  }
  rules.knowledgeRules.forEach((rule, index) => {
    const got = paper.filter((q) => q.knowledgeIds.includes(rule.knowledgeId)).length;
    if (got < rule.minCount) {
      violations.push({
        rule: 'knowledge',
        index,
        variant,
        required: rule.minCount,
        achievable: got,
        message: `知识点「${knowledgeLabel(rule)}」至少 ${rule.minCount} 道未满足`,
      });
    }
  });
  (rules.abilityRules ?? []).forEach((rule, index) => {
    const got = paper
      .filter((q) => q.abilityIds?.includes(rule.abilityId))
      .reduce((sum, q) => sum + q.points, 0);
    if (got + 1e-9 < rule.minPoints) {
      violations.push({
        rule: 'ability',
        index,
        variant,
        required: rule.minPoints,
        achievable: got,
        message: `能力「${abilityLabel(rule)}」至少 ${fmt(rule.minPoints)} 分未满足`,
      });
    }
  });
  const difficulty = rules.difficulty;
  if (difficulty?.mode === 'average' && paper.length > 0) {
    const average = paper.reduce((sum, q) => sum + q.difficulty, 0) / paper.length;
    if (Math.abs(average - difficulty.target) > difficulty.tolerance + 1e-9) {
      violations.push({
        rule: 'difficulty',
        variant,
        required: difficulty.target,
        achievable: average,
        message: `平均难度 ${difficulty.target}±${difficulty.tolerance} 未满足`,
      });
    }
  } else if (difficulty?.mode === 'distribution') {
    const counts = distributionCounts(paper.length, difficulty);
    for (const level of PaperDifficulty) {
      const got = paper.filter((q) => questionDifficultyLevel(q.difficulty) === level).length;
      if (got !== counts[level]) {
        violations.push({
          rule: 'difficulty',
          level,
          variant,
          required: counts[level],
          achievable: got,
          message: `难度分布「${PAPER_DIFFICULTY_LABELS[level]} ${counts[level]} 道」未满足`,
        });
      }
    }
  }
  const overlap = paper.filter((q) => earlier.has(q.questionId)).length;
  if (overlap > rules.maxOverlap && variant > 0) {
    violations.push({
      rule: 'overlap',
      variant,
      required: rules.maxOverlap,
      achievable: overlap,
      message: `与前面的试卷重复 ${overlap} 道，超过 ${rules.maxOverlap} 道`,
    });
  }
  return violations;
}

// ---------- generation ----------

/** What the relaxed model picked: a count per column, with the column's bucket. */
interface Picked {
  bucket: Bucket;
  reused: boolean;
  count: number;
}

type CountWhere = (predicate: (bucket: Bucket) => boolean) => number;

/** The ability rules the nearest paper misses, with the points it reaches. */
function abilityViolations(
  picked: readonly Picked[],
  rules: AutoModelRules,
  variant: number,
  prefix: string,
): Violation[] {
  const pointsOf = new Map(rules.typeRules.map((rule) => [rule.type, rule.points]));
  return (rules.abilityRules ?? []).flatMap((rule, index): Violation[] => {
    const got =
      Math.round(
        picked.reduce(
          (sum, p) =>
            sum +
            (p.bucket.abilities?.includes(rule.abilityId) ? p.count * (pointsOf.get(p.bucket.type) ?? 0) : 0),
          0,
        ) * 10,
      ) / 10;
    if (got + 1e-9 >= rule.minPoints) return [];
    return [
      {
        rule: 'ability',
        index,
        variant,
        required: rule.minPoints,
        achievable: got,
        message: `${prefix}能力「${abilityLabel(rule)}」至少 ${fmt(rule.minPoints)} 分无法满足：最接近的试卷只有 ${fmt(got)} 分`,
      },
    ];
  });
}

/** The type and knowledge rules the nearest paper misses, with how many it reaches. */
function countViolations(
  countWhere: CountWhere,
  rules: AutoModelRules,
  variant: number,
  prefix: string,
): Violation[] {
  const violations: Violation[] = [];
  rules.typeRules.forEach((rule, index) => {
    const got = countWhere((b) => b.type === rule.type);
    if (got < rule.count) {
      violations.push({
        rule: 'type',
        index,
        variant,
        required: rule.count,
        achievable: got,
        message: `${prefix}题型规则「${typeRuleText(rule)}」无法满足：符合条件的试题最多只能选出 ${got} 道`,
      });
    }
  });
  rules.knowledgeRules.forEach((rule, index) => {
    const got = countWhere((b) => b.knowledge.includes(rule.knowledgeId));
    if (got < rule.minCount) {
      violations.push({
        rule: 'knowledge',
        index,
        variant,
        required: rule.minCount,
        achievable: got,
        message: `${prefix}知识点「${knowledgeLabel(rule)}」至少 ${rule.minCount} 道无法满足：最接近的试卷只有 ${got} 道`,
      });
    }
  });
  return violations;
}

/** The difficulty rule (average or distribution) as the nearest paper misses it. */
function difficultyViolations(
  countWhere: CountWhere,
  average: number | null,
  rules: AutoModelRules,
  variant: number,
  prefix: string,
): Violation[] {
  const difficulty = rules.difficulty;
  if (difficulty?.mode === 'average') {
    if (average === null || Math.abs(average - difficulty.target) <= difficulty.tolerance + 1e-9) return [];
    return [
      {
        rule: 'difficulty',
        variant,
        required: difficulty.target,
        achievable: average,
        message: `${prefix}平均难度 ${fmt(difficulty.target)}±${fmt(difficulty.tolerance)} 无法满足：最接近的试卷平均难度为 ${fmt(average)}`,
      },
    ];
  }
  if (difficulty?.mode !== 'distribution') return [];
  const counts = distributionCounts(
    rules.typeRules.reduce((sum, rule) => sum + rule.count, 0),
    difficulty,
  );
  return PaperDifficulty.flatMap((level, index): Violation[] => {
    const got = countWhere((b) => questionDifficultyLevel(b.difficulty) === level);
    if (got === counts[level]) return [];
    return [
      {
        rule: 'difficulty',
        index,
        level,
        variant,
        required: counts[level],
        achievable: got,
        message: `${prefix}难度分布「${PAPER_DIFFICULTY_LABELS[level]} ${difficulty[level]}%（${counts[level]} 道）」无法满足：最接近的试卷为 ${got} 道`,
      },
    ];
  });
}

/** The nearest paper in figures: questions, score, average difficulty, counts per rule. */
function bestSummary(
  picked: readonly Picked[],
  countWhere: CountWhere,
  average: number | null,
  rules: AutoModelRules,
  variant: number,
): BestPaperSummary {
  const pointsOf = new Map(rules.typeRules.map((rule) => [rule.type, rule.points]));
  return {
    variant,
    questionCount: countWhere(() => true),
    totalScore:
      picked.reduce((sum, p) => sum + Math.round(p.count * (pointsOf.get(p.bucket.type) ?? 0) * 10), 0) / 10,
    averageDifficulty: average,
    typeCounts: rules.typeRules.map((rule) => ({
      type: rule.type,
      label: questionTypeLabel(rule.type),
      count: countWhere((b) => b.type === rule.type),
      required: rule.count,
    })),
    knowledgeCounts: rules.knowledgeRules.map((rule) => ({
      knowledgeId: rule.knowledgeId,
      count: countWhere((b) => b.knowledge.includes(rule.knowledgeId)),
      required: rule.minCount,
    })),
  };
}

/** Why no paper meets the rules, read off the relaxed model's solution (the nearest paper). */
function relaxedReport(
  buckets: readonly Bucket[],
  model: Model,
  values: Map<string, number>,
  rules: AutoModelRules,
  variant: number,
): { violations: Violation[]; best: BestPaperSummary } {
  const picked: Picked[] = model.columns.map((column) => ({
    bucket: buckets[column.bucket] as Bucket,
    reused: column.reused,
    count: Math.round(values.get(column.name) ?? 0),
  }));
  const countWhere: CountWhere = (predicate) =>
    picked.reduce((sum, p) => sum + (predicate(p.bucket) ? p.count : 0), 0);
  const total = countWhere(() => true);
  const difficultySum = picked.reduce((sum, p) => sum + p.count * p.bucket.difficulty, 0);
  const average = total === 0 ? null : Math.round((difficultySum / total) * 100) / 100;
  const prefix = rules.variants > 1 ? `第 ${variant + 1} 套试卷：` : '';
  const violations = [
    ...countViolations(countWhere, rules, variant, prefix),
    ...abilityViolations(picked, rules, variant, prefix),
    ...difficultyViolations(countWhere, average, rules, variant, prefix),
  ];
  const reused = picked.reduce((sum, p) => sum + (p.reused ? p.count : 0), 0);
  if (variant > 0 && reused > rules.maxOverlap) {
    violations.push({
      rule: 'overlap',
      variant,
      required: rules.maxOverlap,
      achievable: reused,
      message: `${prefix}与前面的试卷重复不超过 ${rules.maxOverlap} 道无法满足：至少重复 ${reused} 道`,
    });
  }
  return { violations, best: bestSummary(picked, countWhere, average, rules, variant) };
}

/**
 * Generates `rules.variants` papers from the buckets. Each later paper may reuse at most
 * `rules.maxOverlap` questions of the earlier ones (and prefers fresh ones).
 */
export async function generateAutoPapers(
  buckets: readonly Bucket[],
  rules: AutoModelRules,
  rng: Rng,
): Promise<AutoResult> {
  const started = performance.now();
  const done = (result: Omit<AutoResult, 'solveMs' | 'bucketCount'>): AutoResult => ({
    ...result,
    bucketCount: buckets.length,
    solveMs: Math.round((performance.now() - started) * 10) / 10,
  });
  const stated = rules.totalScore;
  const sum = typeRuleScore(rules.typeRules);
  if (stated !== undefined && Math.abs(stated - sum) > 1e-9) {
    return done({
      feasible: false,
      papers: [],
      violations: [
        {
          rule: 'totalScore',
          variant: 0,
          required: stated,
          achievable: sum,
          message: `总分 ${fmt(stated)} 与各题型「数量 × 分值」合计 ${fmt(sum)} 不一致`,
        },
      ],
    });
  }
  const used = new Set<number>();
  const papers: GeneratedPaper[] = [];
  const pointsOf = new Map(rules.typeRules.map((rule) => [rule.type, roundPoints(rule.points)]));
  for (let variant = 0; variant < rules.variants; variant++) {
    const freshIds = buckets.map((bucket) => bucket.ids.filter((id) => !used.has(id)));
    const reusedIds = buckets.map((bucket) => bucket.ids.filter((id) => used.has(id)));
    const fresh = freshIds.map((ids) => ids.length);
    const reused = reusedIds.map((ids) => ids.length);
    const model = buildModel(buckets, fresh, reused, rules, false);
    const solved = await solve(model.text);
    if (solved.status === 'infeasible') {
      const relaxedModel = buildModel(buckets, fresh, reused, rules, true);
      const relaxed = await solve(relaxedModel.text);
      const report = relaxedReport(buckets, relaxedModel, relaxed.values, rules, variant);
      const violations =
        report.violations.length > 0
          ? report.violations
          : [
              {
                rule: 'type' as const,
                variant,
                required: 0,
                achievable: 0,
                message: '无法生成满足全部规则的试卷',
              },
            ];
      return done({ feasible: false, papers, violations, best: report.best });
    }
    const questions: GeneratedQuestion[] = [];
    for (const column of model.columns) {
      const count = Math.round(solved.values.get(column.name) ?? 0);
      if (count <= 0) continue;
      const bucket = buckets[column.bucket] as Bucket;
      const pool = (column.reused ? reusedIds : freshIds)[column.bucket] ?? [];
      for (const questionId of sample(pool, count, rng)) {
        questions.push({
          questionId,
          type: bucket.type,
          difficulty: bucket.difficulty,
          points: pointsOf.get(bucket.type) ?? 0,
          knowledgeIds: bucket.knowledge,
          ...(bucket.abilities ? { abilityIds: bucket.abilities } : {}),
        });
      }
    }
    // Sections follow the order of the type rules.
    const order = new Map(rules.typeRules.map((rule, index) => [rule.type, index]));
    questions.sort((a, b) => (order.get(a.type) ?? 0) - (order.get(b.type) ?? 0));
    const problems = checkPaper(questions, rules, variant, used);
    if (problems.length > 0) throw new Error(`generated paper breaks a rule: ${problems[0]?.message ?? ''}`);
    const overlap = questions.filter((q) => used.has(q.questionId)).length;
    for (const q of questions) used.add(q.questionId);
    papers.push({
      questions,
      totals: questionTotals(
        questions.map((q) => ({ questionType: q.type, points: q.points, difficulty: q.difficulty })),
      ),
      overlap,
    });
  }
  return done({ feasible: true, papers, violations: [] });
}

/** Buckets from a list of questions (tests, and small in-memory pools). */
export function bucketsOf(
  pool: readonly { id: number; type: number; difficulty: number; knowledgeIds: readonly number[] }[],
  knowledgeRuleIds: readonly number[],
): Bucket[] {
  const wanted = new Set(knowledgeRuleIds);
  const map = new Map<string, Bucket>();
  for (const question of pool) {
    const knowledge = [...new Set(question.knowledgeIds.filter((id) => wanted.has(id)))].sort(
      (a, b) => a - b,
    );
    const key = `${question.type}|${question.difficulty}|${knowledge.join(',')}`;
    const bucket = map.get(key) ?? {
      type: question.type,
      difficulty: question.difficulty,
      knowledge,
      ids: [],
    };
    bucket.ids.push(question.id);
    map.set(key, bucket);
  }
  return [...map.values()];
}

/**
 * The buckets with each question's difficulty replaced by its calibrated one where it has one
 * (`calibrated`: question id → difficulty 1–10); questions then regroup by the new difficulty.
 */
export function withCalibratedDifficulty(
  buckets: readonly Bucket[],
  calibrated: ReadonlyMap<number, number>,
): Bucket[] {
  const merged = new Map<string, Bucket>();
  for (const bucket of buckets) {
    for (const id of bucket.ids) {
      const difficulty = calibrated.get(id) ?? bucket.difficulty;
      const key = `${bucket.type}|${bucket.knowledge.join(',')}|${difficulty}`;
      const found = merged.get(key);
      if (found) found.ids.push(id);
      else merged.set(key, { type: bucket.type, knowledge: bucket.knowledge, difficulty, ids: [id] });
    }
  }
  return [...merged.values()];
}
