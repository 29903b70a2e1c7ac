import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vite.config';

/**
 * The web tests for mutation testing (stryker.config.mjs): the app's test settings, only the test
 * files of the target (MUTATE_TESTS, comma-separated globs: the rule and state files' own tests).
 */
const include = (process.env.MUTATE_TESTS ?? '').split(',').filter(Boolean);

export default defineConfig({
  ...base,
  // Stryker's runner starts Vitest from the repository root: the app's paths (setup file, includes)
  // are relative to apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { ...base.test, include: include.length > 0 ? include : base.test?.include },
});
