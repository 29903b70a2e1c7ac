import { defineConfig } from 'vitest/config';

/** The one test file that mocks a module: it runs in a fresh module graph of its own. */
const MOCKING = ['src/modules/exam/exam-candidate.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        // Files share their worker's module graph: importing the app once per worker, not once per file,
        // saves about a minute per run. Each file still builds its own app on its own database.
        test: { name: 'server', include: ['src/**/*.test.ts'], exclude: MOCKING, isolate: false },
      },
      { extends: true, test: { name: 'server-isolated', include: MOCKING } },
    ],
  },
});
