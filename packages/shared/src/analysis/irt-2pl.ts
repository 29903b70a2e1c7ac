/**
 * Two-parameter logistic IRT (2PL) calibration by marginal maximum likelihood with EM over fixed
 * quadrature points (Bock & Aitkin 1981), pure and dependency-free.
 *
 * Model: P(correct | θ) = 1 / (1 + exp(−a(θ − b))), θ ~ N(0, 1), no scaling constant (D = 1), the
 * parameterisation R's ltm reports as Dscrmn (a) and Dffclt (b). Internally the item is fitted in the
 * slope–intercept form z = aθ + c (c = −ab), whose complete-data log-likelihood is concave.
 *
 * E-step: each respondent's posterior over the quadrature points; expected numbers of respondents
 * (n̄) and of correct answers (r̄) per item and point. M-step: Newton–Raphson per item on (a, c).
 * Optional Gaussian priors on a and c keep items everyone (or no one) answered right finite; without
 * priors the estimate is plain MML. Standard errors come from the observed information of the marginal
 * log-likelihood, approximated by the cross-product of respondents' score vectors (the "empirical" or
 * XPD information of Mislevy & Bock's BILOG), inverted in full so covariances between items count.
 */

/** Responses in compressed rows: respondent j answered items itemIndex[start[j] .. start[j+1]). */
export interface ResponseMatrix {
  itemCount: number;
  /** length respondents + 1 */
  start: Int32Array;
  itemIndex: Int32Array;
  /** 1 right, 0 wrong, same length as itemIndex */
  correct: Uint8Array;
  /** frequency of each respondent row (response patterns); 1 when absent */
  weight?: Float64Array;
}

export interface IrtPriors {
  /** Gaussian prior on the discrimination a */
  aMean: number;
  aSd: number;
  /** Gaussian prior on the intercept c = −ab, centred at 0 */
  cSd: number;
}

/** Weak priors used on question banks (finite estimates for perfect items, negligible elsewhere). */
export const WEAK_PRIORS: IrtPriors = { aMean: 1, aSd: 1.5, cSd: 4 };

export interface CalibrateOptions {
  /** number of equally spaced quadrature points over [−range, range]; default 49 */
  points?: number;
  range?: number;
  /** null for plain MML (default WEAK_PRIORS) */
  priors?: IrtPriors | null;
  maxIterations?: number;
  /** stop when no parameter moves more than this between EM cycles; default 1e-4 */
  tolerance?: number;
  /** called after every EM cycle (for progress) */
  onIteration?: (iteration: number, logLik: number) => void;
}

export interface ItemEstimate {
  a: number;
  b: number;
  seA: number;
  seB: number;
  /** weighted number of respondents who answered the item */
  n: number;
  /** weighted proportion right */
  pValue: number;
}

export interface CalibrationResult {
  items: ItemEstimate[];
  logLik: number;
  iterations: number;
  converged: boolean;
}

const A_LIMIT = 10;
const C_LIMIT = 30;

/** Probability of a right answer under the 2PL. */
export function icc(a: number, b: number, theta: number): number {
  return 1 / (1 + Math.exp(-a * (theta - b)));
}

/** Fisher information of one item at θ: a²P(1−P). */
export function itemInformation(a: number, b: number, theta: number): number {
  const p = icc(a, b, theta);
  return a * a * p * (1 - p);
}

/** Test information at θ: the sum of the items' information. */
export function testInformation(items: readonly { a: number; b: number }[], theta: number): number {
  let total = 0;
  for (const item of items) total += itemInformation(item.a, item.b, theta);
  return total;
}

/** θ values from `from` to `to` inclusive in `count` steps (chart grids). */
export function thetaGrid(from = -4, to = 4, count = 81): number[] {
  const step = (to - from) / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round((from + i * step) * 1e6) / 1e6);
}

interface Quadrature {
  nodes: Float64Array;
  logWeights: Float64Array;
}

