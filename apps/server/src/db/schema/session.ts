import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Sign-in sessions ended before their access tokens lapse (sign-out, a password change): access tokens
 * naming one of these as `sid` are refused. A row is kept as long as such a token could still be valid.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    /** The session: the refresh-token family (auth.ts `refresh_tokens.family_id`). */
    sid: uuid('sid').primaryKey(),
    /** When every access token of the session has expired; the row is pruned after. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);
