// 2PL calibration at bank scale (issue 19): a 200-item bank, 100,000 dichotomous responses — 2,000
// simulated candidates, each answering a paper of 50 items drawn from the bank (seeded, so every run
// sees the same data). Target: the whole calibration (EM to convergence plus standard errors) under
// 10 s. Recovery of the known parameters is reported beside the time.
//   npx tsx bench/irt.bench.ts [--runs=3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calibrate2pl, icc, normalDraw, seededRandom, type ResponseMatrix } from '@kaopei/shared';

const ITEMS = 200;
const CANDIDATES = 2000;
const PER_PAPER = 50;
const TARGET_MS = 10_000;

function simulate() {
  const random = seededRandom(19);
  const truth = Array.from({ length: ITEMS }, () => ({
    a: 0.5 + random() * 1.5,
    b: -2.5 + random() * 5,
  }));
  const start = new Int32Array(CANDIDATES + 1);
  const itemIndex = new Int32Array(CANDIDATES * PER_PAPER);
  const correct = new Uint8Array(CANDIDATES * PER_PAPER);
  const ids = Array.from({ length: ITEMS }, (_, i) => i);
  let k = 0;
  for (let j = 0; j < CANDIDATES; j += 1) {
    const theta = normalDraw(random);
    // a partial Fisher–Yates shuffle picks the paper's items
    for (let s = 0; s < PER_PAPER; s += 1) {
      const pick = s + Math.floor(random() * (ITEMS - s));
      [ids[s], ids[pick]] = [ids[pick]!, ids[s]!];
      const item = ids[s]!;
      itemIndex[k] = item;
      correct[k] = random() < icc(truth[item]!.a, truth[item]!.b, theta) ? 1 : 0;
      k += 1;
    }
    start[j + 1] = k;
  }
  const matrix: ResponseMatrix = { itemCount: ITEMS, start, itemIndex, correct };
  return { truth, matrix };
}

export async function irt() {
  const runsArg = process.argv.find((a) => a.startsWith('--runs='));
  const runs = runsArg ? Number(runsArg.slice(7)) : 3;
  const { truth, matrix } = simulate();
  const results = [];
  for (let run = 1; run <= runs; run += 1) {
    const began = performance.now();
    const fit = calibrate2pl(matrix);
    const ms = Math.round(performance.now() - began);
    const rmse = (pick: (i: number) => number) =>
      +Math.sqrt(fit.items.reduce((s, _, i) => s + pick(i) ** 2, 0) / ITEMS).toFixed(3);
    results.push({
      run,
      ms,
      iterations: fit.iterations,
      converged: fit.converged,
      rmseA: rmse((i) => fit.items[i]!.a - truth[i]!.a),
      rmseB: rmse((i) => fit.items[i]!.b - truth[i]!.b),
    });
    console.log(`  run ${run}: ${ms} ms, ${fit.iterations} EM cycles`);
  }
  return {
    machine: { cores: os.cpus().length, loadAverage: os.loadavg().map((n) => +n.toFixed(2)) },
    items: ITEMS,
    responses: matrix.itemIndex.length,
    candidates: CANDIDATES,
    targetMs: TARGET_MS,
    runs: results,
    ok: results.every((r) => r.ms < TARGET_MS && r.converged),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await irt();
  console.log(JSON.stringify(result, null, 2));
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'irt.json'),
    JSON.stringify({ name: 'irt', at: new Date().toISOString(), result }, null, 2),
  );
}
