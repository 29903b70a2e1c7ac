import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_ACCOUNTS } from './db/seed';

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
    `  API docs: ${url}/api/docs`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir}/pg)`}; edition: ${config.edition}`,
  ];
  if (config.seedDemo) {
    lines.push('  Demo accounts (password ' + config.demoPassword + '):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.account.padEnd(10)} ${a.realName} (${a.note})`);
  }
  console.log(lines.join('\n') + '\n');
}

void main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
