import type { Deps } from '../../core/deps';
import {
  deleteExpiredRevokedSessions,
  findLiveRevokedSessions,
  findRecentSessionsOfUser,
  insertRevokedSessions,
} from './auth.repo';

/**
 * Ending a session before its access tokens lapse (issue 13, point 9). The revocation set lives in
 * PostgreSQL (`revoked_sessions`); every instance holds it in memory (`deps.tokens.revoked`), loaded at
 * start, told of new entries through the realtime pub/sub (Redis across instances) and reloaded every
 * minute in case a message was missed. Checking a token therefore reads no database.
 */
export const REVOKED_CHANNEL = 'sessions:revoked';
/** How often each instance reloads the set (a safety net for missed pub/sub messages). */
export const REVOKED_RELOAD_MS = 60_000;
/** How often one instance deletes the entries whose tokens have all expired. */
export const REVOKED_PRUNE_SECONDS = 600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type RevocationDeps = Pick<Deps, 'db' | 'config' | 'tokens' | 'realtime'>;

/**
 * Ends the sessions: their access tokens are refused from now on, on every instance. Each entry is kept
 * one access-token lifetime from now, the longest any token of the session can still be valid.
 */
export async function revokeSessions(deps: RevocationDeps, sids: string[]): Promise<void> {
  const valid = [...new Set(sids.filter((sid) => UUID.test(sid)))];
  if (valid.length === 0) return;
  const expiresAt = Date.now() + deps.config.accessTokenTtl * 1000;
  await insertRevokedSessions(deps.db, valid, new Date(expiresAt));
  for (const sid of valid) deps.tokens.revoked.add(sid, expiresAt);
  // Best effort: an instance that misses the message learns at its next reload.
  await deps.realtime.publish(REVOKED_CHANNEL, { sids: valid, expiresAt }).catch(() => undefined);
}

/** Ends every session of a user whose access tokens may still be valid (a password change or reset). */
export async function revokeSessionsOfUser(deps: RevocationDeps, userId: number): Promise<void> {
  const since = new Date(Date.now() - deps.config.accessTokenTtl * 1000);
  await revokeSessions(deps, await findRecentSessionsOfUser(deps.db, userId, since));
}

/** Adds the live entries of the database to this instance's set. */
export async function loadRevokedSessions(deps: Pick<Deps, 'db' | 'tokens'>): Promise<number> {
  const rows = await findLiveRevokedSessions(deps.db);
  deps.tokens.revoked.prune();
  for (const row of rows) deps.tokens.revoked.add(row.sid, row.expiresAt.getTime());
  return rows.length;
}

function addFromMessage(deps: Pick<Deps, 'tokens'>, message: Record<string, unknown>): void {
  const { sids, expiresAt } = message;
  if (!Array.isArray(sids) || typeof expiresAt !== 'number') return;
  for (const sid of sids) if (typeof sid === 'string') deps.tokens.revoked.add(sid, expiresAt);
}

/**
 * Subscribes to revocations, loads the set, reloads it every minute, and defines the periodic prune job
 * (call before the queue starts). Returns the function that stops listening and reloading.
 */
export async function startSessionRevocations(deps: Deps): Promise<() => void> {
  const unsubscribe = deps.realtime.subscribe(REVOKED_CHANNEL, (message) => addFromMessage(deps, message));
  await deps.realtime.ready();
  await loadRevokedSessions(deps);
  const timer = setInterval(() => {
    loadRevokedSessions(deps).catch(() => undefined);
  }, REVOKED_RELOAD_MS);
  timer.unref();
  deps.queue.every('revoked-sessions-prune', REVOKED_PRUNE_SECONDS, async () => {
    await deleteExpiredRevokedSessions(deps.db);
  });
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
