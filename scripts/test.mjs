// `npm test`: install what is missing, then type-check, lint, unit + integration tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), the Playwright e2e tests in Debian's Chromium, and one
// closing line `N passed, N failed` summing every suite.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackages, ensureInstalled, log, runToFile } from './lib.mjs';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-test-'));
const results = [];

function record(name, passed, failed) {
  results.push({ name, passed, failed });
  log(`${name}: ${passed} passed, ${failed} failed`);
}

/**
 * Runs a step's command. Steps run two at a time (the machines have two cores and most steps use one):
 * each step's output goes to a file and is printed whole when the step ends, so logs do not interleave.
 */
async function runStep(name, command, args, env) {
  const logFile = path.join(reportDir, `${name.replace(/\W+/g, '-')}.log`);
  const stepStarted = Date.now();
  const code = await runToFile(command, args, logFile, { env: { ...process.env, ...env } });
  const seconds = (from) => Math.round((Date.now() - from) / 1000);
  log(`── ${name} (${seconds(stepStarted)} s, ended at ${seconds(started)} s)`);
  process.stdout.write(fs.readFileSync(logFile, 'utf8'));
  return code;
}

/** A step that is one check (type-check, lint, build). */
async function check(name, command, args, env = {}) {
  const code = await runStep(name, command, args, env);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  return code === 0;
}

/** A Vitest run; counts come from its JSON report. */
async function vitest(name, project, env = {}, extraArgs = []) {
  const out = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const code = await runStep(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--root',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...extraArgs,
    ],
    env,
  );
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
    record(name, report.numPassedTests, failed);
  } catch {
    record(name, 0, 1);
  }
}

/** Whether nothing listens on `port` (so a left-over server cannot fail the run). */
function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** The e2e servers use PORT and PORT+100; find a pair that is free. */
async function freeE2ePort() {
  for (let port = 8181; port < 8281; port += 1) {
    if ((await portFree(port)) && (await portFree(port + 100))) return port;
  }
  return 8181;
}

async function playwright() {
  const port = process.env.E2E_PORT ?? String(await freeE2ePort());
  const out = path.join(reportDir, 'e2e.json');
  const a11yLog = path.join(reportDir, 'a11y.jsonl');
  const code = await runStep(
    'e2e (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    {
      E2E_PORT: port,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      // The journeys' accessibility check (e2e/a11y.ts): a WCAG 2.1 A/AA violation on any page a journey
      // shows fails it (docs/decisions.md, "Accessibility, third part"). E2E_A11Y=report lists instead.
      E2E_A11Y: process.env.E2E_A11Y ?? 'fail',
      E2E_A11Y_LOG: a11yLog,
    },
  );
  const reported = fs.existsSync(a11yLog) ? fs.readFileSync(a11yLog, 'utf8').split('\n').filter(Boolean) : [];
  if (reported.length > 0) {
    log(`Accessibility violations reported by the journeys (${reported.length}):`);
    for (const line of new Set(reported.map((l) => JSON.parse(l).line))) console.log(`  ${line}`);
  }
  try {
    const stats = JSON.parse(fs.readFileSync(out, 'utf8')).stats;
    const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
    record('e2e', stats.expected + stats.flaky, failed);
  } catch {
    record('e2e', 0, 1);
  }
}

let built = false;

/** `npm run build` (the web app, then the server), then the bundle budget of the built pages. */
async function build() {
  built = await check('build', 'npm', ['run', '--silent', 'build']);
  // The JS the sign-in and the candidate's exam page load, brotli-compressed, against their budgets.
  if (built) await check('bundle budget', 'node', ['scripts/bundle-budget.mjs']);
  else record('bundle budget', 0, 1);
}

/**
 * Runs steps side by side on the machine's two cores. Each step says how many cores it keeps busy and,
 * optionally, when it can start (`ready`). Steps start in list order as soon as their cores are free; a
 * step not ready yet lets the next ones pass, a step waiting for cores holds those after it (so the web
 * tests, which take both, are not starved by the short ones). The e2e journeys run after all of them:
 * run beside the unit tests (tried), the two cores were so loaded that tests timed out and the whole run
 * took longer.
 */
function schedule(steps, { cores = 2, wake } = {}) {
  const waiting = steps.filter(Boolean);
  let free = cores;
  let running = 0;
  return new Promise((resolve) => {
    const pump = () => {
      for (const step of [...waiting]) {
        if (step.ready && !step.ready()) continue;
        if (step.cores > free) break;
        waiting.splice(waiting.indexOf(step), 1);
        free -= step.cores;
        running += 1;
        Promise.resolve(step.run()).then(() => {
          free += step.cores;
          running -= 1;
          pump();
        });
      }
      if (waiting.length === 0 && running === 0) resolve();
    };
    wake?.then(pump);
    // After the promises already settled (packages already installed) have marked their steps ready.
    setImmediate(pump);
  });
}

try {
  await ensureInstalled();
} catch (error) {
  log(error.message);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const started = Date.now();
// apt-get (when something is missing) runs beside the first steps; the server tests need ffmpeg.
const packages = ensureDebianPackages();

const postgres = process.env.TEST_DATABASE_URL;
let packagesReady = false;
const packagesInstalled = packages.then((ok) => {
  packagesReady = true;
  return ok;
});
// The CPU lane, scheduled on the two cores: the longest steps first, the short ones filling the gaps. The
// server suites need ffmpeg (the Debian packages).
await schedule(
  [
    {
      name: 'server PGlite',
      cores: 1,
      ready: () => packagesReady,
      run: () => vitest('server integration (PGlite)', 'apps/server', { TEST_DATABASE_URL: '' }),
    },
    { name: 'typecheck', cores: 1, run: () => check('typecheck', 'npm', ['run', '--silent', 'typecheck']) },
    postgres && {
      name: 'server PostgreSQL',
      cores: 1,
      ready: () => packagesReady,
      run: () => vitest('server integration (PostgreSQL)', 'apps/server', { TEST_DATABASE_URL: postgres }),
    },
    { name: 'build', cores: 1, run: build },
    { name: 'lint', cores: 1, run: () => check('lint', 'npm', ['run', '--silent', 'lint']) },
    { name: 'shared', cores: 1, run: () => vitest('shared unit', 'packages/shared') },
    // Two production server processes on PostgreSQL and Redis, one killed with SIGKILL mid-storm
    // (apps/server/test/reliability).
    postgres && {
      name: 'reliability',
      cores: 1,
      run: () =>
        vitest('server reliability (PostgreSQL, 2 instances)', 'apps/server/test/reliability', {
          TEST_DATABASE_URL: postgres,
        }),
    },
    // The web's jsdom files on two workers.
    { name: 'web', cores: 2, run: () => vitest('web components', 'apps/web', {}, ['--maxWorkers=2']) },
  ],
  { wake: packagesInstalled },
);
if (!postgres) log('TEST_DATABASE_URL not set: skipping the PostgreSQL run of the integration tests');
const chromium = await packagesInstalled;
if (built && chromium) await playwright();
else record('e2e', 0, 1);

fs.rmSync(reportDir, { recursive: true, force: true });
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('');
for (const r of results) console.log(`  ${r.name.padEnd(36)} ${r.passed} passed, ${r.failed} failed`);
console.log(`  (${Math.round((Date.now() - started) / 1000)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
