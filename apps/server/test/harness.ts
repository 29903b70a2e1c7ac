import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase } from '../src/db/client';
import { departments, organizations, userRoles, users } from '../src/db/schema';
import { hashPassword } from '../src/core/crypto';
import { createDefaultRoles, type DefaultRoleKey } from '../src/modules/system/default-roles';

export const TEST_PASSWORD = 'Test@12345';
const CLIENT_BASIC = 'Basic ' + Buffer.from('kaopei-web:kaopei-secret').toString('base64');

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** A real server on a real database (PGlite from the migrated template, or PostgreSQL in CI). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-test-'));
  const databaseUrl = inject('databaseUrl');
  // Test apps on one shared PostgreSQL database keep their job queues apart (a schema each).
  const queueSchema = databaseUrl ? unique('pgboss_') : 'pgboss';
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    // Tests work the job queue themselves (queue.drain(), judgeWorker.drain()): nothing in the background.
    JUDGE_POLL_MS: '0',
    QUEUE_WORK: 'false',
    QUEUE_SCHEMA: queueSchema,
    ...env,
  });
  const database = databaseUrl
    ? await openDatabase({ databaseUrl, poolSize: 4 })
    : await openDatabase({ pgliteLoadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });
  const app = await buildApp(config, { database, skipMigrate: true, serveWeb: false });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      if (databaseUrl) await database.pool?.query(`drop schema if exists ${queueSchema} cascade`);
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** Unique suffix so that tests sharing one PostgreSQL database never collide. */
export function unique(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

export function uniquePhone(): string {
  return '19' + String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
}

export interface TestUser {
  id: number;
  account: string;
  phone: string;
  token: string;
}

export interface TestOrg {
  id: number;
  name: string;
  departmentIds: number[];
  roleIds: Record<DefaultRoleKey, number>;
  admin: TestUser;
  staff: TestUser;
}

let passwordHash: Promise<string> | undefined;

/** An organisation with two departments, the default roles, an admin and a plain staff member. */
export async function createOrg(t: TestApp, name = unique('组织')): Promise<TestOrg> {
  const { db, tokens } = t.app.deps;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;
  const [org] = await db.insert(organizations).values({ name }).returning();
  if (!org) throw new Error('org insert failed');
  const [d1] = await db.insert(departments).values({ organizationId: org.id, name: '研发部' }).returning();
  const [d2] = await db
    .insert(departments)
    .values({ organizationId: org.id, name: '前端组', parentId: d1?.id })
    .returning();
  const roleIds = await createDefaultRoles(db, org.id);
  const makeUser = async (isAdmin: boolean, departmentId: number | undefined): Promise<TestUser> => {
    const account = unique(isAdmin ? 'adm' : 'stf');
    const phone = uniquePhone();
    const [user] = await db
      .insert(users)
      .values({
        organizationId: org.id,
        account,
        phone,
        realName: isAdmin ? '管理员' : '员工',
        isAdmin,
        departmentId,
        passwordHash: hash,
      })
      .returning();
    if (!user) throw new Error('user insert failed');
    if (!isAdmin) await db.insert(userRoles).values({ userId: user.id, roleId: roleIds.staff });
    const token = await tokens.signAccess({ userId: user.id, organizationId: org.id });
    return { id: user.id, account, phone, token };
  };
  return {
    id: org.id,
    name,
    departmentIds: [d1?.id ?? 0, d2?.id ?? 0],
    roleIds,
    admin: await makeUser(true, d1?.id),
    staff: await makeUser(false, d2?.id),
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as `user` (or anonymously) and parses the JSON body. */
export async function call(
  t: TestApp,
  method: Method,
  url: string,
  options: { user?: TestUser; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{
  status: number;
  body: {
    code: number;
    message: string;
    res: { data: unknown; total?: number; totalCapped?: boolean } | null;
  };
  raw: LightMyRequestResponse;
}> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.user) headers.authorization = `Bearer ${options.user.token}`;
  const raw = await t.app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return { status: raw.statusCode, body: raw.json(), raw };
}

/** Posts the OAuth token form. */
export async function tokenRequest(
  t: TestApp,
  form: Record<string, string>,
  basic: string = CLIENT_BASIC,
): Promise<LightMyRequestResponse> {
  const grant = form.grant_type ?? 'password';
  const rest = Object.fromEntries(Object.entries(form).filter(([k]) => k !== 'grant_type'));
  return t.app.inject({
    method: 'POST',
    url: `/auth/oauth/token?grant_type=${grant}`,
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(rest).toString(),
  });
}
