#!/usr/bin/env node
/**
 * Mutation testing with StrykerJS (stryker.config.mjs): `npm run mutate -- <target> [stryker options]`,
 * e.g. `npm run mutate -- shared` or `npm run mutate -- role --mutate apps/server/src/modules/role/role.service.ts`.
 * MUTATE_TESTS=<comma-separated globs> narrows the tests that judge a server or web target (one file).
 * Without a target: lists the targets. `all` runs every target in turn (hours).
 * Reports: reports/mutation/<target>/index.html and mutation.json.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.MUTATE_TARGET ??= 'shared';
const { TARGETS } = await import(path.join(root, 'stryker.config.mjs'));

const [first, ...rest] = process.argv.slice(2);
if (!first || first.startsWith('-')) {
  console.log(
    `Targets: ${Object.keys(TARGETS).join(', ')}, all\nUsage: npm run mutate -- <target> [stryker options]`,
  );
  process.exit(first ? 1 : 0);
}
const names = first === 'all' ? Object.keys(TARGETS) : first.split(',');
for (const name of names) {
  const target = TARGETS[name];
  if (!target) {
    console.error(`Unknown target ${name}: one of ${Object.keys(TARGETS).join(', ')}`);
    process.exit(1);
  }
  console.log(`\n=== mutation testing: ${name} ===`);
  const started = Date.now();
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', ...rest], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      MUTATE_TARGET: name,
      // MUTATE_TESTS set by the caller narrows the tests that judge a server or web target.
      MUTATE_TESTS: process.env.MUTATE_TESTS ?? (target.tests ?? []).join(','),
    },
  });
  console.log(`=== ${name}: ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (run.status !== 0) process.exit(run.status ?? 1);
}