function quadrature(points: number, range: number): Quadrature {
  const nodes = new Float64Array(points);
  const weights = new Float64Array(points);
  let sum = 0;
  for (let q = 0; q < points; q += 1) {
    nodes[q] = -range + (2 * range * q) / (points - 1);
    weights[q] = Math.exp((-nodes[q]! * nodes[q]!) / 2);
    sum += weights[q]!;
  }
  const logWeights = weights.map((w) => Math.log(w / sum));
  return { nodes, logWeights };
}

/** Builds a ResponseMatrix from rows of 0/1/null (null = not answered). */
export function matrixFromRows(
  rows: readonly (readonly (0 | 1 | null)[])[],
  weights?: readonly number[],
): ResponseMatrix {
  const itemCount = rows[0]?.length ?? 0;
  const start = new Int32Array(rows.length + 1);
  const itemIndex: number[] = [];
  const correct: number[] = [];
  rows.forEach((row, j) => {
    row.forEach((value, i) => {
      if (value === null) return;
      itemIndex.push(i);
      correct.push(value);
    });
    start[j + 1] = itemIndex.length;
  });
  return {
    itemCount,
    start,
    itemIndex: Int32Array.from(itemIndex),
    correct: Uint8Array.from(correct),
    weight: weights ? Float64Array.from(weights) : undefined,
  };
}

interface State {
  a: Float64Array;
  c: Float64Array;
}

/** log P and log(1−P) of every item at every point, item-major. */
function logTables(state: State, quad: Quadrature) {
  const points = quad.nodes.length;
  const items = state.a.length;
  const logP = new Float64Array(items * points);
  const logQ = new Float64Array(items * points);
  for (let i = 0; i < items; i += 1) {
    for (let q = 0; q < points; q += 1) {
      const z = state.a[i]! * quad.nodes[q]! + state.c[i]!;
      // log σ(z) and log σ(−z), stable for large |z|
      const softplus = z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
      logP[i * points + q] = z - softplus;
      logQ[i * points + q] = -softplus;
    }
  }
  return { logP, logQ };
}

/**
 * One E-step: the respondents' posteriors over the points. Calls `visit(j, posterior)` for every
 * respondent and returns the marginal log-likelihood.
 */
function eStep(
  matrix: ResponseMatrix,
  state: State,
  quad: Quadrature,
  visit: (j: number, posterior: Float64Array) => void,
): number {
  const points = quad.nodes.length;
  const { logP, logQ } = logTables(state, quad);
  const log = new Float64Array(points);
  const posterior = new Float64Array(points);
  const respondents = matrix.start.length - 1;
  let logLik = 0;
  for (let j = 0; j < respondents; j += 1) {
    log.set(quad.logWeights);
    for (let k = matrix.start[j]!; k < matrix.start[j + 1]!; k += 1) {
      const base = matrix.itemIndex[k]! * points;
      const table = matrix.correct[k]! === 1 ? logP : logQ;
      for (let q = 0; q < points; q += 1) log[q] = log[q]! + table[base + q]!;
    }
    let max = -Infinity;
    for (let q = 0; q < points; q += 1) if (log[q]! > max) max = log[q]!;
    let sum = 0;
    for (let q = 0; q < points; q += 1) {
      posterior[q] = Math.exp(log[q]! - max);
      sum += posterior[q]!;
    }
    for (let q = 0; q < points; q += 1) posterior[q] = posterior[q]! / sum;
    logLik += (matrix.weight?.[j] ?? 1) * (max + Math.log(sum));
    visit(j, posterior);
  }
  return logLik;
}

