import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokedSessions } from '../../db/schema';
import { deleteExpiredRevokedSessions } from './auth.repo';
import { loadRevokedSessions, revokeSessions } from './session-revocation';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ACCESS_TOKEN_TTL: '600' });
});
afterAll(() => t.close());

const sid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function stored(s: string) {
  const rows = await t.app.deps.db.select().from(revokedSessions);
  return rows.find((r) => r.sid === s);
}

describe('the revocation set', () => {
  it('stores an ended session for one access-token lifetime, and ignores what is not a session id', async () => {
    await revokeSessions(t.app.deps, [sid(1), sid(1), 'not-a-uuid']);
    const row = await stored(sid(1));
    const left = (row!.expiresAt.getTime() - Date.now()) / 1000;
    expect(left).toBeGreaterThan(590);
    expect(left).toBeLessThanOrEqual(600);
    expect(t.app.deps.tokens.revoked.has(sid(1))).toBe(true);
    expect(t.app.deps.tokens.revoked.has('not-a-uuid')).toBe(false);
  });

  it('loads live entries at start and prunes expired ones from the table', async () => {
    const { db, tokens } = t.app.deps;
    await db.insert(revokedSessions).values([
      { sid: sid(2), expiresAt: new Date(Date.now() - 1000) },
      { sid: sid(3), expiresAt: new Date(Date.now() + 60_000) },
    ]);
    expect(await loadRevokedSessions(t.app.deps)).toBeGreaterThanOrEqual(2);
    expect(tokens.revoked.has(sid(3))).toBe(true);
    expect(tokens.revoked.has(sid(2))).toBe(false);
    expect(await deleteExpiredRevokedSessions(db)).toBeGreaterThanOrEqual(1);
    expect(await stored(sid(2))).toBeUndefined();
    expect(await stored(sid(3))).toBeDefined();
    expect(await stored(sid(1))).toBeDefined();
  });
});
