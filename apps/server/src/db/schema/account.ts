import { bigint, index, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { organizations, users } from './org';

/** Single-use, expiring password-reset links sent by e-mail. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * A request to open an organisation (company sign-up or education/industry registration). Approved
 * automatically unless ORG_APPROVAL=manual; approval creates the organisation and its admin.
 */
export const orgApplications = pgTable(
  'org_applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'enterprise' (company sign-up) or 'college' / 'industry' (education–industry registration). */
    kind: varchar('kind', { length: 20 }).notNull(),
    organizationName: varchar('organization_name', { length: 100 }).notNull(),
    contactName: varchar('contact_name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    email: varchar('email', { length: 200 }),
    account: varchar('account', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Extra fields (industry, scale, region, credit code …). */
    details: jsonb('details'),
    /** 0 pending, 1 approved, 2 rejected. */
    status: smallint('status').notNull().default(0),
    reviewReason: varchar('review_reason', { length: 500 }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('org_applications_status_idx').on(t.status, t.createdAt)],
);
