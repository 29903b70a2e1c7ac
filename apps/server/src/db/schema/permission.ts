import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './org';

/** The platform-wide menu tree (spec §6); every organisation sees a subset through its roles. */
export const menus = pgTable('menus', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => menus.id),
  name: varchar('name', { length: 50 }).notNull(),
  icon: varchar('icon', { length: 50 }),
  url: varchar('url', { length: 200 }),
  /** Comma-separated modes a top-level group belongs to: evaluation, study, recruit. */
  modes: varchar('modes', { length: 50 }),
  /** Permission index (1..4) whose bit also grants this subtree. */
  permissionIndex: integer('permission_index'),
  sort: integer('sort').notNull().default(0),
});

export const roles = pgTable(
  'roles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    name: varchar('name', { length: 50 }).notNull(),
    description: text('description'),
    /** Bit mask: permission index n sets 1 << n. */
    permission: integer('permission').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('roles_org_idx').on(t.organizationId),
    uniqueIndex('roles_org_name_uq').on(t.organizationId, t.name),
    // At most one default role per organisation (new staff get it).
    uniqueIndex('roles_org_default_uq')
      .on(t.organizationId)
      .where(sql`${t.isDefault}`),
  ],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: bigint('menu_id', { mode: 'number' })
      .notNull()
      .references(() => menus.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
