import { buildApp } from './app';
import path from 'node:path';
import { ConfigError, JWT_SECRET_FILE, loadConfig, PUBLIC_DEV_JWT_SECRET, type Config } from './config';
import { DEMO_ACCOUNTS } from './db/seed';
import { watchEventLoop } from './core/event-loop-watch';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  if (config.eventLoopWarnMs > 0)
    watchEventLoop(config.eventLoopWarnMs, (window) => app.log.warn(window, 'event loop held up'));
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  考培 Kaopei is running at ${url}`,
    config.apiDocs ? `  API docs: ${url}/api/docs` : '  API docs: off (API_DOCS=true serves /api/docs)',
    `  Database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir}/pg)`}; edition: ${config.edition}`,
  ];
  if (config.seedDemo) {
    lines.push('  Demo accounts (password ' + config.demoPassword + '):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.account.padEnd(10)} ${a.realName} (${a.note})`);
  }
  lines.push(...startWarnings(config));
  console.log(lines.join('\n') + '\n');
}

/** What a developer should know before exposing this server: how sessions are signed, who can sign in. */
function startWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.jwtSecretSource === 'file')
    warnings.push(
      `  Warning: JWT_SECRET is not set; sessions are signed with a random secret kept in ${path.join(config.dataDir, JWT_SECRET_FILE)}.`,
      '           Set JWT_SECRET (the same on every instance) before running several instances or in production.',
    );
  else if (config.jwtSecret === PUBLIC_DEV_JWT_SECRET)
    warnings.push(
      '  Warning: JWT_SECRET is the public development value: anyone can forge sessions. Change it.',
    );
  if (config.seedDemo && !['127.0.0.1', 'localhost', '::1'].includes(config.host))
    warnings.push(
      `  Warning: listening on ${config.host} with demo accounts whose password is public: anyone who can reach`,
      '           this machine can sign in. Set HOST=127.0.0.1 or SEED_DEMO=false.',
    );
  return warnings;
}

void main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