/** Newton–Raphson on one item's expected complete-data log-likelihood (plus priors). */
function mStepItem(
  nBar: Float64Array,
  rBar: Float64Array,
  offset: number,
  nodes: Float64Array,
  start: { a: number; c: number },
  priors: IrtPriors | null,
): { a: number; c: number } {
  let { a, c } = start;
  for (let step = 0; step < 25; step += 1) {
    let ga = 0;
    let gc = 0;
    let haa = 0;
    let hac = 0;
    let hcc = 0;
    for (let q = 0; q < nodes.length; q += 1) {
      const n = nBar[offset + q]!;
      if (n === 0) continue;
      const theta = nodes[q]!;
      const p = 1 / (1 + Math.exp(-(a * theta + c)));
      const residual = rBar[offset + q]! - n * p;
      const w = n * p * (1 - p);
      ga += residual * theta;
      gc += residual;
      haa += w * theta * theta;
      hac += w * theta;
      hcc += w;
    }
    if (priors) {
      ga -= (a - priors.aMean) / (priors.aSd * priors.aSd);
      haa += 1 / (priors.aSd * priors.aSd);
      gc -= c / (priors.cSd * priors.cSd);
      hcc += 1 / (priors.cSd * priors.cSd);
    }
    // (a, c) += H⁻¹ g with H the (positive) information; a tiny ridge keeps it invertible
    haa += 1e-9;
    hcc += 1e-9;
    const det = haa * hcc - hac * hac;
    let da = (hcc * ga - hac * gc) / det;
    let dc = (haa * gc - hac * ga) / det;
    const size = Math.max(Math.abs(da), Math.abs(dc));
    if (size > 1) {
      da /= size;
      dc /= size;
    }
    a = Math.min(A_LIMIT, Math.max(-A_LIMIT, a + da));
    c = Math.min(C_LIMIT, Math.max(-C_LIMIT, c + dc));
    if (size < 1e-8) break;
  }
  return { a, c };
}

/** Starting values from proportions right: c = logit(p), a = 1. */
function startState(matrix: ResponseMatrix): State {
  const items = matrix.itemCount;
  const right = new Float64Array(items);
  const total = new Float64Array(items);
  const respondents = matrix.start.length - 1;
  for (let j = 0; j < respondents; j += 1) {
    const w = matrix.weight?.[j] ?? 1;
    for (let k = matrix.start[j]!; k < matrix.start[j + 1]!; k += 1) {
      const item = matrix.itemIndex[k]!;
      total[item] = total[item]! + w;
      right[item] = right[item]! + w * matrix.correct[k]!;
    }
  }
  const a = new Float64Array(items).fill(1);
  const c = new Float64Array(items);
  for (let i = 0; i < items; i += 1) {
    const p = Math.min(0.99, Math.max(0.01, (right[i]! + 0.5) / (total[i]! + 1)));
    c[i] = Math.log(p / (1 - p)) * 1.3;
  }
  return { a, c };
}

function emCycle(
  matrix: ResponseMatrix,
  state: State,
  quad: Quadrature,
  priors: IrtPriors | null,
): { logLik: number; change: number } {
  const points = quad.nodes.length;
  const nBar = new Float64Array(matrix.itemCount * points);
  const rBar = new Float64Array(matrix.itemCount * points);
  const logLik = eStep(matrix, state, quad, (j, posterior) => {
    const w = matrix.weight?.[j] ?? 1;
    for (let k = matrix.start[j]!; k < matrix.start[j + 1]!; k += 1) {
      const base = matrix.itemIndex[k]! * points;
      const right = matrix.correct[k]! === 1;
      for (let q = 0; q < points; q += 1) {
        const v = w * posterior[q]!;
        nBar[base + q] = nBar[base + q]! + v;
        if (right) rBar[base + q] = rBar[base + q]! + v;
      }
    }
  });
  let change = 0;
  for (let i = 0; i < matrix.itemCount; i += 1) {
    const next = mStepItem(nBar, rBar, i * points, quad.nodes, { a: state.a[i]!, c: state.c[i]! }, priors);
    change = Math.max(change, Math.abs(next.a - state.a[i]!), Math.abs(next.c - state.c[i]!));
    state.a[i] = next.a;
    state.c[i] = next.c;
  }
  return { logLik, change };
}

