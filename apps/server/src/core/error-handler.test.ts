/**
 * A failed query is logged with its statement and error, never with its values (issue 13, point 6):
 * drizzle's error carries the parameters (and puts them in its message), PostgreSQL's names the
 * duplicate key's value.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { organizations, users } from '../db/schema';
import { unique, uniquePhone } from '../../test/harness';
import { serializeError, withoutValues } from './error-handler';

const PHONE = uniquePhone();
const ACCOUNT = unique('dup');
const EMAIL = `${unique('secret')}@example.com`;
const HASH = `$argon2id$v=19$m=19456,t=2,p=1$${unique('salt')}$${unique('hash')}`;

const lines: string[] = [];
let app: FastifyInstance;
let database: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-log-test-'));
  const databaseUrl = inject('databaseUrl');
  const queueSchema = databaseUrl ? unique('pgboss_') : 'pgboss';
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    JUDGE_POLL_MS: '0',
    QUEUE_WORK: 'false',
    QUEUE_SCHEMA: queueSchema,
  });
  database = databaseUrl
    ? await openDatabase({ databaseUrl, poolSize: 2 })
    : await openDatabase({ pgliteLoadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });
  app = await buildApp(config, {
    database,
    skipMigrate: true,
    serveWeb: false,
    logStream: { write: (line: string) => lines.push(line) },
  });
  // A route whose query fails on a duplicate key, with secrets among its values.
  app.get('/api/test/duplicate-user', { config: { public: true } }, async () => {
    const [org] = await app.deps.db
      .insert(organizations)
      .values({ name: unique('组织') })
      .returning();
    const row = {
      organizationId: org!.id,
      account: ACCOUNT,
      phone: PHONE,
      email: EMAIL,
      realName: '重复',
      passwordHash: HASH,
    };
    await app.deps.db.insert(users).values(row);
    await app.deps.db.insert(users).values(row);
    return { code: 0 };
  });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app.close();
  if (inject('databaseUrl'))
    await database.pool?.query(`drop schema if exists ${app.deps.config.queueSchema} cascade`);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a failed query in the log', () => {
  it('names the statement and the error, not the values', async () => {
    const reply = await app.inject({ url: '/api/test/duplicate-user' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json().message).toBe('服务器错误');
    const log = lines.join('\n');
    expect(log).toContain('unhandled error');
    expect(log).toContain('insert into \\"users\\"');
    expect(log).toContain('duplicate key value violates unique constraint');
    // The duplicate key's value too (PostgreSQL's detail names it).
    for (const secret of [PHONE, EMAIL, HASH, ACCOUNT]) expect(log).not.toContain(secret);
  });

  it('redacts values PostgreSQL quotes, and drizzle parameters, in messages and causes', () => {
    expect(withoutValues('Key (phone)=(13812345678) already exists.')).toBe(
      'Key (phone)=([redacted]) already exists.',
    );
    expect(withoutValues('invalid input syntax for type integer: "abc"')).toBe(
      'invalid input syntax for type integer: "[redacted]"',
    );
    const cause = Object.assign(new Error('boom'), { detail: 'Key (email)=(a@b.c) already exists.' });
    const error = Object.assign(new Error('Failed query: select $1\nparams: a@b.c,secret'), {
      query: 'select $1',
      params: ['a@b.c', 'secret'],
      cause,
    });
    const text = JSON.stringify(serializeError(error));
    expect(text).toContain('select $1');
    expect(text).not.toContain('a@b.c');
    expect(text).not.toContain('secret');
  });
});
