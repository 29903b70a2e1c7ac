import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '../src/db/client';
import { seedReference } from '../src/db/seed';
import { installQueue, queueConnection } from '../src/core/queue';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    databaseUrl: string;
  }
}

/**
 * Prepares one migrated database for the whole run: a PGlite data-directory tarball that each test
 * file starts from, or — when TEST_DATABASE_URL is set — a fresh PostgreSQL database that all test
 * files share (each test builds its own organisations, so files do not see each other's rows; each
 * test app has a job-queue schema of its own, so apps never run each other's jobs).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const dbName = `kaopei_test_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await runMigrations(database);
    await seedReference(database.db);
    await database.close();
    project.provide('databaseUrl', url.toString());
    project.provide('pgliteTemplate', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${dbName} with (force)`);
      await cleanup.end();
    };
  }
  const database = await openDatabase({});
  await runMigrations(database);
  await seedReference(database.db);
  // The job queue's tables too (creating them takes seconds on PGlite); on PostgreSQL each test app
  // makes a schema of its own (harness.ts).
  await installQueue(queueConnection(database), 'pgboss');
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const blob = await client.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-pg-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('databaseUrl', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
