import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PUBLIC_DEV_JWT_SECRET } from './config';

const dirs: string[] = [];
/** A fresh data directory: loading the configuration may write the generated secret there. */
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-config-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
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
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: PUBLIC_DEV_JWT_SECRET,
        OAUTH_CLIENT_SECRET: 's3cret',
      }),
    ).toThrow(ConfigError);
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
      JWT_SECRET: 'y'.repeat(32),
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

  it('generates the signing secret once in the data directory (mode 0600) and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, 'jwt-secret');
    expect(first.jwtSecretSource).toBe('file');
    expect(first.jwtSecret).not.toBe(PUBLIC_DEV_JWT_SECRET);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const written = fs.statSync(file).mtimeMs;
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
    expect(fs.statSync(file).mtimeMs).toBe(written);
    expect(fs.readdirSync(dir)).toEqual(['jwt-secret']);
    // Another data directory, another secret; a configured one is used as given and nothing is written.
    expect(loadConfig({ DATA_DIR: dataDir() }).jwtSecret).not.toBe(first.jwtSecret);
    const dir3 = dataDir();
    const configured = loadConfig({ DATA_DIR: dir3, JWT_SECRET: 'z'.repeat(40) });
    expect(configured).toMatchObject({ jwtSecret: 'z'.repeat(40), jwtSecretSource: 'env' });
    expect(fs.readdirSync(dir3)).toEqual([]);
  });

  it('refuses a secret file too short to be one', () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'jwt-secret'), 'short\n');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/jwt-secret/);
  });

  it('reads the sign-in and SMS limits and the allow-list', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults).toMatchObject({
      loginMaxAttempts: 10,
      loginIpMaxAttempts: 300,
      smsPhoneMaxPerHour: 10,
      smsIpMaxPerHour: 200,
      rateLimitAllowIps: [],
    });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      LOGIN_IP_MAX_ATTEMPTS: '1000',
      SMS_IP_MAX_PER_HOUR: '5000',
      RATE_LIMIT_ALLOW_IPS: ' 10.0.0.0/8, 192.0.2.7 ,2001:db8::/32,',
    });
    expect(set).toMatchObject({
      loginIpMaxAttempts: 1000,
      smsIpMaxPerHour: 5000,
      rateLimitAllowIps: ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32'],
    });
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.1/8/1', '10.0.0/8'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_ALLOW_IPS: bad })).toThrow(
        /RATE_LIMIT_ALLOW_IPS/,
      );
  });
});
