import { parentPort, workerData } from 'node:worker_threads';
import { calibrate2pl, type ResponseMatrix } from '@kaopei/shared';

/**
 * Worker thread of a bank calibration (started by analysis-irt.service.ts): fits the 2PL off the API's
 * event loop, posting `{ iteration }` after each EM cycle and `{ fit }` at the end.
 */
const { matrix, maxIterations } = workerData as { matrix: ResponseMatrix; maxIterations: number };
const fit = calibrate2pl(matrix, {
  maxIterations,
  onIteration: (iteration) => parentPort?.postMessage({ iteration }),
});
parentPort?.postMessage({ fit });
