import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './org';

/** Uploaded files (avatars, logos, imports); the bytes live in the storage adapter under `key`. */
export const files = pgTable(
  'files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    key: varchar('key', { length: 200 }).notNull().unique(),
    name: varchar('name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Public files (avatars, logos) are served without a token by their unguessable key. */
    isPublic: smallint('is_public').notNull().default(0),
    /** A video's length in seconds, width and height, read with ffprobe at upload (null: not a video, or no ffmpeg). */
    durationSeconds: integer('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    /** A video's poster frame (a public image file). */
    posterFileId: bigint('poster_file_id', { mode: 'number' }).references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_org_idx').on(t.organizationId)],
);

/** Long-running work (imports, large exports) whose progress the browser polls. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    kind: varchar('kind', { length: 50 }).notNull(),
    /** queued, running, succeeded, failed. */
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    /** Outcome: counts, per-row errors, a result file id … */
    result: jsonb('result'),
    error: varchar('error', { length: 500 }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_org_idx').on(t.organizationId, t.createdAt)],
);
