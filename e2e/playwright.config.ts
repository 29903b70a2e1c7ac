import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The server under test: the built app on a fresh embedded database, on its own port. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `kaopei-e2e-${E2E_PORT}`);
/** One id per run, set in the runner and inherited by its workers (e2e/a11y.ts shares checked routes). */
process.env.E2E_RUN_ID ??= `${process.pid}-${Date.now()}`;
/** A second server in another edition, for the branding test. */
export const EDITION_PORT = E2E_PORT + 100;
const repoRoot = path.resolve(import.meta.dirname, '..');

/** Debian's Chromium as every spec launches it (a spec adding flags spreads these first). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function server(port: number, dataDir: string, env: Record<string, string>) {
  return {
    command: `rm -rf "${dataDir}" && node ${process.env.E2E_SERVER_MAIN ?? 'apps/server/dist/main.js'}`,
    cwd: repoRoot,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      LOGIN_MAX_ATTEMPTS: '50',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(os.tmpdir(), `kaopei-e2e-results-${E2E_PORT}`),
  // Generous: two workers, two browsers and the server share two cores in CI, where a long journey has
  // run past 90 s. A step that hangs still fails fast: actions give up after 30 s, expectations after 20 s.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // E2E_WORKERS: how many journeys at once (scripts/test.mjs sets it; 2 when run by hand).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry: on two shared cores a journey has failed once on timing (a click on a moving menu, a
  // start that did not navigate) and passed in every other run; a retried pass is reported as flaky.
  retries: 1,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    // A trace is recorded on a failed journey's retry only (`--trace on` records every run): recording one
    // on every run (retain-on-failure, as before) cost half of the suite's CPU time, in the browser's GPU
    // and browser processes encoding the screencast, and nearly doubled the journeys' wall time.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The browser asks for reduced motion, which the app honours (no antd transitions, no chart
    // animation): a journey never clicks a menu that is still sliding in, and the browser spends less of
    // the shared cores painting animation frames.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    // Expired exam attempts are closed every 2 s (default 15 s) so the browser-gone test stays short.
    server(E2E_PORT, E2E_DATA_DIR, { EXAM_SWEEP_SECONDS: '2' }),
    server(EDITION_PORT, `${E2E_DATA_DIR}-edition`, { EDITION: 'engineer', HIDE_MODE_SWITCH: 'true' }),
  ],
});
