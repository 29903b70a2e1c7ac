import {
  bigint,
  index,
  integer,
  pgTable,
  type AnyPgColumn,
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

/** Positions (岗位), each in a family/sequence (岗位序列) of the organisation. Staff rows show their post. */
export const posts = pgTable(
  'posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    /** The family (岗位序列) the post belongs to; null: not filed yet. */
    familyId: bigint('family_id', { mode: 'number' }).references(() => postFamilies.id, {
      onDelete: 'set null',
    }),
    /** The organisation's own code (e.g. RD-JAVA-03), unique inside the organisation when given. */
    code: varchar('code', { length: 50 }),
    /** Grade (职级), free text such as P5 or 主管. */
    grade: varchar('grade', { length: 30 }),
    /** Planned headcount (编制); null: not planned. */
    headcount: integer('headcount'),
    duties: text('duties'),
    requirements: text('requirements'),
    sort: integer('sort').notNull().default(0),
    /** Token of the public profile page (/post/viewPosition?token=…); null: not shared. */
    shareToken: varchar('share_token', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('posts_org_name_uq').on(t.organizationId, t.name),
    uniqueIndex('posts_org_code_uq').on(t.organizationId, t.code),
    uniqueIndex('posts_share_token_uq').on(t.shareToken),
    index('posts_org_family_idx').on(t.organizationId, t.familyId),
  ],
);

/** The post family/sequence tree (岗位序列: 技术序列 › 研发, 管理序列, …). */
export const postFamilies = pgTable(
  'post_families',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => postFamilies.id),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_families_org_parent_idx').on(t.organizationId, t.parentId)],
);

/** Departments a post exists in (several allowed). */
export const postDepartments = pgTable(
  'post_departments',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    departmentId: bigint('department_id', { mode: 'number' })
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.departmentId] }),
    index('post_departments_department_idx').on(t.departmentId),
  ],
);

/** Tags on posts (tag type 3 岗位). */
export const postTags = pgTable(
  'post_tags',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index('post_tags_tag_idx').on(t.tagId)],
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
