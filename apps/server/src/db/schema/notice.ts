import { bigint, index, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { organizations, users } from './org';

export const notices = pgTable(
  'notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id),
    /** 0 message from a person, 1 system notice. */
    type: smallint('type').notNull().default(0),
    title: varchar('title', { length: 200 }),
    content: text('content').notNull(),
    /** The in-app page the notice is about (an exam's page for its candidates), opened from the bell. */
    link: varchar('link', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_org_idx').on(t.organizationId, t.createdAt)],
);

/** One row per recipient; its id is the spec's noticeReceiveId. */
export const noticeReceives = pgTable(
  'notice_receives',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 unread, 0 read (spec §3: truthy means unread). */
    status: smallint('status').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notice_receives_user_idx').on(t.userId, t.createdAt),
    index('notice_receives_user_status_idx').on(t.userId, t.status),
  ],
);
