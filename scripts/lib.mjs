// Helpers shared by `npm start` and `npm test`. Plain Node only: these run before dependencies exist.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  console.log(`\x1b[36m[kaopei]\x1b[0m ${message}`);
}

/** Runs a command, streaming its output; resolves with the exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/**
 * Runs a command with its output collected in `logFile` instead of streamed (for steps that run side by
 * side); resolves with the exit code. The caller prints the log when the step ends.
 */
export function runToFile(command, args, logFile, options = {}) {
  return new Promise((resolve) => {
    const out = fs.openSync(logFile, 'w');
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], ...options });
    const done = (code) => {
      fs.closeSync(out);
      resolve(code);
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(127));
  });
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time of any file under the given paths (node_modules and dist skipped). */
function newest(paths) {
  let latest = 0;
  const walk = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist') continue;
        walk(path.join(p, name));
      }
    } else if (stat.mtimeMs > latest) latest = stat.mtimeMs;
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return latest;
}

/** `npm ci` when node_modules is missing or older than the lockfile. */
export async function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (fs.existsSync(marker) && mtime(marker) >= mtime(path.join(root, 'package-lock.json'))) return;
  log('Installing dependencies (npm ci)…');
  const code = await run('npm', ['ci', '--no-audit', '--no-fund']);
  if (code !== 0) throw new Error('npm ci failed');
}

/** Builds the web app and the server when their sources are newer than the last build. */
export async function ensureBuilt({ force = false } = {}) {
  const webOut = path.join(root, 'apps/web/dist/index.html');
  const webSrc = newest([
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/shared/src',
    'package-lock.json',
  ]);
  if (force || mtime(webOut) < webSrc) {
    log('Building the web app…');
    if ((await run('npm', ['run', 'build', '-w', '@kaopei/web'])) !== 0) throw new Error('web build failed');
  }
  const serverOut = path.join(root, 'apps/server/dist/main.js');
  const serverSrc = newest([
    'apps/server/src',
    'apps/server/drizzle',
    'packages/shared/src',
    'package-lock.json',
  ]);
  if (force || mtime(serverOut) < serverSrc) {
    log('Building the server…');
    if ((await run('npm', ['run', 'build', '-w', '@kaopei/server'])) !== 0)
      throw new Error('server build failed');
  }
}

/**
 * Debian packages the suite and the product use, by a file each puts on the machine: Chromium for the
 * browser tests; ffmpeg for video posters and durations; nginx with the RTMP module for live classes;
 * coturn as the STUN/TURN server of video interviews (ICE_SERVERS; docs/decisions.md "Video interviews").
 */
const DEBIAN_PACKAGES = [
  { file: '/usr/bin/chromium', packages: ['chromium', 'fonts-noto-cjk'] },
  { file: '/usr/bin/ffmpeg', packages: ['ffmpeg'] },
  { file: '/usr/sbin/nginx', packages: ['nginx'] },
  { file: '/usr/lib/nginx/modules/ngx_rtmp_module.so', packages: ['libnginx-mod-rtmp'] },
  { file: '/usr/bin/turnserver', packages: ['coturn'] },
];

/**
 * Installs the missing Debian packages (one apt-get run; as root only, else says how). Resolves with
 * whether Chromium is there afterwards.
 */
export async function ensureDebianPackages() {
  const missing = DEBIAN_PACKAGES.filter((entry) => !fs.existsSync(entry.file)).flatMap((e) => e.packages);
  if (missing.length > 0) {
    if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
      log(`Missing Debian packages: install them with \`sudo apt-get install -y ${missing.join(' ')}\`.`);
    } else {
      log(`Installing ${missing.join(', ')} from Debian (apt-get)…`);
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      const quiet = { stdio: 'ignore', env };
      await run('apt-get', ['update', '-qq'], quiet);
      await run('apt-get', ['install', '-y', '-qq', ...missing], quiet);
    }
  }
  return fs.existsSync('/usr/bin/chromium');
}
