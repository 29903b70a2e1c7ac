import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context';
import type { DbOrTx } from '../../db/client';
import { organizations, passwordResetTokens, refreshTokens, users } from '../../db/schema';

type Caller = Pick<RequestContext, 'userId'>;

/** Columns of a user's account the caller may change on their own account. */
export type AccountChanges = Partial<
  Pick<typeof users.$inferInsert, 'realName' | 'avatarUrl' | 'gender' | 'email' | 'phone' | 'passwordHash'>
>;

/** The caller's own profile. */
export async function findOwnProfile(db: DbOrTx, ctx: Caller) {
  const [row] = await db
    .select({
      userId: users.id,
      account: users.account,
      realName: users.realName,
      avatarUrl: users.avatarUrl,
      email: users.email,
      gender: users.gender,
      phone: users.phone,
    })
    .from(users)
    .where(eq(users.id, ctx.userId));
  return row;
}

/** The caller's phone and password hash, for proving who they are before a password change. */
export async function findOwnCredentials(db: DbOrTx, ctx: Caller) {
  const [user] = await db
    .select({ phone: users.phone, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ctx.userId));
  return user;
}

/** Updates the caller's own user row (and its `updatedAt`). */
export async function updateOwnAccount(db: DbOrTx, ctx: Caller, changes: AccountChanges): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, ctx.userId));
}

/**
 * Another user with this e-mail (lower-cased). Cross-organisation by design: e-mail addresses are unique
 * across organisations (users_email_uq).
 */
export async function findOtherUserByEmailInAnyOrg(db: DbOrTx, email: string, exceptUserId: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, exceptUserId)));
  return taken;
}

/** The user with this phone. Cross-organisation by design: phones are unique across organisations. */
export async function findPhoneOwnerInAnyOrg(db: DbOrTx, phone: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return row;
}

/**
 * Forgotten password: the active user of an active organisation whose account name, phone or e-mail is
 * `login`. Cross-organisation by design, as at sign-in: there is no member context yet.
 */
export async function findActiveUserByLoginInAnyOrg(db: DbOrTx, login: string) {
  const value = login.trim();
  const lower = value.toLowerCase();
  const [user] = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      account: users.account,
      realName: users.realName,
      phone: users.phone,
      email: users.email,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        or(
          sql`lower(${users.account}) = ${lower}`,
          eq(users.phone, value),
          sql`lower(${users.email}) = ${lower}`,
        ),
        eq(users.status, 0),
        eq(organizations.status, 0),
      ),
    )
    .limit(1);
  return user;
}

/**
 * Forgotten password by e-mail link: the user the claimed reset token names. Cross-organisation by
 * design: the token, not a member context, names the user.
 */
export async function findUserForResetInAnyOrg(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      realName: users.realName,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/**
 * Forgotten password: sets the password of a user found by `findActiveUserByLoginInAnyOrg` or
 * `findUserForResetInAnyOrg` (cross-organisation by design).
 */
export async function setPasswordHashInAnyOrg(
  db: DbOrTx,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Signs the user out everywhere that matters after a credential change: every refresh token is revoked
 * (access tokens lapse within their short lifetime) and open e-mail reset links stop working.
 */
export async function revokeCredentials(db: DbOrTx, userId: number): Promise<void> {
  const now = new Date();
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function insertPasswordResetToken(
  db: DbOrTx,
  row: typeof passwordResetTokens.$inferInsert,
): Promise<void> {
  await db.insert(passwordResetTokens).values(row);
}

/** An unused, unexpired reset token by the hash of its value. */
export async function findLiveResetToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      expiresAt: passwordResetTokens.expiresAt,
    })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  return row;
}

/** Marks a reset token used; returns whether this call was the one that did (atomic claim). */
export async function claimResetToken(db: DbOrTx, id: number): Promise<boolean> {
  const claimed = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return claimed.length === 1;
}