/**
 * Covariance of (a_i, c_i) for every item: the inverse of the cross-product information
 * Σ_j w_j s_j s_jᵀ (s_j the respondent's score vector of the marginal log-likelihood), plus the
 * priors' curvature. Returns, per item, [var a, cov ac, var c].
 */
function itemCovariances(
  matrix: ResponseMatrix,
  state: State,
  quad: Quadrature,
  priors: IrtPriors | null,
): [number, number, number][] {
  const points = quad.nodes.length;
  const size = 2 * matrix.itemCount;
  const info = new Float64Array(size * size);
  const p = new Float64Array(matrix.itemCount * points);
  for (let i = 0; i < matrix.itemCount; i += 1) {
    for (let q = 0; q < points; q += 1) {
      p[i * points + q] = 1 / (1 + Math.exp(-(state.a[i]! * quad.nodes[q]! + state.c[i]!)));
    }
  }
  const score = new Float64Array(size);
  const touched: number[] = [];
  eStep(matrix, state, quad, (j, posterior) => {
    const w = matrix.weight?.[j] ?? 1;
    touched.length = 0;
    for (let k = matrix.start[j]!; k < matrix.start[j + 1]!; k += 1) {
      const i = matrix.itemIndex[k]!;
      const u = matrix.correct[k]!;
      let sa = 0;
      let sc = 0;
      for (let q = 0; q < points; q += 1) {
        const r = posterior[q]! * (u - p[i * points + q]!);
        sa += r * quad.nodes[q]!;
        sc += r;
      }
      score[2 * i] = sa;
      score[2 * i + 1] = sc;
      touched.push(2 * i, 2 * i + 1);
    }
    for (const x of touched) {
      const sx = w * score[x]!;
      for (const y of touched) info[x * size + y] = info[x * size + y]! + sx * score[y]!;
    }
  });
  if (priors) {
    for (let i = 0; i < matrix.itemCount; i += 1) {
      info[2 * i * size + 2 * i] = info[2 * i * size + 2 * i]! + 1 / (priors.aSd * priors.aSd);
      info[(2 * i + 1) * size + 2 * i + 1] =
        info[(2 * i + 1) * size + 2 * i + 1]! + 1 / (priors.cSd * priors.cSd);
    }
  }
  const inverse = invertSymmetric(info, size);
  return Array.from({ length: matrix.itemCount }, (_, i) => [
    inverse[2 * i * size + 2 * i]!,
    inverse[2 * i * size + 2 * i + 1]!,
    inverse[(2 * i + 1) * size + 2 * i + 1]!,
  ]);
}

/** Inverse of a symmetric positive (semi)definite matrix by Gauss–Jordan with a small ridge. */
export function invertSymmetric(matrix: Float64Array, size: number): Float64Array {
  const work = Float64Array.from(matrix);
  const inverse = new Float64Array(size * size);
  for (let i = 0; i < size; i += 1) {
    inverse[i * size + i] = 1;
    if (work[i * size + i]! < 1e-10) work[i * size + i] = work[i * size + i]! + 1e-10;
  }
  for (let col = 0; col < size; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < size; r += 1) {
      if (Math.abs(work[r * size + col]!) > Math.abs(work[pivot * size + col]!)) pivot = r;
    }
    if (pivot !== col) {
      for (let k = 0; k < size; k += 1) {
        [work[col * size + k]!, work[pivot * size + k]!] = [work[pivot * size + k]!, work[col * size + k]!];
        [inverse[col * size + k]!, inverse[pivot * size + k]!] = [
          inverse[pivot * size + k]!,
          inverse[col * size + k]!,
        ];
      }
    }
    const diagonal = work[col * size + col]! || 1e-12;
    for (let k = 0; k < size; k += 1) {
      work[col * size + k] = work[col * size + k]! / diagonal;
      inverse[col * size + k] = inverse[col * size + k]! / diagonal;
    }
    for (let r = 0; r < size; r += 1) {
      if (r === col) continue;
      const factor = work[r * size + col]!;
      if (factor === 0) continue;
      for (let k = 0; k < size; k += 1) {
        work[r * size + k] = work[r * size + k]! - factor * work[col * size + k]!;
        inverse[r * size + k] = inverse[r * size + k]! - factor * inverse[col * size + k]!;
      }
    }
  }
  return inverse;
}

