import {
  bigint,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { departments, organizations, users } from './org';

/** A department's leaders (several allowed). */
export const departmentLeaders = pgTable(
  'department_leaders',
  {
    departmentId: bigint('department_id', { mode: 'number' })
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.userId] })],
);

/** Positions (岗位). Staff rows show their post; the positions feature extends this table. */
export const posts = pgTable(
  'posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('posts_org_name_uq').on(t.organizationId, t.name)],
);

/** Tags of the five tag types (1 题库, 2 试题, 3 岗位, 4 用户, 5 组织). */
export const tags = pgTable(
  'tags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    type: smallint('type').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    color: varchar('color', { length: 20 }).notNull().default('#1677ff'),
    description: varchar('description', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_org_type_name_uq').on(t.organizationId, t.type, t.name),
    index('tags_org_type_idx').on(t.organizationId, t.type),
  ],
);

/** Tags on users (tag type 4). Other tagged things keep their own link tables. */
export const userTags = pgTable(
  'user_tags',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] }), index('user_tags_tag_idx').on(t.tagId)],
);
