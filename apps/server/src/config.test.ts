import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      edition: 'saas',
      seedDemo: true,
      oauthClientId: 'kaopei-web',
      smsProvider: 'outbox',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('refuses to start in production with default secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(
      /OAUTH_CLIENT_SECRET/,
    );
  });

  it('never seeds demo data or uses the SMS outbox in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      OAUTH_CLIENT_SECRET: 's3cret',
      SEED_DEMO: 'true',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.smsProvider).toBe('log');
  });

  it('reports every invalid variable by name', () => {
    expect(() => loadConfig({ PORT: 'abc', EDITION: 'nope', DATABASE_URL: 'not a url' })).toThrow(
      /PORT.*EDITION|EDITION.*PORT/,
    );
  });

  it('reads PORT, DATA_DIR, EDITION, DATABASE_URL and the demo password', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/x',
      EDITION: 'college',
      DATABASE_URL: 'postgres://u@h:5432/db',
      DEMO_PASSWORD: 'Another@2024',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/x',
      edition: 'college',
      databaseUrl: 'postgres://u@h:5432/db',
      demoPassword: 'Another@2024',
    });
  });
});