function itemCounts(matrix: ResponseMatrix) {
  const n = new Float64Array(matrix.itemCount);
  const right = new Float64Array(matrix.itemCount);
  for (let j = 0; j < matrix.start.length - 1; j += 1) {
    const w = matrix.weight?.[j] ?? 1;
    for (let k = matrix.start[j]!; k < matrix.start[j + 1]!; k += 1) {
      const item = matrix.itemIndex[k]!;
      n[item] = n[item]! + w;
      right[item] = right[item]! + w * matrix.correct[k]!;
    }
  }
  return { n, right };
}

/** Calibrates every item of the matrix under the 2PL (see the file's comment). */
export function calibrate2pl(matrix: ResponseMatrix, options: CalibrateOptions = {}): CalibrationResult {
  const quad = quadrature(options.points ?? 49, options.range ?? 6);
  const priors = options.priors === undefined ? WEAK_PRIORS : options.priors;
  const maxIterations = options.maxIterations ?? 500;
  const tolerance = options.tolerance ?? 1e-4;
  const state = startState(matrix);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    iterations += 1;
    const cycle = emCycle(matrix, state, quad, priors);
    options.onIteration?.(iterations, cycle.logLik);
    if (cycle.change < tolerance) {
      converged = true;
      break;
    }
  }
  // the log-likelihood at the final parameters
  const logLik = eStep(matrix, state, quad, () => undefined);
  const covariances = itemCovariances(matrix, state, quad, priors);
  const counts = itemCounts(matrix);
  const items = Array.from({ length: matrix.itemCount }, (_, i): ItemEstimate => {
    const a = state.a[i]!;
    const c = state.c[i]!;
    const [varA, covAC, varC] = covariances[i]!;
    // b = −c/a; delta method: ∂b/∂a = c/a², ∂b/∂c = −1/a
    const da = c / (a * a);
    const dc = -1 / a;
    const varB = da * da * varA + 2 * da * dc * covAC + dc * dc * varC;
    return {
      a,
      b: -c / a,
      seA: Math.sqrt(Math.max(0, varA)),
      seB: Math.sqrt(Math.max(0, varB)),
      n: counts.n[i]!,
      pValue: counts.n[i]! > 0 ? counts.right[i]! / counts.n[i]! : 0,
    };
  });
  return { items, logLik, iterations, converged };
}

/** Plain-language notes on an estimate (shown beside the numbers). */
export function fitNotes(item: ItemEstimate): string[] {
  const notes: string[] = [];
  if (item.n < 30) notes.push('作答人数少于 30，估计不稳');
  if (item.a < 0) notes.push('区分度为负：能力高者反而更易答错，请检查答案');
  else if (item.a < 0.3) notes.push('区分度很低');
  if (item.pValue >= 0.99 || item.pValue <= 0.01) notes.push('几乎全对或全错，参数靠先验约束');
  if (Math.abs(item.b) > 4) notes.push('难度超出 ±4，远离多数考生');
  if (item.seB > 1 || item.seA > 1) notes.push('标准误大');
  return notes;
}

/** A seeded PRNG (mulberry32) for simulations and tests. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller) from a uniform source. */
export function normalDraw(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * A calibrated b on the question difficulty scale (1–10, spec §5): b = 0 (the average candidate has an
 * even chance) is 5, one logit is 1.5 points of the scale, clamped to 1–10: b ≤ −1.34 is 简单 (≤ 3),
 * b ≥ 0.34 is 困难 (≥ 6).
 */
export function difficultyFromB(b: number): number {
  return Math.min(10, Math.max(1, Math.round(5 + 1.5 * b)));
}
