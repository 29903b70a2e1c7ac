/**
 * StrykerJS mutation testing (`npm run mutate -- <target>`, scripts/mutate.mjs). One target per run:
 * the files it mutates and the tests that judge them. Not part of `npm test`: a run takes minutes to
 * hours. Incremental: each target keeps its last result in reports/mutation/<target>/ (gitignored), so a
 * rerun on the same machine only tests mutants in code or tests that changed.
 */

/** Files of a server module that hold its rules: everything but routes (contract adapters), tests and fixtures. */
const serverModule = (...names) => ({
  mutate: names.flatMap((name) => [
    `apps/server/src/modules/${name}/**/*.ts`,
    `!apps/server/src/modules/${name}/**/*.test.ts`,
    `!apps/server/src/modules/${name}/**/*.routes.ts`,
    `!apps/server/src/modules/${name}/**/*.fixtures.ts`,
  ]),
  vitest: { configFile: 'apps/server/vitest.mutate.config.ts', dir: 'apps/server' },
  // Only the module's own tests judge its mutants (vitest.mutate.config.ts reads MUTATE_TESTS): every
  // server test imports the whole app, so "related" tests would be the whole suite.
  tests: names.map((name) => `src/modules/${name}/**/*.test.ts`),
});

export const TARGETS = {
  shared: {
    // The rules; contracts (zod declarations and their messages) are judged by the server and web suites.
    mutate: [
      'packages/shared/src/**/*.ts',
      '!packages/shared/src/**/*.test.ts',
      '!packages/shared/src/contracts/**',
      '!packages/shared/src/index.ts',
      '!packages/shared/src/post-templates.ts',
      '!packages/shared/src/code-templates.ts',
    ],
    vitest: { configFile: 'packages/shared/vitest.config.ts', dir: 'packages/shared' },
    thresholds: { high: 90, low: 80, break: null },
  },
  exam: serverModule('exam'),
  auth: serverModule('auth'),
  role: serverModule('role'),
  staff: serverModule('staff'),
  question: serverModule('question'),
  paper: serverModule('paper'),
  ability: serverModule('ability'),
  course: serverModule('course', 'course-content'),
  study: serverModule('study-task', 'study-target'),
  web: {
    mutate: ['apps/web/src/**/*-rules.ts', 'apps/web/src/**/*-state.ts'],
    // The config sets its root (apps/web); the rule tests are few, and perTest coverage still runs
    // only those that cover a mutant.
    vitest: { configFile: 'apps/web/vitest.mutate.config.ts', related: false },
    tests: ['src/**/*-rules.test.ts', 'src/**/*-state.test.ts'],
    thresholds: { high: 85, low: 75, break: null },
  },
};

const name = process.env.MUTATE_TARGET ?? 'shared';
const target = TARGETS[name];
if (!target) throw new Error(`Unknown mutation target ${name}: one of ${Object.keys(TARGETS).join(', ')}`);
const dir = `reports/mutation/${name}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: target.vitest,
  mutate: target.mutate,
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants) would rerun every test per mutant.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: `${dir}/stryker-incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${dir}/index.html` },
  jsonReporter: { fileName: `${dir}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // The machine is shared: one test runner at a time unless asked (--concurrency N).
  concurrency: 1,
  timeoutMS: 30_000,
  // The first run (coverage per test) of a server module's tests takes minutes on a busy machine.
  dryRunTimeoutMinutes: 30,
  thresholds: target.thresholds ?? { high: 80, low: 70, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  ignorePatterns: [
    // Other runs' sandboxes (`--tempDirName` lets two targets run side by side).
    '.stryker-tmp*',
    'reports',
    'bench/results',
    'data',
    'dist',
    'test-results',
    'playwright-report',
    '.test-results',
  ],
};
