import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { smsCodes, users } from '../../db/schema';

/** When the newest code for a phone and purpose was sent (codes belong to a phone, not an organisation). */
export async function findLatestSmsCodeTime(db: DbOrTx, phone: string, purpose: string) {
  const [latest] = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return latest;
}

/**
 * Sign-in by SMS: the active user whose phone this is. Cross-organisation by design: there is no member
 * context before sign-in, and phones are unique across organisations.
 */
export async function findActiveUserByPhoneInAnyOrg(db: DbOrTx, phone: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.status, 0)));
  return user;
}

export async function insertSmsCode(db: DbOrTx, row: typeof smsCodes.$inferInsert): Promise<void> {
  await db.insert(smsCodes).values(row);
}

/** The newest unconsumed, unexpired code for a phone and purpose. */
export async function findLiveSmsCode(db: DbOrTx, phone: string, purpose: string) {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return row;
}

/** Counts one wrong guess against a code. */
export async function addSmsCodeAttempt(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(eq(smsCodes.id, id));
}

/** Consumes a code atomically; returns whether this call was the one that did. */
export async function markSmsCodeConsumed(db: DbOrTx, id: number): Promise<boolean> {
  const consumed = await db
    .update(smsCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  return consumed.length === 1;
}
