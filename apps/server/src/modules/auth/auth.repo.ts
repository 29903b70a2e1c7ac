import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations, refreshTokens, revokedSessions, users } from '../../db/schema';

/**
 * Sign-in: the user (with their organisation's status) whose account, phone or e-mail is `username`, or
 * only whose phone is, for a sign-in by SMS code. Cross-organisation by design: there is no member
 * context before sign-in, and account, phone and e-mail are unique across organisations.
 */
export async function findUserForSignInInAnyOrg(db: DbOrTx, username: string, byPhoneOnly: boolean) {
  const lower = username.toLowerCase();
  const [user] = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      realName: users.realName,
      phone: users.phone,
      status: users.status,
      passwordHash: users.passwordHash,
      orgStatus: organizations.status,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      byPhoneOnly
        ? eq(users.phone, username)
        : or(
            sql`lower(${users.account}) = ${lower}`,
            eq(users.phone, username),
            sql`lower(${users.email}) = ${lower}`,
          ),
    )
    .limit(1);
  return user;
}

/** Sign-in: stamps the user just found by `findUserForSignInInAnyOrg` (cross-organisation by design). */
export async function setLastLoginInAnyOrg(db: DbOrTx, userId: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Token refresh: the user a refresh token belongs to. Cross-organisation by design: the refresh token,
 * not a member context, names the user.
 */
export async function findUserForRefreshInAnyOrg(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({ id: users.id, organizationId: users.organizationId, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

export async function insertRefreshToken(db: DbOrTx, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

/** A refresh token by the hash of its value (tokens belong to a user, not to an organisation). */
export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** The family (sign-in session) of a refresh token, by the hash of its value. */
export async function findRefreshTokenFamily(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Revokes the live tokens of a family; with `userId`, only if the family is that user's. */
export async function revokeRefreshFamily(db: DbOrTx, familyId: string, userId?: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        userId === undefined ? undefined : eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** Marks a live token rotated; returns whether this call was the one that did (atomic claim). */
export async function claimRefreshToken(db: DbOrTx, id: number): Promise<boolean> {
  const claimed = await db
    .update(refreshTokens)
    .set({ replacedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.replacedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: refreshTokens.id });
  return claimed.length === 1;
}

/**
 * The sessions (refresh-token families) of a user that issued a token since `since`: those whose access
 * tokens may still be valid.
 */
export async function findRecentSessionsOfUser(db: DbOrTx, userId: number, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), gt(refreshTokens.createdAt, since)));
  return rows.map((r) => r.familyId);
}

/** Records ended sessions (a session revoked twice keeps the later expiry). */
export async function insertRevokedSessions(db: DbOrTx, sids: string[], expiresAt: Date): Promise<void> {
  await db
    .insert(revokedSessions)
    .values(sids.map((sid) => ({ sid, expiresAt })))
    .onConflictDoUpdate({
      target: revokedSessions.sid,
      set: { expiresAt: sql`greatest(${revokedSessions.expiresAt}, excluded.expires_at)` },
    });
}

/** The ended sessions whose access tokens may still be valid. */
export async function findLiveRevokedSessions(db: DbOrTx) {
  return db
    .select({ sid: revokedSessions.sid, expiresAt: revokedSessions.expiresAt })
    .from(revokedSessions)
    .where(gt(revokedSessions.expiresAt, new Date()));
}

/** Forgets ended sessions whose access tokens have all expired; returns how many. */
export async function deleteExpiredRevokedSessions(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(revokedSessions)
    .where(lte(revokedSessions.expiresAt, new Date()))
    .returning({ sid: revokedSessions.sid });
  return deleted.length;
}
