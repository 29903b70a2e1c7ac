// Bundles the server into dist/main.js. Dependencies stay external (installed by npm); the
// workspace package @kaopei/shared is TypeScript source and is bundled in.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {})
  .filter((name) => !name.startsWith('@kaopei/'))
  .flatMap((name) => [name, `${name}/*`]);

// OUTFILE lets parallel e2e runs keep builds apart.
const outfile = process.env.OUTFILE ? path.resolve(process.env.OUTFILE) : 'dist/main.js';
const common = {
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
};

await build({ ...common, entryPoints: ['src/main.ts'], outfile });
// The worker threads (core/worker-thread.ts starts each from next to the bundle): the Excel import's
// parser and the IRT calibration.
for (const entry of ['src/core/excel-worker.ts', 'src/modules/analysis-irt/irt-worker.ts']) {
  await build({
    ...common,
    entryPoints: [entry],
    outfile: path.join(path.dirname(outfile), `${path.basename(entry, '.ts')}.js`),
  });
}
