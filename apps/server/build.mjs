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

await build({
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  entryPoints: ['src/main.ts'],
  // OUTFILE lets parallel e2e runs keep builds apart.
  outfile: process.env.OUTFILE ? path.resolve(process.env.OUTFILE) : 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
