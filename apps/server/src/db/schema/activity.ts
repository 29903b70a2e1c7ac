import { bigint, index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { organizations, users } from './org';

/** An organisation's recent activity, shown on the console. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 50 }).notNull(),
    detail: varchar('detail', { length: 500 }),
    meta: jsonb('meta'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_org_idx').on(t.organizationId, t.createdAt),
    // A member's own activity on their console.
    index('activity_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);
