import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The server's tests for mutation testing (stryker.config.mjs): one project, only the test files of
 * the target (MUTATE_TESTS, comma-separated globs), so a mutant is judged by its module's tests and
 * not by the whole suite. Stryker runs it in threads, one worker.
 */
const include = (process.env.MUTATE_TESTS ?? '').split(',').filter(Boolean);

export default defineConfig({
  // Stryker starts vitest from the sandbox's root: the server's paths are relative to its own folder.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: include.length > 0 ? include : ['src/**/*.test.ts'],
  },
});
