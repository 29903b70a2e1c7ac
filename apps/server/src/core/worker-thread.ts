import fs from 'node:fs';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread: the built `builtName` next to the server bundle (npm start: build.mjs writes
 * each worker beside dist/main.js), or the TypeScript `source` loaded through tsx (dev and tests, where no
 * built worker exists).
 */
export function startWorker(builtName: string, source: URL, options: WorkerOptions): Worker {
  const built = new URL(`./${builtName}`, import.meta.url);
  if (fs.existsSync(built)) return new Worker(built, options);
  const href = JSON.stringify(source.href);
  const viaTsx = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`;
  return new Worker(viaTsx, { ...options, eval: true });
}
