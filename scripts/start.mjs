// `npm start`: install what is missing, build, then run the server (it migrates and seeds at start).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root } from './lib.mjs';

try {
  await ensureInstalled();
  await ensureBuilt();
} catch (error) {
  log(`Start-up failed: ${error.message}`);
  process.exit(1);
}

const env = { ...process.env, WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist') };
const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
