import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { is, sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction, type PgDatabase, type PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every module uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The node-postgres pool when driver is 'postgres'. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/** Finds the SQL migrations folder both from source (src/db) and from the bundle (dist). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  const fromRoot = path.resolve('apps/server/drizzle');
  if (fs.existsSync(path.join(fromRoot, 'meta', '_journal.json'))) return fromRoot;
  throw new Error('SQL migrations folder (drizzle/) not found');
}

export interface OpenOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' (or undefined) for an in-memory database. */
  pgliteDir?: string;
  /** A PGlite data-directory tarball to start from (tests use a migrated template). */
  pgliteLoadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, driver: 'postgres', pool, close: () => pool.end() };
  }
  if (opts.pgliteDir && opts.pgliteDir !== 'memory://') fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = await PGlite.create(opts.pgliteDir ?? 'memory://', {
    loadDataDir: opts.pgliteLoadDataDir,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, driver: 'pglite', close: () => client.close() };
}

/** Applies pending migrations; on PostgreSQL under an advisory lock so several instances may start at once. */
export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], {
      migrationsFolder: folder,
    });
    return;
  }
  if (!database.pool) throw new Error('PostgreSQL pool missing');
  // One dedicated connection holds the lock for the whole migration.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
}

/** The rows of a raw `db.execute(sql…)` result (both drivers return `{ rows }`). */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Runs `query` in a transaction whose sorts and hash tables may use `megabytes` of memory each before
 * spilling to disk (PostgreSQL's default work_mem, 4 MB, sends an aggregate over 20,000 people to disk).
 */
export function withWorkMem<T>(db: DbOrTx, megabytes: number, query: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '${Math.floor(megabytes)}MB'`));
    return query(tx);
  });
}

/**
 * Runs a hot raw statement (an exam's saves, heartbeats, starts and submits) as a named prepared
 * statement on PostgreSQL: parsed once per connection and, after a few runs, planned once — planning
 * cost more than running these statements. The text must not vary for a name (pass lists as one JSON
 * parameter). In a transaction, and on PGlite (in process), it runs as any other statement.
 */
export async function executeHot<T = Record<string, unknown>>(
  db: DbOrTx,
  name: string,
  query: SQL,
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool && !is(db, PgTransaction)) {
    const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  return rowsOf<T>(await db.execute(query));
}
