import { afterEach, describe, expect, it, vi } from 'vitest';
import { RevocationSet, TokenService } from './tokens';

afterEach(() => vi.useRealTimers());

describe('revoked sessions', () => {
  it('refuses the tokens of a revoked session until its entry expires, and no others', async () => {
    const tokens = new TokenService('t'.repeat(32), 1800);
    const ended = await tokens.signAccess({ userId: 1, organizationId: 1, sessionId: 'session-a' });
    const other = await tokens.signAccess({ userId: 1, organizationId: 1, sessionId: 'session-b' });
    tokens.revoked.add('session-a', Date.now() + 60_000);
    expect(await tokens.verifyAccess(ended)).toBeUndefined();
    expect(await tokens.verifyAccess(other)).toMatchObject({ sessionId: 'session-b' });
    // Sign-out of an ended session still names it.
    expect(await tokens.verifySignedAccess(ended)).toMatchObject({ sessionId: 'session-a' });
  });

  it('keeps the later expiry, ignores expired entries and prunes them', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const set = new RevocationSet();
    set.add('a', 1_010_000);
    set.add('a', 1_005_000);
    set.add('gone', 999_000);
    set.add('b', 1_002_000);
    expect(set.size).toBe(2);
    vi.setSystemTime(1_003_000);
    expect(set.has('b')).toBe(false);
    expect(set.has('a')).toBe(true);
    vi.setSystemTime(1_011_000);
    set.prune();
    expect(set.size).toBe(0);
  });
});
