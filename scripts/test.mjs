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
  log(`── ${name} (${Math.round((Date.now() - stepStarted) / 1000)} s)`);
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

/**
 * The browser lane: build, bundle budget, then the e2e journeys. It runs after the CPU lane: run beside
 * it (tried), the two cores were so loaded that unit tests and journeys timed out and the whole run took
 * longer, not shorter.
 */
async function browserLane(packages) {
  // `npm run build`: the web app, then the server (as ensureBuilt({ force: true }) did, its log kept whole).
  const built = await check('build', 'npm', ['run', '--silent', 'build']);
  // The JS the sign-in and the candidate's exam page load, brotli-compressed, against their budgets.
  if (built) await check('bundle budget', 'node', ['scripts/bundle-budget.mjs']);
  else record('bundle budget', 0, 1);
  const chromium = await packages;
  if (built && chromium) await playwright();
  else record('e2e', 0, 1);
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
// The CPU lane (its steps two at a time), then the browser lane (build, budget, e2e).
await Promise.all([
  check('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  check('lint', 'npm', ['run', '--silent', 'lint']),
]);
// The shared unit tests take seconds; the web's jsdom files then have both cores to themselves.
await Promise.all([
  vitest('shared unit', 'packages/shared'),
  vitest('web components', 'apps/web', {}, ['--maxWorkers=2']),
]);
// The server tests need ffmpeg.
await packages;
// The server suite on both databases at once: one Vitest worker each (Vitest's default on two cores).
await Promise.all([
  vitest('server integration (PGlite)', 'apps/server', { TEST_DATABASE_URL: '' }),
  postgres
    ? vitest('server integration (PostgreSQL)', 'apps/server', { TEST_DATABASE_URL: postgres })
    : Promise.resolve(log('TEST_DATABASE_URL not set: skipping the PostgreSQL run of the integration tests')),
]);
if (postgres) {
  // Two production server processes on PostgreSQL and Redis, one killed with SIGKILL mid-storm
  // (apps/server/test/reliability).
  await vitest('server reliability (PostgreSQL, 2 instances)', 'apps/server/test/reliability', {
    TEST_DATABASE_URL: postgres,
  });
}
await browserLane(packages);

fs.rmSync(reportDir, { recursive: true, force: true });
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('');
for (const r of results) console.log(`  ${r.name.padEnd(36)} ${r.passed} passed, ${r.failed} failed`);
console.log(`  (${Math.round((Date.now() - started) / 1000)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
