import { describe, expect, it } from 'vitest';
import {
  calibrate2pl,
  difficultyFromB,
  fitNotes,
  icc,
  itemInformation,
  matrixFromRows,
  normalDraw,
  seededRandom,
  testInformation,
} from './irt-2pl';

/**
 * LSAT section VI (Bock & Lieberman 1970): 1000 examinees, 5 items, the 30 observed response
 * patterns with their frequencies, as shipped in R's ltm package (data/LSAT.rda).
 */
const LSAT: [string, number][] = [
  ['00000', 3],
  ['00001', 6],
  ['00010', 2],
  ['00011', 11],
  ['00100', 1],
  ['00101', 1],
  ['00110', 3],
  ['00111', 4],
  ['01000', 1],
  ['01001', 8],
  ['01011', 16],
  ['01101', 3],
  ['01110', 2],
  ['01111', 15],
  ['10000', 10],
  ['10001', 29],
  ['10010', 14],
  ['10011', 81],
  ['10100', 3],
  ['10101', 28],
  ['10110', 15],
  ['10111', 80],
  ['11000', 16],
  ['11001', 56],
  ['11010', 21],
  ['11011', 173],
  ['11100', 11],
  ['11101', 61],
  ['11110', 28],
  ['11111', 298],
];

/**
 * ltm::ltm(LSAT ~ z1) — 2PL by MML, a(θ − b) with D = 1 (Rizopoulos 2006, J. Stat. Softw. 17(5);
 * the package's summary()): estimates and standard errors; log-likelihood −2466.653.
 */
const LTM = {
  b: [-3.3597, -1.3696, -0.2799, -1.8659, -3.1236],
  seB: [0.8669, 0.3073, 0.0997, 0.4341, 0.87],
  a: [0.8254, 0.7229, 0.8905, 0.6886, 0.6575],
  seA: [0.2581, 0.1867, 0.2326, 0.1852, 0.21],
  logLik: -2466.653,
};

function lsatMatrix() {
  const rows = LSAT.map(([pattern]) => [...pattern].map((x) => (x === '1' ? 1 : 0) as 0 | 1));
  return matrixFromRows(
    rows,
    LSAT.map(([, n]) => n),
  );
}

describe('2PL calibration on the LSAT-6 data', () => {
  const fit = calibrate2pl(lsatMatrix(), { priors: null, tolerance: 1e-6, maxIterations: 5000 });

  it('converges to ltm’s maximum of the marginal likelihood', () => {
    expect(fit.converged).toBe(true);
    expect(LSAT.reduce((s, [, n]) => s + n, 0)).toBe(1000);
    expect(fit.logLik).toBeCloseTo(LTM.logLik, 2);
  });

  it('agrees with ltm’s estimates within their published standard errors', () => {
    fit.items.forEach((item, i) => {
      expect(Math.abs(item.a - LTM.a[i]!)).toBeLessThan(LTM.seA[i]!);
      expect(Math.abs(item.b - LTM.b[i]!)).toBeLessThan(LTM.seB[i]!);
      // in fact far closer: the same model, the same data
      expect(Math.abs(item.a - LTM.a[i]!)).toBeLessThan(0.005);
      expect(Math.abs(item.b - LTM.b[i]!)).toBeLessThan(0.01);
    });
  });

  it('gives standard errors of the same size as ltm’s', () => {
    fit.items.forEach((item, i) => {
      expect(item.seA / LTM.seA[i]!).toBeGreaterThan(0.9);
      expect(item.seA / LTM.seA[i]!).toBeLessThan(1.1);
      expect(item.seB / LTM.seB[i]!).toBeGreaterThan(0.9);
      expect(item.seB / LTM.seB[i]!).toBeLessThan(1.1);
    });
  });
});

describe('2PL recovery from simulated responses', () => {
  it('recovers known parameters of 20 items from 3000 simulees (seeded)', () => {
    const random = seededRandom(20260519);
    const truth = Array.from({ length: 20 }, (_, i) => ({ a: 0.6 + (i % 5) * 0.3, b: -2 + (i * 4) / 19 }));
    const rows = Array.from({ length: 3000 }, () => {
      const theta = normalDraw(random);
      // every simulee skips a quarter of the items, as in a bank where papers differ
      return truth.map(({ a, b }) => (random() < 0.25 ? null : random() < icc(a, b, theta) ? 1 : 0));
    });
    const fit = calibrate2pl(matrixFromRows(rows));
    expect(fit.converged).toBe(true);
    fit.items.forEach((item, i) => {
      expect(Math.abs(item.a - truth[i]!.a)).toBeLessThan(Math.max(0.25, 3 * item.seA));
      expect(Math.abs(item.b - truth[i]!.b)).toBeLessThan(Math.max(0.25, 3 * item.seB));
    });
    const rmseB = Math.sqrt(fit.items.reduce((s, it, i) => s + (it.b - truth[i]!.b) ** 2, 0) / 20);
    expect(rmseB).toBeLessThan(0.12);
  });

  it('keeps an item everyone answered right finite (priors), with a note', () => {
    const random = seededRandom(7);
    const rows = Array.from({ length: 200 }, () => {
      const theta = normalDraw(random);
      return [1, random() < icc(1, 0, theta) ? 1 : 0, random() < icc(1.2, 0.5, theta) ? 1 : 0] as (0 | 1)[];
    });
    const fit = calibrate2pl(matrixFromRows(rows));
    const perfect = fit.items[0]!;
    expect(Number.isFinite(perfect.a) && Number.isFinite(perfect.b)).toBe(true);
    expect(perfect.b).toBeLessThan(-1.5);
    expect(fitNotes(perfect)).toContain('几乎全对或全错，参数靠先验约束');
  });
});

describe('curves', () => {
  it('ICC is ½ at θ = b and information peaks there at a²/4', () => {
    expect(icc(1.5, 0.7, 0.7)).toBe(0.5);
    expect(itemInformation(2, 1, 1)).toBe(1);
    expect(itemInformation(2, 1, 0)).toBeLessThan(1);
    // hand-computed: a = 1, b = 0 at θ = ln 3 → P = 3/4, I = 3/16
    expect(itemInformation(1, 0, Math.log(3))).toBeCloseTo(3 / 16, 12);
    expect(
      testInformation(
        [
          { a: 2, b: 1 },
          { a: 1, b: 0 },
        ],
        1,
      ),
    ).toBeCloseTo(1 + itemInformation(1, 0, 1), 12);
  });
});

describe('difficultyFromB', () => {
  it('maps b to the 1–10 scale, 5 at b = 0, clamped', () => {
    expect(difficultyFromB(0)).toBe(5);
    expect(difficultyFromB(1)).toBe(7); // 6.5 rounds up
    expect(difficultyFromB(-1.34)).toBe(3);
    expect(difficultyFromB(0.34)).toBe(6);
    expect(difficultyFromB(-9)).toBe(1);
    expect(difficultyFromB(9)).toBe(10);
  });
});
